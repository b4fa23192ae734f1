"""A Component discarded from a hand goes to the Black Market, on every path.

The card page: "If a player ever has to discard a Component it is placed into
the Black market, not the Discard pile, unless a card says specifically to
place it in the Discard Pile." No card that discards from a hand says so, so
every such discard (one mechanism, ``State::discard_from_hand``) sends a
Component to the top of the Black Market, in front of everyone.
"""

from __future__ import annotations

import henchmen

from .builder import component, hand, moves, play, pos, position

U_RED = component("Universal", "Red")
U_BLUE = "Universal Navigator"
RED = component("Lemykinskov", "Red")


def seen_by_all(s: henchmen.State, card: str) -> None:
    """The Component tops the Black Market in every player's observation, and every
    reader (the spectator too) reads it go there."""
    players = len(s.observation(0)["players"])
    for p in range(players):
        assert s.observation(p)["black_market"][0] == card
        assert card not in s.observation(p)["discard"]
    for reader in [*range(players), "spectator"]:
        said = [e for e in s.last_events(reader) if "Black Market" in e.text]
        assert said and said[0].data["card"] == card, reader
    henchmen.deserialize(s.serialize()).validate()  # every card still counted once


def test_a_component_discarded_as_the_action_goes_to_the_black_market() -> None:
    s = position(hands={0: [U_RED, "Busted!"]}, market=[U_BLUE])
    play(s, f"discard {U_RED}")
    assert pos(s)["black_market"] == [U_BLUE, U_RED]  # on top
    assert U_RED not in pos(s)["discard"] and hand(s, 0) == {"Busted!": 1}
    seen_by_all(s, U_RED)
    # Any other card still goes to the discard pile.
    s = position(hands={0: [U_RED, "Busted!"]})
    play(s, "discard Busted!")
    assert pos(s)["discard"]["Busted!"] == 1 and pos(s)["black_market"] == []


def test_a_component_discarded_down_to_the_maximum_hand_goes_to_the_black_market() -> None:
    cards = ["Trade Hands", "Busted!", "Cheat Card", "Steal a Card", "Steal a Card", "Minions"]
    s = position(hands={0: [*cards, U_RED, "Repair a Component"]})  # 8 cards, a maximum of 7
    play(s, "end turn")
    assert s.current_player == 0 and f"choose {U_RED}" in moves(s)
    play(s, f"choose {U_RED}")
    assert pos(s)["black_market"] == [U_RED] and U_RED not in pos(s)["discard"]
    seen_by_all(s, U_RED)


def test_a_component_paying_for_a_repair_under_cash_flows_hindrance_goes_to_the_black_market() -> (
    None
):
    s = position(
        hands={0: ["Repair a Component", U_RED]},
        labs={0: {"Red": RED}},
        broken={0: ["Red"]},
        enhancements={0: "Cash Flow"},
        hindrance=[0],
    )
    play(s, "play Repair a Component on player 1's Red")
    assert moves(s) == [f"choose {U_RED}"]
    play(s, f"choose {U_RED}")
    assert pos(s)["black_market"] == [U_RED] and U_RED not in pos(s)["discard"]
    seen_by_all(s, U_RED)
    assert pos(s)["players"][0]["broken"] == []  # and the repair is made


def test_a_component_chosen_for_everyone_discards_one_card_goes_to_the_black_market() -> None:
    s = position(
        hands={0: ["Everyone Discards One Card", "Minions"], 1: [U_RED, "Busted!"]},
        options={"future_cards": True},
    )
    play(s, "play Everyone Discards One Card", "pass", "choose Minions", f"choose {U_RED}")
    assert pos(s)["black_market"] == [U_RED] and pos(s)["discard"]["Minions"] == 1
    assert hand(s, 1) == {"Busted!": 1}
    seen_by_all(s, U_RED)


def test_a_component_discarded_at_random_from_an_opponents_hand_goes_to_the_black_market() -> None:
    s = position(hands={0: ["Discard a Card From an Opponent's Hand"], 1: ["Minions", U_RED]})
    play(s, "play Discard a Card From an Opponent's Hand on player 2", "pass")
    assert s.is_chance
    play(s, f"pick {U_RED}")
    assert pos(s)["black_market"] == [U_RED] and U_RED not in pos(s)["discard"]
    assert hand(s, 1) == {"Minions": 1}
    seen_by_all(s, U_RED)
