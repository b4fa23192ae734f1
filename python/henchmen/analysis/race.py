"""Races: balance studies and tournaments that stop a table once its question is answered.

A fixed-count run plays every table to the same count, whether its answer
was clear after a tenth of the games or not.  A race plays in rounds and
looks between them.  Its questions are the verdicts of the fixed run:

- a balance study's rows (each seat, place in the turn order, crew, power,
  deck ...; :func:`~henchmen.analysis.balance.balance_table`): is the row
  *far out of line* (its rate more than ``tolerance`` of its reference away)?
- a tournament table's bots: is one clearly stronger or weaker than a fair
  share of the table's wins, or about even?

**The rule (a group-sequential test with Bonferroni alpha spending).** The
race plans ``looks`` looks, after ``cap * k / looks`` games of each table
(k = 1 .. looks; ``cap`` is the fixed run's count).  At each look a row's
Wilson interval is taken at level ``1 - alpha / looks``, so the chance that
*any* look of a row misleads is at most ``alpha`` (5%).  A row is settled

- *far out* when that interval lies wholly outside the reference's band
  ``reference * (1 +- tolerance)`` (the fixed run's test, at a stricter level);
- *in line* when it lies wholly inside the band widened by ``margin``
  (``reference * (1 +- (tolerance + margin))``).

A table stops when every row of it is settled (a study, when every row of
the study's table is).  Rows whose true rate lies between ``tolerance``
and ``tolerance + margin`` of the reference are the indifference zone:
there the race may call "in line" what the fixed run would flag; elsewhere
each row's verdict is wrong with probability at most ``alpha`` (Wilson
intervals are close to, not exactly at, their level for small counts).
A race that never settles plays to the cap: the fixed run's very games
(the same seeds), so the same table.

Rounds end at fixed counts and every game's result depends only on its
place in the tournament, so a race stops at the same look however many
workers play it, and a stopped race resumes from its results files.

>>> from henchmen.analysis.stats import Rate
>>> status(Rate("Quake", 10, 100), 0.5, RaceRule(), looks=4)
'far'
>>> status(Rate("seat 1", 500, 1000), 0.5, RaceRule(), looks=4)
'in'
>>> status(Rate("Inferno", 44, 100), 0.5, RaceRule(), looks=4)
'open'
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from statistics import NormalDist

from henchmen.analysis.balance import TOLERANCE
from henchmen.analysis.groups import groupings
from henchmen.analysis.plan import Tournament
from henchmen.analysis.play import GameRecord
from henchmen.analysis.run import Progress, run_tournament
from henchmen.analysis.stats import Rate, contributions, regroup, score, seat_advantage, turn_order
from henchmen.errors import OptionError

#: Looks a race plans unless told: few enough that each keeps most of its power.
LOOKS = 8
#: A row's chance of a wrong settled verdict, over all its looks.
ALPHA = 0.05
#: Rows need this many games before a look may settle them (Wilson's level is poor below).
MIN_ROW_GAMES = 20


@dataclass(frozen=True)
class RaceRule:
    """The error rate, planned looks, the far-out tolerance and the indifference margin.

    >>> RaceRule().z(looks=8) > 2.7
    True
    """

    alpha: float = ALPHA
    looks: int = LOOKS
    tolerance: float = TOLERANCE
    margin: float = TOLERANCE

    def __post_init__(self) -> None:
        if not 0 < self.alpha < 1:
            raise OptionError(f"a race's alpha must lie between 0 and 1, got {self.alpha}")
        if not isinstance(self.looks, int) or not 1 <= self.looks <= 1000:
            raise OptionError(f"a race's looks must be a whole number 1 to 1000, got {self.looks}")
        if self.tolerance <= 0 or self.margin < 0:
            raise OptionError("a race's tolerance must be above 0 and its margin at least 0")

    def z(self, looks: int | None = None) -> float:
        """The normal quantile of each look's two-sided interval (Bonferroni over the looks).

        >>> round(RaceRule(looks=1).z(), 3), round(RaceRule(looks=8).z(), 3)
        (1.96, 2.734)
        """
        spent = self.alpha / (looks or self.looks)
        return NormalDist().inv_cdf(1 - spent / 2)


def status(rate: Rate, reference: float, rule: RaceRule, looks: int | None = None) -> str:
    """``'far'``, ``'in'`` or ``'open'``: a row's verdict at a look, by the race's rule.

    >>> status(Rate("seat 1", 5, 10), 0.5, RaceRule())  # too few games to settle
    'open'
    """
    if rate.games < MIN_ROW_GAMES:
        return "open"
    from henchmen.matches import wilson_interval

    lo, hi = wilson_interval(rate.successes, rate.games, rule.z(looks))
    if hi < reference * (1 - rule.tolerance) or lo > reference * (1 + rule.tolerance):
        return "far"
    wide = rule.tolerance + rule.margin
    if lo >= reference * (1 - wide) and hi <= reference * (1 + wide):
        return "in"
    return "open"


Question = tuple[Rate, float]  # a row and its reference


def study_questions(
    tournaments: Sequence[Tournament], records: Sequence[GameRecord]
) -> list[Question]:
    """The rows a balance table gives a verdict on, each with its reference.

    The same rows as :func:`~henchmen.analysis.balance.balance_table`: seats
    and turn order against the fair share, each group against its pooled score.
    A cooperative game's table names no row far out, so it asks nothing.

    >>> t = Tournament("parry", ("greedy",), games_per_table=2)
    >>> g = GameRecord(0, 0, 0, (0, 0), (1.0, -1.0), 9, False, ({}, {}), {})
    >>> [(r.label, r.rate, ref) for r, ref in study_questions([t], [g])]
    [('seat 1', 1.0, 0.5), ('seat 2', 0.0, 0.5)]
    """
    game = tournaments[0].make_game()
    if not game.info.zero_sum:
        return []
    fair = 1.0 / game.num_players
    asked = [(r, fair) for r in seat_advantage(records, False) + turn_order(records)]
    for group in groupings(game).values():
        found = contributions(regroup(records, group), False, 1)
        if found:
            pooled = sum(c.successes for c in found) / sum(c.games for c in found)
            asked += [(Rate(c.feature, c.successes, c.games), pooled) for c in found]
    return asked


def table_questions(
    tournament: Tournament, table: int, records: Sequence[GameRecord]
) -> list[Question]:
    """A tournament table's rows: each place at the table's share of its wins, against 1/n.

    >>> t = Tournament("parry", ("random", "greedy"), games_per_table=2)
    >>> won = [GameRecord(0, g, 0, t.seats(0, g), (1.0, -1.0) if g % 2 else (-1.0, 1.0),
    ...                   9, False, ({}, {}), {}) for g in range(4)]
    >>> [(r.label, r.rate) for r, _ in table_questions(t, 0, won)]
    [('random', 0.0), ('greedy', 1.0)]
    """
    bots = tournament.tables[table]
    n = len(bots)
    mine = [r for r in records if r.table == table and not r.truncated]
    return [
        (
            Rate(tournament.bots[b], sum(score(r, (i - r.game) % n) for r in mine), len(mine)),
            1.0 / n,
        )
        for i, b in enumerate(bots)
    ]


def settled(questions: Sequence[Question], rule: RaceRule) -> bool:
    """Whether every row has its verdict (a table that asks nothing is settled).

    >>> settled([(Rate("seat 1", 50, 100), 0.5)], RaceRule(looks=1))
    True
    """
    return all(status(r, ref, rule) != "open" for r, ref in questions)


def look_counts(cap: int, players: int, looks: int) -> list[int]:
    """Games a table has after each look: ``cap * k / looks``, rounded up to whole rotations.

    >>> look_counts(1200, 2, 8)
    [150, 300, 450, 600, 750, 900, 1050, 1200]
    >>> look_counts(10, 4, 3)
    [4, 8, 12]
    """
    return [
        min(-(-math.ceil(cap * k / looks) // players) * players, -(-cap // players) * players)
        for k in range(1, looks + 1)
    ]


@dataclass(frozen=True)
class RaceRun:
    """What a race played: every table's records, its games against the cap, where it stopped.

    ``stopped[t]`` is the look (1-based) after which table ``t`` stopped, or
    0 when it ran to the cap unsettled.

    >>> RaceRun([], games=300, cap=1200, stopped=[2, 0]).stopped
    [2, 0]
    """

    records: list[GameRecord]
    games: int
    cap: int
    stopped: list[int]

    def line(self) -> str:
        """One line for the run's log.

        >>> RaceRun([], 300, 1200, [2]).line()
        'race: 300 of 1200 games (25%); table 1 settled at look 2'
        """
        where = "; ".join(
            f"table {t + 1} " + (f"settled at look {k}" if k else "unsettled at the cap")
            for t, k in enumerate(self.stopped)
        )
        share = self.games / max(self.cap, 1)
        return f"race: {self.games} of {self.cap} games ({share:.0%}); {where}"


def race(
    tournaments: Sequence[Tournament],
    paths: Sequence[str | os.PathLike[str]],
    ask: Callable[[list[GameRecord]], list[list[Question]]],
    rule: RaceRule = RaceRule(),
    *,
    executor: Executor | None = None,
    workers: int = 1,
    batch_size: int = 0,
    progress: Progress | None = None,
) -> RaceRun:
    """Play ``tournaments`` (one results file each) in rounds until ``ask``'s rows settle.

    ``ask`` maps every record so far to its question groups: one group for
    a study (every table stops together), one per table for a tournament.

    >>> import tempfile, os
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> t = Tournament("parry", ("random", "ismcts:iterations=200"), games_per_table=400, seed=3)
    >>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
    >>> with ThreadPoolExecutor(1) as pool:
    ...     run = race([t], [path], lambda rs: [table_questions(t, 0, rs)], executor=pool)
    >>> run.stopped, run.games < 400
    ([1], True)
    """
    cap = sum(t.total_games for t in tournaments)
    tables = [len(t.tables) for t in tournaments]
    records: list[GameRecord] = []
    stopped: list[int] = []
    upto: list[list[int]] = [[0] * n for n in tables]
    for k in range(1, rule.looks + 1):
        for i, t in enumerate(tournaments):
            target = look_counts(t.games_per_table, t.players, rule.looks)[k - 1]
            upto[i] = [target if not _stopped(stopped, i, j, tables) else n
                       for j, n in enumerate(upto[i])]  # fmt: skip
        records = []
        for i, t in enumerate(tournaments):
            run = run_tournament(
                t, paths[i], executor=executor, workers=workers, batch_size=batch_size,
                progress=progress, upto=tuple(upto[i]),
            )  # fmt: skip
            records += [r for r in run.records if r.game < upto[i][r.table]]
        groups = ask(records)
        if not stopped:
            stopped = [0] * len(groups)
        for g, questions in enumerate(groups):
            if not stopped[g] and all(status(r, ref, rule) != "open" for r, ref in questions):
                stopped[g] = k
        if all(stopped):
            break
    return RaceRun(records, len(records), cap, stopped)


def _stopped(stopped: list[int], setup: int, table: int, tables: list[int]) -> bool:
    """Whether a table of a setup has stopped: one group per table, or one for all."""
    if not stopped:
        return False
    if len(stopped) == 1:
        return bool(stopped[0])
    return bool(stopped[sum(tables[:setup]) + table])


__all__ = [
    "ALPHA",
    "LOOKS",
    "RaceRule",
    "RaceRun",
    "look_counts",
    "race",
    "settled",
    "status",
    "study_questions",
    "table_questions",
]
