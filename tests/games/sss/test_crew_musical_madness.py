"""Musical Madness (Crusher Cassette), Remix, with every clarification of the card reference."""

from __future__ import annotations

import pytest

import henchmen
from henchmen.errors import NotationError

from . import crew_kit as kit
from .builder import me, moves, outcomes, play, pos, position, resolve

HAND = ["Musical Madness 3", "Royal Rule 9", "Freezer Burn 3", "Tiny Bot", "Junky Bot"]


_musical_madness = kit.crews_for_module(*kit.beside_base("Musical Madness"))


def remixes(s: henchmen.State) -> list[str]:
    return kit.starting(s, "remix")


def test_remix_discards_3_cards_to_draw_3() -> None:
    """Remix: you may discard 3 cards to draw 3 cards (one discard per action; the draws
    follow the third)."""
    deck = ["Fire Starters 2", "Tourist Trap 6", "Hoppy Hunters 4", "Royal Rule 1"]
    s = position(hands={0: HAND}, decks={0: deck})
    play(s, "play Musical Madness 3")
    assert me(s, 0)["abilities"] == {"Remix": 1} and "end turn" in moves(s)
    assert sorted(remixes(s)) == [
        "remix Freezer Burn 3",
        "remix Junky Bot",
        "remix Royal Rule 9",
        "remix Tiny Bot",
    ]
    play(s, "remix Royal Rule 9")
    assert me(s, 0)["abilities"] == {} and pos(s)["pending"] == "remix-discard-2"
    play(s, "remix Tiny Bot", "remix Junky Bot")
    p = me(s, 0)
    assert sorted(p["discard"]) == ["Junky Bot", "Royal Rule 9", "Tiny Bot"]
    assert p["hand"] == ["Freezer Burn 3"] and pos(s)["pending"] == "none"
    assert s.is_chance
    play(s, "draw Tourist Trap 6", "draw Royal Rule 1")
    resolve(s)
    p = me(s, 0)
    assert len(p["hand"]) == 4 and "Tourist Trap 6" in p["hand"] and "Royal Rule 1" in p["hand"]
    assert len(p["deck"]["unknown"]) == 1  # the one card not drawn


def test_exactly_3_cards_no_more_and_no_less() -> None:
    """You must discard exactly 3 cards for this ability, no more and no less: once begun,
    only the next discard is legal (no ending the turn, no playing, no stopping at 1 or 2),
    and a hand of fewer than 3 cards cannot remix at all."""
    s = position(hands={0: HAND}, decks={0: ["Fire Starters 2", "Royal Rule 1", "Tourist Trap 6"]})
    play(s, "play Musical Madness 3", "remix Royal Rule 9")
    assert sorted(moves(s)) == ["remix Freezer Burn 3", "remix Junky Bot", "remix Tiny Bot"]
    play(s, "remix Tiny Bot")
    assert sorted(moves(s)) == ["remix Freezer Burn 3", "remix Junky Bot"]
    with pytest.raises(NotationError, match="not a legal move"):
        s.apply("end turn")
    play(s, "remix Junky Bot")
    assert remixes(s) == []  # the one Remix is spent: no fourth discard
    short = position(hands={0: ["Musical Madness 3", "Royal Rule 9", "Tiny Bot"]})
    play(short, "play Musical Madness 3")
    assert remixes(short) == [] and me(short, 0)["abilities"] == {"Remix": 1}


def test_fewer_than_3_in_the_deck_draws_them_then_shuffles_the_discard_pile() -> None:
    """If there are less than 3 cards in your deck, draw any cards that are in the deck, then
    shuffle your discard pile (the three just discarded in it) to make a new deck in order to
    draw the remaining cards to get to 3."""
    s = position(
        hands={0: HAND},
        decks={0: ["Fire Starters 2"]},
        discard={0: ["Hoppy Hunters 4"]},
    )
    play(s, "play Musical Madness 3", "remix Royal Rule 9", "remix Tiny Bot", "remix Junky Bot")
    # The deck's one card is certain; then the discard pile is shuffled in for the other two.
    assert "Fire Starters 2" in me(s, 0)["hand"]
    assert outcomes(s) == {
        "draw Hoppy Hunters 4": 0.25,
        "draw Junky Bot": 0.25,
        "draw Royal Rule 9": 0.25,
        "draw Tiny Bot": 0.25,
    }
    play(s, "draw Royal Rule 9", "draw Hoppy Hunters 4")
    p = me(s, 0)
    assert sorted(p["hand"]) == [
        "Fire Starters 2",
        "Freezer Burn 3",
        "Hoppy Hunters 4",
        "Royal Rule 9",
    ]
    assert p["discard"] == [] and sorted(p["deck"]["unknown"]) == ["Junky Bot", "Tiny Bot"]


def test_only_a_card_still_in_hand_can_be_discarded() -> None:
    """You can only discard a card in your hand that has not been played already: you will
    not be getting that card's power and/or ability."""
    s = position(hands={0: [*HAND, "Freezer Burn 4"]})
    play(s, "play Musical Madness 3", "play Royal Rule 9")
    assert "remix Royal Rule 9" not in moves(s) and "remix Musical Madness 3" not in moves(s)
    play(s, "remix Freezer Burn 3", "remix Tiny Bot", "remix Junky Bot")
    p = me(s, 0)
    assert p["power"] == 2 + 4 and p["abilities"] == {}  # no Freeze, no power from them
    assert sorted(p["in_play"]) == ["Musical Madness 3", "Royal Rule 9"]


def test_the_discards_are_seen_by_everyone_and_the_draws_by_the_drawer() -> None:
    s = position(
        hands={0: HAND},
        decks={0: ["Fire Starters 2", "Tourist Trap 6", "Royal Rule 1", "Junky Bot"]},
    )
    play(s, "play Musical Madness 3", "remix Royal Rule 9")
    kit.told_to_everyone(s, "remix", "Royal Rule 9")
    assert s.observation(1)["pending"] == "remix-discard-2"
    play(s, "remix Tiny Bot", "remix Junky Bot", "draw Tourist Trap 6")
    assert "Tourist Trap 6" in s.last_events(0)[0].text
    assert "Tourist Trap 6" not in s.last_events(1)[0].text


def test_a_remix_under_way_validates_and_round_trips() -> None:
    s = position(
        hands={0: HAND},
        decks={0: ["Fire Starters 2", "Tourist Trap 6", "Royal Rule 1", "Junky Bot"]},
    )
    play(s, "play Musical Madness 3", "remix Royal Rule 9")
    for state in (
        s,
        play(s.clone(), "remix Tiny Bot"),
        play(s.clone(), "remix Tiny Bot", "remix Junky Bot", "draw Royal Rule 1"),
    ):
        state.validate()
        again = kit.round_trip(state)
        assert moves(again) == moves(state)
        again.validate()


def test_the_mixtape_deck_upgrade_gives_remix() -> None:
    s = kit.activated(
        "Mixtape Deck",
        "remix Tiny Bot",
        "remix Junky Bot",
        "remix Royal Rule 9",
        hands={0: HAND[1:]},
        upgrade_row="Golden Throne",
    )
    assert sorted(me(s, 0)["discard"]) == ["Junky Bot", "Royal Rule 9", "Tiny Bot"]


def test_remix_is_refused_without_the_ability_and_round_trips() -> None:
    s = position(hands={0: HAND})
    kit.refused(s, "remix Royal Rule 9")
    play(s, "play Musical Madness 3")
    kit.offered(s, "remix Royal Rule 9", "Royal Rule 9", "hand-0")
    kit.holds_and_round_trips(s, "Remix")
