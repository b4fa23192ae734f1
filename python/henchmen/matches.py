"""Many games between bots: bot specs with settings, matches, win-rate tables.

A bot spec is a registry name with optional settings, as the command line
takes it: ``greedy``, ``ismcts:iterations=800``,
``ismcts:iterations=2000:exploration=0.5``.  :func:`run_matches` plays many
games with the seats rotated (game ``g`` seats bot ``(s + g) % n`` in seat
``s``), natively on a thread pool when every bot has a native twin (random,
greedy, and the search bots with built-in evaluators), in Python otherwise.

>>> import henchmen
>>> from henchmen.matches import parse_bot_spec, run_matches
>>> bots = [parse_bot_spec("greedy"), parse_bot_spec("random")]
>>> results = run_matches(henchmen.Game("seven-secret-supervillains"), bots, games=6, seed=1)
>>> results.games, results.native, results.score(0).wins > results.score(1).wins
(6, True, True)

In a game that is not zero-sum (cooperative Legendary) every player shares
the team's fate: a game is a team win when every player's return is
positive and a team loss when every return is negative; anything else
(Legendary: the villain deck ran out) is a draw.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from henchmen import _checks, _core
from henchmen.bots import Bot, bot_names, make_bot
from henchmen.bots.greedy import GreedyBot
from henchmen.bots.search_bot import SearchBot
from henchmen.cancel import CancelToken, native_token
from henchmen.errors import ActionTypeError, Cancelled, HenchmenError, OptionError
from henchmen.game import Game
from henchmen.state import State

#: Settings each built-in bot accepts, with their types.
BOT_SETTINGS: dict[str, dict[str, type]] = {
    "random": {},
    "greedy": {"samples": int},
    "ismcts": {
        "iterations": int,
        "exploration": float,
        "rollout_depth": int,
        "puct": bool,
        "max_seconds": float,
        "exact": bool,
        "leaf": str,
        "weights": str,
        "greedy_prior": int,
        "threads": int,
        "early_stop": float,
        "bank": float,
        "reuse": bool,
    },
}
BOT_SETTINGS["mcts"] = BOT_SETTINGS["ismcts"]

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class BotSpec:
    """A bot by registry name plus settings, e.g. ``ismcts:iterations=800``.

    >>> spec = parse_bot_spec("ismcts:iterations=800:exploration=0.5")
    >>> spec.name, spec.settings["iterations"], str(spec)
    ('ismcts', 800, 'ismcts:iterations=800:exploration=0.5')
    """

    name: str
    settings: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise ActionTypeError(f"a bot name must be a str, got {_checks.describe(self.name)}")
        if not isinstance(self.settings, dict):
            raise ActionTypeError(
                f"bot settings must be a dict, got {_checks.describe(self.settings)}"
            )
        known = BOT_SETTINGS.get(self.name, {})
        for key in self.settings:
            if not isinstance(key, str) or key not in known:
                allowed = ", ".join(known) if known else "none"
                raise OptionError(
                    f"bot {_checks.quote(self.name)} has no setting {_checks.quote(key)}; "
                    f"its settings are: {allowed}"
                )

    def __str__(self) -> str:
        return ":".join([self.name, *(f"{k}={_show(v)}" for k, v in self.settings.items())])

    def make(self, seed: int) -> Bot:
        """A new bot of this spec, seeded.

        >>> parse_bot_spec("greedy:samples=3").make(seed=1).samples
        3
        """
        seed = _checks.seed(seed)
        if self.name in ("ismcts", "mcts"):
            return SearchBot(seed, self.name, **self.settings)
        if self.name == "greedy" and self.settings:
            return GreedyBot(seed, **self.settings)
        return make_bot(self.name, seed)

    def native(self) -> dict[str, Any] | None:
        """The native bot settings for ``Game._core.play_matches``, or None if there is no twin.

        :class:`~henchmen.bots.GreedyBot` is itself the native greedy bot.

        >>> parse_bot_spec("ismcts:iterations=50").native()["iterations"]
        50
        >>> parse_bot_spec("greedy").native()
        {'kind': 'greedy'}
        """
        if self.name == "random":
            return {"kind": "random"}
        if self.name == "greedy":
            out: dict[str, Any] = {"kind": "greedy"}
            if "samples" in self.settings:
                out["chance_samples"] = self.settings["samples"]
            return out
        if self.name in ("ismcts", "mcts"):
            bot = SearchBot(0, self.name, **self.settings)
            return bot.native_spec()
        return None


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def parse_bot_spec(text: str) -> BotSpec:
    """Read ``NAME[:KEY=VALUE[:KEY=VALUE...]]``; errors name the bot and its settings.

    >>> parse_bot_spec("ismcts:iterations=800").settings
    {'iterations': 800}
    >>> parse_bot_spec("ismcts:depth=3")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    henchmen.errors.OptionError: bot 'ismcts' has no setting 'depth'; its settings are: ...
    """
    if not isinstance(text, str):
        raise ActionTypeError(f"a bot spec must be a str, got {_checks.describe(text)}")
    name, *parts = [p.strip() for p in text.strip().split(":")]
    if name not in bot_names():
        raise OptionError(
            f"no bot named {_checks.quote(name)}; known bots: {', '.join(bot_names())}"
        )
    known = BOT_SETTINGS.get(name, {})
    settings: dict[str, Any] = {}
    for part in parts:
        key, sep, raw = part.partition("=")
        key = key.strip()
        if not sep or not key:
            raise OptionError(
                f"bot setting must be KEY=VALUE, got {_checks.quote(part)} in {_checks.quote(text)}"
            )
        if key not in known:
            allowed = ", ".join(known) if known else "none"
            raise OptionError(
                f"bot {_checks.quote(name)} has no setting {_checks.quote(key)}; "
                f"its settings are: {allowed}"
            )
        settings[key] = _setting(name, key, known[key], raw.strip())
    spec = BotSpec(name, settings)
    try:
        spec.make(0)  # checks the ranges
    except HenchmenError as e:
        raise OptionError(f"bad settings for bot '{name}': {e}") from None
    return spec


def _setting(bot: str, key: str, kind: type, raw: str) -> object:
    if kind is str:
        if not raw:
            raise OptionError(f"bot setting '{bot}:{key}' needs a value")
        return raw
    try:
        if kind is bool:
            low = raw.lower()
            if low in ("true", "yes", "on", "1"):
                return True
            if low in ("false", "no", "off", "0"):
                return False
            raise ValueError
        if kind is int:
            return int(raw)
        value = float(raw)
        if not math.isfinite(value):
            raise ValueError
        return value
    except ValueError:
        what = {bool: "true or false", int: "an integer", float: "a number"}[kind]
        raise OptionError(
            f"bot setting '{bot}:{key}' must be {what}, got {_checks.quote(raw)}"
        ) from None


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% for the default z).

    >>> lo, hi = wilson_interval(31, 40)
    >>> round(lo, 3), round(hi, 3)
    (0.625, 0.877)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)

    The interval always holds the rate: at 6 of 6 the formula's upper bound
    rounds to 0.9999999999999999, so the bounds at the edges are exact.

    >>> wilson_interval(6, 6)[1], wilson_interval(0, 11)[0]
    (1.0, 0.0)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # Rounding can put a bound a hair on the wrong side of the rate (6 of 6,
    # 0 of 11); the interval always holds the rate.
    low = min(max(0.0, centre - half), p)
    high = max(min(1.0, centre + half), p)
    return (low, high)


@dataclass(frozen=True)
class Score:
    """One bot's record over a match: wins, draws, losses, mean return.

    >>> Score(7, 1, 2, 0.5).win_rate
    0.7
    """

    wins: int
    draws: int
    losses: int
    mean_return: float

    @property
    def games(self) -> int:
        """Games played: wins, draws and losses together.

        >>> Score(7, 1, 2, 0.5).games
        10
        """
        return self.wins + self.draws + self.losses

    @property
    def win_rate(self) -> float:
        """Wins over games played (0.0 when no game was played); draws count as not won.

        >>> Score(3, 2, 5, -0.2).win_rate, Score(0, 0, 0, 0.0).win_rate
        (0.3, 0.0)
        """
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate, as (low, high).

        >>> lo, hi = Score(31, 0, 9, 0.5).interval
        >>> round(lo, 3), round(hi, 3)
        (0.625, 0.877)
        """
        return wilson_interval(self.wins, self.games)


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float] | None:
    """The normal-approximation 95% interval of a mean (None for fewer than 2 values).

    >>> lo, hi = mean_interval([20, 22, 24, 26])
    >>> round(lo, 2), round(hi, 2)
    (20.47, 25.53)
    >>> mean_interval([7.0]) is None
    True
    """
    n = len(values)
    if n < 2:
        return None
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return (mean - half, mean + half)


