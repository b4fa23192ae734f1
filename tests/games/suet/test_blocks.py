"""Block an Action: it blocks any Action or Instant Action played by another
player, and Blocks cancel each other out, through reaction windows."""

from __future__ import annotations

from .builder import hand, moves, play, pos, position


def test_a_block_stops_an_action() -> None:
    """Player 2 blocks Trade Hands: nothing is traded, both cards are discarded."""
    s = position(
        hands={0: ["Trade Hands", "Repair a Component"], 1: ["Block an Action", "Minions"]}
    )
    play(s, "play Trade Hands on player 2")
    assert s.current_player == 1 and moves(s) == ["block", "pass"]
    play(s, "block")
    assert s.current_player == 0 and moves(s) == ["pass"]  # player 1 holds no Block
    play(s, "pass")
    assert hand(s, 0) == {"Repair a Component": 1} and hand(s, 1) == {"Minions": 1}
    assert pos(s)["discard"] == {"Trade Hands": 1, "Block an Action": 1}
    assert s.current_player == 0 and pos(s)["actions_left"] == 0  # the action was spent


def test_a_counter_block_lets_the_action_through() -> None:
    """A Block on the Block cancels it: the Action resolves."""
    s = position(hands={0: ["Trade Hands", "Block an Action"], 1: ["Block an Action", "Minions"]})
    play(s, "play Trade Hands on player 2", "block", "block")
    assert s.current_player == 1
    play(s, "pass")  # nobody answers the counter-block: the first Block is cancelled
    assert s.current_player == 1 and moves(s) == ["pass"]  # asked again about Trade Hands
    play(s, "pass")
    assert hand(s, 0) == {"Minions": 1} and hand(s, 1) == {}
    assert pos(s)["discard"] == {"Trade Hands": 1, "Block an Action": 2}


def test_a_counter_counter_block_blocks_the_action_again() -> None:
    """Three Blocks: the third cancels the second, so the first stands and the Action is blocked."""
    s = position(
        hands={
            0: ["Trade Hands", "Block an Action", "Repair a Component"],
            1: ["Block an Action", "Block an Action", "Minions"],
        }
    )
    play(s, "play Trade Hands on player 2", "block", "block", "block")
    # Every Block is face up now: nobody can answer the third, which cancels the second.
    assert s.current_player == 0 and moves(s) == ["pass"]  # the first Block's window goes on
    play(s, "pass")
    assert hand(s, 0) == {"Repair a Component": 1} and hand(s, 1) == {"Minions": 1}
    assert pos(s)["discard"] == {"Trade Hands": 1, "Block an Action": 3}


def test_an_instant_action_can_be_blocked() -> None:
    """Draw 2 Extra Cards blocked: no card is drawn."""
    s = position(hands={0: ["Draw 2 Extra Cards"], 1: ["Block an Action"]})
    play(s, "play Draw 2 Extra Cards", "block")
    assert (
        not s.is_chance and s.current_player == 0 and pos(s)["discard"]["Draw 2 Extra Cards"] == 1
    )
    assert hand(s, 0) == {}


def test_nobody_is_asked_once_every_block_is_face_up() -> None:
    """With all three Blocks in the discard pile nobody can block: no window, no pass."""
    s = position(hands={0: ["Steal a Card"], 1: ["Minions"]}, discard=["Block an Action"] * 3)
    play(s, "play Steal a Card on player 2")
    assert s.is_chance  # the random pick, at once


def test_a_player_with_cards_is_asked_whatever_they_hold() -> None:
    """Who is asked depends on what everyone sees (cards in hand), not on holding a Block;
    the pass is private."""
    s = position(hands={0: ["Steal a Card"], 1: ["Minions"]})
    play(s, "play Steal a Card on player 2")
    assert s.current_player == 1 and moves(s) == ["pass"]
    play(s, "pass")
    assert "pass" not in [e.kind for e in s.last_events(0)]  # player 1 reads nothing of the pass
    assert next(e.kind for e in s.last_events(1)) == "pass"
    assert s.is_chance


def test_a_player_without_cards_is_not_asked() -> None:
    s = position(hands={0: ["Everyone Draws One Card"]})
    play(s, "play Everyone Draws One Card")
    assert s.is_chance


def test_blocks_answer_only_others_and_never_setbacks_components_or_enhancements() -> None:
    """Setbacks, Components and Enhancements are no Actions: no window opens for them."""
    s = position(
        hands={
            0: ["Lose Your Turn", "Universal Navigator", "Minions", "Take 2 Extra Actions"],
            1: ["Block an Action"],
        },
    )
    play(s, "play Take 2 Extra Actions", "pass")
    assert pos(s)["actions_left"] == 3
    play(s, "play Universal Navigator")
    assert s.current_player == 0
    play(s, "play Minions")
    assert s.current_player == 0
    play(s, "play Lose Your Turn on player 2")
    assert s.current_player == 0 and pos(s)["players"][1]["waiting"] == {"Lose Your Turn": 1}
    assert "block" not in moves(s)  # nobody blocks on their own turn either


def test_a_blocked_cheat_card_leaves_the_component_in_hand() -> None:
    s = position(hands={0: ["Cheat Card", "Ferret Crew Sniffer"], 1: ["Block an Action"]})
    play(s, "play Ferret Crew Sniffer with a Cheat Card", "block")
    assert hand(s, 0) == {"Ferret Crew Sniffer": 1} and pos(s)["discard"] == {
        "Cheat Card": 1,
        "Block an Action": 1,
    }
    assert pos(s)["players"][0]["lab"] == [None, None, None, None]
    assert pos(s)["actions_left"] == 1


def test_three_players_are_asked_in_seat_order() -> None:
    s = position(players=3, hands={0: ["Trade Hands"], 1: ["Minions"], 2: ["Block an Action"]})
    play(s, "play Trade Hands on player 3")
    assert s.current_player == 1
    play(s, "pass")
    assert s.current_player == 2
    play(s, "block")
    # Player 1 has no card left to block with (publicly): only player 2 is asked.
    assert s.current_player == 1
    play(s, "pass")
    assert hand(s, 2) == {} and pos(s)["discard"]["Trade Hands"] == 1
