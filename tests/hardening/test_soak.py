"""Soak: random actions under the invariant checks, for every game.

At every step: validate() (every card in exactly one place, counters in
range), legal actions strictly ascending inside the action space, chance
probabilities summing to one, and every game ending within
max_game_length. CI plays SOAK_CI actions per game; ``pytest --slow`` (or
HENCHMEN_LONG=1) plays one million per game, split over its player counts.
"""

from __future__ import annotations

import itertools
import time

import pytest

import henchmen
from henchmen import _core

from .support import COUNTS, by_probability, config_params, scaled

SOAK_CI = 30_000
SOAK_FULL = 1_000_000


def _players_of(name: str) -> int:
    g = henchmen.game_info(name)
    return g.max_players - g.min_players + 1


@pytest.mark.parametrize(("name", "players"), config_params("soak"))
def test_soak(name: str, players: int) -> None:
    budget = scaled(SOAK_CI, SOAK_FULL) // _players_of(name)
    game = henchmen.Game(name, players=players)
    n_actions = game.num_distinct_actions
    limit = game.max_game_length
    rng = _core.Rng(1000 + players)
    steps = games = 0
    start = time.perf_counter()
    while steps < budget:
        s = game._core.new_initial_state()
        length = 0
        while not s.is_terminal:
            if s.is_chance:
                outcomes = s.chance_outcomes()
                assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
                assert all(p > 0 for _, p in outcomes)
                a = by_probability(outcomes, rng.uniform())
            else:
                ids = s.legal_actions()
                assert ids, f"{name}: a player to act with no legal action"
                assert all(0 <= x < n_actions for x in ids)
                assert all(x < y for x, y in itertools.pairwise(ids)), "not ascending"
                a = ids[rng.below(len(ids))]
            s.apply(a)
            s.validate()
            length += 1
            assert length <= limit, f"{name}: a game ran past max_game_length {limit}"
        r = s.returns()
        assert len(r) == players and all(-1e9 < x < 1e9 for x in r)
        steps += length
        games += 1
    seconds = time.perf_counter() - start
    COUNTS[f"soak: {name} actions under validate()"] += steps
    COUNTS[f"soak: {name} games finished"] += games
    print(f"soak {name} {players}p: {steps} actions, {games} games, {seconds:.1f} s")
