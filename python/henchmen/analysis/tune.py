"""Tuning designed card values: Optuna searches the card table whose balance table is best.

A *field* is one designed number of the game's card table and its range:
``powers:Stone Skin:amount=1..6`` (section, the entry's name, the key;
whole numbers, or decimals when a bound has a point).  Each trial sets the
fields, plays a balance study of that card table (the ``card_data`` option,
one bot in every seat, the same seed for every trial so the candidates meet
the same deals) and scores it:

    far-out rows + root mean square of the rows' relative gaps from their references

(rows as in :func:`~henchmen.analysis.balance.balance_table`: seats, turn
order, each group; a far-out row costs more than any spread can, so a table
with nothing far out always beats one with something, and among those the
fairest wins; each row weighs by its games).  Optuna's TPE sampler (seeded) proposes the
values; where the trials can try every table, each is tried once (:func:`sampler_for`).

Everything lives in one folder: Optuna's journal (``study.journal``), the
games of each candidate table (``tables/<values>/``, resumable like a
tournament), and at the end ``best-cards.json`` and ``report.md``.  Stopped
(Ctrl-C) and run again, the search continues: finished trials are kept, the
trial that was cut short is tried again first, and its games already played
are reused.

>>> parse_field("powers:Stone Skin:amount=1..6")
Field(section='powers', name='Stone Skin', key='amount', low=1, high=6, within=())
>>> objective_of(far=1, gaps=[(0.3, 100), (-0.4, 100)])
1.3535533905932737
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from henchmen.analysis.balance import DEFAULT_BOT, TOLERANCE, balance_table, results_files, study
from henchmen.analysis.play import GameRecord
from henchmen.analysis.race import RaceRule, race, study_questions
from henchmen.analysis.run import Progress, run_tournament
from henchmen.errors import OptionError
from henchmen.game import Game

_RANGE = re.compile(r"^\s*(-?[\d.]+)\s*\.\.\s*(-?[\d.]+)\s*$")
#: The Optuna study's name inside the journal.
STUDY = "henchmen-tune"


@dataclass(frozen=True)
class Field:
    """One designed value of the card table and the range to search.

    >>> Field("powers", "Quake", "amount", 3, 7).label
    'Quake amount'
    """

    section: str
    name: str
    key: str
    low: float
    high: float
    #: The (section, name) pairs the entry lies in, outermost first: a card of a deck.
    within: tuple[tuple[str, str], ...] = ()

    @property
    def label(self) -> str:
        """The parameter's name in the search and the report.

        >>> parse_field("powers:Stone Skin:amount=1..6").label
        'Stone Skin amount'
        >>> parse_field("decks:Mugga Mugga:cards:Howler Monkey:count=1..4").label
        'Mugga Mugga / Howler Monkey count'
        """
        return "".join(f"{n} / " for _, n in self.within) + f"{self.name} {self.key}"

    @property
    def whole(self) -> bool:
        """Whether the field takes whole numbers (both bounds written without a point).

        >>> parse_field("powers:Quake:amount=3..7").whole
        True
        >>> parse_field("powers:Quake:amount=3..7.5").whole
        False
        """
        return isinstance(self.low, int) and isinstance(self.high, int)


def parse_field(text: str) -> Field:
    """``SECTION:NAME:KEY=LOW..HIGH`` as a :class:`Field`; OptionError says the form.

    An entry inside another (a card of a deck) is named by the path to it:
    ``decks:Mugga Mugga:cards:Howler Monkey:count=1..4``.

    >>> parse_field("powers:Quake:amount=3.5..7").low
    3.5
    >>> parse_field("decks:Mugga Mugga:cards:Howler Monkey:count=1..4").within
    (('decks', 'Mugga Mugga'),)
    >>> parse_field("Quake=3..7")
    Traceback (most recent call last):
    ...
    henchmen.errors.OptionError: a field is SECTION:NAME:KEY=LOW..HIGH ...
    """
    left, _, right = text.strip().rpartition("=") if isinstance(text, str) else ("", "", "")
    parts = [p.strip() for p in left.split(":")]
    m = _RANGE.match(right)
    if m is None or len(parts) < 3 or len(parts) % 2 == 0 or not all(parts):
        raise OptionError(
            f"a field is SECTION:NAME:KEY=LOW..HIGH (as powers:Stone Skin:amount=1..6; "
            f"inside another entry, its SECTION:NAME first), got {text!r}"
        )
    lo, hi = m.groups()
    try:
        low: float = float(lo) if "." in lo.strip("-") else int(lo)
        high: float = float(hi) if "." in hi.strip("-") else int(hi)
    except ValueError:
        raise OptionError(f"the range of {text!r} is not two numbers LOW..HIGH") from None
    if isinstance(low, int) != isinstance(high, int):
        low, high = float(low), float(high)
    if low > high:
        raise OptionError(f"the range of {text!r} runs backwards: LOW must not exceed HIGH")
    within = tuple((parts[i], parts[i + 1]) for i in range(0, len(parts) - 3, 2))
    return Field(parts[-3], parts[-2], parts[-1], low, high, within)


def _named(table: dict[str, Any], section_name: str, name: str, where: str) -> dict[str, Any]:
    """The entry called ``name`` in a section of ``table``; OptionError lists what there is."""
    section = table.get(section_name)
    if not isinstance(section, list):
        sections = sorted(k for k, v in table.items() if isinstance(v, list))
        raise OptionError(f"{where} has no section {section_name!r}; it has {sections}")
    for entry in section:
        if isinstance(entry, dict) and entry.get("name") == name:
            return entry
    names = [e.get("name") for e in section if isinstance(e, dict)]
    raise OptionError(f"no {name!r} in {where}'s {section_name}; there are {names}")


def _entry(table: dict[str, Any], f: Field) -> dict[str, Any]:
    """The card table's entry a field names; OptionError lists what there is."""
    where = "the card table"
    for section, name in f.within:
        table, where = _named(table, section, name, where), name
    entry = _named(table, f.section, f.name, where)
    if f.key not in entry or not isinstance(entry[f.key], (int, float)):
        numbers = sorted(k for k, v in entry.items() if isinstance(v, (int, float)))
        raise OptionError(f"{f.name} has no number {f.key!r}; its numbers: {numbers}")
    if entry.get("designed") is not True:
        raise OptionError(f"{f.name} is not marked designed: tune only the values we designed")
    return entry


