"""Croc Docs (Dr. Snappy), Pull, with every clarification of the card reference, and the
known top of a deck it stands on."""

from __future__ import annotations

import json

import pytest

import henchmen
from henchmen.errors import NotationError, SerializationError

from . import crew_kit as kit
from .builder import CREWS_D, me, moves, outcomes, play, pos, position, position_doc

HAND = {0: ["Croc Docs 3", "Royal Rule 2"]}


_croc_docs = kit.crews_for_module(*CREWS_D)


def pulled(deck: list[str], bottom: str, **spec: object) -> henchmen.State:
    """Croc Docs 3 played and Pull used on `deck` (cards in no known order), the look at
    its bottom card resolved as `bottom`."""
    s = position(hands=HAND, decks={0: deck}, **spec)  # type: ignore[arg-type]
    play(s, "play Croc Docs 3", "pull")
    if s.is_chance:
        play(s, f"reveal {bottom}")
    return s


def test_pull_looks_at_the_bottom_card_of_your_deck_privately() -> None:
    """Pull: look at the bottom card of your deck. Each card is equally likely to be there;
    only you see which it is (designed: the look is private, like Fetch's draw)."""
    s = position(hands=HAND, decks={0: ["Tiny Bot", "Junky Bot", "Royal Rule 9"]})
    play(s, "play Croc Docs 3")
    assert me(s, 0)["abilities"] == {"Pull": 1} and "pull" in moves(s)
    play(s, "pull")
    assert outcomes(s) == pytest.approx(
        {"reveal Tiny Bot": 1 / 3, "reveal Junky Bot": 1 / 3, "reveal Royal Rule 9": 1 / 3}
    )
    play(s, "reveal Royal Rule 9")
    assert moves(s) == ["pull top", "pull discard", "pull leave"]
    assert "Royal Rule 9" in s.last_events(0)[-1].text
    assert "Royal Rule 9" not in s.last_events(1)[-1].text
    assert s.last_events(1)[-1].kind == "look-bottom"
    assert s.observation(0)["players"][0]["deck_bottom"] == ["Royal Rule 9"]
    assert s.observation(1)["players"][0]["deck_bottom"] == [None]


def test_you_may_put_it_on_top_and_draw_it_next() -> None:
    """... you may put it on top of it: it is the next card drawn (no chance), and only its
    owner knows what it is."""
    s = pulled(["Tiny Bot", "Junky Bot", "Royal Rule 9"], "Royal Rule 9")
    play(s, "pull top")
    deck = me(s, 0)["deck"]
    assert deck["top"] == [{"card": "Royal Rule 9", "known_to": [0]}]
    assert sorted(deck["unknown"]) == ["Junky Bot", "Tiny Bot"] and deck["known_from_top"] == []
    assert s.observation(0)["players"][0]["deck_top"] == ["Royal Rule 9"]
    assert s.observation(1)["players"][0]["deck_top"] == [None]
    play(s, "end turn")
    assert s.is_chance  # the cleanup draws: the known top card first, then chance
    assert "Royal Rule 9" in me(s, 0)["hand"]
    assert "Royal Rule 9" not in me(s, 0)["hand_public"]  # the opponent never saw it
    drawn = [e for e in s.last_events(1) if e.kind == "draw"]
    assert drawn and all("Royal Rule 9" not in e.text for e in drawn)


def test_you_may_discard_it_where_everyone_sees_it() -> None:
    """... or discard it."""
    s = pulled(["Tiny Bot", "Junky Bot", "Royal Rule 9"], "Junky Bot")
    play(s, "pull discard")
    p = me(s, 0)
    assert p["discard"] == ["Junky Bot"] and sorted(p["deck"]["unknown"]) == [
        "Royal Rule 9",
        "Tiny Bot",
    ]
    assert p["deck"]["known_from_top"] == [] and "known_to_owner_only" not in p["deck"]
    assert "Junky Bot" in s.last_events(1)[0].text


def test_you_may_leave_it_where_it_is_and_remember_it() -> None:
    """'You may': leaving the card is a choice too; it stays the bottom card, known to its
    owner alone, so a second Pull looks at it again without chance."""
    s = position(hands={0: ["Croc Docs 3", "Croc Docs 4"]}, decks={0: ["Tiny Bot", "Junky Bot"]})
    play(s, "play Croc Docs 3", "pull", "reveal Junky Bot", "pull leave")
    assert me(s, 0)["deck"]["known_from_top"] == ["Junky Bot"]
    assert me(s, 0)["deck"]["known_to_owner_only"] == [0]
    assert s.observation(1)["players"][0]["deck_bottom"] == [None]
    play(s, "play Croc Docs 4", "pull")
    assert not s.is_chance and moves(s) == ["pull top", "pull discard", "pull leave"]


def test_a_known_bottom_card_is_looked_at_without_chance() -> None:
    """A card everyone saw put on the bottom (Harvest) is the bottom card: no chance, and it
    stays public when put on top."""
    s = position(
        hands=HAND, decks={0: ["Tiny Bot", "Junky Bot"]}, deck_bottom={0: ["Royal Rule 9"]}
    )
    play(s, "play Croc Docs 3", "pull")
    assert not s.is_chance
    play(s, "pull top")
    assert me(s, 0)["deck"]["top"] == [{"card": "Royal Rule 9", "known_to": [0, 1]}]
    assert s.observation(1)["players"][0]["deck_top"] == ["Royal Rule 9"]
    play(s, "end turn")
    assert "Royal Rule 9" in me(s, 0)["hand_public"]  # drawn from where everyone saw it


