"""The Long Game keeps the state contract too (the conformance suite plays the
default options, the short game): random games with explicit chance checked
at every step for validate(), sorted legal actions, chance distributions,
serialization round trips and hashes, tensors, and resamples that keep the
observer's view; at 2, 3 and 4 players, with the future card in."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest

import henchmen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_long_game_random_play_keeps_the_contract(players: int) -> None:
    game = henchmen.Game("suet", players=players, long_game=True, future_cards=True, max_rounds=8)
    rounds_seen: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state(auto_chance=False)
        steps = 0
        while not state.is_terminal:
            state.validate()
            ids = state.legal_action_ids
            assert ids == sorted(set(ids)) and ids
            if state.is_chance:
                outcomes = state.chance_outcomes
                assert math.isclose(sum(p for _, p in outcomes), 1.0)
            if steps % 5 == 0:
                text = state.serialize()
                back = game.deserialize(text)
                assert back.serialize() == text and back.position_hash == state.position_hash
                for viewer in range(players):
                    t = state.observation_tensor(viewer)
                    assert t.shape == tuple(game.observation_shape) and np.isfinite(t).all()
                if state.current_player >= 0:
                    me = state.current_player
                    world = state.resample(me, seed * 1000 + steps)
                    assert json.dumps(world.observation(me), sort_keys=True) == json.dumps(
                        state.observation(me), sort_keys=True
                    )
            colour = state.observation(0)["round_colour"]
            if colour:
                rounds_seen.add(colour)
            state.apply(ids[rng.randrange(len(ids))])
            steps += 1
            assert steps <= game.max_game_length
    assert len(rounds_seen) >= 4  # Color Rounds and Black Market rounds both came up
