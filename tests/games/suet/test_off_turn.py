"""Instant Actions off your turn (the printed reading, option ``instants=printed``).

"You can also play an Instant Action Card whenever you want, whether it is
your turn or not"; only Take 1/2/3 Extra Actions say "You must play this
card on your turn". Between two turns a reaction window asks every other
player who holds cards, in seat order from the player whose turn ended,
whatever they hold; one who plays an Instant Action there plays it like on
their turn (it can be Blocked), and then everyone is asked again.
``instants=block_only`` keeps the earlier reading: Block an Action alone.
"""

from __future__ import annotations

import pytest

import henchmen
from henchmen.errors import OptionError

from .builder import component, hand, moves, play, player, pos, position

U_RED = component("Universal", "Red")
U_BLUE = "Universal Navigator"


def test_between_turns_every_other_player_with_cards_is_asked_in_seat_order() -> None:
    s = position(
        players=4,
        hands={0: ["Trade Hands"], 1: ["Minions"], 2: [], 3: ["Draw 1 Extra Card", "Busted!"]},
    )
    play(s, "end turn")
    assert pos(s)["windows"][0]["trigger"] == "between-turns"
    assert pos(s)["windows"][0]["asked"] == [1, 3]  # not the turn player, not an empty hand
    assert s.current_player == 1 and moves(s) == ["pass"]
    assert s.observation(1)["window"] == "between turns"
    assert s.layout(1)["prompt"].endswith("play an Instant Action before the next turn, or pass")
    assert s.layout(0)["prompt"] == (
        "Your turn is over: Player 2 may play an Instant Action before the next turn"
    )
    play(s, "pass")
    assert s.current_player == 3 and moves(s) == ["play Draw 1 Extra Card", "pass"]
    play(s, "pass")
    assert s.turn_player == 1 and s.is_chance  # the next turn's first draw


def test_who_is_asked_does_not_depend_on_holding_an_instant_action() -> None:
    """Player 1 cannot tell whether player 2 holds an Instant Action: the same window, the
    same observation; and player 2's pass is read by player 2 alone."""
    seen = []
    for held in ("Minions", "Draw 1 Extra Card"):
        s = position(hands={0: ["Trade Hands"], 1: [held]})
        play(s, "end turn")
        assert s.current_player == 1
        seen.append((s.observation(0), s.observation_tensor(0).tolist()))
        play(s, "pass")
        assert "pass" not in [e.kind for e in s.last_events(0)]
        assert "pass" in [e.kind for e in s.last_events(1)]
    assert seen[0] == seen[1]


def test_nobody_is_asked_when_every_instant_action_playable_off_turn_is_face_up() -> None:
    face_up = [
        "Draw 1 Extra Card",
        "Draw 2 Extra Cards",
        "Draw 3 Extra Cards",
        "Take an Extra Turn",
    ]
    # The Black Market is empty, so Take Top Card from the Black Market could do nothing.
    s = position(
        hands={0: ["Trade Hands"], 1: ["Take Top Card from the Black Market"]}, discard=face_up
    )
    play(s, "end turn")
    assert s.turn_player == 1 and s.is_chance
    # With a Component in the Black Market it could: player 2 is asked.
    s = position(
        hands={0: ["Trade Hands"], 1: ["Take Top Card from the Black Market"]},
        discard=face_up,
        market=[U_RED],
    )
    play(s, "end turn")
    assert s.current_player == 1 and moves(s) == [
        "play Take Top Card from the Black Market",
        "pass",
    ]


@pytest.mark.parametrize("n", [1, 2, 3])
def test_draw_extra_cards_off_turn(n: int) -> None:
    name = f"Draw {n} Extra Card" + ("s" if n > 1 else "")
    s = position(hands={0: ["Trade Hands"], 1: [name]})
    play(s, "end turn", f"play {name}")
    assert "between turns" in next(e.text for e in s.last_events(0) if e.kind == "play")
    assert s.current_player == 0 and moves(s) == ["pass"]  # the turn player may Block it
    play(s, "pass")
    for _ in range(n):
        assert s.is_chance
        play(s, "draw Repair a Component")
    assert hand(s, 1) == {"Repair a Component": n}
    # Everyone is asked again; then the next turn begins.
    assert s.current_player == 1 and moves(s) == ["pass"]
    play(s, "pass")
    assert s.turn_player == 1 and s.is_chance


