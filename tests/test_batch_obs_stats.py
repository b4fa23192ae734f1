"""Villainy's tensor gives each Minion's A! and D! (against a Minion) from
one pass over its player's bonuses (``State::grid_stats``, combat.cpp); the
observation's grid gives the same numbers from the rules' own
``attack_value``/``defense_value``, one Minion and stat at a time. Over random
play, with Gear, Hideout additions, Monster parts and Setup chains in play,
the two must agree at every spot of every seat, seen from every seat."""

from __future__ import annotations

import numpy as np
import pytest

from henchmen.batch import VectorGame

KMAX_DECKS, KMAX_KINDS, KSPOTS = 7, 32, 6  # cpp/games/villainy/cards.h, state.h
SEAT_BLOCK = 20 + KMAX_DECKS + KSPOTS * 8 + 4 * 4 + 3 * 2 + 2 + KMAX_KINDS + 1
FIRST_SPOT = 20 + KMAX_DECKS  # a seat's six spots, eight entries each


@pytest.mark.parametrize("players", [2, 4, 6])
def test_minion_stats_in_the_tensor_equal_the_rules(players: int) -> None:
    games = VectorGame("villainy", num_games=6, seed=players, threads=1, players=players)
    games.reset()
    checked = with_gear = 0
    for step in range(160):
        games.step_random()
        if step % 4:
            continue
        for i in range(games.num_games):
            state = games.state(i)
            for viewer in range(players):
                tensor = np.asarray(state.observation_tensor(viewer))
                seen = state.observation(viewer)["players"]
                for p, player in enumerate(seen):
                    block = ((p - viewer) % players) * SEAT_BLOCK + FIRST_SPOT
                    for k, spot in enumerate(player["grid"]):
                        if spot is None:
                            continue
                        at = block + 8 * k
                        want = np.float32([spot["attack"], spot["defense"]]) / np.float32(10)
                        assert tensor[at] == 1.0
                        np.testing.assert_array_equal(
                            tensor[at + 1 : at + 3],
                            want,
                            err_msg=f"step {step} game {i} p{p} spot {k}",
                        )
                        checked += 1
                        with_gear += spot["gear"] is not None or spot["temp"] is not None
    assert checked > 500 and with_gear > 10, (checked, with_gear)
