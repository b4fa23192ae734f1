"""Pig Out (Baby Pig), Consume, with every clarification of the card reference."""

from __future__ import annotations

import pytest

from henchmen.errors import NotationError

from . import crew_kit as kit
from .builder import EXPEL_CREWS, me, moves, play, pos, position

CREWS = EXPEL_CREWS


_pig_out = kit.crews_for_module(*CREWS)


def test_consume_expels_a_hand_card_for_its_power_plus_one() -> None:
    """Consume: you may expel 1 card in your hand to gain its power +1."""
    s = position(hands={0: ["Pig Out 5", "Royal Rule 7", "Tiny Bot"]})
    play(s, "play Pig Out 5")
    assert me(s, 0)["power"] == 2 and me(s, 0)["abilities"] == {"Consume": 1}
    assert {"consume Royal Rule 7", "consume Tiny Bot"} <= set(moves(s))
    play(s, "consume Royal Rule 7")
    p = me(s, 0)
    assert p["power"] == 2 + 4 + 1 and p["abilities"] == {} and p["hand"] == ["Tiny Bot"]
    assert not any(m.startswith("consume") for m in moves(s))


def test_consume_is_optional() -> None:
    s = position(hands={0: ["Pig Out 5", "Royal Rule 7"]})
    play(s, "play Pig Out 5", "end turn")
    assert "Royal Rule 7" in me(s, 0)["discard"]


def test_a_consumed_card_is_removed_from_the_game() -> None:
    """When a card is expelled it is permanently removed from the game."""
    s = position(hands={0: ["Pig Out 5", "Royal Rule 7"]})
    play(s, "play Pig Out 5", "consume Royal Rule 7", "end turn")
    p = me(s, 0)
    assert "Royal Rule 7" not in p["discard"] + p["hand"] + p["deck"]["unknown"]
    assert "Royal Rule 7" in pos(s)["expelled"]


def test_a_consumed_card_is_not_played() -> None:
    """When you choose to expel a card from your hand, you do not get to use that card's
    power and/or ability as you are not able to both play and expel that card."""
    s = position(hands={0: ["Pig Out 5", "Freezer Burn 3"]})
    play(s, "play Pig Out 5", "consume Freezer Burn 3")
    p = me(s, 0)
    assert p["abilities"] == {} and p["in_play"] == ["Pig Out 5"]  # no Freeze
    assert "play Freezer Burn 3" not in moves(s)


def test_the_power_comes_from_consume() -> None:
    """With this ability specifically, you do get the expelled card's power but that is
    coming from the Consume ability, not from playing the expelled card."""
    s = position(hands={0: ["Pig Out 5", "Junky Bot"]})
    play(s, "play Pig Out 5", "consume Junky Bot")
    assert me(s, 0)["power"] == 2 + 0 + 1  # a 0-power card still gives Consume's +1
    assert s.last_events("spectator")[0].kind == "consume"


def test_consume_gains_the_power_as_modified() -> None:
    """If the power of the consumed card has been modified, for example doubled with the
    Pupate ability, you get that modified power when expelling the card.

    Pupate is another crew's (not built on this branch); Consume reads the card's power
    through State::modified_power (expel.cpp), where Pupate hooks in. Without a modifier
    that is the printed power, which the story reports as the gain."""
    s = position(hands={0: ["Pig Out 5", "Royal Rule 9"]})
    play(s, "play Pig Out 5", "consume Royal Rule 9")
    event = s.last_events(1)[0]
    assert "+5 power" in event.text and me(s, 0)["power"] == 2 + 5


def test_consumed_card_is_shown_to_everyone() -> None:
    s = position(hands={0: ["Pig Out 5", "Royal Rule 7"]})
    play(s, "play Pig Out 5", "consume Royal Rule 7")
    for reader in (1, "spectator"):
        assert "Royal Rule 7" in s.last_events(reader)[0].text


def test_the_feeding_trough_upgrade_gives_consume() -> None:
    s = kit.activated(
        "Feeding Trough", "consume Tiny Bot", hands={0: ["Tiny Bot"]}, upgrade_row="Golden Throne"
    )
    assert me(s, 0)["power"] == 2 and me(s, 0)["hand"] == []


def test_consume_action_info_and_json_round_trip() -> None:
    s = position(hands={0: ["Pig Out 5", "Royal Rule 7"]})
    play(s, "play Pig Out 5")
    kit.offered(s, "consume Royal Rule 7", "Royal Rule 7", "hand-0")
    again = kit.round_trip(s)
    assert "consume Royal Rule 7" in moves(again)


def test_consume_without_the_ability_or_card_is_refused() -> None:
    s = position(hands={0: ["Pig Out 5", "Royal Rule 7"]})
    kit.refused(s, "consume Royal Rule 7")  # no Consume in the pool yet
    play(s, "play Pig Out 5")
    with pytest.raises(NotationError, match="not a legal move"):
        s.apply("consume Royal Rule 8")  # not in the hand
    after = s.serialize()
    with pytest.raises(NotationError):
        s.apply("consume")  # no card named
    assert after == s.serialize()


def test_the_explodey_bot_can_be_consumed() -> None:
    """Designed: Consume names any card in hand, so the Explodey Bot may go (1 + 1 power)."""
    s = position(hands={0: ["Pig Out 5", "Explodey Bot"]})
    play(s, "play Pig Out 5", "consume Explodey Bot")
    assert me(s, 0)["power"] == 2 + 1 + 1 and me(s, 0)["hand"] == []
    assert me(s, 0)["hand_public"] == [] and "Explodey Bot" in pos(s)["expelled"]
