"""Salesweasels (Insurance Salesweasel), Sell, with every clarification of the card
reference."""

from __future__ import annotations

import json

import pytest

import henchmen
from henchmen.errors import NotationError, SerializationError

from ..notation import moves, outcomes, play, pos
from . import crew_kit as kit
from .builder import CREWS_TALES, looked, me, position, position_doc

HAND = {0: ["Salesweasels 3", "Royal Rule 2", "Junky Bot"]}
DECK = {0: ["Tiny Bot", "Royal Rule 9", "Freezer Burn 4"]}


_salesweasels = kit.crews_for_module(*CREWS_TALES)


def sold(*tops: str, deck: dict[int, list[str]] = DECK, **spec: object) -> henchmen.State:
    """Salesweasels 3 played, Junky Bot discarded to Sell, the unknown cards looked at turned
    up in the order `tops`."""
    s = position(hands=HAND, decks=deck, **spec)  # type: ignore[arg-type]
    play(s, "play Salesweasels 3", "sell Junky Bot")
    return play(s, *(f"reveal {card}" for card in tops))


def test_sell_discards_a_card_to_look_at_the_top_2_cards() -> None:
    """Sell: you may discard 1 card to look at the top 2 cards of your deck. The discard is
    in view; only you see the two cards."""
    s = position(hands=HAND, decks=DECK)
    play(s, "play Salesweasels 3")
    assert me(s, 0)["abilities"] == {"Sell": 1}
    assert [m for m in moves(s) if m.startswith("sell")] == ["sell Royal Rule 2", "sell Junky Bot"]
    play(s, "sell Junky Bot")
    assert me(s, 0)["discard"] == ["Junky Bot"] and me(s, 0)["abilities"] == {}
    assert s.last_events(1)[0].kind == "sell" and "Junky Bot" in s.last_events(1)[0].text
    assert outcomes(s) == pytest.approx(
        {"reveal Tiny Bot": 1 / 3, "reveal Royal Rule 9": 1 / 3, "reveal Freezer Burn 4": 1 / 3}
    )
    play(s, "reveal Royal Rule 9", "reveal Tiny Bot")
    assert looked(s, 0) == ["Royal Rule 9", "Tiny Bot"] and looked(s, 1) == [None, None]
    assert "Tiny Bot" not in s.last_events(1)[-1].text


def test_you_can_only_discard_a_card_in_your_hand_that_has_not_been_played() -> None:
    """You can only discard a card in your hand that has not been played already: a played
    card is not offered."""
    s = position(hands=HAND, decks=DECK, in_play={0: ["Tiny Bot"]})
    play(s, "play Salesweasels 3", "play Royal Rule 2")
    assert [m for m in moves(s) if m.startswith("sell")] == ["sell Junky Bot"]
    play(s, "play Junky Bot")
    assert not [m for m in moves(s) if m.startswith("sell")]  # an empty hand: nothing to sell
    assert me(s, 0)["abilities"] == {"Sell": 1}


def test_put_one_into_your_hand_the_other_stays_on_top() -> None:
    """... put one into your hand. The card that you do not choose to put in your hand stays
    on top of your deck, known to you alone, and is the next card drawn."""
    s = sold("Royal Rule 9", "Tiny Bot")
    assert moves(s) == ["sell take upper Royal Rule 9", "sell take lower Tiny Bot"]
    play(s, "sell take upper Royal Rule 9")
    p = me(s, 0)
    assert "Royal Rule 9" in p["hand"] and "Royal Rule 9" not in p["hand_public"]
    assert p["deck"]["top"] == [{"card": "Tiny Bot", "known_to": [0]}]
    assert s.observation(1)["players"][0]["deck_top"] == [None]
    assert pos(s)["pending"] == "none" and "looked" not in pos(s)
    kinds = [e.kind for e in s.last_events(1)]
    assert kinds == ["sell-take", "look-back"]
    assert all("Royal Rule 9" not in e.text and "Tiny Bot" not in e.text for e in s.last_events(1))
    play(s, "end turn")
    assert "Tiny Bot" in me(s, 0)["hand"]  # drawn first, with no chance


def test_the_lower_card_may_be_taken_and_everyone_sees_which_of_the_two() -> None:
    """Either card: the lower one goes to the hand and the upper stays on top. Designed:
    everyone sees which of the two goes (upper or lower), not its face."""
    s = sold("Royal Rule 9", "Tiny Bot")
    play(s, "sell take lower Tiny Bot")
    assert "Tiny Bot" in me(s, 0)["hand"]
    assert me(s, 0)["deck"]["top"] == [{"card": "Royal Rule 9", "known_to": [0]}]
    assert s.last_events(1)[0].data["which"] == "lower"
    assert "lower" in s.last_events(1)[0].text


