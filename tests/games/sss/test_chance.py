"""Chance is explicit: unknown piles are multisets, certain draws are not chance, known places stay
known."""

from __future__ import annotations

import pytest

import henchmen

from .builder import me, outcomes, play, pos, position

END_TURN = 1203  # the action id of "end turn" (cpp/games/sss/state.h)


def test_draw_probabilities_follow_the_deck_multiset() -> None:
    s = position(
        decks={0: ["Tiny Bot", "Tiny Bot", "Tiny Bot", "Junky Bot", "Royal Rule 4", "Royal Rule 5"]}
    )
    play(s, "end turn")
    assert s.is_chance and s.current_player == henchmen.CHANCE
    assert outcomes(s) == {
        "draw Royal Rule 4": pytest.approx(1 / 6),
        "draw Royal Rule 5": pytest.approx(1 / 6),
        "draw Tiny Bot": pytest.approx(3 / 6),
        "draw Junky Bot": pytest.approx(1 / 6),
    }
    play(s, "draw Tiny Bot")
    assert outcomes(s) == {
        "draw Royal Rule 4": pytest.approx(1 / 5),
        "draw Royal Rule 5": pytest.approx(1 / 5),
        "draw Tiny Bot": pytest.approx(2 / 5),
        "draw Junky Bot": pytest.approx(1 / 5),
    }


def test_a_draw_certain_only_from_hidden_cards_is_still_a_chance_event() -> None:
    """Designed (8): a deck of one kind is certain to its owner, not to the opponent, who cannot
    tell the hand from the deck; whether chance comes must not tell them, so it does (one
    outcome)."""
    s = position(decks={0: ["Tiny Bot"] * 7})
    play(s, "end turn")
    assert s.is_chance and outcomes(s) == {"draw Tiny Bot": 1.0}
    play(s, *["draw Tiny Bot"] * 5)
    assert not s.is_chance and s.current_player == 1
    assert me(s, 0)["hand"] == ["Tiny Bot"] * 5 and me(s, 0)["deck"]["unknown"] == ["Tiny Bot"] * 2


def test_a_draw_certain_from_public_counts_is_not_a_chance_event() -> None:
    """Designed (8): drawing the whole unknown part of a deck (or its last card) is certain from
    what everyone can count, whatever the cards are: no chance node."""
    s = position(decks={0: ["Tiny Bot", "Junky Bot", "Royal Rule 9", "Tiny Bot", "Junky Bot"]})
    play(s, "end turn")
    assert not s.is_chance and s.current_player == 1
    assert sorted(me(s, 0)["hand"]) == sorted(
        ["Tiny Bot", "Junky Bot", "Royal Rule 9"] * 1 + ["Tiny Bot", "Junky Bot"]
    )
    assert s.history_ids == [END_TURN]  # "end turn" only: no chance outcome recorded


def test_reshuffle_happens_only_when_a_draw_needs_it() -> None:
    """The discard pile is not a deck until a draw needs it (a card played stays in play, not
    shuffled in)."""
    s = position(
        hands={0: ["Sleuths N' Sniffs 3"]},
        decks={0: ["Tiny Bot"]},
        discard={0: ["Royal Rule 1", "Royal Rule 2"]},
    )
    play(s, "play Sleuths N' Sniffs 3", "fetch")
    assert not s.is_chance and me(s, 0)["discard"] == ["Royal Rule 1", "Royal Rule 2"]
    play(s, "discard Tiny Bot")
    assert me(s, 0)["deck"] == {"unknown": [], "known_from_top": []}
    assert sorted(me(s, 0)["discard"]) == ["Royal Rule 1", "Royal Rule 2", "Tiny Bot"]


def test_known_bottom_cards_are_drawn_after_the_unknown_part_in_order() -> None:
    """Cards put on the bottom keep a known position: the unknown part lies above them."""
    row = ["Royal Rule 1", "Royal Rule 2", "Royal Rule 3", "Royal Rule 4", "Royal Rule 5"]
    s = position(
        power={0: 3},
        row=row,
        minion_deck=["Fire Starters 1"],
        minion_deck_bottom=["Tourist Trap 1", "Tourist Trap 2"],
        rest_minions="expelled",
    )
    play(s, "buy Royal Rule 1")
    assert not s.is_chance and pos(s)["minion_row"][0] == "Fire Starters 1"
    play(s, "buy Royal Rule 2")
    assert not s.is_chance and pos(s)["minion_row"][1] == "Tourist Trap 1"
    assert pos(s)["minion_deck"] == {"unknown": [], "known_from_top": ["Tourist Trap 2"]}


def test_supervillain_reveal_probabilities() -> None:
    s = position(
        hands={0: ["Royal Rule 9"]},
        attached={"King Cobra": {0: ["Royal Rule 1"]}},
        won_by={"Mr. Shadow": 1, "MechaOven": 1},
        expelled=[],
    )
    play(s, "attach Royal Rule 9")
    assert outcomes(s) == {"reveal Bounty Hunter Slippy": 0.5, "reveal Tourmeleon Tillie": 0.5}


def test_the_last_supervillain_is_revealed_without_chance() -> None:
    s = position(
        hands={0: ["Royal Rule 9"]},
        attached={"King Cobra": {0: ["Royal Rule 1"]}},
        won_by={"Mr. Shadow": 1, "MechaOven": 1, "Bounty Hunter Slippy": 1},
    )
    play(s, "attach Royal Rule 9")
    assert (
        not s.is_chance
        and pos(s)["supervillain_slots"][0] == "Tourmeleon Tillie"
        and pos(s)["supervillain_deck"] == []
    )


def test_auto_chance_resolves_with_a_seed_and_is_reproducible() -> None:
    a = henchmen.new_game("seven-secret-supervillains", seed=11)
    b = henchmen.new_game("seven-secret-supervillains", seed=11)
    assert a.serialize() == b.serialize() and not a.is_chance
    for _ in range(60):
        if a.is_terminal:
            break
        m = a.legal_action_ids[-1]
        a.apply(m)
        b.apply(m)
    assert a.serialize() == b.serialize()
