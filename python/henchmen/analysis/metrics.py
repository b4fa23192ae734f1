"""Game metrics a designer asks for, read from each game's record (so from its events).

The same code reads every game; the only per-game knowledge is the game's
*score*: its first default measure (:data:`~henchmen.analysis.progress.DEFAULT_MEASURES`,
Supervillains won, hits landed, Components placed, ...), counted per seat
from the events that add to it.

- **Branching factor**: legal actions at each decision (chance left out),
  over every decision of every game and by tenth of the game (decision i of
  D falls in tenth ``10 i // D``); *forced* decisions had one legal action.
- **Leads**: after each action, the *leader* is the seat with strictly the
  highest score (nobody while two share the top).  A *lead change* is the
  leader becoming a different seat than the last seat to lead (a tie in
  between does not end a lead: A leads, A and B level, B leads is one
  change; A leads, level, A leads again is none).
- **Decisiveness**: in a game with a strict winner, the step from which the
  winner led for good (leader after that action and after every later
  one), as a fraction of the game's length ``(step + 1) / length`` (a lead
  from the setup is 0).  A winner not leading at the end won *from level or
  behind* on the score, and has no such step.
- **First player**: the score (a win 1, a shared best 1/k) of the seat that
  decided first, against the fair share 1 / players.
- **Usage**: for each feature (``"buy Royal Rule 3"``): in how many games it
  happened, how often a game, by which bot (the share of each bot's
  player-games with it), and the score of the player-games that had it,
  against the fair share (cooperative: their team win rate, against the
  team win rate of every game).

Leads, decisiveness and first player need two or more competing seats;
a cooperative game (Legendary) has none of them.

>>> from henchmen.analysis.play import GameRecord
>>> g = GameRecord(0, 0, 0, (0, 1), (-1.0, 1.0), 10, False, ({}, {}), {},
...                progress={"win": ((0, 1), (1, 4), (1, 6))})
>>> lead_story(g.progress["win"], 2, winner=1)
(1, 6)
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from henchmen.analysis.groups import Group
from henchmen.analysis.progress import DEFAULT_MEASURES, label
from henchmen.analysis.record import GameRecord, Steps
from henchmen.analysis.stats import Rate, regroup, score, team_won, winner

#: Tenths of a game, for the branching profile.
BINS = 10
#: The event kinds the report's card-level usage shows: what a player chose to take or play.
USAGE_KINDS = ("buy", "recruit", "play")


@dataclass(frozen=True)
class Branching:
    """Legal actions per decision, over all games' decisions.

    ``profile[k]`` is the mean over the decisions in tenth ``k`` of their
    games (None where no game had one there).

    >>> b = branching([GameRecord(0, 0, 0, (0,), (1.0,), 4, False, ({},), {},
    ...                           choices=(3, 1, 2, 2))])
    >>> b.decisions, b.mean, b.forced, b.unforced
    (4, 2.0, 0.25, 2.3333333333333335)
    """

    games: int
    decisions: int
    mean: float
    forced: float
    unforced: float
    profile: tuple[float | None, ...]


@dataclass(frozen=True)
class Leads:
    """Lead changes and the decisive step of each game, on the game's score.

    ``changes`` has one count per game read; ``decided`` one fraction per
    game whose winner led for good; ``from_behind`` counts the games with a
    strict winner who was not leading at the end.

    >>> g = GameRecord(0, 0, 0, (0, 1), (-1.0, 1.0), 10, False, ({}, {}), {},
    ...                progress={"win": ((0, 2), (1, 5), (1, 6))})
    >>> m = leads([g], "win")
    >>> m.games, m.changes, m.decided, m.from_behind
    (1, (1,), (0.7,), 0)
    """

    measure: str
    label: str
    games: int
    changes: tuple[int, ...]
    decided: tuple[float, ...]
    from_behind: int


@dataclass(frozen=True)
class Usage:
    """One feature's use: games it happened in, by whom, and the score of who had it.

    ``by_bot`` is, per bot label, (player-games with it, player-games).

    >>> g = GameRecord(0, 0, 0, (0, 1), (1.0, -1.0), 10, False, ({"buy A": 1}, {}), {})
    >>> u = usage([g], ["random", "greedy"])[0]
    >>> u.feature, u.share, u.by_bot
    ('buy A', 1.0, (('random', 1, 1), ('greedy', 0, 1)))
    """

    feature: str
    games: int
    share: float
    per_game: float
    by_bot: tuple[tuple[str, int, int], ...]
    result: Rate
    baseline: float


@dataclass(frozen=True)
class Metrics:
    """Every metric of a set of records; None where it cannot be read (see the module).

    >>> g = GameRecord(0, 0, 0, (0, 1), (1.0, -1.0), 3, False, ({}, {}), {}, choices=(2, 1))
    >>> m = game_metrics([g], "parry", ["random", "greedy"], cooperative=False)
    >>> m.players, m.cooperative, m.decisions
    (2, False, (2,))
    """

    players: int
    cooperative: bool
    decisions: tuple[int, ...]
    branching: Branching | None
    leads: Leads | None
    first_player: Rate | None
    usage: tuple[Usage, ...]
    groups: tuple[tuple[str, tuple[Usage, ...]], ...] = ()

    def cards(self) -> tuple[Usage, ...]:
        """The usage of features of :data:`USAGE_KINDS`, most widespread first.

        >>> g = GameRecord(0, 0, 0, (0, 1), (1.0, -1.0), 3, False,
        ...                ({"buy Fire 1": 1, "setup X": 1}, {}), {})
        >>> [u.feature for u in game_metrics([g], "parry", ["r", "g"], False).cards()]
        ['buy Fire 1']
        """
        return tuple(u for u in self.usage if u.feature.partition(" ")[0] in USAGE_KINDS)


def lead_story(steps: Steps, players: int, winner: int | None) -> tuple[int, int | None]:
    """(lead changes, the step from which ``winner`` led for good, or None).

    ``steps`` are the score's events as (seat, step) in order; events of the
    same step are counted together; an event of nobody (None) counts for
    nobody.

    >>> lead_story(((0, 2), (1, 5), (1, 5), (0, 8), (0, 9)), 2, winner=0)
    (2, 9)
    >>> lead_story(((0, 2), (1, 5)), 2, winner=0)
    (0, None)
    >>> lead_story(((0, -1),), 2, winner=0)
    (0, -1)
    """
    counts = [0] * players
    last: int | None = None
    changes = 0
    since: int | None = None
    for step, group in groupby(steps, key=lambda p: p[1]):
        for seat, _ in group:
            if seat is not None:
                counts[seat] += 1
        top = max(counts)
        leaders = [s for s in range(players) if counts[s] == top]
        lead = leaders[0] if len(leaders) == 1 else None
        if lead is not None:
            if last is not None and lead != last:
                changes += 1
            last = lead
        if winner is not None and lead == winner:
            if since is None:
                since = step
        else:
            since = None
    return changes, since


def branching(records: Sequence[GameRecord]) -> Branching | None:
    """The branching factor of the records that kept their choices (None if none did).

    >>> branching([]) is None
    True
    """
    games = [r.choices for r in records if r.choices]
    if not games:
        return None
    sums = [0] * BINS
    counts = [0] * BINS
    total = decisions = forced = 0
    for g in games:
        d = len(g)
        total += sum(g)
        decisions += d
        forced += g.count(1)
        # Decision i is in tenth k when k d <= BINS i < (k + 1) d.
        edges = [-(-k * d // BINS) for k in range(BINS + 1)]
        for k in range(BINS):
            lo, hi = edges[k], edges[k + 1]
            sums[k] += sum(g[lo:hi])
            counts[k] += hi - lo
    return Branching(
        games=len(games),
        decisions=decisions,
        mean=total / decisions,
        forced=forced / decisions,
        unforced=(total - forced) / (decisions - forced) if decisions > forced else 0.0,
        profile=tuple(x / c if c else None for x, c in zip(sums, counts, strict=True)),
    )


def leads(records: Sequence[GameRecord], measure: str, name: str = "") -> Leads:
    """Lead changes and decisiveness on ``measure``, over finished games that recorded it.

    >>> def game(returns, steps):
    ...     return GameRecord(0, 0, 0, (0, 1), returns, 10, False, ({}, {}), {},
    ...                       progress={"win": steps})
    >>> a = game((1.0, -1.0), ((0, 4),))
    >>> b = game((-1.0, 1.0), ((0, 1), (1, 3), (1, 7)))
    >>> c = game((-1.0, 1.0), ((0, 1),))
    >>> m = leads([a, b, c], "win")
    >>> m.changes, m.decided, m.from_behind
    ((0, 1, 0), (0.5, 0.8), 1)
    """
    changes: list[int] = []
    decided: list[float] = []
    behind = 0
    for r in records:
        if r.truncated or measure not in r.progress:
            continue
        w = winner(r)
        count, since = lead_story(r.progress[measure], len(r.seats), w)
        changes.append(count)
        if w is None:
            continue
        if since is None:
            behind += 1
        else:
            decided.append(min(1.0, (since + 1) / r.length) if r.length else 0.0)
    return Leads(measure, name or measure, len(changes), tuple(changes), tuple(decided), behind)


def first_player(records: Sequence[GameRecord]) -> Rate | None:
    """The score of the seat that decided first, over finished games that know it.

    >>> a = GameRecord(0, 0, 0, (0, 1), (1.0, -1.0), 10, False, ({}, {}), {}, first=0)
    >>> b = GameRecord(0, 1, 0, (1, 0), (1.0, -1.0), 10, False, ({}, {}), {}, first=1)
    >>> first_player([a, a, b]).rate
    0.6666666666666666
    """
    games = [r for r in records if not r.truncated and r.first >= 0]
    if not games:
        return None
    return Rate("first player", sum(score(r, r.first) for r in games), len(games))


def usage(
    records: Sequence[GameRecord], labels: Sequence[str], cooperative: bool = False
) -> tuple[Usage, ...]:
    """Each feature's :class:`Usage` over the finished games, most widespread first.

    Cooperative, the result is the team win rate of the player-games that
    had it, against the team win rate of all games (every seat shares one
    result, so a seat's share of the win says nothing).

    >>> a = GameRecord(0, 0, 0, (0, 1), (1.0, -1.0), 10, False, ({"buy A": 2}, {}), {})
    >>> b = GameRecord(0, 1, 0, (1, 0), (1.0, -1.0), 10, False, ({}, {"buy A": 1}), {})
    >>> u = usage([a, b], ["random", "greedy"])[0]
    >>> u.feature, u.games, u.per_game, u.by_bot, u.result.rate
    ('buy A', 2, 1.5, (('random', 2, 2), ('greedy', 0, 2)), 0.5)
    """
    games = [r for r in records if not r.truncated]
    if not games:
        return ()
    k = len(labels)
    seated = [0] * k
    # Per feature: [times, games, player-games, their results, then player-games by bot].
    tally: dict[str, list[float]] = {}
    for r in games:
        seen: set[str] = set()
        team = team_won(r) if cooperative else 0.0
        for seat, (bot, counts) in enumerate(zip(r.seats, r.features, strict=True)):
            seated[bot] += 1
            won = team if cooperative else score(r, seat)
            for name, n in counts.items():
                if n <= 0:
                    continue
                t = tally.get(name)
                if t is None:
                    t = tally[name] = [0.0] * (4 + k)
                t[0] += n
                t[2] += 1
                t[3] += won
                t[4 + bot] += 1
                if name not in seen:
                    seen.add(name)
                    t[1] += 1
    if cooperative:
        base = sum(team_won(r) for r in games) / len(games)
    else:
        base = 1.0 / len(games[0].seats)
    out = [
        Usage(
            feature=name,
            games=int(t[1]),
            share=t[1] / len(games),
            per_game=t[0] / t[1],
            by_bot=tuple((labels[b], int(t[4 + b]), seated[b]) for b in range(k) if seated[b]),
            result=Rate(name, t[3], int(t[2])),
            baseline=base,
        )
        for name, t in tally.items()
    ]
    return tuple(sorted(out, key=lambda u: (-u.games, u.feature)))


def game_metrics(
    records: Sequence[GameRecord],
    game: str,
    labels: Sequence[str],
    cooperative: bool,
    groups: Mapping[str, Group] | None = None,
) -> Metrics:
    """Every metric of the records of ``game`` played by bots ``labels``.

    ``groups`` are the game's groupings (:func:`~henchmen.analysis.groups.groupings`),
    each read as usage of its own (per crew, power, genius, deck, hero).

    >>> g = GameRecord(0, 0, 0, (0, 1), (1.0, -1.0), 3, False, ({}, {}), {},
    ...                progress={"strike": ((0, 1),)}, first=0, choices=(2, 1))
    >>> m = game_metrics([g], "parry", ["random", "greedy"], cooperative=False)
    >>> m.decisions, m.leads.decided, m.first_player.rate
    ((2,), (0.6666666666666666,), 1.0)
    """
    defaults = DEFAULT_MEASURES.get(game, ())
    score_measure = defaults[0][0] if defaults else None
    competitive = not cooperative and bool(records) and len(records[0].seats) > 1
    return Metrics(
        players=len(records[0].seats) if records else 0,
        cooperative=cooperative,
        decisions=tuple(len(r.choices) for r in records if r.choices),
        branching=branching(records),
        leads=(
            leads(records, score_measure, label(game, score_measure))
            if competitive and score_measure
            else None
        ),
        first_player=first_player(records) if competitive else None,
        usage=usage(records, labels, cooperative),
        groups=tuple(
            # A game's features repeat from record to record: each is grouped once.
            (name, usage(regroup(records, functools.cache(group)), labels, cooperative))
            for name, group in (groups or {}).items()
        ),
    )


def quantiles(values: Sequence[float], qs: Sequence[float] = (0.25, 0.5, 0.75)) -> list[float]:
    """Nearest-rank quantiles (empty for no values).

    >>> quantiles([5, 1, 3, 2, 4])
    [2, 3, 4]
    """
    ordered = sorted(values)
    if not ordered:
        return []
    return [ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in qs]


USAGE_HEAD = "share of games, times a game where it happened, score of who did it"
USAGE_TEAM = "share of games, times a game where it happened, team win rate where it did"


def _usage_line(u: Usage) -> str:
    lo, hi = u.result.interval
    name, k, n = max(u.by_bot, key=lambda x: x[1] / x[2])
    return (
        f"  {u.share:6.1%} {u.per_game:6.1f}  {u.result.rate:6.1%} [{lo:5.1%}, {hi:5.1%}] vs "
        f"{u.baseline:5.1%}  {u.feature} (most: {name}, {k / n:.0%} of its games)"
    )


def metrics_lines(m: Metrics, top: int = 12) -> list[str]:
    """The metrics as text lines for the report.

    >>> g = GameRecord(0, 0, 0, (0, 1), (1.0, -1.0), 3, False, ({"buy A": 1}, {}), {},
    ...                progress={"strike": ((0, 1),)}, first=0, choices=(2, 1))
    >>> print("\\n".join(metrics_lines(game_metrics([g], "parry", ["r", "g"], False))))
    ... # doctest: +ELLIPSIS
    decisions per game: mean 2.0, median 2; legal actions per decision: mean 1.5, ...
    ...
    """
    lines: list[str] = []
    b = m.branching
    if b is not None:
        med = quantiles(m.decisions)[1]
        lines.append(
            f"decisions per game: mean {sum(m.decisions) / len(m.decisions):.1f}, median {med}; "
            f"legal actions per decision: mean {b.mean:.1f}, {b.forced:.0%} forced (one "
            f"choice), mean {b.unforced:.1f} when not forced"
        )
        lines.append(
            "  by tenth of the game: "
            + " ".join("-" if v is None else f"{v:.1f}" for v in b.profile)
        )
    if m.leads is not None and m.leads.games:
        le = m.leads
        changes = sorted(le.changes)
        lines.append(
            f"leads on {le.label} ({le.games} games): lead changes mean "
            f"{sum(changes) / len(changes):.2f}, median {quantiles(changes)[1]}, most "
            f"{changes[-1]}; "
            f"{sum(c == 0 for c in changes) / len(changes):.0%} without one"
        )
        if le.decided:
            q = quantiles(le.decided)
            lines.append(
                f"  decided (winner leads for good) at {q[1]:.0%} of the game (quartiles "
                f"{q[0]:.0%}-{q[2]:.0%}); {le.from_behind} of {len(le.decided) + le.from_behind} "
                "won games were won from level or behind on it"
            )
    if m.first_player is not None:
        fp = m.first_player
        lo, hi = fp.interval
        lines.append(
            f"first player's score {fp.rate:.1%} [{lo:.1%}, {hi:.1%}] n={fp.games} "
            f"(fair share {1 / m.players:.1%})"
        )
    for name, rows in m.groups:
        if rows:
            lines.append(f"usage by {name}: {USAGE_TEAM if m.cooperative else USAGE_HEAD}")
            lines += [_usage_line(u) for u in rows[: 2 * top]]
    cards = m.cards()
    if cards:
        shown = cards if len(cards) <= 2 * top else cards[:top] + cards[-top:]
        lines.append(f"usage by card ({', '.join(USAGE_KINDS)}; most and least of "
                     f"{len(cards)}): {USAGE_TEAM if m.cooperative else USAGE_HEAD}")  # fmt: skip
        lines += [_usage_line(u) for u in shown]
    return lines


__all__ = [
    "BINS",
    "USAGE_KINDS",
    "Branching",
    "Leads",
    "Metrics",
    "Usage",
    "branching",
    "first_player",
    "game_metrics",
    "lead_story",
    "leads",
    "metrics_lines",
    "quantiles",
    "usage",
]
