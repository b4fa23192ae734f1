"""Whole games: native random playouts end at every player count; bots finish a game."""

from __future__ import annotations

import pytest

import henchmen
from henchmen.bots import make_bot


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_playouts_finish(players):
    stats = henchmen.Game("legendary", players=players).random_playouts(50, seed=players)
    assert stats["games"] == 50 and stats["truncated"] == 0
    assert all(-1.0 <= r <= 1.0 for r in stats["mean_returns"])


@pytest.mark.parametrize("players", [1, 3, 5])
def test_greedy_bots_finish_a_game(players):
    s = henchmen.new_game("legendary", players=players, seed=7)
    bots = [make_bot("greedy", seed=p) for p in range(players)]
    while not s.is_terminal:
        s.apply(bots[s.current_player].choose(s))
    assert s.observation(0)["result"] in ("heroes win", "evil wins", "tie")
    assert all(-1.0 <= r <= 1.0 for r in s.returns)


def test_a_seed_gives_the_same_game():
    a = henchmen.new_game("legendary", players=3, seed=11)
    b = henchmen.new_game("legendary", players=3, seed=11)
    assert a.serialize() == b.serialize()
