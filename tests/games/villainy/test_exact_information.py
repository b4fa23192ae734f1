"""Resample is exact where resampling from the position alone is not.

A Minion returned to its owner's hand, a card shown from a hand or put back
on a deck is a card the others know the place of; a position alone does not
remember it, so resampling from it deals such a card anywhere hidden. The
knowledge tracker keeps it where it is (the oracle in
tests/conformance/test_infosets.py proves its frequencies too).
"""

from __future__ import annotations

import json
import random

from tests.conformance.test_infosets import TINY_VILLAINY, follow, position_key

import henchmen


def _position_alone(state: henchmen.State) -> henchmen.State:
    doc = json.loads(state.serialize())
    doc["history"] = []
    doc.pop("origin", None)
    doc.pop("knowledge", None)  # what the players knew: without it, the position alone
    return henchmen.deserialize(json.dumps(doc))


def test_exact_resample_rules_out_what_a_position_alone_cannot() -> None:
    game = henchmen.Game("villainy", players=2, card_data=TINY_VILLAINY, max_rounds=4)
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_initial_state(auto_chance=False)
        history: list[int] = []
        while not state.is_terminal and len(history) < 45:
            if state.is_chance:
                outcomes = state.chance_outcomes
                a = outcomes[rng.randrange(len(outcomes))][0].id
            else:
                ids = state.legal_action_ids
                a = ids[rng.randrange(len(ids))]
            state.apply(a)
            history.append(a)
            if state.is_chance or len(history) % 5:
                continue
            belief = follow(game, history, 0)
            alone = _position_alone(state)
            leaked = False
            for i in range(200):
                assert position_key(state.resample(0, i)) in belief.worlds
                leaked = leaked or position_key(alone.resample(0, i)) not in belief.worlds
            if leaked:
                return
    raise AssertionError("no position where a position-only resample leaks a ruled-out world")
