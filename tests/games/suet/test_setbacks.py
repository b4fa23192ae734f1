"""Setbacks: on the first draw of a turn they strike the drawer and end the
turn; received any other way they go to the hand, to be played on others.
A working Enhancement can be sacrificed to stop one."""

from __future__ import annotations

from .builder import at_turn_start, component, hand, moves, play, player, pos, position

ZEP = {c: component("Lemykinskov", c) for c in ("Red", "Blue", "Purple", "Green")}
RED, BLUE = ZEP["Red"], ZEP["Blue"]


def test_a_setback_on_the_first_draw_strikes_and_ends_the_turn() -> None:
    s = at_turn_start(
        hands={0: ["Trade Hands"], 1: ["Minions"]}, labs={0: {"Red": RED, "Blue": BLUE}}
    )
    assert s.is_chance
    play(s, "draw Break All of Your Components")
    assert sorted(player(s, 0)["broken"]) == ["Blue", "Red"]
    assert s.current_player == 1 and moves(s) == ["pass"]  # the turn ended at once: between turns
    play(s, "pass")
    assert s.turn_player == 1
    assert pos(s)["discard"]["Break All of Your Components"] == 1
    assert hand(s, 0) == {"Trade Hands": 1}


def test_the_same_setback_received_later_goes_to_the_hand() -> None:
    s = position(hands={0: ["Draw 1 Extra Card"], 1: []}, labs={0: {"Red": RED}})
    play(s, "play Draw 1 Extra Card")
    play(s, "draw Break All of Your Components")
    assert hand(s, 0) == {"Break All of Your Components": 1}
    assert player(s, 0)["broken"] == [] and s.turn_player == 0 and s.current_player == 0
    # ... and can be played on another player as the turn's action.
    assert "play Break All of Your Components on player 2" in moves(s)


def test_an_enhancement_is_sacrificed_against_a_drawn_setback_and_the_turn_goes_on() -> None:
    s = at_turn_start(
        hands={0: ["Trade Hands"]}, labs={0: {"Red": RED}}, enhancements={0: "Minions"}
    )
    play(s, "draw Break All of Your Components")
    assert s.current_player == 0 and moves(s) == ["sacrifice the Enhancement", "pass"]
    play(s, "sacrifice the Enhancement")
    assert player(s, 0)["enhancement"] is None and player(s, 0)["broken"] == []
    assert pos(s)["discard"] == {"Minions": 1, "Break All of Your Components": 1}
    assert (
        s.turn_player == 0 and s.current_player == 0 and "play Trade Hands on player 2" in moves(s)
    )


def test_keeping_the_enhancement_lets_the_setback_strike() -> None:
    s = at_turn_start(
        hands={0: ["Trade Hands"]}, labs={0: {"Red": RED}}, enhancements={0: "Minions"}
    )
    play(s, "draw Break All of Your Components", "pass")
    assert player(s, 0)["broken"] == ["Red"] and player(s, 0)["enhancement"] == "Minions"
    assert s.turn_player == 1


def test_a_hindrance_cannot_be_sacrificed() -> None:
    s = at_turn_start(labs={0: {"Red": RED}}, enhancements={0: "Minions"}, hindrance=[0])
    play(s, "draw Break All of Your Components")
    assert s.turn_player == 1 and player(s, 0)["broken"] == ["Red"]


def test_an_enhancement_is_sacrificed_against_a_played_setback() -> None:
    s = position(
        hands={0: ["Component Breaks"]},
        labs={1: {"Red": component("The Ferret Lady", "Red")}},
        enhancements={1: "Cash Flow"},
    )
    play(s, "play Component Breaks on player 2's Red")
    assert s.current_player == 1 and moves(s) == ["sacrifice the Enhancement", "pass"]
    play(s, "sacrifice the Enhancement")
    assert player(s, 1)["broken"] == [] and player(s, 1)["enhancement"] is None
    assert s.current_player == 0  # whoever played it continues the turn


def test_component_breaks_drawn_the_player_to_the_left_chooses() -> None:
    s = at_turn_start(players=3, labs={0: {"Red": RED, "Blue": BLUE}}, broken={0: ["Blue"]})
    play(s, "draw Component Breaks")
    assert s.current_player == 1 and moves(s) == ["choose Red"]  # only a working one
    play(s, "choose Red")
    assert sorted(player(s, 0)["broken"]) == ["Blue", "Red"] and s.turn_player == 1


def test_component_breaks_with_nothing_to_break_loses_the_turn() -> None:
    s = at_turn_start(hands={0: ["Trade Hands"]})
    play(s, "draw Component Breaks")
    assert s.turn_player == 1


