"""One scenario per card: Instant Actions, Actions, Components, Enhancements.
(The Setbacks are in test_setbacks.py, the Blocks in test_blocks.py.)"""

from __future__ import annotations

from typing import Any

import pytest

import henchmen

from .builder import component, hand, lab, moves, play, player, pos, position

RED = component("Lemykinskov", "Red")
BLUE = component("Lemykinskov", "Blue")
FERRET_RED = component("The Ferret Lady", "Red")
FERRET_BLUE = component("The Ferret Lady", "Blue")
U_RED = component("Universal", "Red")


@pytest.mark.parametrize("n", [1, 2, 3])
def test_draw_extra_cards(n: int) -> None:
    name = f"Draw {n} Extra Card" + ("s" if n > 1 else "")
    s = position(hands={0: [name]})
    play(s, f"play {name}")
    for _ in range(n):
        assert s.is_chance
        play(s, "draw Trade Hands" if _ == 0 else "draw Repair a Component")
    assert sum(hand(s, 0).values()) == n and s.current_player == 0


@pytest.mark.parametrize("n", [1, 2, 3])
def test_take_extra_actions(n: int) -> None:
    name = f"Take {n} Extra Action" + ("s" if n > 1 else "")
    s = position(hands={0: [name, "Repair a Component"]})
    play(s, f"play {name}")
    assert pos(s)["actions_left"] == 1 + n


def test_take_an_extra_action_needs_a_card_to_play_with_it() -> None:
    s = position(hands={0: ["Take 1 Extra Action", "Draw 1 Extra Card"]})
    assert "play Take 1 Extra Action" not in moves(s)


def test_take_an_extra_turn() -> None:
    s = position(hands={0: ["Take an Extra Turn"], 1: ["Minions"]})
    play(s, "play Take an Extra Turn", "pass", "end turn")
    play(s, "pass")  # player 2, asked between the two turns
    assert s.turn_player == 0 and pos(s)["again"] and s.is_chance


def test_cheat_card_uses_another_players_component() -> None:
    s = position(hands={0: ["Cheat Card", FERRET_RED]})
    assert f"play {FERRET_RED}" not in moves(s)  # not without the Cheat Card
    play(s, f"play {FERRET_RED} with a Cheat Card")
    assert lab(s, 0)[0] == FERRET_RED and player(s, 0)["cheat"] == ["Red"]


def test_a_cheat_card_is_discarded_when_its_component_moves() -> None:
    s = position(hands={0: ["Steal a Component"]}, labs={1: {"Red": RED}}, cheat={1: ["Red"]})
    play(s, "play Steal a Component on player 2's Red")
    assert lab(s, 0)[0] == RED and lab(s, 1)[0] is None  # Lemykinskov's own motor comes home
    assert player(s, 0)["cheat"] == [] and pos(s)["discard"]["Cheat Card"] == 1


def test_take_top_card_from_the_black_market() -> None:
    s = position(
        hands={0: ["Take Top Card from the Black Market"]}, market=[U_RED, "Universal Navigator"]
    )
    play(s, "play Take Top Card from the Black Market")
    assert hand(s, 0) == {"Universal Navigator": 1} and pos(s)["black_market"] == [U_RED]


def test_steal_a_component_you_can_use_goes_into_your_lab() -> None:
    s = position(
        hands={0: ["Steal a Component"]},
        labs={0: {"Red": RED}, 1: {"Red": U_RED}},
        broken={1: ["Red"]},
    )
    play(s, "play Steal a Component on player 2's Red")
    assert lab(s, 0)[0] == U_RED and player(s, 0)["broken"] == ["Red"]  # it stays Broken
    assert pos(s)["black_market"] == [RED]  # the one it replaced


def test_steal_a_component_you_cannot_use_goes_to_the_black_market() -> None:
    s = position(
        hands={0: ["Steal a Component"]}, labs={1: {"Red": FERRET_RED}}, broken={1: ["Red"]}
    )
    play(s, "play Steal a Component on player 2's Red")
    assert lab(s, 0)[0] is None and pos(s)["black_market"] == [FERRET_RED]


def test_break_a_component() -> None:
    s = position(hands={0: ["Break a Component"]}, labs={1: {"Red": FERRET_RED}})
    play(s, "play Break a Component on player 2's Red")
    assert player(s, 1)["broken"] == ["Red"]
    assert "play Break a Component on player 2's Red" not in moves(
        position(
            hands={0: ["Break a Component"]}, labs={1: {"Red": FERRET_RED}}, broken={1: ["Red"]}
        )
    )