def check_fields(game: Game, fields: Sequence[Field]) -> None:
    """Refuse fields the card table lacks, fields not designed, and a field named twice.

    >>> check_fields(Game("super"), [parse_field("powers:Quake:amount=3..7")])
    >>> check_fields(Game("super"), [parse_field("powers:Quake:speed=3..7")])
    Traceback (most recent call last):
    ...
    henchmen.errors.OptionError: Quake has no number 'speed'; its numbers: [...]
    """
    if not fields:
        raise OptionError("tune needs at least one --field SECTION:NAME:KEY=LOW..HIGH")
    table = game.card_table()
    seen = set()
    for f in fields:
        _entry(table, f)
        if f.label in seen:
            raise OptionError(f"the field {f.label} is named twice")
        seen.add(f.label)


def card_table_with(
    game: Game, values: dict[str, float], fields: Sequence[Field]
) -> dict[str, Any]:
    """The game's card table with each field set to its value (by label).

    >>> quake = parse_field("powers:Quake:amount=3..9")
    >>> t = card_table_with(Game("super"), {"Quake amount": 7}, [quake])
    >>> [p["amount"] for p in t["powers"] if p["name"] == "Quake"]
    [7]
    """
    table = game.card_table()
    for f in fields:
        _entry(table, f)[f.key] = values[f.label]
    return table


def objective_of(far: int, gaps: Sequence[tuple[float, int]]) -> float:
    """A table's score, lower better: far-out rows + the RMS of the rows' relative gaps.

    ``gaps`` are (a row's relative gap from its reference, its games); the
    mean square weighs each row by its games, so a row seen in five games
    does not count as much as a seat seen in every game.

    >>> objective_of(0, [(0.1, 10), (-0.1, 10)]), objective_of(0, [])
    (0.1, 0.0)
    >>> objective_of(1, [(0.2, 1), (0.0, 3)])
    1.1
    """
    weight = sum(n for _, n in gaps)
    rms = math.sqrt(sum(n * g * g for g, n in gaps) / weight) if weight else 0.0
    return far + min(rms, 0.999)