def test_a_setback_drawn_off_turn_goes_to_the_hand() -> None:
    s = position(hands={0: ["Trade Hands"], 1: ["Draw 1 Extra Card"]}, labs={1: {"Blue": U_BLUE}})
    play(s, "end turn", "play Draw 1 Extra Card", "pass", "draw Break All of Your Components")
    assert hand(s, 1) == {"Break All of Your Components": 1} and player(s, 1)["broken"] == []


def test_take_top_card_from_the_black_market_off_turn() -> None:
    s = position(hands={0: [U_RED, "Busted!"], 1: ["Take Top Card from the Black Market"]})
    play(s, f"discard {U_RED}", "end turn")
    play(s, "play Take Top Card from the Black Market", "pass")
    assert hand(s, 1) == {U_RED: 1} and pos(s)["black_market"] == []
    assert s.current_player == 1 and moves(s) == ["pass"]  # asked again
    play(s, "pass")
    assert s.turn_player == 1 and s.is_chance


def test_take_an_extra_turn_off_turn_follows_the_players_next_turn() -> None:
    s = position(hands={0: ["Trade Hands"], 1: ["Take an Extra Turn", "Minions"]})
    play(s, "end turn", "play Take an Extra Turn", "pass")
    assert s.observation(0)["players"][1]["extra_turn"] is True
    assert pos(s)["extra_turn_later"] == [1]
    assert s.current_player == 1 and moves(s) == ["pass"]  # one extra turn waiting is enough
    play(s, "pass", "draw Repair a Component")
    assert s.turn_player == 1 and pos(s)["extra_turn"]  # this turn is followed by another
    play(s, "end turn", "pass")  # player 1 passes between the two turns
    assert s.turn_player == 1 and pos(s)["again"]
    assert "extra_turn_later" not in pos(s)


def test_an_instant_action_played_off_turn_can_be_blocked() -> None:
    s = position(
        hands={0: ["Block an Action", "Trade Hands"], 1: ["Draw 2 Extra Cards", "Minions"]}
    )
    play(s, "end turn", "play Draw 2 Extra Cards", "block")
    assert s.current_player == 1 and moves(s) == ["pass"]  # may player 2 answer the Block?
    play(s, "pass")
    assert pos(s)["discard"] == {"Draw 2 Extra Cards": 1, "Block an Action": 1}
    assert hand(s, 1) == {"Minions": 1}
    assert s.current_player == 1 and moves(s) == ["pass"]  # asked again between turns


def test_only_the_instant_actions_the_text_allows_are_played_off_turn() -> None:
    """Take 1/2/3 Extra Actions: "You must play this card on your turn"; a Block answers a
    card and a Cheat Card goes with a Component, neither of which is played between turns."""
    held = ["Take 1 Extra Action", "Take 2 Extra Actions", "Take 3 Extra Actions"]
    s = position(hands={0: ["Trade Hands"], 1: [*held, "Block an Action", "Cheat Card", U_RED]})
    play(s, "end turn")
    assert s.current_player == 1 and moves(s) == ["pass"]


def test_block_only_keeps_the_earlier_reading() -> None:
    s = position(
        hands={0: ["Trade Hands"], 1: ["Draw 1 Extra Card"]}, options={"instants": "block_only"}
    )
    play(s, "end turn")
    assert s.turn_player == 1 and s.is_chance  # nobody asked between turns
    s = position(
        hands={0: ["Trade Hands"], 1: ["Block an Action"]}, options={"instants": "block_only"}
    )
    play(s, "play Trade Hands on player 2")
    assert s.current_player == 1 and moves(s) == ["block", "pass"]  # Blocks still off turn


def test_the_instants_option_names_its_values() -> None:
    assert henchmen.Game("suet").options["instants"] == "printed"
    with pytest.raises(OptionError, match=r"printed.*block_only|block_only.*printed"):
        henchmen.Game("suet", instants="always")
