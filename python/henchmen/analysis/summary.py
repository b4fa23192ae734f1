"""A tournament's results in one object: ratings, seats, head to head, lengths, contributions.

>>> import tempfile, os
>>> from concurrent.futures import ThreadPoolExecutor
>>> from henchmen.analysis.plan import Tournament
>>> from henchmen.analysis.run import run_tournament
>>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
>>> t = Tournament("parry", ("random", "greedy"), games_per_table=8, seed=2)
>>> with ThreadPoolExecutor(1) as pool:
...     _ = run_tournament(t, path, executor=pool)
>>> s = summarize(*read_results(path))
>>> s.games, [r.label for r in s.ratings]
(8, ['random', 'greedy'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from henchmen.analysis.groups import groupings
from henchmen.analysis.metrics import Metrics, game_metrics, metrics_lines
from henchmen.analysis.plan import Tournament
from henchmen.analysis.play import GameRecord
from henchmen.analysis.progress import Curve, curves
from henchmen.analysis.ratings import Rating, fit_ratings
from henchmen.analysis.stats import (
    Contribution,
    Rate,
    contributions,
    head_to_head,
    seat_advantage,
)
from henchmen.analysis.store import read_results


@dataclass(frozen=True)
class Summary:
    """Everything the report shows, computed once from the records.

    >>> from henchmen.analysis.plan import Tournament
    >>> g = GameRecord(0, 0, 0, (0, 1), (1.0, -1.0), 10, False, ({}, {}), {})
    >>> s = summarize(Tournament("parry", ("random", "greedy"), games_per_table=2), [g])
    >>> s.games, s.expected, s.lengths, s.cooperative
    (1, 2, [10], False)
    """

    tournament: Tournament
    title: str
    cooperative: bool
    labels: list[str]
    games: int
    expected: int
    truncated: int
    ratings: list[Rating]
    seats: list[Rate]
    head_to_head: list[list[Rate | None]]
    lengths: list[int]
    contributions: list[Contribution]
    curves: list[Curve]
    metrics: Metrics | None = None


def labels(bots: Sequence[str]) -> list[str]:
    """A name per bot, numbered where two share a spec.

    >>> labels(["random", "greedy", "random"])
    ['random (bot 1)', 'greedy', 'random (bot 3)']
    """
    return [f"{b} (bot {i + 1})" if list(bots).count(b) > 1 else b for i, b in enumerate(bots)]


def summarize(tournament: Tournament, records: Sequence[GameRecord], min_games: int = 0) -> Summary:
    """Compute the summary; ``min_games`` is the support a contribution needs (0: 5% of games).

    >>> from henchmen.analysis.plan import Tournament
    >>> def game(g, seats, returns):
    ...     return GameRecord(0, g, 0, seats, returns, 10, False, ({"buy A": 1}, {}), {})
    >>> records = [game(g, (0, 1) if g % 2 else (1, 0), (1.0, -1.0)) for g in range(6)]
    >>> s = summarize(Tournament("parry", ("random", "greedy"), games_per_table=6), records)
    >>> [r.rate for r in s.seats], s.head_to_head[0][1].rate
    ([1.0, 0.0], 0.5)
    >>> [(c.feature, c.games, c.rate) for c in s.contributions]
    [('buy A', 6, 1.0)]
    """
    game = tournament.make_game()
    cooperative = not game.info.zero_sum
    names = labels(tournament.bots)
    support = min_games or max(5, len(records) // 20)
    return Summary(
        tournament=tournament,
        title=game.info.title,
        cooperative=cooperative,
        labels=names,
        games=len(records),
        expected=tournament.total_games,
        truncated=sum(r.truncated for r in records),
        ratings=fit_ratings(records, names, cooperative),
        seats=seat_advantage(records, cooperative),
        head_to_head=head_to_head(records, len(names), cooperative),
        lengths=[r.length for r in records],
        contributions=contributions(records, cooperative, support),
        curves=curves(records, tournament.game, tournament.measures or (), cooperative, support),
        metrics=game_metrics(records, tournament.game, names, cooperative, groupings(game)),
    )


def text_report(s: Summary, top: int = 12) -> str:
    """The summary as text for a terminal.

    >>> from henchmen.analysis.plan import Tournament
    >>> empty = summarize(Tournament("parry", ("random",) * 2), [])
    >>> print(text_report(empty))  # doctest: +ELLIPSIS
    Parry...: 0 of 100 games, bots random (bot 1), random (bot 2); seed 1
    ...
    """
    t = s.tournament
    lines = [
        f"{s.title}: {s.games} of {s.expected} games, bots {', '.join(s.labels)}; seed {t.seed}"
        + (
            "; cooperative (a rating is what a bot adds to the team's odds)"
            if s.cooperative
            else ""
        ),
        "",
        "rating (Elo scale, field mean 0)  95% interval      games  bot",
    ]
    for r in sorted(s.ratings, key=lambda r: -r.rating):
        lines.append(f"{r.rating:+8.0f}  [{r.low:+7.0f}, {r.high:+7.0f}]  {r.games:14d}  {r.label}")
    lines += [
        "",
        "team win rate"
        if s.cooperative
        else "seat advantage (score by seat: a win 1, a shared best 1/k)",
    ]
    for rate in s.seats:
        lo, hi = rate.interval
        lines.append(f"  {rate.label:<8} {rate.rate:6.1%}  [{lo:5.1%}, {hi:5.1%}]  n={rate.games}")
    if s.lengths:
        ordered = sorted(s.lengths)
        lines += [
            "",
            f"game length: mean {sum(ordered) / len(ordered):.0f} actions, median "
            f"{ordered[len(ordered) // 2]}, from {ordered[0]} to {ordered[-1]}"
            + (f"; {s.truncated} hit the length limit" if s.truncated else ""),
        ]
    if s.metrics is not None:
        lines += metrics_lines(s.metrics, top)
    if s.contributions:
        what = (
            "team win rate where it occurred (vs where it did not)"
            if s.cooperative
            else "score of the player with the most of it"
        )
        lines += ["", f"contributions: {what}; top and bottom {top}"]
        shown = (
            s.contributions
            if len(s.contributions) <= 2 * top
            else (s.contributions[:top] + s.contributions[-top:])
        )
        for c in shown:
            lo, hi = c.interval
            lines.append(
                f"  {c.rate:6.1%} [{lo:5.1%}, {hi:5.1%}] vs {c.baseline:5.1%}  n={c.games:<6d} "
                f"{c.feature}"
            )
    for curve in s.curves:
        lines += ["", *curve_lines(curve)]
    return "\n".join(lines)


def curve_lines(c: Curve) -> list[str]:
    """A first-to-X curve as text: a line per X.

    >>> from henchmen.analysis.progress import Measure, first_to
    >>> g = GameRecord(0, 0, 0, (0, 1), (1.0, -1.0), 50, False, ({}, {}), {},
    ...                progress={"win": ((0, 10), (1, 20))})
    >>> for line in curve_lines(first_to([g] * 3, Measure.parse("win"))):
    ...     print(line)
    first to X win (3 games): score of the seat that got there first (fair share 50.0%)
         X  first wins  95% interval      games  median step
         1      100.0%  [43.8%, 100.0%]       3           10
    """
    if c.cooperative:
        head = (
            f"team to X {c.label} ({c.games} games, team win rate {c.baseline:.1%}): team win "
            "rate if reached by the median step, and after it"
        )
        rows = [
            "     X  median step  by then  95% interval     games  after  95% interval     games"
        ]
        for p in c.points:
            assert p.late is not None
            (lo, hi), (llo, lhi) = p.rate.interval, p.late.interval
            rows.append(
                f"  {p.x:4d}  {p.split:11d}  {p.rate.rate:6.1%}  [{lo:5.1%}, {hi:5.1%}]  "
                f"{p.rate.games:6d}  {p.late.rate:6.1%}  [{llo:5.1%}, {lhi:5.1%}]  "
                f"{p.late.games:6d}"
            )
    else:
        head = (
            f"first to X {c.label} ({c.games} games): score of the seat that got there first "
            f"(fair share {c.baseline:.1%})"
        )
        rows = ["     X  first wins  95% interval      games  median step"]
        for p in c.points:
            lo, hi = p.rate.interval
            rows.append(
                f"  {p.x:4d}      {p.rate.rate:6.1%}  [{lo:5.1%}, {hi:5.1%}]  {p.rate.games:6d}  "
                f"{p.split:11d}"
            )
    if not c.points:
        rows = ["  (reached in too few games)" if c.games else "  (no game records it)"]
    return [head, *rows]


__all__ = ["Summary", "curve_lines", "labels", "read_results", "summarize", "text_report"]
