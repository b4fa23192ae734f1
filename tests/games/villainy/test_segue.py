"""Segues: played during another player's turn, through the core's reaction windows."""

from __future__ import annotations

from .builder import grid, me, moves, pass_all, play, pos, position, resolve

MM = ["Mugga Mugga", "Mugga Mugga"]
SEGUE = "Meanwhile, in the Jungle..."


def test_a_declared_card_may_be_segued_and_returns_to_hand() -> None:
    """The card about to be played goes back to hand; play shifts to the Segue's player."""
    s = position(decks=MM, hands={0: ["Silverback"], 1: [SEGUE]})
    play(s, "play Silverback at front left")
    assert s.current_player == 1 and s.turn_player == 0
    assert moves(s) == ["pass", f"play {SEGUE}"]
    play(s, f"play {SEGUE}")
    assert me(s, 0)["hand"] == ["Silverback"] and grid(s, 0) == {}
    assert s.turn_player == 1 and me(s, 1)["discard"] == [SEGUE]
    kinds = [e.kind for e in s.last_events(0)]
    assert "segue" in kinds and "returned" in kinds


def test_a_passed_window_lets_the_card_be_played() -> None:
    s = position(decks=MM, hands={0: ["Silverback"], 1: [SEGUE]})
    play(s, "play Silverback at front left", "pass")
    assert grid(s, 0) == {"front left": "Silverback"} and s.current_player == 0


def test_a_declared_attack_is_left_unresolved() -> None:
    s = position(
        decks=MM,
        hands={0: [], 1: [SEGUE]},
        grids={0: {"front left": "Silverback"}, 1: {"front left": "Howler Monkey"}},
    )
    play(s, "attack player 2 front left with front left")
    play(s, f"play {SEGUE}")
    assert grid(s, 1) == {"front left": "Howler Monkey"} and s.turn_player == 1
    assert "unresolved" in [e.kind for e in s.last_events(0)]


def test_a_turn_that_just_started_ends_before_the_refill() -> None:
    """Even if he has yet to draw: he fills his hand at the beginning of his next turn."""
    s = position(decks=MM, hands={0: [SEGUE], 1: ["Howler Monkey"]})
    play(s, "end turn")
    assert s.turn_player == 1 and s.current_player == 0 and not s.is_chance
    play(s, f"play {SEGUE}")
    assert len(me(s, 1)["hand"]) == 1  # never refilled
    assert s.turn_player == 0
    resolve(pass_all(s))
    assert len(me(s, 0)["hand"]) == 5  # the Segue's player starts a turn and fills up


def test_segues_on_segues() -> None:
    """Multiple Segues may be played in succession as players steal control from each other."""
    s = position(decks=MM, hands={0: ["Silverback", SEGUE], 1: [SEGUE]})
    play(s, "play Silverback at front left", f"play {SEGUE}")
    assert s.turn_player == 1 and s.current_player == 0  # player 2's turn just started
    play(s, f"play {SEGUE}")
    assert s.turn_player == 0
    assert me(s, 0)["discard"] == [SEGUE] and me(s, 1)["discard"] == [SEGUE]


def test_a_segue_ends_the_round() -> None:
    s = position(players=3, decks=["Mugga Mugga"] * 3, hands={0: ["Silverback"], 1: [], 2: [SEGUE]})
    play(s, "play Silverback at front left", "play " + SEGUE)
    assert s.turn_player == 2 and pos(s)["round"] == 2 and pos(s)["round_leader"] == 2


def test_nobody_is_asked_without_cards_or_with_every_segue_in_the_discard() -> None:
    """Who is asked depends on public information only: cards in hand, Segues not yet discarded."""
    s = position(decks=MM, hands={0: ["Silverback"], 1: []})
    play(s, "play Silverback at front left")
    assert s.current_player == 0 and pos(s)["phase"] == "main"
    s = position(
        decks=MM, hands={0: ["Silverback"], 1: ["Howler Monkey"]}, discards={1: [SEGUE] * 4}
    )
    play(s, "play Silverback at front left")
    assert pos(s)["phase"] == "main"
    # Holding no Segue, a player with cards is still asked (and may only pass).
    s = position(decks=MM, hands={0: ["Silverback"], 1: ["Howler Monkey"]})
    play(s, "play Silverback at front left")
    assert moves(s) == ["pass"]


def test_a_pass_is_not_seen_by_the_others() -> None:
    s = position(decks=MM, hands={0: ["Silverback"], 1: ["Howler Monkey"]})
    play(s, "play Silverback at front left", "pass")
    assert "pass" in [e.kind for e in s.last_events(1)]
    assert "pass" not in [e.kind for e in s.last_events(0)]
    assert "pass" not in [e.kind for e in s.last_events("spectator")]


def test_segues_cannot_be_played_on_your_own_turn() -> None:
    s = position(decks=MM, hands={0: [SEGUE], 1: []})
    assert f"play {SEGUE}" not in moves(s)


def test_each_asked_player_answers_in_turn_order() -> None:
    s = position(
        players=3,
        decks=["Mugga Mugga"] * 3,
        hands={0: ["Silverback"], 1: ["Howler Monkey"], 2: [SEGUE]},
    )
    play(s, "play Silverback at front left")
    assert s.current_player == 1
    play(s, "pass")
    assert s.current_player == 2
    pass_all(s)
    assert grid(s, 0) == {"front left": "Silverback"}