@dataclass(frozen=True)
class MeasureSummary:
    """A game measure over a match (the Climb's turns): games that yielded it, its mean
    and the 95% interval of the mean (None under 2 games), and games that did not.

    >>> MeasureSummary("turns", 3, 21.0, (19.0, 23.0), 1).games
    4
    """

    name: str
    reached: int
    mean: float | None
    interval: tuple[float, float] | None
    missed: int

    @property
    def games(self) -> int:
        """Every game of the match, with a measure or without.

        >>> MeasureSummary("turns", 0, None, None, 5).games
        5
        """
        return self.reached + self.missed

    def line(self) -> str:
        """The summary as one line of text.

        >>> print(MeasureSummary("turns", 3, 21.0, (19.0, 23.0), 1).line())
        turns: mean 21.00, 95% interval [19.00, 23.00], in 3 of 4 games (1 without it)
        """
        if self.mean is None:
            return f"{self.name}: none in {self.games} games"
        span = (
            "n/a" if self.interval is None else f"[{self.interval[0]:.2f}, {self.interval[1]:.2f}]"
        )
        tail = f" ({self.missed} without it)" if self.missed else ""
        return (
            f"{self.name}: mean {self.mean:.2f}, 95% interval {span}, "
            f"in {self.reached} of {self.games} games{tail}"
        )


