"""A long native random simulation: the routines that run without Python in
the loop (random playouts, native bot matches, VectorGame stepping, native
search). Run under the sanitizer build (tests/hardening/sanitize.sh), where
any AddressSanitizer or UndefinedBehaviorSanitizer report halts the process.
HENCHMEN_NATIVE_SIM_GAMES sets the number of games per routine."""

from __future__ import annotations

import os

import numpy as np
import pytest

import henchmen
from henchmen.batch import VectorGame
from henchmen.search import MCTS

from .support import COUNTS, config_params, scaled

GAMES = int(os.environ.get("HENCHMEN_NATIVE_SIM_GAMES", "0")) or scaled(100, 2000)


@pytest.mark.parametrize(("name", "players"), config_params("native-sim"))
def test_native_random_simulation(name: str, players: int) -> None:
    game = henchmen.Game(name, players=players)
    stats = game.random_playouts(GAMES, seed=11, threads=2)
    assert stats["games"] == GAMES and stats["truncated"] == 0
    # Two chance playouts a greedy move (its default four): the averaging runs,
    # at half the cost under the sanitizers.
    greedy = {"kind": "greedy", "chance_samples": 2}
    bots = [({"kind": "random"}, greedy)[k % 2] for k in range(players)]
    matches = game._core.play_matches(bots, max(1, GAMES // 4), 12, 2)
    assert matches["truncated"] == 0
    vec = VectorGame(name, 32, seed=13, threads=2, players=players)
    vec.reset()
    steps = max(100, GAMES * 2)
    for _ in range(steps):
        _, step = vec.step_random()
        assert np.isfinite(step.observations).all()
    state = henchmen.new_game(name, players=players, seed=14)
    for _ in range(3):
        result = MCTS(iterations=50, seed=1, determinize=True).search(state)
        state.apply(result.best)
    COUNTS["native sim: actions"] += int(stats["actions"]) + sum(matches["lengths"])
    COUNTS["native sim: vector steps"] += 32 * steps