def test_component_breaks_played_you_select_the_component_and_protection_does_not_stop_it() -> None:
    s = position(
        hands={0: ["Component Breaks"]},
        labs={1: {"Green": component("The Ferret Lady", "Green")}},
        enhancements={1: "Protection"},
    )
    play(s, "play Component Breaks on player 2's Green", "pass")
    assert player(s, 1)["broken"] == ["Green"]


def test_lose_your_turn_drawn_ends_the_turn() -> None:
    s = at_turn_start(hands={0: ["Trade Hands"], 1: ["Minions"]})
    play(s, "draw Lose Your Turn", "pass")  # player 2 passes between turns
    assert s.turn_player == 1 and pos(s)["discard"] == {"Lose Your Turn": 1}


def test_lose_your_turn_played_waits_and_the_next_turn_is_lost() -> None:
    s = position(hands={0: ["Lose Your Turn"], 1: ["Minions"]})
    play(s, "play Lose Your Turn on player 2")
    assert player(s, 1)["waiting"] == {"Lose Your Turn": 1}
    play(s, "end turn", "pass")  # player 2 passes between turns
    # Player 2's turn is lost at once (no draw); player 1, with no card, is not asked after it
    # and plays again.
    assert s.turn_player == 0 and s.is_chance
    assert player(s, 1)["waiting"] == {} and pos(s)["discard"]["Lose Your Turn"] == 1
    assert hand(s, 1) == {"Minions": 1}


def test_put_one_back_drawn_and_played() -> None:
    s = at_turn_start(labs={0: {"Red": RED, "Blue": BLUE}})
    play(s, "draw Put One Back in Your Hand!")
    assert s.current_player == 1 and moves(s) == ["choose Red", "choose Blue"]
    play(s, "choose Blue")
    assert hand(s, 0) == {BLUE: 1} and player(s, 0)["lab"][1] is None
    s = position(
        hands={0: ["Put One Back in Your Hand!"]},
        labs={1: {"Red": component("Universal", "Red")}},
        cheat={},
    )
    play(s, "play Put One Back in Your Hand! on player 2's Red")
    assert hand(s, 1) == {"Universal Super Bike Engine": 1}


def test_break_all_played_on_an_empty_lab_loses_the_next_turn() -> None:
    s = position(hands={0: ["Break All of Your Components"]})
    play(s, "play Break All of Your Components on player 2")
    assert player(s, 1)["waiting"] == {"Break All of Your Components": 1}


def test_lose_your_enhancement_drawn_and_played() -> None:
    s = at_turn_start(enhancements={0: "Cash Flow"}, hindrance=[0])
    play(s, "draw Lose Your Enhancement")
    assert player(s, 0)["enhancement"] is None and s.turn_player == 1
    s = position(hands={0: ["Lose Your Enhancement"]}, enhancements={1: "Protection"})
    play(s, "play Lose Your Enhancement on player 2", "pass")  # Protection does not prevent it
    assert player(s, 1)["enhancement"] is None and pos(s)["discard"]["Protection"] == 1


def test_busted_empties_the_black_market() -> None:
    s = at_turn_start(market=["Universal Navigator", "Universal Rocket Booster"])
    play(s, "draw Busted!")
    assert (
        pos(s)["black_market"] == []
        and pos(s)["discard"]["Universal Navigator"] == 1
        and s.turn_player == 1
    )
    s = position(hands={0: ["Busted!"]}, market=["Universal Navigator"])
    play(s, "play Busted! on player 2")
    assert pos(s)["black_market"] == [] and player(s, 1)["waiting"] == {"Busted!": 1}


def test_return_components_back_to_hand_discards_cheat_cards() -> None:
    s = at_turn_start(
        labs={0: {"Red": RED, "Blue": component("The Ferret Lady", "Blue")}}, cheat={0: ["Blue"]}
    )
    play(s, "draw Return Components Back to Hand")
    assert hand(s, 0) == {RED: 1, "Ferret Crew Sniffer": 1}
    assert pos(s)["discard"] == {"Cheat Card": 1, "Return Components Back to Hand": 1}
    s = position(hands={0: ["Return Components Back to Hand"]})
    play(s, "play Return Components Back to Hand on player 2")
    assert player(s, 1)["waiting"] == {"Return Components Back to Hand": 1}


def test_a_drawn_setback_is_seen_by_everyone() -> None:
    s = at_turn_start(hands={1: ["Minions"]})
    play(s, "draw Lose Your Turn")
    texts = [e.text for e in s.last_events(1)]
    assert any("Lose Your Turn" in t for t in texts)
