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
keeps an undefeated bot finite.  Intervals are 95% **profile likelihood**
intervals: a bot's bounds are the ratings at which the best fit with that
rating held fixed (every other parameter refitted) is worse than the best
fit overall by half the 95% chi-square point (1.92 in log-likelihood).
Where the data are plentiful they agree with Wald intervals (estimate
+- 1.96 standard errors); at the edges they stay honest where Wald's do
not: a bot that lost all its 40 games has a likelihood that is flat towards
minus infinity and falls steeply towards zero, so its interval is long
below and ends well short of 0 above, where the Wald interval, symmetric
about a point the ridge chose, reached past 0.  Ratings are shown on the
Elo scale (400 / ln 10 per unit of log-odds), so 100 points is about a 64%
chance of winning.

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
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from henchmen.analysis.play import GameRecord
from henchmen.analysis.stats import team_won

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
    # Games give few distinct rows (a pair of bots and a result; a team and
    # a result): each is kept once, with the weights of its games added.
    weights: defaultdict[tuple[tuple[int, ...], float], float] = defaultdict(float)
    for r in games:
        n = len(r.seats)
        if cooperative:
            weights[(tuple(sorted(r.seats)), team_won(r))] += 1.0
            continue
        for s in range(n):
            for t in range(s + 1, n):
                a, b = r.seats[s], r.seats[t]
                if a == b:
                    continue
                ra, rb = r.returns[s], r.returns[t]
                weights[((a, b), 1.0 if ra > rb else 0.0 if ra < rb else 0.5)] += 1.0 / (n - 1)
    if not weights:
        return [Rating(i, labels[i], 0.0, -math.inf, math.inf, played[i]) for i in range(k)]
    rows = []
    for bots, _ in weights:
        x = np.zeros(k)
        if cooperative:
            for b in bots:
                x[b] += 1.0 / len(bots)
            rows.append(np.concatenate(([1.0], x @ basis)))
        else:
            x[bots[0]], x[bots[1]] = 1.0, -1.0
            rows.append(x @ basis)
    fit = _Fit(np.array(rows), np.array([y for _, y in weights]), np.array(list(weights.values())))
    beta, _ = fit.maximize()
    best = fit.loglik(beta)
    out = []
    for i in range(k):
        # The rating of bot i is a linear function of the parameters.
        c = np.concatenate(([0.0], basis[i])) if cooperative else basis[i]
        theta = float(c @ beta)
        low, high = fit.profile_bounds(c, beta, best)
        out.append(Rating(i, labels[i], ELO * theta, ELO * low, ELO * high, played[i]))
    return out


def _sum_zero_basis(k: int) -> npt.NDArray[np.float64]:
    """An orthonormal k x (k-1) basis of the vectors summing to zero."""
    m = np.eye(k) - 1.0 / k
    u, _, _ = np.linalg.svd(m)
    basis: npt.NDArray[np.float64] = u[:, : k - 1]
    return basis


#: Half the 95% point of chi-square with one degree of freedom: the profile's drop at a bound.
_DROP = _Z * _Z / 2.0