@dataclass
class MatchResults:
    """Per-game returns of each bot (in bot order, not seat order) and game lengths.

    >>> import henchmen
    >>> r = run_matches(henchmen.Game("seven-secret-supervillains"), [parse_bot_spec("random")] * 2,
    ...                 games=4, seed=2)
    >>> len(r.returns), len(r.returns[0])
    (4, 2)
    """

    #: The game's registered name.
    game: str
    #: The bots, in the order the returns list them.
    bots: list[BotSpec]
    #: Per game, one return per bot (in bot order).
    returns: list[tuple[float, ...]]
    #: Per game, its length in actions.
    lengths: list[int]
    #: The game is not zero-sum (its players win or lose as a team).
    cooperative: bool
    #: Whether the native match runner played the games (else Python chose every move).
    native: bool
    #: Wall time of the whole run.
    seconds: float
    #: Games cut off at the game's length limit before their end (counted by the native
    #: runner; their returns are zero).
    truncated: int = 0
    #: The game's measure (:attr:`~henchmen.Game.measure_name`), one per game (None: the
    #: game ended without it); empty, with no name, for games without one.
    measure_name: str | None = None
    measures: list[float | None] = field(default_factory=list)

    @property
    def games(self) -> int:
        """Games played.

        >>> import henchmen
        >>> r = run_matches(henchmen.Game("parry"), [parse_bot_spec("random")] * 2, games=4, seed=1)
        >>> r.games, len(r.lengths)
        (4, 4)
        """
        return len(self.returns)

    def labels(self) -> list[str]:
        """A name per bot (numbered where two bots share a spec).

        >>> MatchResults("parry", [parse_bot_spec("random")] * 2, [], [], False, True, 0.0).labels()
        ['random (bot 1)', 'random (bot 2)']
        >>> MatchResults("parry", [parse_bot_spec("greedy:samples=3"), parse_bot_spec("random")],
        ...              [], [], False, True, 0.0).labels()
        ['greedy:samples=3', 'random']
        """
        names = [str(b) for b in self.bots]
        return [f"{n} (bot {i + 1})" if names.count(n) > 1 else n for i, n in enumerate(names)]

    def score(self, bot: int) -> Score:
        """The record of bot ``bot``: a win is the best return with someone below it (a
        team's shared win counts for each partner); a best return nobody is below is a draw.

        ``bot`` is the bot's index in :attr:`bots` (not a seat: seats rotate).

        >>> r = MatchResults("parry", [parse_bot_spec("greedy"), parse_bot_spec("random")],
        ...                  [(1.0, -1.0), (1.0, -1.0), (-1.0, 1.0)], [9, 12, 10], False, True, 0.1)
        >>> r.score(0)
        Score(wins=2, draws=0, losses=1, mean_return=0.333...)
        """
        wins = draws = losses = 0
        total = 0.0
        for r in self.returns:
            total += r[bot]
            if self.cooperative:
                won, lost = all(x > 0 for x in r), all(x < 0 for x in r)
            else:
                # The best return, shared only with partners (a team result) or
                # with nobody: someone did worse, so it is no draw.
                best = max(r)
                won = r[bot] == best and min(r) < best
                lost = r[bot] < best
            wins += won
            losses += lost and not won
            draws += not won and not lost
        n = len(self.returns)
        return Score(wins, draws, losses, total / n if n else 0.0)

    def measure(self) -> MeasureSummary | None:
        """The measure over the match (the Climb: turns to the goal), or None without one.

        >>> import henchmen
        >>> game = henchmen.Game("seven-secret-supervillains", mode="climb", goal="upgrades")
        >>> r = run_matches(game, [parse_bot_spec("greedy")], games=3, seed=1)
        >>> summary = r.measure()
        >>> summary.name, summary.games, 1 <= summary.mean <= 200
        ('turns', 3, True)
        """
        if self.measure_name is None:
            return None
        got = [m for m in self.measures if m is not None]
        mean = sum(got) / len(got) if got else None
        return MeasureSummary(
            self.measure_name, len(got), mean, mean_interval(got), len(self.measures) - len(got)
        )

    def _solo_table(self, summary: MeasureSummary) -> str:
        # One player racing a measure (the Climb): nobody to win against, so
        # the measure takes the win rate's place.
        label = self.labels()[0]
        width = max(len("bot"), len(label))
        name = summary.name
        span = (
            "n/a"
            if summary.interval is None
            else (f"[{summary.interval[0]:.2f}, {summary.interval[1]:.2f}]")
        )
        mean = "n/a" if summary.mean is None else f"{summary.mean:.2f}"
        head = f"{'bot':<{width}}  games  reached  mean {name}  95% interval    mean return"
        row = (
            f"{label:<{width}}  {summary.games:5d}  {summary.reached:7d}  {mean:>{len(name) + 5}}"
            f"  {span:<14}  {self.score(0).mean_return:+11.3f}"
        )
        return "\n".join([head, row])

    def table(self) -> str:
        """The win-rate table with 95% Wilson intervals, as text.

        >>> import henchmen
        >>> r = run_matches(henchmen.Game("seven-secret-supervillains"),
        ...                 [parse_bot_spec("greedy"), parse_bot_spec("random")], games=10, seed=1)
        >>> print(r.table())  # doctest: +ELLIPSIS
        bot     games  wins  draws  losses  win rate  95% interval    mean return
        greedy     10  ...
        """
        summary = self.measure()
        if summary is not None and len(self.bots) == 1:
            return self._solo_table(summary)
        labels = self.labels()
        width = max(len("bot"), *(len(s) for s in labels))
        win = "team wins" if self.cooperative else "wins"
        head = (
            f"{'bot':<{width}}  games  {win}  draws  losses  win rate  95% interval    mean return"
        )
        rows = [head]
        for i, label in enumerate(labels):
            s = self.score(i)
            lo, hi = s.interval
            rows.append(
                f"{label:<{width}}  {s.games:5d}  {s.wins:{len(win)}d}  {s.draws:5d}  {s.losses:6d}"
                f"  {s.win_rate:8.1%}  [{lo:5.1%}, {hi:5.1%}]  {s.mean_return:+11.3f}"
            )
        summary = self.measure()
        if summary is not None:
            rows.append(summary.line())
        return "\n".join(rows)


