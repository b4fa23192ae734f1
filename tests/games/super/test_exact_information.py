"""Resample is exact where resampling from the position alone is not.

After a refresh the observer knows exactly what went into the new deck (the
public discard pile but its top), so a world that deals those cards to an
opponent's hand instead can be ruled out. Resampling from the position alone
pools the other hands and the deck and draws such worlds; the knowledge
tracker never does (the oracle in tests/conformance/test_infosets.py proves
its frequencies too).
"""

from __future__ import annotations

import random

from tests.conformance.test_infosets import _small_super_table

import henchmen

from ..exact_information import alone_leaks, random_step


def test_exact_resample_rules_out_what_a_position_alone_cannot() -> None:
    game = henchmen.Game("super", players=2, card_data=_small_super_table())
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_initial_state(auto_chance=False)
        refreshed = False
        while not state.is_terminal and state.move_number < 60:
            state.apply(random_step(state, rng))
            refreshed = refreshed or "refresh" in [e.kind for e in state.last_events(0)]
            if not refreshed or state.is_chance:
                continue
            if alone_leaks(game, state):
                return
    raise AssertionError("no position where a position-only resample leaks a ruled-out world")
