"""Per-game statistics of a tournament, from its records (which come from events).

- **Seat advantage**: each seat's score (a win 1, a best return shared by k
  seats 1/k each) with Wilson intervals; the fair rate is 1 / players.  In a
  cooperative game every seat shares the team result, so it is the team win
  rate instead.
- **Head to head**: for each pair of bots, the share of their meetings the
  first won (ties count half), from the same pairwise reading as the ratings;
  cooperative: the team win rate when both sat at the table.
- **Game length**: actions per game, decisions and chance alike.
- **Contributions**: for each feature (``"buy Hoppy Hunters"``), the score
  of the player who had the most of it at the table (strictly), over the
  games where someone did; a feature far above the others wins games.
  Cooperative: the team win rate of games where the feature occurred,
  beside the rate where it did not.

>>> from henchmen.analysis.record import GameRecord
>>> g = GameRecord(0, 0, 0, (0, 1), (1.0, -1.0), 10, False, ({"buy A": 2}, {"buy A": 1}), {})
>>> c = contributions([g] * 12, cooperative=False, min_games=10)[0]
>>> c.feature, c.games, c.rate
('buy A', 12, 1.0)
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from henchmen.analysis.record import GameRecord
from henchmen.matches import wilson_interval


@dataclass(frozen=True)
class Rate:
    """A proportion with its 95% Wilson interval (``successes`` may count halves).

    >>> r = Rate("seat 1", successes=7.5, games=10)
    >>> r.rate
    0.75
    """

    label: str
    successes: float
    games: int

    @property
    def rate(self) -> float:
        """Successes over games (0 with no games).

        >>> Rate("seat 1", 3, 4).rate, Rate("seat 2", 0, 0).rate
        (0.75, 0.0)
        """
        return self.successes / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval.

        >>> lo, hi = Rate("seat 1", 30, 40).interval
        >>> lo < 0.75 < hi, round(lo, 2), round(hi, 2)
        (True, 0.6, 0.86)
        """
        return wilson_interval(self.successes, self.games)


