"""Llamaristas (Llamarista Jennifur), Froth, with every clarification of the card reference."""

from __future__ import annotations

from . import crew_kit as kit
from .builder import EXPEL_CREWS, crews, me, moves, play, pos, position

CREWS = EXPEL_CREWS


_llamaristas = kit.crews_for_module(*CREWS)


def test_froth_expels_a_discard_pile_card_for_its_power() -> None:
    """Froth: you may expel 1 card from your discard pile to gain its power."""
    s = position(hands={0: ["Llamaristas 3"]}, discard={0: ["Royal Rule 7", "Tiny Bot"]})
    play(s, "play Llamaristas 3")
    assert me(s, 0)["power"] == 2 and me(s, 0)["abilities"] == {"Froth": 1}
    assert {"froth Royal Rule 7", "froth Tiny Bot"} <= set(moves(s))
    play(s, "froth Royal Rule 7")
    p = me(s, 0)
    assert p["power"] == 2 + 4 and p["abilities"] == {} and p["discard"] == ["Tiny Bot"]
    assert not any(m.startswith("froth") for m in moves(s))  # one card per Froth


def test_froth_is_optional() -> None:
    """'You may': the turn goes on (and can end) without using Froth."""
    s = position(hands={0: ["Llamaristas 3"]}, discard={0: ["Royal Rule 7"]})
    play(s, "play Llamaristas 3", "end turn")
    assert "Royal Rule 7" in me(s, 0)["discard"]


def test_an_expelled_card_is_removed_from_the_game() -> None:
    """When a card is expelled it is permanently removed from the game."""
    s = position(hands={0: ["Llamaristas 3"]}, discard={0: ["Royal Rule 7"]})
    play(s, "play Llamaristas 3", "froth Royal Rule 7")
    assert "Royal Rule 7" in pos(s)["expelled"]
    play(s, "end turn")
    p = me(s, 0)
    assert "Royal Rule 7" not in p["discard"] + p["hand"] + p["deck"]["unknown"]
    assert "Royal Rule 7" in pos(s)["expelled"]


def test_froth_with_an_empty_discard_pile_does_nothing() -> None:
    """If there are no cards in your discard pile, the ability does not do anything."""
    s = position(hands={0: ["Llamaristas 3"]}, discard={0: []})
    play(s, "play Llamaristas 3")
    assert not any(m.startswith("froth") for m in moves(s))
    play(s, "end turn")
    assert not s.is_terminal


def test_the_milk_frother_upgrade_gives_froth() -> None:
    """The designed Upgrade: Milk Frother, cost 5, activates for Froth."""
    s = kit.activated(
        "Milk Frother", "froth Junky Bot", discard={0: ["Junky Bot"]}, upgrade_row="Golden Throne"
    )
    assert me(s, 0)["power"] == 0 and "Junky Bot" in pos(s)["expelled"]


def test_froth_is_told_to_everyone_with_its_card() -> None:
    s = position(hands={0: ["Llamaristas 3"]}, discard={0: ["Royal Rule 7"]})
    play(s, "play Llamaristas 3", "froth Royal Rule 7")
    kit.told_to_everyone(s, "froth", "Royal Rule 7", "+4 power")
    assert "Royal Rule 7" in pos(s)["expelled"]  # the discard pile is public: nothing hidden


def test_froth_action_info_and_json_round_trip() -> None:
    s = position(hands={0: ["Llamaristas 3"]}, discard={0: ["Royal Rule 7"]})
    play(s, "play Llamaristas 3")
    kit.offered(s, "froth Royal Rule 7", "Royal Rule 7", "discard-0")
    again = kit.holds_and_round_trips(s, "Froth")
    assert "froth Royal Rule 7" in moves(again)


def test_replicate_copies_froth_and_moves_no_other_action() -> None:
    """Replicate copies any ability played this turn, an expansion crew's too: copying Froth
    gives a Froth, not another action whose id it once shared (the leftmost replacement)."""
    with crews(*CREWS[:6], "Tourist Trap"):
        hands = {0: ["Llamaristas 3", "Tourist Trap 2"]}
        s = position(hands=hands, discard={0: ["Royal Rule 7", "Tiny Bot"]})
        play(s, "play Llamaristas 3", "play Tourist Trap 2")
        assert "replicate Froth" in moves(s)
        row = pos(s)["minion_row"]
        play(s, "replicate Froth")
        assert me(s, 0)["abilities"] == {"Froth": 2} and pos(s)["minion_row"] == row
        play(s, "froth Royal Rule 7", "froth Tiny Bot")
        assert me(s, 0)["discard"] == []
