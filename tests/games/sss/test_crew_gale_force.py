"""Gale Force (Alien Ship), Gust, with every clarification of the card reference."""

from __future__ import annotations

import pytest

import henchmen
from henchmen.errors import NotationError

from . import crew_kit as kit
from .builder import me, moves, outcomes, play, pos, position

ROW = kit.BASE_ROW
_gale_force = kit.crews_for_module(*kit.beside_base("Gale Force"))


def gusts(s: henchmen.State) -> list[str]:
    return kit.starting(s, "gust")


def test_gust_may_replace_the_entire_minion_row() -> None:
    """Gust: you may replace the entire Minion row. Designed: the order is part of the one
    choice, so a full row offers its 120 orders (and ending the turn stays open)."""
    s = position(hands={0: ["Gale Force 3"]}, row=ROW)
    assert gusts(s) == []
    play(s, "play Gale Force 3")
    assert me(s, 0)["abilities"] == {"Gust": 1}
    offered = gusts(s)
    assert len(offered) == len(set(offered)) == 120 and "end turn" in moves(s)
    assert offered[0] == "gust " + ", ".join(ROW)  # the row as it lies, left to right
    assert "gust " + ", ".join(reversed(ROW)) in offered
    play(s, offered[0])
    assert s.is_chance and pos(s)["minion_row"] == [None] * 5
    assert me(s, 0)["abilities"] == {}


def test_the_row_goes_under_the_minion_deck_in_the_chosen_order_then_refills_left_to_right() -> (
    None
):
    """Put all of the Minion row cards on the bottom of the Minion deck in any order, then take
    cards off the top of the Minion deck and place them from left to right to fill all of
    the spots."""
    deck = ["Fire Starters 2", "Tourist Trap 6", "Hoppy Hunters 4", "Fire Starters 7"]
    s = position(hands={0: ["Gale Force 3"]}, row=ROW, minion_deck=deck, rest_minions="expelled")
    order = ["Royal Rule 4", "Freezer Burn 5", "Royal Rule 1", "Royal Rule 5", "Royal Rule 2"]
    play(s, "play Gale Force 3", "gust " + ", ".join(order))
    assert pos(s)["minion_deck"]["known_from_top"] == order
    # The four unknown cards come off first, into the spots from the left (the last of them
    # is certain once three are out).
    filled = []
    for card in ["Tourist Trap 6", "Fire Starters 2", "Fire Starters 7"]:
        assert f"reveal {card}" in outcomes(s)
        play(s, f"reveal {card}")
        filled.append(card)
        if len(filled) < 3:
            row = pos(s)["minion_row"]
            assert row[: len(filled)] == filled and row[len(filled) :] == [None] * (5 - len(filled))
    # Then the fifth spot takes the top card, which is now the first card put under.
    assert not s.is_chance
    assert pos(s)["minion_row"] == [*filled, "Hoppy Hunters 4", "Royal Rule 4"]
    assert pos(s)["minion_deck"]["known_from_top"] == order[1:]


def test_the_order_is_the_players_choice() -> None:
    """In any order: two orders of the same row leave the Minion deck differently, and so
    fill the row differently once the unknown cards are gone."""
    rows = {}
    for order in (ROW, list(reversed(ROW))):
        s = position(hands={0: ["Gale Force 3"]}, row=ROW, minion_deck=[], rest_minions="expelled")
        play(s, "play Gale Force 3", "gust " + ", ".join(order))
        assert not s.is_chance  # the deck held only the cards put under: all known
        rows[tuple(order)] = pos(s)["minion_row"]
    assert rows[tuple(ROW)] == ROW
    assert rows[tuple(reversed(ROW))] == list(reversed(ROW))


def test_a_short_row_is_replaced_as_far_as_it_can_be_the_same_way() -> None:
    """If there are less than 5 Minion cards left in the row when you gust, replace as many
    spots as you can in the exact same way: the cards go under in the chosen order and
    fill the spots from the left (designed: a spot left empty stays empty only at the
    right end)."""
    row = [None, "Royal Rule 2", None, "Freezer Burn 5", "Royal Rule 5"]
    s = position(hands={0: ["Gale Force 3"]}, row=row, minion_deck=[], rest_minions="expelled")
    play(s, "play Gale Force 3")
    assert len(gusts(s)) == 6  # 3! orders of three cards
    play(s, "gust Royal Rule 5, Royal Rule 2, Freezer Burn 5")
    assert not s.is_chance
    assert pos(s)["minion_row"] == ["Royal Rule 5", "Royal Rule 2", "Freezer Burn 5", None, None]
    assert pos(s)["minion_deck"]["known_from_top"] == []
    s.validate()


def test_an_empty_row_offers_no_gust() -> None:
    s = position(
        hands={0: ["Gale Force 3"]}, row=[None] * 5, minion_deck=[], rest_minions="expelled"
    )
    play(s, "play Gale Force 3")
    assert gusts(s) == [] and me(s, 0)["abilities"] == {"Gust": 1}


def test_a_gust_is_seen_by_everyone() -> None:
    s = position(
        hands={0: ["Gale Force 3"]},
        row=ROW,
        minion_deck=["Fire Starters 2"],
        rest_minions="expelled",
    )
    play(s, "play Gale Force 3", "gust " + ", ".join(reversed(ROW)))
    kit.told_to_everyone(s, "gust", "Royal Rule 5, Royal Rule 4")


def test_a_gust_mid_refill_validates_and_round_trips() -> None:
    """The refills still to come after a Gust are a queue play leaves: validate accepts it,
    and the position round-trips."""
    deck = ["Fire Starters 2", "Tourist Trap 6", "Hoppy Hunters 4"]
    s = position(hands={0: ["Gale Force 3"]}, row=ROW, minion_deck=deck, rest_minions="expelled")
    play(s, "play Gale Force 3", "gust " + ", ".join(ROW), "reveal Tourist Trap 6")
    s.validate()
    again = kit.round_trip(s)
    again.validate()
    assert outcomes(again) == {"reveal Fire Starters 2": 0.5, "reveal Hoppy Hunters 4": 0.5}


def test_the_wind_turbine_upgrade_gives_gust() -> None:
    s = kit.activated("Wind Turbine", upgrade_row="Golden Throne", row=ROW)
    assert me(s, 0)["abilities"] == {"Gust": 1} and len(gusts(s)) == 120


def test_gust_is_refused_without_the_ability_and_round_trips() -> None:
    s = position(hands={0: ["Gale Force 3"]}, row=ROW)
    kit.refused(s, "gust " + ", ".join(ROW))
    play(s, "play Gale Force 3")
    with pytest.raises(NotationError, match="not a legal move"):
        s.apply("gust Royal Rule 1, Royal Rule 2")  # every row card goes under
    assert me(s, 0)["abilities"] == {"Gust": 1}
    a = next(a for a in s.legal_actions if str(a) == "gust " + ", ".join(reversed(ROW)))
    assert s.action_info(a) == {"cards": list(reversed(ROW)), "zone": "minion-row", "text": str(a)}
    kit.holds_and_round_trips(s, "Gust")