def test_two_cards_of_one_kind_are_still_two_choices() -> None:
    """Designed: two cards of one kind may differ in who knew them (one everyone saw on top):
    both are offered."""
    s = position(
        hands=HAND, decks={0: ["Tiny Bot", "Royal Rule 9"]}, deck_top={0: [("Tiny Bot", [0, 1])]}
    )
    play(s, "play Salesweasels 3", "sell Junky Bot", "reveal Tiny Bot")
    assert looked(s, 1) == ["Tiny Bot", None]
    assert moves(s) == ["sell take upper Tiny Bot", "sell take lower Tiny Bot"]
    play(s, "sell take lower Tiny Bot")
    # The public one stays on top, still public; the hand gained an unseen card.
    assert me(s, 0)["deck"]["top"] == [{"card": "Tiny Bot", "known_to": [0, 1]}]
    assert me(s, 0)["hand_public"] == []


def test_a_card_everyone_knew_goes_to_the_hand_in_view() -> None:
    s = position(
        hands=HAND,
        decks={0: ["Tiny Bot", "Royal Rule 9"]},
        deck_top={0: [("Freezer Burn 4", [0, 1])]},
    )
    play(
        s,
        "play Salesweasels 3",
        "sell Junky Bot",
        "reveal Tiny Bot",
        "sell take upper Freezer Burn 4",
    )
    assert "Freezer Burn 4" in me(s, 0)["hand_public"]
    assert "Freezer Burn 4" in s.last_events(1)[0].text


def test_fewer_than_2_cards_the_discard_pile_with_the_sold_card_is_shuffled_under() -> None:
    """If there are less than 2 cards in your deck, set aside any cards that are in the deck,
    then shuffle your discard pile to make a new deck, put the card on top if needed and then
    look at the top 2 cards: the deck's card first, then one of the shuffled discard pile,
    which holds the card just sold."""
    s = position(hands=HAND, decks={0: ["Royal Rule 9"]}, discard={0: ["Tiny Bot"]})
    play(s, "play Salesweasels 3", "sell Junky Bot")
    assert looked(s, 0) == ["Royal Rule 9"]  # the deck's only card: certain
    assert outcomes(s) == {"reveal Tiny Bot": 0.5, "reveal Junky Bot": 0.5}
    play(s, "reveal Junky Bot")
    assert [e.kind for e in s.last_events(1)][:1] == ["reshuffle"]
    assert looked(s, 0) == ["Royal Rule 9", "Junky Bot"]
    assert me(s, 0)["deck"]["unknown"] == ["Tiny Bot"] and me(s, 0)["discard"] == []
    play(s, "sell take lower Junky Bot")  # the sold card back in hand
    assert [c["card"] for c in me(s, 0)["deck"]["top"]] == ["Royal Rule 9"]


def test_an_empty_deck_and_discard_pile_look_at_the_sold_card_alone() -> None:
    """Nothing but the card sold to look at: the discard pile (that card) is shuffled into the
    deck (a chance step with one outcome, as every draw from an empty deck is), the card is the
    only one looked at, and goes back to the hand."""
    s = position(hands=HAND, decks={0: []})
    play(s, "play Salesweasels 3", "sell Royal Rule 2")
    assert outcomes(s) == {"reveal Royal Rule 2": 1.0}
    play(s, "reveal Royal Rule 2")
    assert not s.is_chance and looked(s, 0) == ["Royal Rule 2"]
    assert moves(s) == ["sell take upper Royal Rule 2"]
    play(s, "sell take upper Royal Rule 2")
    assert "Royal Rule 2" in me(s, 0)["hand"] and me(s, 0)["deck"]["unknown"] == []


def test_the_fine_print_upgrade_gives_sell() -> None:
    s = kit.activated(
        "Fine Print",
        "sell Tiny Bot",
        "reveal Tiny Bot",
        hands={0: ["Tiny Bot"]},
        decks={0: ["Royal Rule 9"]},
    )
    play(s, "sell take upper Royal Rule 9")
    assert me(s, 0)["hand"] == ["Royal Rule 9"]


def test_sell_is_refused_without_the_ability_and_round_trips_mid_choice() -> None:
    s = position(hands=HAND, decks=DECK)
    kit.refused(s, "sell Junky Bot")
    s = sold("Royal Rule 9")
    again = kit.round_trip(s)
    assert pos(again)["tasks"][0]["kind"] == "look-sell"
    play(s, "reveal Tiny Bot")
    with pytest.raises(NotationError, match="not a legal move"):
        s.apply("end turn")  # the choice comes first
    again = kit.round_trip(s)
    assert pos(again)["pending"] == "sell-choice"


def test_a_sell_choice_holds_at_most_two_cards() -> None:
    doc = position_doc(hands=HAND, decks={0: ["Royal Rule 9", "Tiny Bot", "Freezer Burn 4"]})
    deck = doc["position"]["players"][0]["deck"]["unknown"]
    for card in ("Royal Rule 9", "Tiny Bot", "Freezer Burn 4"):
        deck.remove(card)
    doc["position"]["looked"] = [
        {"card": c, "known_to": [0]} for c in ("Royal Rule 9", "Tiny Bot", "Freezer Burn 4")
    ]
    doc["position"]["pending"] = "sell-choice"
    with pytest.raises(SerializationError, match="Sell looks at 2 cards"):
        henchmen.deserialize(json.dumps(doc))


def test_resample_redraws_the_cards_the_opponent_did_not_see() -> None:
    s = sold("Royal Rule 9", "Tiny Bot")
    play(s, "sell take upper Royal Rule 9")
    kit.hidden_top_is_redrawn(s)
