"""Resample is exact where resampling from the position alone is not: a card
taken from the face-up discard pile is known to be in its taker's hand, and
so are the cards a player gave away in Trade Hands. Resampling from the
position alone pools the other hands and the deck and deals such a card
elsewhere; the knowledge tracker never does (the oracle in
tests/conformance/test_infosets.py proves its frequencies)."""

from __future__ import annotations

import json
import random

import henchmen

from .builder import play, position


def _position_alone(state: henchmen.State) -> henchmen.State:
    doc = json.loads(state.serialize())
    doc["history"] = []
    doc.pop("origin", None)
    return henchmen.deserialize(json.dumps(doc))


def test_a_card_given_in_a_trade_stays_known_where_a_position_alone_forgets_it() -> None:
    game = henchmen.Game("suet", players=2)
    state = None
    for seed in range(200):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal:
            names = [state.action_to_string(a) for a in state.legal_action_ids()]
            if (
                state.current_player == 0
                and "play Trade Hands on player 2" in names
                and state.observation(0)["players"][1]["hand_size"] > 0
            ):
                break
            state.apply(rng.choice(state.legal_action_ids()))
        if not state.is_terminal:
            break
    assert state is not None and not state.is_terminal and state.current_player == 0
    given = dict(state.observation(0)["hand"])
    given["Trade Hands"] -= 1
    given = {k: v for k, v in given.items() if v}
    play(state, "play Trade Hands on player 2")
    while state.current_player == 1:
        play(state, "pass")
    assert state.observation(0)["players"][1]["hand_size"] == sum(given.values())
    alone = _position_alone(state)
    leaked = False
    for seed in range(100):
        world = json.loads(state.resample(0, seed).serialize())["position"]
        assert world["players"][1]["hand"] == given
        other = json.loads(alone.resample(0, seed).serialize())["position"]
        leaked = leaked or other["players"][1]["hand"] != given
    assert leaked, "the position alone should not know what was given away"


def test_position_builder_states_resample_from_the_position() -> None:
    s = position(hands={0: ["Trade Hands"], 1: ["Minions", "Busted!"]})
    hands = {
        json.dumps(
            json.loads(s.resample(0, i).serialize())["position"]["players"][1]["hand"],
            sort_keys=True,
        )
        for i in range(30)
    }
    assert len(hands) > 1