def test_an_empty_deck_is_made_from_the_shuffled_discard_pile_first() -> None:
    """If there are no cards in your deck, you shuffle your discard pile to make a new deck
    in order to look at the new bottom card."""
    s = position(hands=HAND, decks={0: []}, discard={0: ["Tiny Bot", "Royal Rule 9"]})
    play(s, "play Croc Docs 3", "pull")
    assert outcomes(s) == {"reveal Tiny Bot": 0.5, "reveal Royal Rule 9": 0.5}
    play(s, "reveal Royal Rule 9")
    p = me(s, 0)
    assert p["discard"] == [] and p["deck"]["unknown"] == ["Tiny Bot"]
    assert p["deck"]["known_from_top"] == ["Royal Rule 9"]
    assert [e.kind for e in s.last_events(1)][:1] == ["reshuffle"]


def test_pull_needs_a_card_to_look_at() -> None:
    """With no deck and no discard pile there is no bottom card: Pull is not offered."""
    s = position(hands=HAND, decks={0: []})
    play(s, "play Croc Docs 3")
    assert "pull" not in moves(s)


def test_a_one_card_deck_keeps_its_card_in_the_same_place() -> None:
    """If there is only 1 card in your deck, that card is considered to be the bottom card of
    your deck, and you may choose to put it on top of your deck, it will remain in the same
    place."""
    s = position(hands=HAND, decks={0: ["Royal Rule 9"]})
    play(s, "play Croc Docs 3", "pull")
    assert not s.is_chance  # the only card: certain
    play(s, "pull top")
    deck = me(s, 0)["deck"]
    assert deck["top"] == [{"card": "Royal Rule 9", "known_to": [0]}]
    assert deck["unknown"] == [] and deck["known_from_top"] == []
    # A deck of known top cards only: its bottom card is its last top card.
    s = position(hands=HAND, decks={0: []}, deck_top={0: ["Tiny Bot", "Royal Rule 9"]})
    play(s, "play Croc Docs 3", "pull", "pull top")
    assert [c["card"] for c in me(s, 0)["deck"]["top"]] == ["Royal Rule 9", "Tiny Bot"]


def test_the_known_top_segment_has_room_for_sixteen_cards() -> None:
    """Designed: the known top of a deck holds 16 cards; a Pull that would put a 17th there
    may discard or leave its card but not top it."""
    s = position(hands=HAND, decks={0: ["Junky Bot"]}, deck_top={0: ["Tiny Bot"] * 16})
    play(s, "play Croc Docs 3", "pull")
    assert moves(s) == ["pull discard", "pull leave"]
    doc = position_doc(hands=HAND, decks={0: []}, deck_top={0: ["Tiny Bot"] * 16})
    doc["position"]["players"][0]["deck"]["top"].append({"card": "Junky Bot", "known_to": [0]})
    doc["position"]["players"][1]["deck"]["unknown"].remove("Junky Bot")
    with pytest.raises(SerializationError, match="top holds more cards than it can"):
        henchmen.deserialize(json.dumps(doc))


def test_the_bone_forceps_upgrade_gives_pull() -> None:
    s = kit.activated(
        "Bone Forceps", "pull", "pull discard", hands={0: ["Tiny Bot"]}, decks={0: ["Royal Rule 9"]}
    )
    assert me(s, 0)["discard"] == ["Royal Rule 9"]


def test_pull_is_refused_without_the_ability_and_round_trips() -> None:
    s = position(hands=HAND, decks={0: ["Tiny Bot", "Royal Rule 9"]})
    kit.refused(s, "pull")
    play(s, "play Croc Docs 3", "pull", "reveal Royal Rule 9")
    with pytest.raises(NotationError, match="not a legal move"):
        s.apply("play Royal Rule 2")  # the choice comes first
    again = kit.round_trip(s)
    assert pos(again)["pending"] == "pull-choice"
    play(again, "pull top")
    again2 = henchmen.deserialize(again.serialize())
    assert again2 == again and me(again2, 0)["deck"]["top"][0]["card"] == "Royal Rule 9"


def test_a_known_top_card_must_be_known_to_seated_players() -> None:
    doc = position_doc(hands=HAND, decks={0: ["Tiny Bot"]}, deck_top={0: ["Junky Bot"]})
    doc["position"]["players"][0]["deck"]["top"][0]["known_to"] = [0, 3]
    with pytest.raises(SerializationError, match="not seated"):
        henchmen.deserialize(json.dumps(doc))
    doc["position"]["players"][0]["deck"]["top"][0]["known_to"] = [1]
    with pytest.raises(SerializationError, match="known to its owner"):
        henchmen.deserialize(json.dumps(doc))


def test_resample_keeps_known_places_and_redraws_what_the_observer_did_not_see() -> None:
    """The opponent cannot tell which card lies on top; its owner can."""
    s = pulled(["Tiny Bot", "Junky Bot", "Royal Rule 9"], "Royal Rule 9")
    play(s, "pull top")
    kit.hidden_top_is_redrawn(s)