class _Fit:
    """Weighted ridge logistic regression: the penalized log-likelihood, its maximum, profiles."""

    def __init__(
        self, x: npt.NDArray[np.float64], y: npt.NDArray[np.float64], w: npt.NDArray[np.float64]
    ) -> None:
        self.x, self.y, self.w = x, y, w

    def loglik(self, beta: npt.NDArray[np.float64]) -> float:
        z = self.x @ beta
        # log(p) = -log(1 + exp(-z)), log(1 - p) = -log(1 + exp(z)), stable at any z.
        per_row = self.y * np.logaddexp(0.0, -z) + (1.0 - self.y) * np.logaddexp(0.0, z)
        return float(-(self.w @ per_row) - 0.5 * _RIDGE * (beta @ beta))

    def hessian(self, beta: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """Minus the second derivative of :meth:`loglik` (the observed information)."""
        p = 1.0 / (1.0 + np.exp(-(self.x @ beta)))
        out: npt.NDArray[np.float64] = (self.x.T * (self.w * p * (1.0 - p))) @ self.x
        return out + _RIDGE * np.eye(self.x.shape[1])

    def maximize(
        self,
        shift: npt.NDArray[np.float64] | None = None,
        free: npt.NDArray[np.float64] | None = None,
        start: npt.NDArray[np.float64] | None = None,
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """The best ``beta = shift + free @ g`` over g (default: every beta), and that g.

        The penalized log-likelihood is strictly concave, so Newton's steps,
        halved while they do not improve it, reach its one maximum.
        """
        m = self.x.shape[1]
        shift = np.zeros(m) if shift is None else shift
        free = np.eye(m) if free is None else free
        g = np.zeros(free.shape[1]) if start is None else start
        beta = shift + free @ g
        if free.shape[1] == 0:
            return beta, g
        value = self.loglik(beta)
        for _ in range(200):
            p = 1.0 / (1.0 + np.exp(-(self.x @ beta)))
            grad = free.T @ (self.x.T @ (self.w * (self.y - p)) - _RIDGE * beta)
            step = np.asarray(
                np.linalg.solve(free.T @ self.hessian(beta) @ free, grad), dtype=np.float64
            )
            scale = 1.0
            while True:
                trial = shift + free @ (g + scale * step)
                trial_value = self.loglik(trial)
                if trial_value >= value - 1e-12 or scale < 1e-6:
                    break
                scale /= 2.0
            g, beta, value = g + scale * step, trial, trial_value
            if float(np.max(np.abs(scale * step))) < 1e-10:
                break
        return beta, g

    def profile_bounds(
        self, c: npt.NDArray[np.float64], beta: npt.NDArray[np.float64], best: float
    ) -> tuple[float, float]:
        """Where the profile of ``c @ beta`` falls :data:`_DROP` below ``best``, on each side.

        The profile at v is the best log-likelihood with ``c @ beta`` held at
        v.  Each bound is bracketed from the Wald guess outwards, then found
        by regula falsi (the Illinois variant), every refit starting from the
        last one's parameters.
        """
        centre = float(c @ beta)
        free = _complement(c)
        wald = _Z * math.sqrt(max(float(c @ np.linalg.solve(self.hessian(beta), c)), 1e-12))
        bounds = []
        for direction in (-1.0, 1.0):
            g = free.T @ beta

            def excess(v: float) -> float:
                nonlocal g
                fitted, g = self.maximize(v * c / (c @ c), free, g)
                return best - self.loglik(fitted) - _DROP

            a, fa = centre, -_DROP
            b = centre + direction * wald
            fb = excess(b)
            # The ridge makes every profile fall without end: a bound always exists.
            while fb <= 0.0:
                a, fa = b, fb
                b = centre + 2.0 * (b - centre)
                fb = excess(b)
            side = 0
            for _ in range(100):
                v = b - fb * (b - a) / (fb - fa)
                fv = excess(v)
                if abs(fv) < 1e-9 or abs(b - a) < 1e-9:
                    break
                if (fv > 0.0) == (fb > 0.0):
                    b, fb = v, fv
                    if side == 1:
                        fa /= 2.0
                    side = 1
                else:
                    a, fa = v, fv
                    if side == -1:
                        fb /= 2.0
                    side = -1
            bounds.append(v)
        return bounds[0], bounds[1]


def _complement(c: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """An orthonormal basis (columns) of the vectors orthogonal to ``c``."""
    m = c.shape[0]
    if m == 1:
        return np.zeros((1, 0))
    u, _, _ = np.linalg.svd(c.reshape(m, 1))
    free: npt.NDArray[np.float64] = u[:, 1:]
    return free


__all__ = ["ELO", "Rating", "fit_ratings"]
