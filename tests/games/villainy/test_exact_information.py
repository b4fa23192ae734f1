"""Resample is exact where resampling from the position alone is not.

A Minion returned to its owner's hand, a card shown from a hand or put back
on a deck is a card the others know the place of; a position alone does not
remember it, so resampling from it deals such a card anywhere hidden. The
knowledge tracker keeps it where it is (the oracle in
tests/conformance/test_infosets.py proves its frequencies too).
"""

from __future__ import annotations

import random

from tests.conformance.test_infosets import TINY_VILLAINY

import henchmen

from ..exact_information import alone_leaks, random_step


def test_exact_resample_rules_out_what_a_position_alone_cannot() -> None:
    game = henchmen.Game("villainy", players=2, card_data=TINY_VILLAINY, max_rounds=4)
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_initial_state(auto_chance=False)
        while not state.is_terminal and state.move_number < 45:
            state.apply(random_step(state, rng))
            if state.is_chance or state.move_number % 5:
                continue
            if alone_leaks(game, state):
                return
    raise AssertionError("no position where a position-only resample leaks a ruled-out world")