def both_broken(**spec: Any) -> henchmen.State:
    """Player 1's lab of a Red and a Blue component, both broken (``spec``: the rest)."""
    return position(labs={0: {"Red": RED, "Blue": BLUE}}, broken={0: ["Red", "Blue"]}, **spec)


def test_repair_a_component() -> None:
    s = both_broken(hands={0: ["Repair a Component"]})
    play(s, "play Repair a Component on player 1's Blue")
    assert player(s, 0)["broken"] == ["Red"]


def test_discard_a_component_goes_to_the_discard_pile() -> None:
    s = position(hands={0: ["Discard a Component"]}, labs={1: {"Red": RED}}, cheat={1: ["Red"]})
    play(s, "play Discard a Component on player 2's Red")
    assert (
        pos(s)["discard"][RED] == 1
        and pos(s)["discard"]["Cheat Card"] == 1
        and pos(s)["black_market"] == []
    )


def test_take_one_from_the_discard_pile() -> None:
    s = position(hands={0: ["Take One From the Discard Pile"]}, discard=["Trade Hands", "Minions"])
    play(s, "play Take One From the Discard Pile")
    assert moves(s) == ["choose Trade Hands", "choose Minions"]  # not itself
    play(s, "choose Minions")
    assert hand(s, 0) == {"Minions": 1} and pos(s)["discard"] == {
        "Trade Hands": 1,
        "Take One From the Discard Pile": 1,
    }


def test_steal_a_card_takes_one_at_random() -> None:
    s = position(hands={0: ["Steal a Card"], 1: ["Minions", "Trade Hands"]})
    play(s, "play Steal a Card on player 2", "pass")
    assert s.is_chance and sorted(str(o) for o, _ in s.chance_outcomes) == [
        "pick Minions",
        "pick Trade Hands",
    ]
    play(s, "pick Trade Hands")
    assert hand(s, 0) == {"Trade Hands": 1} and hand(s, 1) == {"Minions": 1}
    # The others read only that a card was taken.
    s3 = position(
        players=3, hands={0: ["Steal a Card"], 1: ["Minions"]}, discard=["Block an Action"] * 3
    )
    play(s3, "play Steal a Card on player 2", "pick Minions")
    assert all("Minions" not in e.text for e in s3.last_events(2))


def test_trade_hands() -> None:
    s = position(
        hands={0: ["Trade Hands", "Minions"], 1: ["Repair a Component", "Busted!", "Cheat Card"]}
    )
    play(s, "play Trade Hands on player 2", "pass")
    assert hand(s, 0) == {"Repair a Component": 1, "Busted!": 1, "Cheat Card": 1} and hand(
        s, 1
    ) == {"Minions": 1}


def test_convert_enhancement_and_repair_an_enhancement() -> None:
    s = position(hands={0: ["Convert Enhancement"], 1: ["Busted!"]}, enhancements={1: "Protection"})
    play(s, "play Convert Enhancement on player 2", "pass")  # Protection does not prevent it
    assert player(s, 1)["hindrance"]
    s = position(
        hands={0: ["Repair an Enhancement"]}, enhancements={0: "Protection"}, hindrance=[0]
    )
    play(s, "play Repair an Enhancement")
    assert not player(s, 0)["hindrance"]


def test_remove_an_enhancement() -> None:
    s = position(
        hands={0: ["Remove an Enhancement"], 1: ["Busted!"]}, enhancements={1: "Protection"}
    )
    play(s, "play Remove an Enhancement on player 2", "pass")
    assert player(s, 1)["enhancement"] is None and pos(s)["discard"]["Protection"] == 1


def test_discard_a_card_from_an_opponents_hand() -> None:
    s = position(hands={0: ["Discard a Card From an Opponent's Hand"], 1: ["Minions", "Busted!"]})
    play(s, "play Discard a Card From an Opponent's Hand on player 2", "pass", "pick Busted!")
    assert hand(s, 1) == {"Minions": 1} and pos(s)["discard"]["Busted!"] == 1


def test_discard_an_opponents_hand_components_go_to_the_black_market() -> None:
    s = position(hands={0: ["Discard a Hand"], 1: ["Minions", FERRET_BLUE]})
    play(s, "play Discard a Hand on player 2", "pass")
    assert pos(s)["black_market"] == [FERRET_BLUE] and pos(s)["discard"]["Minions"] == 1
    for _ in range(4):
        assert s.is_chance
        play(s, "draw Trade Hands" if _ == 0 else "draw Repair a Component")
    assert sum(hand(s, 1).values()) == 4 and s.current_player == 0


