"""A card drawn from a known place is public wherever it goes: into the hand
(Fetch, the draw at cleanup) or into the frozen pile (Freeze), and a frozen
public card stays public when it joins the hand next turn (issue 9, item 2)."""

from __future__ import annotations

import numpy as np
import pytest

import henchmen
from henchmen.errors import SerializationError

from .builder import me, play, position, resolve

# Harvest puts Royal Rule 9 under an empty deck: it is the whole deck, and
# both players saw it go there. Six Tiny Bots stay in the discard pile so the
# reshuffle at cleanup leaves hidden cards to resample.
HARVEST_INTO_EMPTY_DECK = {
    "hands": {0: ["Health Hazards 3", "Freezer Burn 3", "Sleuths N' Sniffs 3"]},
    "decks": {0: []},
    "discard": {0: ["Royal Rule 9"] + ["Tiny Bot"] * 6},
}


def _opponent_view(s: henchmen.State) -> dict:
    return s.observation(1)["players"][0]  # type: ignore[no-any-return]


def _same_view(a: henchmen.State, b: henchmen.State, viewer: int) -> None:
    assert a.observation(viewer) == b.observation(viewer)
    assert np.array_equal(a.observation_tensor(viewer), b.observation_tensor(viewer))


def test_a_harvested_card_frozen_from_the_whole_deck_is_public() -> None:
    s = position(**HARVEST_INTO_EMPTY_DECK)
    play(s, "play Health Hazards 3", "harvest Royal Rule 9", "play Freezer Burn 3", "freeze")
    assert not s.is_chance  # the only card of the deck, in a known place
    assert me(s, 0)["frozen"] == ["Royal Rule 9"] and me(s, 0)["frozen_public"] == ["Royal Rule 9"]
    seen = _opponent_view(s)
    assert seen["frozen_known"] == ["Royal Rule 9"] and seen["frozen_size"] == 1
    assert "Royal Rule 9" not in seen["unseen"]
    # Next turn it joins the hand, still public.
    resolve(play(s, "end turn"))
    assert s.current_player == 1
    hand = me(s, 0)
    assert "Royal Rule 9" in hand["hand"] and hand["hand_public"] == ["Royal Rule 9"]
    seen = _opponent_view(s)
    assert seen["hand_known"] == ["Royal Rule 9"] and "Royal Rule 9" not in seen["unseen"]
    # The opponent's resample keeps it in that hand; the hidden cards move.
    hands = set()
    for seed in range(40):
        r = s.resample(1, seed)
        r.validate()
        _same_view(s, r, 1)
        assert "Royal Rule 9" in me(r, 0)["hand"]
        hands.add(tuple(me(r, 0)["hand"]))
    assert len(hands) > 1


def test_a_fetch_from_the_same_place_is_public_too() -> None:
    """The Freeze above and this Fetch agree: both drew Royal Rule 9 from a known place."""
    s = position(**HARVEST_INTO_EMPTY_DECK)
    play(s, "play Health Hazards 3", "harvest Royal Rule 9", "play Sleuths N' Sniffs 3", "fetch")
    play(s, "discard Freezer Burn 3")
    assert me(s, 0)["hand_public"] == ["Royal Rule 9"]
    assert _opponent_view(s)["hand_known"] == ["Royal Rule 9"]
    for seed in range(20):
        r = s.resample(1, seed)
        r.validate()
        _same_view(s, r, 1)
        assert me(r, 0)["hand"] == ["Royal Rule 9"]


def test_a_freeze_from_the_known_bottom_is_public_the_one_above_is_not() -> None:
    """Two Freezes: the first takes the one unknown card (hidden, though certain),
    the second the known bottom card (public)."""
    s = position(
        hands={0: ["Freezer Burn 3"]},
        decks={0: ["Junky Bot"]},
        deck_bottom={0: ["Royal Rule 6"]},
        abilities={0: {"Freeze": 1}},
    )
    play(s, "play Freezer Burn 3", "freeze", "freeze")
    assert me(s, 0)["frozen"] == ["Royal Rule 6", "Junky Bot"]  # by card id
    assert me(s, 0)["frozen_public"] == ["Royal Rule 6"]
    seen = _opponent_view(s)
    assert seen["frozen_known"] == ["Royal Rule 6"] and seen["frozen_size"] == 2
    assert "Junky Bot" in seen["unseen"] and "Royal Rule 6" not in seen["unseen"]
    for seed in range(20):
        r = s.resample(1, seed)
        r.validate()
        _same_view(s, r, 1)
        assert "Royal Rule 6" in me(r, 0)["frozen"]
    resolve(play(s, "end turn"))
    assert me(s, 0)["hand_public"] == ["Royal Rule 6"] and me(s, 0)["frozen"] == []


def test_a_public_frozen_card_must_be_frozen() -> None:
    with pytest.raises(SerializationError, match="publicly known frozen"):
        position(hands={0: ["Tiny Bot"]}, frozen_public={0: ["Tiny Bot"]})
