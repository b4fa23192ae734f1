"""What each player sees: no leaks of hidden cards, public Explodey Bot, hidden frozen cards."""

from __future__ import annotations

import numpy as np

from .builder import PUPATE_CREWS, crews, play, position


def _same_view(a, b, viewer: int) -> None:
    assert a.observation(viewer) == b.observation(viewer)
    assert np.array_equal(a.observation_tensor(viewer), b.observation_tensor(viewer))


def test_opponent_hand_is_hidden_own_hand_is_shown() -> None:
    s = position(hands={0: ["Tiny Bot"], 1: ["Royal Rule 9", "Tiny Bot"]}, decks={1: ["Junky Bot"]})
    mine, theirs = s.observation(1)["players"][1], s.observation(0)["players"][1]
    assert mine["hand"] == ["Royal Rule 9", "Tiny Bot"]
    assert "hand" not in theirs and theirs["hand_size"] == 2 and theirs["hand_known"] == []
    assert sorted(theirs["unseen"]) == [
        "Junky Bot",
        "Royal Rule 9",
        "Tiny Bot",
    ]  # hand and deck, not placed


def test_no_leak_of_where_hidden_cards_are() -> None:
    """Two states differing only in the opponent's hidden cards look the same to the viewer."""
    a = position(hands={1: ["Royal Rule 9", "Tiny Bot"]}, decks={1: ["Junky Bot"]})
    b = position(hands={1: ["Junky Bot", "Tiny Bot"]}, decks={1: ["Royal Rule 9"]})
    _same_view(a, b, 0)
    assert a.observation(1) != b.observation(1)


def test_frozen_cards_are_hidden_from_the_opponent() -> None:
    a = position(
        turn_player=1,
        hands={1: ["Freezer Burn 3"]},
        decks={1: ["Royal Rule 9"]},
        frozen={1: ["Tiny Bot"]},
    )
    b = position(
        turn_player=1,
        hands={1: ["Freezer Burn 3"]},
        decks={1: ["Tiny Bot"]},
        frozen={1: ["Royal Rule 9"]},
    )
    _same_view(a, b, 0)
    assert (
        a.observation(0)["players"][1]["frozen_size"] == 1
        and "frozen" not in a.observation(0)["players"][1]
    )
    assert a.observation(1)["players"][1]["frozen"] == ["Tiny Bot"]


def test_a_freeze_draw_stays_hidden_from_the_opponent() -> None:
    s = position(hands={0: ["Freezer Burn 3"]}, decks={0: ["Tiny Bot", "Royal Rule 9"]})
    play(s, "play Freezer Burn 3", "freeze")
    a, b = s.clone(), s.clone()
    play(a, "draw Royal Rule 9")
    play(b, "draw Tiny Bot")
    _same_view(a, b, 1)


def test_the_explodey_bot_in_hand_is_public() -> None:
    s = position(hands={1: ["Explodey Bot", "Tiny Bot"]})
    o = s.observation(0)["players"][1]
    assert o["hand_known"] == ["Explodey Bot"] and o["hand_size"] == 2


def test_public_information_is_shown_to_both() -> None:
    s = position(
        stash={1: ["Tourist Trap 9"]},
        discard={1: ["Royal Rule 4"]},
        upgrades={1: ["Golden Throne"]},
        deck_bottom={1: ["Royal Rule 6"]},
        attached={"King Cobra": {1: ["Royal Rule 2"]}},
    )
    for viewer in (0, 1):
        o = s.observation(viewer)
        p1 = o["players"][1]
        assert p1["stash"] == ["Tourist Trap 9"] and p1["discard"] == ["Royal Rule 4"]
        assert p1["upgrades"] == ["Golden Throne"] and p1["deck_bottom"] == ["Royal Rule 6"]
        assert o["supervillains"]["attached"]["King Cobra"][1] == {
            "cards": ["Royal Rule 2"],
            "reputation": 2,
        }


def test_resample_keeps_the_observers_view() -> None:
    s = position(
        hands={0: ["Tiny Bot"], 1: ["Royal Rule 9", "Tiny Bot", "Explodey Bot"]},
        decks={1: ["Junky Bot", "Royal Rule 8"]},
    )
    seen = set()
    for seed in range(40):
        r = s.resample(0, seed)
        r.validate()
        _same_view(s, r, 0)
        assert "Explodey Bot" in r.observation(1)["players"][1]["hand"]
        seen.add(tuple(r.observation(1)["players"][1]["hand"]))
    assert len(seen) > 1  # the hidden cards really are redrawn


def test_resample_during_the_opponents_draw_keeps_it_a_chance_event() -> None:
    """Whether a draw waits on chance depends on public counts alone, so every world a
    resample deals keeps the chance node, even one whose deck is of one kind (once a bug: the
    chance node told the opponent the deck held two kinds).
    """
    s = position(
        turn_player=1, hands={1: ["Tiny Bot"]}, decks={1: ["Tiny Bot"] * 5 + ["Junky Bot"]}
    )
    play(s, "end turn", "draw Tiny Bot", "draw Tiny Bot", "draw Tiny Bot")
    assert (
        s.is_chance
        and sorted(s.observation(0)["players"][1]["unseen"]) == ["Junky Bot"] + ["Tiny Bot"] * 5
    )
    one_kind = 0
    for seed in range(60):
        r = s.resample(0, seed)
        r.validate()
        assert r.is_chance and r.chance_outcomes
        one_kind += len(r.chance_outcomes) == 1
        _same_view(s, r, 0)
    assert one_kind > 0  # some worlds put the Junky Bot in hand: the deck left is all Tiny Bots


def _plane(state, viewer: int, name: str) -> dict[int, float]:
    from henchmen.rl.encodings import slices

    part = next(s for s in slices(state.game) if s.name == name)
    v = state.observation_tensor(viewer)[part.start : part.stop]
    return {int(i): float(v[i]) for i in np.flatnonzero(v)}


def test_the_pupated_plane_marks_the_pupated_card_for_both_players() -> None:
    """The tensor's pupated plane is written from the set bits only (view.cpp)."""
    with crews(*PUPATE_CREWS):
        s = position(hands={0: ["Cocoon Conquest 9"]})
    assert _plane(s, 0, "pupated") == _plane(s, 1, "pupated") == {}
    play(s, "play Cocoon Conquest 9", "pupate Cocoon Conquest 9")
    marked = _plane(s, 0, "pupated")
    assert list(marked.values()) == [1.0] and _plane(s, 1, "pupated") == marked
    assert _plane(s, 0, "haggled") == {}
