"""Ratings with confidence intervals, by maximum likelihood over every game at once.

Competitive games (zero-sum, any number of players): a Bradley-Terry model.
Each game is read as the pairwise results between the bots at the table
(the better return beats the worse, equal returns are half a win each);
a pair's weight is ``1 / (n - 1)`` so every player-game counts once, however
many sit at the table.  Bot ``i`` beats bot ``j`` with probability
``1 / (1 + exp(r_j - r_i))``.

Cooperative games (every player shares the team's fate): a pairwise model
says nothing, since teammates never beat each other.  The team wins with
probability ``1 / (1 + exp(-(a + mean of its bots' r)))``: a logistic
regression of the team result on who sat at the table, so a bot's rating is
what it adds to the team's odds.

Both are fitted by Newton's method on the log-likelihood, with ratings
constrained to sum to zero (only differences are identified) and a weak
ridge (a normal prior of standard deviation 10 on the log-odds scale) that
keeps an undefeated bot finite.  Intervals are 95% Wald intervals from the
observed information.  Ratings are shown on the Elo scale (400 / ln 10 per
unit of log-odds), so 100 points is about a 64% chance of winning.

Why maximum likelihood rather than an online rating system (Elo updates,
TrueSkill, openskill): a tournament is a fixed sample, not a stream, and the
fit over the whole sample does not depend on the order in which games were
played or arrived from the workers, so a run on a cluster, resumed, or
replayed gives the same numbers; and its intervals are confidence
intervals of the strength differences, where an online system's uncertainty
reflects its update schedule.

>>> from henchmen.analysis.play import GameRecord
>>> def game(seats, returns):
...     return GameRecord(0, 0, 0, seats, returns, 10, False, ({},) * len(seats), {})
>>> games = [game((0, 1), (1.0, -1.0))] * 30 + [game((1, 0), (1.0, -1.0))] * 10
>>> a, b = fit_ratings(games, ["strong", "weak"], cooperative=False)
>>> a.rating > 0 > b.rating, a.low < a.rating < a.high
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from henchmen.analysis.play import GameRecord

#: Elo points per unit of log-odds.
ELO = 400.0 / math.log(10.0)
_RIDGE = 0.01
_Z = 1.959963984540054


@dataclass(frozen=True)
class Rating:
    """A bot's rating on the Elo scale (the field averages 0) with its 95% interval.

    With one bot there is nothing to compare: it rates 0, exactly.

    >>> game = GameRecord(0, 0, 0, (0, 0), (1.0, -1.0), 10, False, ({}, {}), {})
    >>> fit_ratings([game] * 3, ["greedy"], cooperative=False)
    [Rating(bot=0, label='greedy', rating=0.0, low=0.0, high=0.0, games=6)]
    """

    bot: int
    label: str
    rating: float
    low: float
    high: float
    games: int


def fit_ratings(
    records: Sequence[GameRecord], labels: Sequence[str], cooperative: bool
) -> list[Rating]:
    """The rating of each bot in ``labels`` from the finished, untruncated ``records``.

    Cooperative: a bot's rating is what it adds to the team's odds of winning.

    >>> def game(seats, won):
    ...     return GameRecord(0, 0, 0, seats, (won, won), 10, False, ({}, {}), {})
    >>> games = [game((0, 0), 1.0)] * 8 + [game((1, 1), -1.0)] * 8 + [game((0, 1), 1.0)] * 4
    >>> good, bad = fit_ratings(games, ["good", "bad"], cooperative=True)
    >>> good.rating > 0 > bad.rating, good.games, bad.games
    (True, 20, 20)
    >>> fit_ratings([], ["a", "b"], cooperative=False)[0].low
    -inf
    """
    k = len(labels)
    games = [r for r in records if not r.truncated]
    played = [sum(1 for r in games for b in r.seats if b == i) for i in range(k)]
    if k == 1:
        return [Rating(0, labels[0], 0.0, 0.0, 0.0, played[0])]
    basis = _sum_zero_basis(k)
    rows: list[npt.NDArray[np.float64]] = []
    ys: list[float] = []
    ws: list[float] = []
    for r in games:
        n = len(r.seats)
        if cooperative:
            x = np.zeros(k)
            for b in r.seats:
                x[b] += 1.0 / n
            y = (
                1.0
                if all(v > 0 for v in r.returns)
                else 0.0
                if all(v < 0 for v in r.returns)
                else 0.5
            )
            rows.append(np.concatenate(([1.0], x @ basis)))
            ys.append(y)
            ws.append(1.0)
            continue
        for s in range(n):
            for t in range(s + 1, n):
                a, b = r.seats[s], r.seats[t]
                if a == b:
                    continue
                x = np.zeros(k)
                x[a], x[b] = 1.0, -1.0
                ra, rb = r.returns[s], r.returns[t]
                rows.append(x @ basis)
                ys.append(1.0 if ra > rb else 0.0 if ra < rb else 0.5)
                ws.append(1.0 / (n - 1))
    if not rows:
        return [Rating(i, labels[i], 0.0, -math.inf, math.inf, played[i]) for i in range(k)]
    beta, cov = _logistic(np.array(rows), np.array(ys), np.array(ws))
    if cooperative:
        beta, cov = beta[1:], cov[1:, 1:]
    theta = basis @ beta
    var = np.diag(basis @ cov @ basis.T)
    return [
        Rating(
            i,
            labels[i],
            ELO * float(theta[i]),
            ELO * float(theta[i] - _Z * math.sqrt(max(var[i], 0.0))),
            ELO * float(theta[i] + _Z * math.sqrt(max(var[i], 0.0))),
            played[i],
        )
        for i in range(k)
    ]


def _sum_zero_basis(k: int) -> npt.NDArray[np.float64]:
    """An orthonormal k x (k-1) basis of the vectors summing to zero."""
    m = np.eye(k) - 1.0 / k
    u, _, _ = np.linalg.svd(m)
    basis: npt.NDArray[np.float64] = u[:, : k - 1]
    return basis


def _logistic(
    x: npt.NDArray[np.float64], y: npt.NDArray[np.float64], w: npt.NDArray[np.float64]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Weighted ridge logistic regression by Newton's method: coefficients and covariance."""
    beta: npt.NDArray[np.float64] = np.zeros(x.shape[1])
    ridge = _RIDGE * np.eye(x.shape[1])
    hessian = ridge
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(x @ beta)))
        grad = x.T @ (w * (y - p)) - ridge @ beta
        hessian = (x.T * (w * p * (1.0 - p))) @ x + ridge
        step = np.asarray(np.linalg.solve(hessian, grad), dtype=np.float64)
        beta = beta + step
        if float(np.max(np.abs(step))) < 1e-10:
            break
    cov = np.asarray(np.linalg.inv(hessian), dtype=np.float64)
    return beta, cov


__all__ = ["ELO", "Rating", "fit_ratings"]