def test_discarding_your_own_hand_ends_your_turn_unless_an_instant_action_continues_it() -> None:
    s = position(hands={0: ["Discard a Hand", "Busted!"], 1: ["Minions"]})
    play(s, "play Discard a Hand on player 1", "pass")
    play(
        s,
        "draw Take 2 Extra Actions",
        "draw Trade Hands",
        "draw Repair a Component",
        "draw Repair a Component",
    )
    assert pos(s)["actions_left"] == 0
    assert moves(s) == ["end turn", "play Take 2 Extra Actions"]
    play(s, "play Take 2 Extra Actions", "pass")
    assert pos(s)["actions_left"] == 2


def test_everyone_draws_one_card() -> None:
    s = position(players=3, hands={0: ["Everyone Draws One Card"]})
    play(s, "play Everyone Draws One Card")
    play(s, "draw Trade Hands", "draw Minions", "draw Busted!")
    assert [sum(hand(s, p).values()) for p in range(3)] == [1, 1, 1]
    assert hand(s, 2) == {"Busted!": 1}  # a Setback drawn this way goes to the hand


def test_repair_all_of_your_components() -> None:
    s = both_broken(hands={0: ["Repair All of Your Components"]})
    play(s, "play Repair All of Your Components")
    assert player(s, 0)["broken"] == []


def test_put_discard_pile_in_deck() -> None:
    s = position(hands={0: ["Put Discard Pile in Deck"]}, discard=["Trade Hands", "Minions"])
    before = sum(pos(s)["deck"].values())
    play(s, "play Put Discard Pile in Deck")
    assert sum(pos(s)["deck"].values()) == before + 2 and pos(s)["discard"] == {
        "Put Discard Pile in Deck": 1
    }


def test_take_an_item_from_the_black_market() -> None:
    s = position(
        hands={0: ["Take an Item From the Black Market"]}, market=[U_RED, "Universal Navigator"]
    )
    play(s, "play Take an Item From the Black Market")
    play(s, f"choose {U_RED}")
    assert hand(s, 0) == {U_RED: 1} and pos(s)["black_market"] == ["Universal Navigator"]


def test_take_an_item_needs_a_black_market_round_in_the_long_game() -> None:
    spec = {
        "hands": {0: ["Take an Item From the Black Market"]},
        "market": [U_RED],
        "options": {"long_game": True},
    }
    assert "play Take an Item From the Black Market" not in moves(
        position(round_colour="Red", **spec)
    )
    assert "play Take an Item From the Black Market" in moves(
        position(round_colour="Black Market", **spec)
    )


def test_everyone_discards_one_card_is_a_future_card_option() -> None:
    assert "play Everyone Discards One Card" not in moves(position(hands={0: ["Trade Hands"]}))
    s = position(
        players=3,
        hands={
            0: ["Everyone Discards One Card", "Minions"],
            1: ["Busted!"],
            2: ["Trade Hands", "Cheat Card"],
        },
        options={"future_cards": True},
    )
    play(s, "play Everyone Discards One Card", "pass", "pass")
    assert s.current_player == 0
    play(s, "choose Minions")
    assert s.current_player == 1
    play(s, "choose Busted!", "choose Cheat Card")
    assert hand(s, 2) == {"Trade Hands": 1} and s.current_player == 0


def test_a_component_is_placed_as_the_action_and_replacing_one_sends_it_to_the_black_market() -> (
    None
):
    s = position(hands={0: [U_RED, BLUE]}, labs={0: {"Red": RED}}, broken={0: ["Red"]})
    play(s, f"play {U_RED}")
    assert (
        lab(s, 0)[0] == U_RED and player(s, 0)["broken"] == [] and pos(s)["black_market"] == [RED]
    )
    assert f"play {BLUE}" not in moves(s)  # one action per turn
    assert not any(m.startswith("play Ferret") for m in moves(position(hands={0: [FERRET_RED]})))


def test_minions_changes_the_maximum_hand() -> None:
    s = position(hands={0: ["Minions"]})
    play(s, "play Minions")
    assert player(s, 0)["enhancement"] == "Minions"
    assert position(enhancements={0: "Minions"}).observation(0)["players"][0]["hand_limit"] == 8
    assert (
        position(enhancements={0: "Minions"}, hindrance=[0]).observation(0)["players"][0][
            "hand_limit"
        ]
        == 6
    )