def judge(questions: Sequence[tuple[Any, float]]) -> tuple[int, list[tuple[float, int]]]:
    """Far-out rows (the balance table's own test) and every row's relative gap and games."""
    from henchmen.analysis.balance import out_of_line

    far = sum(len(out_of_line([r], ref)) for r, ref in questions)
    gaps = [((r.rate - ref) / ref, r.games) for r, ref in questions if r.games and ref > 0]
    return far, gaps


def _key(values: dict[str, float]) -> str:
    """A folder name for one candidate table: readable, and unique by a short hash."""
    text = json.dumps(values, sort_keys=True)
    shown = ",".join(f"{k}={v}" for k, v in sorted(values.items()))
    readable = re.sub(r"[^A-Za-z0-9.=-]+", "_", shown)
    return f"{readable[:80]}-{hashlib.sha256(text.encode()).hexdigest()[:8]}"


@dataclass
class Search:
    """A tuning run: the game, its options, the fields, the budget and where it lives.

    >>> Search("super", [parse_field("powers:Quake:amount=3..7")], Path("tune-super")).trials
    12
    """

    game: str
    fields: list[Field]
    folder: Path
    trials: int = 12
    games: int = 200
    bot: str = DEFAULT_BOT
    seed: int = 1
    options: dict[str, Any] | None = None
    race: bool = False

    def evaluate(
        self,
        values: dict[str, float],
        *,
        executor: Executor | None = None,
        workers: int = 1,
        progress: Progress | None = None,
    ) -> tuple[float, int, list[GameRecord], str]:
        """Play one candidate's balance study: (objective, far-out rows, records, its table).

        >>> import tempfile
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> quake = parse_field("powers:Quake:amount=3..7")
        >>> search = Search("super", [quake], Path(tempfile.mkdtemp()), games=4, bot="greedy")
        >>> with ThreadPoolExecutor(1) as pool:
        ...     score, far, records, table = search.evaluate({"Quake amount": 6}, executor=pool)
        >>> len(records), far, table.splitlines()[0].endswith("(median)")
        (4, 0, True)
        """
        base = dict(self.options or {})
        game = Game(self.game, **base)
        cards = json.dumps(card_table_with(game, values, self.fields), sort_keys=True)
        options = {**base, "card_data": cards}
        tournaments = study(self.game, self.bot, self.games, self.seed, options)
        folder = self.folder / "tables" / _key(values)
        paths = results_files(folder, tournaments)
        records: list[GameRecord] = []
        if self.race:
            run = race(
                tournaments, paths, lambda rs: [study_questions(tournaments, rs)], RaceRule(),
                executor=executor, workers=workers, progress=progress,
            )  # fmt: skip
            records = run.records
        else:
            for t, path in zip(tournaments, paths, strict=True):
                records += run_tournament(
                    t, path, executor=executor, workers=workers, progress=progress
                ).records
        far, gaps = judge(study_questions(tournaments, records))
        return objective_of(far, gaps), far, records, balance_table(tournaments, records)


def _optuna() -> Any:
    import importlib

    try:
        return importlib.import_module("optuna")
    except ImportError:
        raise OptionError("henchmen tune needs Optuna: pip install 'henchmen[tune]'") from None


def candidates(fields: Sequence[Field]) -> int | None:
    """How many tables the fields allow: None where a field takes decimals.

    >>> quake = parse_field("powers:Quake:amount=3..7")
    >>> inferno = parse_field("powers:Inferno:amount=4..5")
    >>> candidates([quake, inferno]), candidates([parse_field("powers:Quake:amount=3..7.5")])
    (10, None)
    """
    if not all(f.whole for f in fields):
        return None
    return math.prod(int(f.high) - int(f.low) + 1 for f in fields)


