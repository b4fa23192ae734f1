"""Ratings and statistics on games whose truth is known."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from henchmen.analysis.play import GameRecord
from henchmen.analysis.ratings import ELO, fit_ratings
from henchmen.analysis.stats import contributions, head_to_head, seat_advantage


def _game(seats: tuple[int, ...], returns: tuple[float, ...], features=None) -> GameRecord:  # type: ignore[no-untyped-def]
    return GameRecord(0, 0, 0, seats, returns, 10, False, features or ({},) * len(seats), {})


def _competitive(strength: list[float], games: int, players: int, seed: int) -> list[GameRecord]:
    """Games where each seat's score is strength plus a Gumbel draw: the best score wins.

    Two Gumbel draws differ by a logistic draw, so pairs follow Bradley-Terry exactly.
    """
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        seats = tuple(rng.sample(range(len(strength)), players))
        scores = [strength[b] + _gumbel(rng) for b in seats]
        best = max(scores)
        out.append(_game(seats, tuple(1.0 if s == best else -1.0 for s in scores)))
    return out


def _gumbel(rng: random.Random) -> float:
    return -math.log(-math.log(rng.random() or 1e-300))


def test_bradley_terry_recovers_known_strengths_within_its_intervals() -> None:
    strength = [0.0, 0.5, 1.0, 1.5]
    records = _competitive(strength, 4000, 2, seed=1)
    ratings = fit_ratings(records, ["a", "b", "c", "d"], cooperative=False)
    mean = sum(strength) / 4
    for r, s in zip(ratings, strength, strict=True):
        assert r.low < ELO * (s - mean) < r.high, r
    assert [r.label for r in sorted(ratings, key=lambda r: r.rating)] == ["a", "b", "c", "d"]
    assert abs(sum(r.rating for r in ratings)) < 1e-6


def test_ratings_do_not_depend_on_the_order_games_arrive_in() -> None:
    records = _competitive([0.0, 1.0, 0.3], 300, 3, seed=2)
    shuffled = list(records)
    random.Random(9).shuffle(shuffled)
    a = fit_ratings(records, ["x", "y", "z"], cooperative=False)
    b = fit_ratings(shuffled, ["x", "y", "z"], cooperative=False)
    assert [r.rating for r in a] == pytest.approx([r.rating for r in b], abs=1e-9)


def test_intervals_narrow_with_more_games_and_an_undefeated_bot_stays_finite() -> None:
    few = fit_ratings(_competitive([0, 1], 100, 2, 3), ["a", "b"], cooperative=False)
    many = fit_ratings(_competitive([0, 1], 1600, 2, 3), ["a", "b"], cooperative=False)
    assert many[0].high - many[0].low < (few[0].high - few[0].low) / 2
    sweep = fit_ratings([_game((0, 1), (1.0, -1.0))] * 20, ["a", "b"], cooperative=False)
    assert sweep[0].rating > 300 and sweep[0].high < 5000


def test_a_cooperative_rating_is_what_a_bot_adds_to_the_team() -> None:
    rng = random.Random(4)
    records = []
    for _ in range(2000):
        seats = (rng.randrange(3), rng.randrange(3))
        p = 0.2 + 0.3 * seats.count(2)  # bot 2 lifts the team, bots 0 and 1 are alike
        won = rng.random() < p
        records.append(_game(seats, (1.0, 1.0) if won else (-1.0, -1.0)))
    a, b, c = fit_ratings(records, ["a", "b", "c"], cooperative=True)
    assert c.low > max(a.high, b.high)
    assert a.low < b.rating < a.high


def test_seat_advantage_head_to_head_and_contributions_count_what_happened() -> None:
    games = [_game((0, 1), (1.0, -1.0), ({"buy X": 2}, {"buy X": 1}))] * 3
    games += [_game((1, 0), (-1.0, 1.0), ({"buy X": 0}, {"buy X": 1}))]
    seats = seat_advantage(games, cooperative=False)
    assert [(s.successes, s.games) for s in seats] == [(3, 4), (1, 4)]
    h2h = head_to_head(games, 2, cooperative=False)
    assert h2h[0][1] is not None and h2h[0][1].rate == 1.0 and h2h[1][0].rate == 0.0  # type: ignore[union-attr]
    (x,) = contributions(games, cooperative=False, min_games=1)
    assert (x.feature, x.successes, x.games, x.baseline) == ("buy X", 4, 4, 0.5)


def _profile_by_scan(wins: int, losses: int) -> tuple[float, float]:
    """The 95% profile interval of bot 0 against bot 1, found independently by a fine scan.

    Two bots: ratings r and -r (they sum to zero), so bot 0 beats bot 1 with
    probability 1 / (1 + exp(-2r)); the ridge (0.01 on the one free parameter
    r * sqrt 2) adds -0.01 r^2.  The interval is where the log-likelihood is
    within 1.92 (half the chi-square 95% point, 3.84) of its maximum.
    """
    r = np.linspace(-30.0, 30.0, 600_001)
    loglik = -wins * np.logaddexp(0.0, -2 * r) - losses * np.logaddexp(0.0, 2 * r) - 0.01 * r * r
    inside = r[loglik >= loglik.max() - 1.959963984540054**2 / 2]
    return ELO * float(inside.min()), ELO * float(inside.max())


@pytest.mark.parametrize(("wins", "losses"), [(0, 40), (40, 0), (30, 10), (0, 1)])
def test_rating_intervals_are_profile_likelihood_intervals_honest_at_the_edges(
    wins: int, losses: int
) -> None:
    records = [_game((0, 1), (1.0, -1.0))] * (wins // 2) + [_game((1, 0), (-1.0, 1.0))] * (
        wins - wins // 2
    )
    records += [_game((0, 1), (-1.0, 1.0))] * (losses // 2)
    records += [_game((1, 0), (1.0, -1.0))] * (losses - losses // 2)
    a, b = fit_ratings(records, ["a", "b"], cooperative=False)
    low, high = _profile_by_scan(wins, losses)
    assert a.low == pytest.approx(low, abs=0.05) and a.high == pytest.approx(high, abs=0.05)
    assert (b.low, b.high) == pytest.approx((-a.high, -a.low), abs=1e-6)
    assert a.low < a.rating < a.high
    if wins == 0 and losses >= 40:
        # Wald's interval about the ridge's estimate reached past 0 (-790 [-1785, +204]).
        assert a.high < -200 and b.low > 200
    if losses == 0:
        assert a.low > 200


def test_a_bot_that_lost_every_game_of_three_rates_below_zero_with_its_whole_interval() -> None:
    records = [_game((1, 0), (1.0, -1.0)), _game((0, 2), (-1.0, 1.0))] * 20
    records += [_game((1, 2), (1.0, -1.0)), _game((2, 1), (1.0, -1.0))] * 20
    loser, b, c = fit_ratings(records, ["loser", "b", "c"], cooperative=False)
    assert loser.high < 0 < min(b.low, c.low)
    # A cooperative team that never won with bot 0 at the table.
    team = [_game((0, 0), (-1.0, -1.0))] * 20 + [_game((1, 1), (1.0, 1.0))] * 10
    team += [_game((1, 1), (-1.0, -1.0))] * 10
    weak, strong = fit_ratings(team, ["weak", "strong"], cooperative=True)
    assert weak.high < 0 < strong.low
