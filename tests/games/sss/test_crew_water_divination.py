"""Water Divination (Tarot Card Squid), Prophecize, with every clarification of the card
reference."""

from __future__ import annotations

import pytest

from henchmen.errors import NotationError

from . import crew_kit as kit
from .builder import CREWS_D, me, moves, outcomes, play, pos, position, power

HAND = {0: ["Water Divination 3", "Royal Rule 2"]}
DECK = {0: ["Tiny Bot", "Junky Bot", "Royal Rule 9"]}


_water_divination = kit.crews_for_module(*CREWS_D)


def test_the_number_is_chosen_before_the_look() -> None:
    """Prophecize: choose a number, then look at the top card of your deck. The numbers are
    the powers a card can have (designed: 0 to the highest power in the card table); the
    guess is a decision of its own, made before the top card is known."""
    s = position(hands=HAND, decks=DECK)
    play(s, "play Water Divination 3")
    guesses = [m for m in moves(s) if m.startswith("prophecize")]
    assert guesses == [f"prophecize {n}" for n in range(power("Royal Rule 9") + 1)]
    play(s, "prophecize 4")
    assert s.is_chance and me(s, 0)["abilities"] == {}
    assert outcomes(s) == pytest.approx(
        {"reveal Tiny Bot": 1 / 3, "reveal Junky Bot": 1 / 3, "reveal Royal Rule 9": 1 / 3}
    )
    assert s.last_events(1)[0].kind == "prophecize" and s.last_events(1)[0].data["guess"] == 4


def test_a_right_guess_draws_the_card() -> None:
    """... draw it if you guessed its power. Designed: the card is shown to everyone (so the
    guess can be checked), so the drawn card is known to all."""
    s = position(hands=HAND, decks=DECK)
    play(s, "play Water Divination 3", f"prophecize {power('Royal Rule 9')}", "reveal Royal Rule 9")
    p = me(s, 0)
    assert "Royal Rule 9" in p["hand"] and "Royal Rule 9" in p["hand_public"]
    assert sorted(p["deck"]["unknown"]) == ["Junky Bot", "Tiny Bot"] and "top" not in p["deck"]
    assert [e.kind for e in s.last_events(1)] == ["prophecy", "draw"]
    assert "Royal Rule 9" in s.last_events(1)[0].text


def test_a_wrong_guess_leaves_the_card_on_top_where_everyone_saw_it() -> None:
    """Not guessed: the card is not drawn; it stays on top, known to everyone, and is the next
    card drawn."""
    s = position(hands=HAND, decks=DECK)
    play(s, "play Water Divination 3", "prophecize 1", "reveal Junky Bot")  # power 0
    p = me(s, 0)
    assert "Junky Bot" not in p["hand"]
    assert p["deck"]["top"] == [{"card": "Junky Bot", "known_to": [0, 1]}]
    assert s.observation(1)["players"][0]["deck_top"] == ["Junky Bot"]
    play(s, "end turn")
    assert "Junky Bot" in me(s, 0)["hand_public"]


def test_an_empty_deck_is_shuffled_after_the_guess() -> None:
    """If there are no cards in your deck, you shuffle your discard pile to make a new deck
    in order to look at the new top card after guessing."""
    s = position(hands=HAND, decks={0: []}, discard={0: ["Tiny Bot", "Royal Rule 9"]})
    play(s, "play Water Divination 3")
    assert "prophecize 0" in moves(s)
    play(s, "prophecize 1")
    assert sorted(me(s, 0)["discard"]) == ["Royal Rule 9", "Tiny Bot"]  # not yet shuffled
    assert outcomes(s) == {"reveal Tiny Bot": 0.5, "reveal Royal Rule 9": 0.5}
    play(s, "reveal Tiny Bot")
    assert [e.kind for e in s.last_events(1)][:2] == ["reshuffle", "prophecy"]
    p = me(s, 0)
    assert (
        p["discard"] == [] and "Tiny Bot" in p["hand"] and p["deck"]["unknown"] == ["Royal Rule 9"]
    )


def test_prophecize_needs_a_card_to_look_at() -> None:
    s = position(hands=HAND, decks={0: []})
    play(s, "play Water Divination 3")
    assert not any(m.startswith("prophecize") for m in moves(s))


def test_a_top_card_only_its_owner_knew_is_shown_without_chance() -> None:
    """A known top card (put there by Pull) is the card looked at: no chance; now everyone
    knows it."""
    s = position(hands=HAND, decks={0: ["Tiny Bot"]}, deck_top={0: ["Royal Rule 9"]})
    play(s, "play Water Divination 3", "prophecize 0")
    assert not s.is_chance
    assert me(s, 0)["deck"]["top"] == [{"card": "Royal Rule 9", "known_to": [0, 1]}]
    assert "Royal Rule 9" in s.last_events(1)[-1].text


def test_the_tarot_deck_upgrade_gives_prophecize_and_the_task_round_trips() -> None:
    s = position(hands={0: ["Tiny Bot"]}, decks=DECK, upgrades={0: ["Tarot Deck"]})
    with pytest.raises(NotationError, match="not a legal move"):
        s.apply("prophecize 1")
    play(s, "activate Tarot Deck", "prophecize 1")
    assert pos(s)["tasks"] == [{"kind": "look-top", "player": 0, "slot": 1, "count": 1}]
    again = kit.round_trip(s)
    play(again, "reveal Tiny Bot")
    assert "Tiny Bot" in me(again, 0)["hand"]