def sampler_for(search: Search) -> Any:
    """Every table in turn when the trials can try them all, else TPE (both seeded).

    TPE keeps proposing values it has tried where there are few to choose from
    (a trial of a tried table plays nothing, but spends a trial), so a space no
    larger than the budget is searched exhaustively.

    >>> quake = parse_field("powers:Quake:amount=3..7")
    >>> type(sampler_for(Search("super", [quake], Path("t"), trials=5))).__name__
    'BruteForceSampler'
    >>> type(sampler_for(Search("super", [quake], Path("t"), trials=4))).__name__
    'TPESampler'
    """
    optuna = _optuna()
    size = candidates(search.fields)
    if size is not None and size <= search.trials:
        # Experimental in name since Optuna 3.1; its interface is the one used here.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
            return optuna.samplers.BruteForceSampler(seed=search.seed)
    startup = max(2, search.trials // 3)  # random trials before TPE models the scores
    return optuna.samplers.TPESampler(seed=search.seed, n_startup_trials=startup)


def open_study(search: Search) -> Any:
    """The Optuna study in the folder's journal: new, or the one a stopped run left.

    A folder holds one search: another one's fields (or games, bot, seed) are refused.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> quake = parse_field("powers:Quake:amount=3..7")
    >>> open_study(Search("super", [quake], folder)).study_name
    'henchmen-tune'
    >>> open_study(Search("super", [quake], folder, games=50))
    Traceback (most recent call last):
    ...
    henchmen.errors.OptionError: ... holds another search ...
    """
    optuna = _optuna()
    from optuna.storages import JournalStorage
    from optuna.storages.journal import JournalFileBackend

    search.folder.mkdir(parents=True, exist_ok=True)
    storage = JournalStorage(JournalFileBackend(str(search.folder / "study.journal")))
    sampler = sampler_for(search)
    # Our own lines tell each trial; Optuna's warnings would add a traceback to every Ctrl-C.
    optuna.logging.set_verbosity(optuna.logging.ERROR)
    s = optuna.create_study(
        study_name=STUDY, storage=storage, sampler=sampler, direction="minimize",
        load_if_exists=True,
    )  # fmt: skip
    described = {
        "game": search.game, "fields": [f.__dict__ for f in search.fields], "games": search.games,
        "bot": search.bot, "seed": search.seed, "options": search.options or {},
        "race": search.race,
    }  # fmt: skip
    found = s.user_attrs.get("search")
    if found is None:
        s.set_user_attr("search", described)
    elif found != json.loads(json.dumps(described)):
        raise OptionError(
            f"{search.folder} holds another search ({json.dumps(found)[:200]}); "
            "use another --out, or the same fields, games, bot, seed and options"
        )
    return s


def run_search(
    search: Search,
    *,
    executor: Executor | None = None,
    workers: int = 1,
    progress: Progress | None = None,
    told: Callable[[str], object] | None = None,
) -> Any:
    """Run the trials still missing (``search.trials`` finished ones in all); the study back.

    A trial cut short by a stop (Ctrl-C) is tried again first, with the same values.

    >>> import tempfile
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> quake = parse_field("powers:Quake:amount=3..7")
    >>> search = Search("super", [quake], Path(tempfile.mkdtemp()), trials=2, games=2,
    ...                 bot="greedy")
    >>> with ThreadPoolExecutor(1) as pool:
    ...     study = run_search(search, executor=pool)
    >>> [t.state.name for t in study.trials]
    ['COMPLETE', 'COMPLETE']
    >>> cards, report, text = write_outcome(search, study)
    >>> text.splitlines()[0], cards.name, report.name
    ('# Tuning Super!: 2 trials, 4 games', 'best-cards.json', 'report.md')
    """
    optuna = _optuna()
    s = open_study(search)
    states = optuna.trial.TrialState
    done = [t for t in s.trials if t.state == states.COMPLETE]
    cut = [t for t in s.trials if t.state in (states.FAIL, states.RUNNING)]
    # Waiting trials hold their values in system attributes, not yet in params.
    waiting = [t for t in s.trials if t.state == states.WAITING]
    tried = {json.dumps(t.params, sort_keys=True) for t in done}
    tried |= {json.dumps(t.system_attrs.get("fixed_params", {}), sort_keys=True) for t in waiting}
    for t in cut:  # a RUNNING trial is one a kill left: its process is gone
        key = json.dumps(t.params, sort_keys=True)
        if key not in tried and t.params:
            s.enqueue_trial(t.params)  # skip_if_exists would find the cut trial itself
            tried.add(key)
        if t.state == states.RUNNING:
            s._storage.set_trial_state_values(t._trial_id, states.FAIL)

    def objective(trial: Any) -> float:
        values: dict[str, float] = {}
        for f in search.fields:
            if f.whole:
                values[f.label] = trial.suggest_int(f.label, int(f.low), int(f.high))
            else:
                values[f.label] = trial.suggest_float(f.label, float(f.low), float(f.high))
        score, far, records, _ = search.evaluate(
            values, executor=executor, workers=workers, progress=progress
        )
        trial.set_user_attr("far", far)
        trial.set_user_attr("games", len(records))
        if told is not None:
            shown = ", ".join(f"{k}={v}" for k, v in values.items())
            told(f"trial {trial.number + 1}: {shown}: {far} far out, score {score:.3f}, "
                 f"{len(records)} games")  # fmt: skip
        return score

    left = search.trials - len(done)
    if left > 0:
        s.optimize(objective, n_trials=left, catch=())
    return s


def write_outcome(search: Search, s: Any) -> tuple[Path, Path, str]:
    """Write ``best-cards.json`` and ``report.md`` into the folder; the paths and the report.

    A search with no finished trial has nothing to write:

    >>> import tempfile
    >>> quake = parse_field("powers:Quake:amount=3..7")
    >>> search = Search("super", [quake], Path(tempfile.mkdtemp()))
    >>> write_outcome(search, open_study(search))
    Traceback (most recent call last):
    ...
    henchmen.errors.OptionError: no trial of the search has finished yet: nothing to write
    """
    optuna = _optuna()
    done = [t for t in s.trials if t.state == optuna.trial.TrialState.COMPLETE]
    if not done:
        raise OptionError("no trial of the search has finished yet: nothing to write")
    best = min(done, key=lambda t: (t.value, t.number))
    values = {f.label: best.params[f.label] for f in search.fields}
    game = Game(search.game, **(search.options or {}))
    cards = card_table_with(game, values, search.fields)
    table = search.evaluate(values)[3]  # every game is in its files: nothing plays
    games = sum(int(t.user_attrs.get("games", 0)) for t in done)
    rows = [
        f"| {t.number + 1} | "
        + " | ".join(str(t.params[f.label]) for f in search.fields)
        + f" | {t.user_attrs.get('games', '')} | {t.user_attrs.get('far', '')} | {t.value:.3f} |"
        for t in sorted(done, key=lambda t: t.number)
    ]
    report = "\n".join([
        f"# Tuning {game.info.title}: {len(done)} trials, {games} games",
        "",
        f"Each trial: a balance study of {search.games} games a setup, {search.bot} in every "
        f"seat, seed {search.seed}" + (", raced" if search.race else "") + "; score = far-out "
        f"rows (interval wholly outside the reference +-{TOLERANCE:.0%}) + the RMS of the rows' "
        "relative gaps from their references (lower is better).",
        "",
        "| trial | " + " | ".join(f.label for f in search.fields) + " | games | far out | score |",
        "|---:|" + "---:|" * (len(search.fields) + 3),
        *rows,
        "",
        f"Best: trial {best.number + 1}, "
        + ", ".join(f"{k} = {v}" for k, v in values.items()) + f" (score {best.value:.3f}).",
        "",
        table,
    ])  # fmt: skip
    cards_path, report_path = search.folder / "best-cards.json", search.folder / "report.md"
    cards_path.write_text(json.dumps(cards, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    report_path.write_text(report + "\n", encoding="utf-8")

    return cards_path, report_path, report


def default_folder(game: str) -> str:
    """Where a search of ``game`` lives unless told.

    >>> default_folder("super")
    'tune-super'
    """
    return f"tune-{game}"


__all__ = [
    "Field",
    "Search",
    "candidates",
    "card_table_with",
    "check_fields",
    "default_folder",
    "objective_of",
    "open_study",
    "parse_field",
    "run_search",
    "sampler_for",
    "write_outcome",
]
