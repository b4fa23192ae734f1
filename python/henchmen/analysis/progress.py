"""First-to-X curves: who first reached X of something, and how often that seat won.

A *measure* is a count that grows during a game, read from its events: the
events of one kind (``"win"``: Supervillains won), optionally only those
naming something (``"buy Royal Rule"``: Royal Rule Minions bought, a name
matching when it equals the text or starts with it before a non-letter),
counted for the event's player, or with ``other:`` in front for its second
player (``"other:hit"``: hits landed, where the player is the one hit).

Each game's record keeps, per measure, the events that counted, in order,
as ``[seat, step]`` pairs (``step`` the history index of the action that
caused it; the seat None for an event of nobody in particular), so every
curve is read from the results file, never by playing again:

- **Competitive**: for each X, over the games where one seat reached X
  before any other (two seats reaching it in the same action is a tie, left
  out), that seat's score (a win 1, a shared best 1/k); the fair share is
  1 / players.  A curve that climbs steeply says an early lead decides.
- **Cooperative**: every seat shares the result, so being first means
  nothing; the team count (every seat's, and nobody's) reaching X is what
  happens.  Its team win rate alone would mislead: long games reach every X,
  so reaching X says as much about length as about progress.  Instead the
  games that reached X are split at the median step of reaching it, and the
  curve is the team win rate of the early half beside the late half: how
  much getting there sooner is worth.

>>> from henchmen.analysis.record import GameRecord
>>> m = Measure.parse("win")
>>> first = GameRecord(0, 0, 0, (0, 1), (1.0, -1.0), 50, False, ({}, {}), {},
...                    progress={"win": ((0, 10), (1, 20), (0, 30))})
>>> [(p.x, p.rate.successes, p.rate.games) for p in first_to([first] * 4, m, 2).points]
[(1, 4.0, 4), (2, 4.0, 4)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from henchmen import _checks
from henchmen.analysis.record import GameRecord, Steps
from henchmen.analysis.seen import Seen, event_names
from henchmen.analysis.stats import Rate, score, team_won
from henchmen.errors import OptionError

#: The prefix of a measure counted for an event's second player.
OTHER = "other:"

#: Each game's default measures, and what they count (docs/analysis.md says why these).
DEFAULT_MEASURES: dict[str, tuple[tuple[str, str], ...]] = {
    "seven-secret-supervillains": (("win", "Supervillains won"),),
    "legendary": (("defeat", "Villains defeated"),),
    "parry": (("strike", "Strikes played"),),
    "super": (("other:hit", "hits landed"),),
    "villainy": (("attack Hideout", "attacks on a Hideout"),),
    "suet": (("place", "Components placed in the Lab"),),
}


@dataclass(frozen=True)
class Measure:
    """A count read from events: a kind, maybe a name, and whose count it is.

    >>> m = Measure.parse("other:hit")
    >>> m.kind, m.name, m.other
    ('hit', None, True)
    >>> Measure.parse("buy Royal Rule").name
    'Royal Rule'
    """

    spec: str
    kind: str
    name: str | None
    other: bool

    @classmethod
    def parse(cls, spec: object) -> Measure:
        """Read ``[other:]KIND[ NAME]``; OptionError says what is wrong.

        >>> Measure.parse(" ")
        Traceback (most recent call last):
        ...
        henchmen.errors.OptionError: a measure is an event kind, maybe a name after it ...
        """
        if not isinstance(spec, str):
            raise OptionError(f"a measure must be a str, got {_checks.describe(spec)}")
        text = spec.strip()
        other = text.startswith(OTHER)
        body = text[len(OTHER) :].strip() if other else text
        kind, _, name = body.partition(" ")
        if not kind:
            raise OptionError(
                f"a measure is an event kind, maybe a name after it (win, buy Royal Rule, "
                f"other:hit), got {spec!r}"
            )
        return cls(text, kind, name.strip() or None, other)

    def seat(self, event: Seen) -> int | None:
        """Whose count ``event`` adds to (None: nobody's), or -1 if it does not count.

        >>> draw = Seen(3, "draw", 1, None, ["Strike"])
        >>> Measure.parse("draw").seat(draw), Measure.parse("draw Strike").seat(draw)
        (1, 1)
        >>> Measure.parse("buy").seat(draw), Measure.parse("draw Parry").seat(draw)
        (-1, -1)
        """
        if event.kind != self.kind:
            return -1
        if self.name is not None and not any(_names_it(n, self.name) for n in event.names):
            return -1
        return event.other if self.other else event.player


def measures_of(game: str, extra: Sequence[str] = ()) -> tuple[str, ...]:
    """The game's default measures followed by ``extra`` (each once, as written).

    >>> measures_of("seven-secret-supervillains", ["buy Royal Rule", "win"])
    ('win', 'buy Royal Rule')
    """
    out: list[str] = []
    for spec in [s for s, _ in DEFAULT_MEASURES.get(game, ())] + list(extra):
        text = Measure.parse(spec).spec
        if text not in out:
            out.append(text)
    return tuple(out)


def label(game: str, spec: str) -> str:
    """What a measure counts, in words where it is a default, else its spec.

    >>> label("legendary", "defeat"), label("legendary", "recruit Cyclops")
    ('Villains defeated', 'recruit Cyclops')
    """
    return dict(DEFAULT_MEASURES.get(game, ())).get(spec, spec)


def record_progress(
    events: Sequence[Seen], measures: Sequence[str], players: int
) -> dict[str, Steps]:
    """For each measure, the events that count, as (seat, step) in order.

    A seat outside the table (a malformed event) counts for nobody.

    >>> import henchmen
    >>> from henchmen.analysis.seen import brief
    >>> state = henchmen.new_game("parry", seed=1)
    >>> state.apply("end turn")
    >>> seen = [brief(e) for e in state.events_for("omniscient")]
    >>> steps = record_progress(seen, ["draw"], 2)["draw"]
    >>> all(seat in (0, 1) for seat, _ in steps), steps == tuple(sorted(steps, key=lambda x: x[1]))
    (True, True)
    """
    parsed = [Measure.parse(m) for m in measures]
    out: dict[str, list[tuple[int | None, int]]] = {m.spec: [] for m in parsed}
    for e in events:
        for m in parsed:
            seat = m.seat(e)
            if seat == -1:
                continue
            if seat is not None and not 0 <= seat < players:
                seat = None
            out[m.spec].append((seat, e.step))
    return {k: tuple(v) for k, v in out.items()}


@dataclass(frozen=True)
class Point:
    """One X of a curve.

    Competitive: ``rate`` is the first seat's score.  Cooperative: ``rate``
    the team win rate of the games that reached X by ``split`` (the median
    step), ``late`` of those that reached it after.

    >>> from henchmen.analysis.stats import Rate
    >>> p = Point(2, Rate("2", 3.0, 4), split=120)
    >>> p.rate.rate, p.late is None
    (0.75, True)
    """

    x: int
    rate: Rate
    split: int
    late: Rate | None = None


@dataclass(frozen=True)
class Curve:
    """A measure's first-to-X curve, and the games it was read from.

    ``games`` counts the finished games whose record holds the measure
    (records of an older results file hold none); ``baseline`` is the fair
    share (competitive) or the team win rate over those games (cooperative).

    >>> c = first_to([], Measure.parse("win"), label="Supervillains won")
    >>> c.label, c.games, c.points
    ('Supervillains won', 0, ())
    """

    measure: str
    label: str
    cooperative: bool
    games: int
    baseline: float
    points: tuple[Point, ...]


def first_to(
    records: Sequence[GameRecord],
    measure: Measure,
    min_games: int = 1,
    cooperative: bool = False,
    label: str | None = None,
) -> Curve:
    """The curve of ``measure`` over the records; an X needs ``min_games`` games to be shown.

    >>> from henchmen.analysis.record import GameRecord
    >>> def game(returns, steps):
    ...     return GameRecord(0, 0, 0, (0, 1), returns, 50, False, ({}, {}), {},
    ...                       progress={"defeat": steps})
    >>> early = game((1.0, 1.0), ((0, 5), (1, 6)))
    >>> late = game((-1.0, -1.0), ((1, 30), (1, 40)))
    >>> c = first_to([early, late], Measure.parse("defeat"), cooperative=True)
    >>> [(p.x, p.split, p.rate.rate, p.late.rate) for p in c.points]
    [(1, 5, 1.0, 0.0), (2, 6, 1.0, 0.0)]
    """

    games = [r for r in records if not r.truncated and measure.spec in r.progress]
    name = label or measure.spec
    if not games:
        return Curve(measure.spec, name, cooperative, 0, 0.0, ())
    # reached[x]: (the step it was first reached, the result for the curve) per game.
    reached: dict[int, list[tuple[int, float]]] = {}
    for r in games:
        steps = r.progress[measure.spec]
        if cooperative:
            for x, (_, step) in enumerate(steps, start=1):
                reached.setdefault(x, []).append((step, team_won(r)))
            continue
        counts = [0] * len(r.seats)
        at: dict[int, list[tuple[int, int]]] = {}  # x: (step, seat) of each seat reaching it
        for seat, step in steps:
            if seat is None:
                continue
            counts[seat] += 1
            at.setdefault(counts[seat], []).append((step, seat))
        for x, firsts in at.items():
            step, seat = firsts[0]
            if len(firsts) > 1 and firsts[1][0] == step:
                continue  # two seats reached it in one action: nobody was first
            reached.setdefault(x, []).append((step, score(r, seat)))
    n = len(games[0].seats)
    baseline = sum(team_won(r) for r in games) / len(games) if cooperative else 1.0 / n
    points = []
    for x in sorted(reached):
        rows = sorted(reached[x])
        if len(rows) < min_games:
            continue
        split = rows[(len(rows) - 1) // 2][0]
        if cooperative:
            early = [v for s, v in rows if s <= split]
            late = [v for s, v in rows if s > split]
            points.append(
                Point(x, Rate(f"{x}", sum(early), len(early)), split,
                      Rate(f"{x}", sum(late), len(late)))
            )  # fmt: skip
        else:
            points.append(Point(x, Rate(f"{x}", sum(v for _, v in rows), len(rows)), split))
    return Curve(measure.spec, name, cooperative, len(games), baseline, tuple(points))


def curves(
    records: Sequence[GameRecord], game: str, measures: Sequence[str], cooperative: bool,
    min_games: int = 1,
) -> list[Curve]:  # fmt: skip
    """Every measure's curve, in the order given.

    >>> curves([], "parry", ["strike"], cooperative=False)[0].label
    'Strikes played'
    """
    return [
        first_to(records, Measure.parse(m), min_games, cooperative, label(game, m))
        for m in measures
    ]


def _names_it(name: str, text: str) -> bool:
    return name.startswith(text) and (len(name) == len(text) or not name[len(text)].isalnum())


__all__ = [
    "DEFAULT_MEASURES",
    "Curve",
    "Measure",
    "Point",
    "curves",
    "event_names",
    "first_to",
    "label",
    "measures_of",
    "record_progress",
]