@dataclass(frozen=True)
class Contribution:
    """A feature's win rate (of its leader, or of the team when it occurred) and a baseline.

    >>> g = GameRecord(0, 0, 0, (0, 1), (-1.0, 1.0), 10, False, ({"buy A": 1}, {"buy A": 3}), {})
    >>> contributions([g] * 20, cooperative=False, min_games=5)
    [Contribution(feature='buy A', successes=20.0, games=20, baseline=0.5)]
    """

    feature: str
    successes: float
    games: int
    baseline: float

    @property
    def rate(self) -> float:
        """Wins over games.

        >>> Contribution("buy A", 16, 20, 0.5).rate
        0.8
        """
        return self.successes / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the rate.

        >>> lo, hi = Contribution("buy A", 16, 20, 0.5).interval
        >>> lo > 0.5, hi < 1.0
        (True, True)
        """
        return wilson_interval(self.successes, self.games)


def team_won(r: GameRecord) -> float:
    """1 for a team win (every return positive), 0 for a loss (every return negative), else 0.5.

    >>> def game(returns):
    ...     return GameRecord(0, 0, 0, (0, 1), returns, 10, False, ({}, {}), {})
    >>> team_won(game((1.0, 1.0))), team_won(game((-1.0, -1.0))), team_won(game((1.0, -1.0)))
    (1.0, 0.0, 0.5)
    """
    if all(v > 0 for v in r.returns):
        return 1.0
    if all(v < 0 for v in r.returns):
        return 0.0
    return 0.5


def winner(r: GameRecord) -> int | None:
    """The seat with the strictly best return, or None (a tie, or a truncated game).

    >>> def game(returns, truncated=False):
    ...     return GameRecord(0, 0, 0, (0, 1, 2), returns, 10, truncated, ({},) * 3, {})
    >>> winner(game((-1.0, 2.0, -1.0))), winner(game((1.0, 1.0, -2.0)))
    (1, None)
    >>> winner(game((0.0, 0.0, 0.0), truncated=True)) is None
    True
    """
    if r.truncated:
        return None
    best = max(r.returns)
    seats = [s for s, v in enumerate(r.returns) if v == best]
    return seats[0] if len(seats) == 1 else None


def score(r: GameRecord, seat: int) -> float:
    """Seat ``seat``'s share of the win: 1 for the best return, 1/k where k seats share it.

    Every finished game gives out exactly one win, so a fair seat (or
    feature) scores 1 / players however often games are drawn (a truncated
    game gives out nothing).

    >>> def game(returns):
    ...     return GameRecord(0, 0, 0, (0, 1, 2), returns, 10, False, ({},) * 3, {})
    >>> score(game((-1.0, 2.0, -1.0)), 1), score(game((1.0, 1.0, -2.0)), 0)
    (1.0, 0.5)
    >>> score(game((1.0, 1.0, -2.0)), 2)
    0.0
    """
    if r.truncated:
        return 0.0
    best = max(r.returns)
    if r.returns[seat] != best:
        return 0.0
    return 1.0 / sum(v == best for v in r.returns)


def seat_advantage(records: Sequence[GameRecord], cooperative: bool) -> list[Rate]:
    """Each seat's :func:`score` (competitive) or the team's win rate (cooperative, one row).

    >>> first = GameRecord(0, 0, 0, (0, 1), (1.0, -1.0), 10, False, ({}, {}), {})
    >>> second = GameRecord(0, 1, 0, (1, 0), (-1.0, 1.0), 10, False, ({}, {}), {})
    >>> [(r.label, r.rate) for r in seat_advantage([first, first, second], cooperative=False)]
    [('seat 1', 0.6666666666666666), ('seat 2', 0.3333333333333333)]
    >>> [(r.label, r.rate) for r in seat_advantage([first], cooperative=True)]
    [('team', 0.5)]
    """
    games = [r for r in records if not r.truncated]
    if cooperative:
        return [Rate("team", sum(team_won(r) for r in games), len(games))]
    n = len(games[0].seats) if games else 0
    return [Rate(f"seat {s + 1}", sum(score(r, s) for r in games), len(games)) for s in range(n)]


def turn_order(records: Sequence[GameRecord]) -> list[Rate]:
    """Each place in the turn order's :func:`score`: the player who decided first, second, ...

    Empty unless every record knows its first seat and some game did not
    start with seat 1 (then the seat table already says it all).

    >>> a = GameRecord(0, 0, 0, (0, 0), (1.0, -1.0), 10, False, ({}, {}), {}, first=1)
    >>> b = GameRecord(0, 1, 0, (0, 0), (-1.0, 1.0), 10, False, ({}, {}), {}, first=0)
    >>> [(r.label, r.rate) for r in turn_order([a, b])]
    [('1st to play', 0.0), ('2nd to play', 1.0)]
    >>> turn_order([b])
    []
    """
    games = [r for r in records if not r.truncated]
    if not games or any(r.first < 0 for r in games) or all(r.first == 0 for r in games):
        return []
    n = len(games[0].seats)
    places = ["1st", "2nd", "3rd"] + [f"{k}th" for k in range(4, n + 1)]
    return [
        Rate(f"{places[k]} to play", sum(score(r, (r.first + k) % n) for r in games), len(games))
        for k in range(n)
    ]


def head_to_head(
    records: Sequence[GameRecord], bots: int, cooperative: bool
) -> list[list[Rate | None]]:
    """``m[a][b]``: bot a's share of its meetings with bot b (None where they never met).

    >>> won = GameRecord(0, 0, 0, (0, 1), (1.0, -1.0), 10, False, ({}, {}), {})
    >>> tie = GameRecord(0, 1, 0, (1, 0), (0.0, 0.0), 10, False, ({}, {}), {})
    >>> m = head_to_head([won, tie], bots=3, cooperative=False)
    >>> m[0][1].rate, m[1][0].rate, m[0][2]
    (0.75, 0.25, None)
    """
    won = [[0.0] * bots for _ in range(bots)]
    met = [[0] * bots for _ in range(bots)]
    for r in records:
        if r.truncated:
            continue
        n = len(r.seats)
        for s in range(n):
            for t in range(n):
                a, b = r.seats[s], r.seats[t]
                if s == t or a == b:
                    continue
                met[a][b] += 1
                if cooperative:
                    won[a][b] += team_won(r)
                else:
                    ra, rb = r.returns[s], r.returns[t]
                    won[a][b] += 1.0 if ra > rb else 0.5 if ra == rb else 0.0
    return [
        [Rate(f"{a} v {b}", won[a][b], met[a][b]) if met[a][b] else None for b in range(bots)]
        for a in range(bots)
    ]


def regroup(records: Sequence[GameRecord], group: Callable[[str], str | None]) -> list[GameRecord]:
    """The records with every feature renamed by ``group`` (None drops it), counts added.

    This turns ``"buy Hoppy Hunters 2"`` into ``"crew Hoppy Hunters"`` with a
    card table, so contributions can be read per crew, hero or deck.

    >>> g = GameRecord(0, 0, 0, (0,), (1.0,), 5, False, ({"buy A1": 1, "buy A2": 2},), {})
    >>> regroup([g], lambda f: "A" if f.startswith("buy A") else None)[0].features
    ({'A': 3},)
    """

    def rename(counts: dict[str, int]) -> dict[str, int]:
        out: Counter[str] = Counter()
        for name, n in counts.items():
            new = group(name)
            if new is not None:
                out[new] += n
        return dict(sorted(out.items()))

    return [
        dataclasses.replace(
            r,
            features=tuple(rename(f) for f in r.features),
            table_features=rename(r.table_features),
        )
        for r in records
    ]


def lengths(records: Sequence[GameRecord]) -> list[int]:
    """Actions per game, in record order.

    >>> lengths([GameRecord(0, g, 0, (0,), (1.0,), 10 + g, False, ({},), {}) for g in range(3)])
    [10, 11, 12]
    """
    return [r.length for r in records]


def contributions(
    records: Sequence[GameRecord], cooperative: bool, min_games: int = 20
) -> list[Contribution]:
    """Every feature seen in at least ``min_games`` games, most winning first.

    Competitive: the leader's :func:`score` (baseline: 1 / players).  Cooperative:
    the team win rate where the feature occurred (baseline: where it did not).

    >>> def game(g, won, features):
    ...     return GameRecord(0, g, 0, (0, 1), (won, won), 10, False, features, {})
    >>> games = [game(g, 1.0, ({"buy A": 1}, {})) for g in range(6)]
    >>> games += [game(g, -1.0, ({}, {"buy B": 1})) for g in range(6, 10)]
    >>> [(c.feature, c.rate, c.baseline) for c in contributions(games, True, min_games=3)]
    [('buy A', 1.0, 0.0), ('buy B', 0.0, 1.0)]
    """
    games = [r for r in records if not r.truncated]
    if not games:
        return []
    out: list[Contribution] = []
    if cooperative:
        present: dict[str, list[float]] = {}
        for r in games:
            seen = set(r.table_features)
            for f in r.features:
                seen.update(f)
            for name in seen:
                present.setdefault(name, []).append(team_won(r))
        total = sum(team_won(r) for r in games)
        for name, results in present.items():
            absent = len(games) - len(results)
            base = (total - sum(results)) / absent if absent else total / len(games)
            if len(results) >= min_games:
                out.append(Contribution(name, sum(results), len(results), base))
    else:
        led: Counter[str] = Counter()
        led_won: dict[str, float] = {}
        for r in games:
            names = {name for f in r.features for name in f}
            for name in names:
                counts = [f.get(name, 0) for f in r.features]
                top = max(counts)
                if counts.count(top) != 1:
                    continue
                led[name] += 1
                led_won[name] = led_won.get(name, 0.0) + score(r, counts.index(top))
        base = 1.0 / len(games[0].seats)
        out = [Contribution(k, led_won[k], v, base) for k, v in led.items() if v >= min_games]
    return sorted(out, key=lambda c: (-(c.rate - c.baseline), c.feature))


__all__ = [
    "Contribution",
    "Rate",
    "contributions",
    "head_to_head",
    "lengths",
    "regroup",
    "score",
    "seat_advantage",
    "team_won",
    "turn_order",
    "winner",
]