def run_matches(
    game: Game,
    bots: Sequence[BotSpec],
    games: int,
    seed: int = 0,
    threads: int = 1,
    progress: Progress | None = None,
    native: bool | None = None,
    cancel: CancelToken | None = None,
) -> MatchResults:
    """Play ``games`` games between ``bots`` (one per seat), seats rotated each game.

    Native (C++, ``threads`` threads, the GIL released) when every bot has a
    native twin and ``native`` is not False; otherwise each move is chosen in
    Python.  Results are the same for any thread count.  ``progress(done,
    total)`` is called as games finish.  Ctrl-C raises KeyboardInterrupt at
    once; a ``cancel`` token raises :class:`~henchmen.errors.Cancelled`.

    >>> import henchmen
    >>> game = henchmen.Game("seven-secret-supervillains")
    >>> a = run_matches(game, [parse_bot_spec("random")] * 2, games=6, seed=3, threads=1)
    >>> b = run_matches(game, [parse_bot_spec("random")] * 2, games=6, seed=3, threads=2)
    >>> a.returns == b.returns
    True
    """
    if not isinstance(game, Game):
        raise ActionTypeError(f"run_matches needs a henchmen Game, got {_checks.describe(game)}")
    _checks.items(bots, BotSpec, "bots", " (parse_bot_spec('greedy'))")
    if progress is not None and not callable(progress):
        raise ActionTypeError(
            f"progress must be a function (done, total) or None, got {_checks.describe(progress)}"
        )
    if not (native is None or isinstance(native, bool)):
        raise OptionError(f"native must be None, True or False, got {_checks.describe(native)}")
    games = _checks.count(games, "games", 1, 10_000_000)
    threads = _checks.count(threads, "threads", 1, _core.MAX_THREADS)
    seed = _checks.seed(seed)
    token = native_token(cancel)
    n = game.num_players
    if len(bots) != n:
        raise OptionError(
            f"{game.name} with these options has {n} players; give {n} bots, got {len(bots)}"
        )
    specs = [b.native() for b in bots]
    use_native = native is not False and all(s is not None for s in specs)
    if native is True and not use_native:
        raise OptionError(
            "native matches need bots with native twins: random, greedy, ismcts, mcts"
        )
    native_specs = [s for s in specs if s is not None]
    cooperative = not game.info.zero_sum
    start = time.perf_counter()
    returns: list[tuple[float, ...]] = []
    lengths: list[int] = []
    measures: list[float | None] = []
    measure_name = game.measure_name
    truncated = 0
    if use_native:
        # Chunks of a fixed size (a multiple of the player count, so every
        # chunk rotates the seats fully) keep the results independent of the
        # thread count, and let progress be shown between chunks.
        chunk = math.ceil(max(games // 20, 8) / n) * n
        done = 0
        index = 0
        while done < games:
            size = min(chunk, games - done)
            chunk_seed = _core.derive_seed(seed, index)
            raw = game._core.play_matches(native_specs, size, chunk_seed, threads, token)
            flat = raw["returns"]
            returns += [tuple(flat[g * n : (g + 1) * n]) for g in range(size)]
            lengths += list(raw["lengths"])
            if measure_name is not None:
                measures += list(raw["measures"])
            truncated += raw["truncated"]
            done += size
            index += 1
            if progress is not None:
                progress(done, games)
    else:
        for g in range(games):
            if token is not None and token.cancelled:
                raise Cancelled("cancelled through the CancelToken")
            r, length, m = _python_game(game, bots, _core.derive_seed(seed, g), g)
            returns.append(r)
            lengths.append(length)
            if measure_name is not None:
                measures.append(m)
            if progress is not None:
                progress(g + 1, games)
    return MatchResults(
        game=game.name,
        bots=list(bots),
        returns=returns,
        lengths=lengths,
        cooperative=cooperative,
        native=use_native,
        seconds=time.perf_counter() - start,
        truncated=truncated,
        measure_name=measure_name,
        measures=measures,
    )


def _python_game(
    game: Game, bots: Sequence[BotSpec], seed: int, g: int
) -> tuple[tuple[float, ...], int, float | None]:
    n = game.num_players
    seated = [bots[(s + g) % n].make(_core.derive_seed(seed, s + 1)) for s in range(n)]
    state: State = game.new_initial_state(seed=seed)
    limit = game.max_game_length
    while not state.is_terminal and state.move_number <= limit:
        state.apply(seated[state.current_player].choose(state))
    by_seat = state.returns
    by_bot = [0.0] * n
    for s in range(n):
        by_bot[(s + g) % n] = by_seat[s]
    return tuple(by_bot), state.move_number, state.measure


__all__ = [
    "BOT_SETTINGS",
    "BotSpec",
    "MatchResults",
    "MeasureSummary",
    "Score",
    "mean_interval",
    "parse_bot_spec",
    "run_matches",
    "wilson_interval",
]
