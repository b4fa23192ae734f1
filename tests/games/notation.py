"""The moves and positions of any game in the words a test asserts on: the legal moves in
notation, moves played from notation, chance resolved, the position JSON. Each game's
``builder.py`` re-exports these beside its own position builder.

>>> import henchmen
>>> s = play(henchmen.new_game("parry", seed=1, auto_chance=False))
>>> moves(s) == [str(a) for a in s.legal_actions]
True
"""

from __future__ import annotations

import json
from typing import Any

import henchmen


def pos(state: henchmen.State) -> dict[str, Any]:
    """The position JSON of a state, as a dict (exact values to assert on)."""
    doc: dict[str, Any] = json.loads(state.serialize())["position"]
    return doc


def moves(state: henchmen.State) -> list[str]:
    """The legal moves in notation, in action-id order."""
    return [str(a) for a in state.legal_actions]


def play(state: henchmen.State, *notation: str) -> henchmen.State:
    """Applies moves given in notation, in order; returns the state for chaining."""
    for text in notation:
        state.apply(text)
    return state


def resolve(state: henchmen.State) -> henchmen.State:
    """Resolves pending chance by taking the first listed outcome each time."""
    while state.is_chance:
        state.apply(state.chance_outcomes[0][0])
    return state


def outcomes(state: henchmen.State) -> dict[str, float]:
    """The chance outcomes in notation with their probabilities."""
    return {str(a): p for a, p in state.chance_outcomes}