def test_a_hindrance_reduced_hand_is_discarded_down_at_the_end_of_the_turn() -> None:
    cards = [
        "Trade Hands",
        "Repair a Component",
        "Repair a Component",
        "Busted!",
        "Cheat Card",
        "Steal a Card",
        "Steal a Card",
    ]
    s = position(hands={0: cards}, enhancements={0: "Minions"}, hindrance=[0])
    play(s, "end turn")
    assert s.current_player == 0 and moves(s)[0].startswith("choose")
    play(s, "choose Busted!")
    assert s.turn_player == 1 and sum(hand(s, 0).values()) == 6


def test_cash_flow_repairs_one_component_free() -> None:
    s = both_broken(enhancements={0: "Cash Flow"})
    play(s, "free repair Red")
    assert player(s, 0)["broken"] == ["Blue"] and "free repair Blue" not in moves(s)
    assert pos(s)["actions_left"] == 1


def test_cash_flow_hindrance_makes_a_repair_cost_a_card() -> None:
    s = position(
        hands={0: ["Repair a Component"]},
        labs={0: {"Red": RED}},
        broken={0: ["Red"]},
        enhancements={0: "Cash Flow"},
        hindrance=[0],
    )
    assert "play Repair a Component on player 1's Red" not in moves(s)  # no card to pay with
    s = position(
        hands={0: ["Repair a Component", "Busted!"]},
        labs={0: {"Red": RED}},
        broken={0: ["Red"]},
        enhancements={0: "Cash Flow"},
        hindrance=[0],
    )
    play(s, "play Repair a Component on player 1's Red", "choose Busted!")
    assert player(s, 0)["broken"] == [] and hand(s, 0) == {}


def test_inspiration_places_one_component_free_and_its_hindrance_breaks_them() -> None:
    s = position(hands={0: [RED, BLUE, "Trade Hands"]}, enhancements={0: "Inspiration"})
    play(s, f"play {RED}")
    assert pos(s)["actions_left"] == 1
    play(s, f"play {BLUE}")
    assert pos(s)["actions_left"] == 0
    s = position(hands={0: [RED]}, enhancements={0: "Inspiration"}, hindrance=[0])
    play(s, f"play {RED}")
    assert player(s, 0)["broken"] == ["Red"]


def test_protection_stops_actions_but_not_setbacks_instant_actions_or_enhancements() -> None:
    s = position(
        hands={
            0: [
                "Steal a Card",
                "Break a Component",
                "Convert Enhancement",
                "Component Breaks",
                "Take 1 Extra Action",
            ],
            1: ["Minions"],
        },
        labs={1: {"Red": FERRET_RED}},
        enhancements={1: "Protection"},
    )
    m = moves(s)
    assert (
        "play Steal a Card on player 2" not in m
        and "play Break a Component on player 2's Red" not in m
    )
    assert (
        "play Convert Enhancement on player 2" in m
        and "play Component Breaks on player 2's Red" in m
    )
    assert "play Take 1 Extra Action" in m
    # A Block (an Instant Action) still answers the protected player's own Actions.
    t = position(hands={0: ["Trade Hands"], 1: ["Block an Action"]}, enhancements={0: "Protection"})
    play(t, "play Trade Hands on player 2", "block")
    assert pos(t)["discard"]["Trade Hands"] == 1
    # An Enhancement can be played on a player without one, protected or not.
    u = position(hands={0: ["Minions"]})
    assert "play Minions on player 2 as a Hindrance" in moves(u)


def test_protection_hindrance_forbids_actions_on_others_components() -> None:
    s = position(
        hands={0: ["Break a Component", "Steal a Card"], 1: ["Busted!"]},
        labs={1: {"Red": FERRET_RED}},
        enhancements={0: "Protection"},
        hindrance=[0],
    )
    m = moves(s)
    assert (
        "play Break a Component on player 2's Red" not in m and "play Steal a Card on player 2" in m
    )


def test_an_enhancement_on_an_opponent_only_without_one_and_replacing_your_own() -> None:
    s = position(hands={0: ["Minions"]}, enhancements={0: "Cash Flow", 1: "Protection"})
    assert moves(s).count("play Minions") == 1 and "play Minions on player 2" not in moves(s)
    play(s, "play Minions")
    assert player(s, 0)["enhancement"] == "Minions" and pos(s)["discard"]["Cash Flow"] == 1
    s = position(hands={0: ["Inspiration"]})
    play(s, "play Inspiration on player 2 as a Hindrance")
    assert player(s, 1)["enhancement"] == "Inspiration" and player(s, 1)["hindrance"]


def test_discarding_a_card_is_an_action() -> None:
    s = position(hands={0: ["Block an Action", "Busted!"]})
    play(s, "discard Block an Action")
    assert pos(s)["actions_left"] == 0 and "discard Busted!" not in moves(s)
