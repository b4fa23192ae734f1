"""Resample is exact where resampling from the position alone is not.

After a refresh the observer knows exactly what went into the new deck (the
public discard pile but its top), so a world that deals those cards to an
opponent's hand instead can be ruled out. Resampling from the position alone
pools the other hands and the deck and draws such worlds; the knowledge
tracker never does (the oracle in tests/conformance/test_infosets.py proves
its frequencies too).
"""

from __future__ import annotations

import json
import random

from tests.conformance.test_infosets import _small_super_table, follow, position_key

import henchmen


def _position_alone(state: henchmen.State) -> henchmen.State:
    doc = json.loads(state.serialize())
    doc["history"] = []
    doc.pop("origin", None)
    doc.pop("knowledge", None)  # what the players knew: without it, the position alone
    return henchmen.deserialize(json.dumps(doc))


def test_exact_resample_rules_out_what_a_position_alone_cannot() -> None:
    game = henchmen.Game("super", players=2, card_data=_small_super_table())
    found = False
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_initial_state(auto_chance=False)
        history: list[int] = []
        refreshed = False
        while not state.is_terminal and len(history) < 60 and not found:
            if state.is_chance:
                outcomes = state.chance_outcomes
                a = outcomes[rng.randrange(len(outcomes))][0].id
            else:
                ids = state.legal_action_ids
                a = ids[rng.randrange(len(ids))]
            state.apply(a)
            history.append(a)
            refreshed = refreshed or "refresh" in [e.kind for e in state.last_events(0)]
            if not refreshed or state.is_chance:
                continue
            belief = follow(game, history, 0)
            alone = _position_alone(state)
            for i in range(200):
                assert position_key(state.resample(0, i)) in belief.worlds
                if position_key(alone.resample(0, i)) not in belief.worlds:
                    found = True
            if found:
                break
        if found:
            break
    assert found, "no position where resampling from the position alone leaks a ruled-out world"
