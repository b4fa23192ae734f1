"""The Cleanup: discards, Upgrade attachment, the new hand, reshuffles."""

from __future__ import annotations

import pytest

from .builder import me, moves, outcomes, play, pos, position


def _turn(**extra):
    return position(
        hands={0: ["Tiny Bot", "Junky Bot", "Freezer Burn 3"]},
        decks={0: ["Tiny Bot"] * 5},
        row=["Royal Rule 1", "Royal Rule 2", "Royal Rule 3", "Royal Rule 4", "Royal Rule 5"],
        minion_deck=["Fire Starters 1"],
        rest_minions="expelled",
        **extra,
    )


def test_played_unplayed_and_bought_cards_go_to_discard_at_end_of_turn_only() -> None:
    """Played, not played and bought cards go to the discard pile at the end of the turn, not
    before."""
    s = _turn()
    play(
        s, "play Tiny Bot", "buy Royal Rule 1"
    )  # the refill is certain: one card left in the Minion deck
    assert not s.is_chance
    p = me(s, 0)
    assert p["discard"] == [] and p["in_play"] == ["Tiny Bot"] and p["bought"] == ["Royal Rule 1"]
    play(s, "end turn")
    p = me(s, 0)
    assert sorted(p["discard"]) == sorted(
        ["Tiny Bot", "Royal Rule 1", "Junky Bot", "Freezer Burn 3"]
    )
    assert p["in_play"] == [] and p["bought"] == []


def test_draw_five_to_end_the_turn_and_pass() -> None:
    """Draw 5 cards to end the turn; then the other player's turn begins."""
    s = _turn()
    play(s, "end turn")
    assert s.current_player == 1 and pos(s)["turn"] == 2 and pos(s)["turn_player"] == 1
    assert me(s, 0)["hand"] == ["Tiny Bot"] * 5
    assert me(s, 0)["deck"] == {"unknown": [], "known_from_top": []}


def test_bought_upgrades_attach_instead_of_discard() -> None:
    """Upgrades you bought don't go to your discard pile: they attach to your Supercomputer."""
    s = _turn(power={0: 5}, upgrade_row="Blast Furnace")
    play(s, "buy Blast Furnace", "reveal Golden Throne")
    assert me(s, 0)["upgrades_pending"] == ["Blast Furnace"] and me(s, 0)["upgrades"] == []
    assert "activate Blast Furnace" not in moves(
        s
    )  # Designed (4): not before it attaches at cleanup
    play(s, "end turn")
    p = me(s, 0)
    assert (
        p["upgrades"] == ["Blast Furnace"]
        and p["upgrades_pending"] == []
        and "Blast Furnace" not in p["discard"]
    )


def test_no_reshuffle_while_the_deck_has_enough() -> None:
    """Designed (8): the discard pile becomes a deck only when a draw needs it."""
    s = _turn(discard={0: ["Royal Rule 9"]})
    play(s, "end turn")
    p = me(s, 0)
    assert p["hand"] == ["Tiny Bot"] * 5 and p["deck"]["unknown"] == []
    assert sorted(p["discard"]) == sorted(
        ["Royal Rule 9", "Tiny Bot", "Junky Bot", "Freezer Burn 3"]
    )


def test_out_of_cards_the_discard_pile_is_shuffled_into_a_new_deck() -> None:
    """Out of cards: shuffle your discard pile to make a new deck (the cleanup's discards
    included)."""
    s = position(
        hands={0: ["Junky Bot"]},
        decks={0: ["Tiny Bot", "Tiny Bot"]},
        discard={0: ["Royal Rule 1", "Royal Rule 2", "Royal Rule 3"]},
    )
    play(s, "end turn")
    assert s.is_chance
    p = me(s, 0)
    # The two cards of the deck are drawn whole (certain from the count); the discard pile, the
    # hand's Junky Bot on it, waits in view: the next draw shuffles it into the new deck.
    assert p["hand"] == ["Tiny Bot", "Tiny Bot"] and p["deck"]["unknown"] == []
    assert sorted(p["discard"]) == sorted(
        ["Royal Rule 1", "Royal Rule 2", "Royal Rule 3", "Junky Bot"]
    )
    assert outcomes(s) == {
        "draw Royal Rule 1": pytest.approx(1 / 4),
        "draw Royal Rule 2": pytest.approx(1 / 4),
        "draw Royal Rule 3": pytest.approx(1 / 4),
        "draw Junky Bot": pytest.approx(1 / 4),
    }
    play(s, "draw Junky Bot")
    assert me(s, 0)["discard"] == [] and len(me(s, 0)["deck"]["unknown"]) == 3
    assert outcomes(s) == {
        "draw Royal Rule 1": pytest.approx(1 / 3),
        "draw Royal Rule 2": pytest.approx(1 / 3),
        "draw Royal Rule 3": pytest.approx(1 / 3),
    }
    play(s, "draw Royal Rule 2")
    assert outcomes(s) == {"draw Royal Rule 1": 0.5, "draw Royal Rule 3": 0.5}
    play(s, "draw Royal Rule 3")
    assert not s.is_chance and s.current_player == 1
    assert sorted(me(s, 0)["hand"]) == sorted(
        ["Tiny Bot", "Tiny Bot", "Junky Bot", "Royal Rule 2", "Royal Rule 3"]
    )
    assert me(s, 0)["deck"]["unknown"] == ["Royal Rule 1"]


def test_fewer_than_five_cards_in_all_draws_what_there_is() -> None:
    s = position(
        hands={0: ["Junky Bot"]}, decks={0: ["Tiny Bot"]}, expelled=["Tiny Bot"] * 7 + ["Junky Bot"]
    )
    play(s, "end turn")
    # The Tiny Bot, then the discarded Junky Bot shuffled in: the reshuffle is a chance step
    # (one outcome), then nothing is left to draw.
    assert outcomes(s) == {"draw Junky Bot": 1.0}
    play(s, "draw Junky Bot")
    assert sorted(me(s, 0)["hand"]) == ["Junky Bot", "Tiny Bot"]
    assert s.current_player == 1


def test_the_stash_stays_across_turns() -> None:
    s = _turn(stash={0: ["Tourist Trap 9"]})
    play(s, "end turn")
    assert me(s, 0)["stash"] == ["Tourist Trap 9"] and "Tourist Trap 9" not in me(s, 0)["discard"]
