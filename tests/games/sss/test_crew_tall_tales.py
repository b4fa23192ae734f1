"""Tall Tales (Book o' Seas), Rewrite, with every clarification of the card reference."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import henchmen
from henchmen.errors import NotationError, SerializationError

from ..notation import moves, outcomes, play, pos
from . import crew_kit as kit
from .builder import CREWS_TALES, looked, me, position, position_doc

HAND = {0: ["Tall Tales 3", "Royal Rule 2"]}
DECK = {0: ["Tiny Bot", "Junky Bot", "Royal Rule 9", "Freezer Burn 4"]}


_tall_tales = kit.crews_for_module(*CREWS_TALES)


def rewritten(*tops: str, deck: dict[int, list[str]] = DECK, **spec: object) -> henchmen.State:
    """Tall Tales 3 played and Rewrite used on `deck`, its unknown cards turned up in the order
    `tops`."""
    s = position(hands=HAND, decks=deck, **spec)  # type: ignore[arg-type]
    play(s, "play Tall Tales 3", "rewrite")
    return play(s, *(f"reveal {card}" for card in tops))


def test_rewrite_looks_at_the_top_3_cards_privately() -> None:
    """Rewrite: you may look at the top 3 cards of your deck. Each comes off the top in turn
    (any unknown card may be next); only you see them, the others see three cards looked at."""
    s = position(hands=HAND, decks=DECK)
    play(s, "play Tall Tales 3")
    assert me(s, 0)["abilities"] == {"Rewrite": 1} and "rewrite" in moves(s)
    play(s, "rewrite")
    assert me(s, 0)["abilities"] == {}
    assert outcomes(s) == pytest.approx(
        {f"reveal {c}": 1 / 4 for c in ["Tiny Bot", "Junky Bot", "Royal Rule 9", "Freezer Burn 4"]}
    )
    play(s, "reveal Royal Rule 9", "reveal Tiny Bot")
    assert outcomes(s) == pytest.approx({"reveal Junky Bot": 0.5, "reveal Freezer Burn 4": 0.5})
    play(s, "reveal Junky Bot")
    assert not s.is_chance and s.current_player == 0
    assert looked(s, 0) == ["Royal Rule 9", "Tiny Bot", "Junky Bot"]
    assert looked(s, 1) == [None, None, None]
    assert me(s, 0)["deck"]["unknown"] == ["Freezer Burn 4"]
    assert "Junky Bot" in s.last_events(0)[-1].text
    assert "Junky Bot" not in s.last_events(1)[-1].text
    assert s.last_events(1)[-1].kind == "look-top"
    # The opponent cannot place the cards looked at: they count among those not seen.
    unseen = Counter(s.observation(1)["players"][0]["unseen"])
    assert unseen >= Counter(["Royal Rule 9", "Tiny Bot", "Junky Bot", "Freezer Burn 4"])


def test_you_may_discard_any_number_of_them_each_in_view() -> None:
    """... discard any number of them. Designed: the cards are decided from the lowest up,
    each kept on top or discarded; every discard is shown to everyone."""
    s = rewritten("Royal Rule 9", "Tiny Bot", "Junky Bot")
    assert moves(s) == ["rewrite keep Junky Bot", "rewrite discard Junky Bot"]
    play(s, "rewrite discard Junky Bot")
    assert me(s, 0)["discard"] == ["Junky Bot"]
    assert (
        s.last_events(1)[-1].kind == "rewrite-discard" and "Junky Bot" in s.last_events(1)[-1].text
    )
    assert moves(s) == ["rewrite keep Tiny Bot", "rewrite discard Tiny Bot"]
    play(s, "rewrite discard Tiny Bot", "rewrite discard Royal Rule 9")
    p = me(s, 0)
    assert sorted(p["discard"]) == ["Junky Bot", "Royal Rule 9", "Tiny Bot"]
    assert "top" not in p["deck"] and pos(s)["pending"] == "none"
    assert "end turn" in moves(s)  # the choice is over


def test_discarding_none_keeps_all_three_on_top_in_their_order() -> None:
    """Any number includes none: the cards kept go back on top in the order they were, known
    to their owner alone, and are the next cards drawn (no chance)."""
    s = rewritten("Royal Rule 9", "Tiny Bot", "Junky Bot")
    play(s, "rewrite keep Junky Bot", "rewrite keep Tiny Bot", "rewrite keep Royal Rule 9")
    deck = me(s, 0)["deck"]
    assert deck["top"] == [
        {"card": "Royal Rule 9", "known_to": [0]},
        {"card": "Tiny Bot", "known_to": [0]},
        {"card": "Junky Bot", "known_to": [0]},
    ]
    assert deck["unknown"] == ["Freezer Burn 4"]
    assert s.observation(0)["players"][0]["deck_top"] == ["Royal Rule 9", "Tiny Bot", "Junky Bot"]
    assert s.observation(1)["players"][0]["deck_top"] == [None, None, None]
    assert [e.kind for e in s.last_events(1)] == ["look-back"]
    assert "Royal Rule 9" not in s.last_events(1)[0].text


def test_some_kept_some_discarded() -> None:
    """A card discarded between two kept ones: the kept ones close up in their order."""
    s = rewritten("Royal Rule 9", "Tiny Bot", "Junky Bot")
    play(s, "rewrite keep Junky Bot", "rewrite discard Tiny Bot", "rewrite keep Royal Rule 9")
    assert [c["card"] for c in me(s, 0)["deck"]["top"]] == ["Royal Rule 9", "Junky Bot"]
    assert me(s, 0)["discard"] == ["Tiny Bot"]
    play(s, "end turn")  # the cleanup draws the known top cards first, then chance
    assert "Royal Rule 9" in me(s, 0)["hand"] and "Royal Rule 9" not in me(s, 0)["hand_public"]


def test_known_top_cards_are_looked_at_without_chance_and_stay_as_known_as_they_were() -> None:
    """Cards already known on top (one everyone saw: Prophecize) come off first, with no
    chance; a public card kept stays public."""
    s = position(
        hands=HAND,
        decks={0: ["Tiny Bot", "Junky Bot", "Royal Rule 9"]},
        deck_top={0: [("Freezer Burn 4", [0, 1])]},
    )
    play(s, "play Tall Tales 3", "rewrite")
    assert s.is_chance  # the first card was certain; the second is not
    assert looked(s, 1) == ["Freezer Burn 4"]
    play(s, "reveal Tiny Bot", "reveal Junky Bot")
    assert looked(s, 1) == ["Freezer Burn 4", None, None]
    play(s, "rewrite discard Junky Bot", "rewrite keep Tiny Bot", "rewrite keep Freezer Burn 4")
    assert me(s, 0)["deck"]["top"] == [
        {"card": "Freezer Burn 4", "known_to": [0, 1]},
        {"card": "Tiny Bot", "known_to": [0]},
    ]
    assert s.observation(1)["players"][0]["deck_top"] == ["Freezer Burn 4", None]


def test_fewer_than_3_cards_the_deck_is_set_aside_and_the_discard_pile_shuffled_under_it() -> None:
    """If there are less than 3 cards in your deck, set aside any cards that are in the deck,
    then shuffle your discard pile to make a new deck, put those cards on top and then look at
    the top 3 cards: the deck's card is the first looked at; the rest come from the shuffled
    discard pile."""
    s = position(
        hands=HAND,
        decks={0: ["Royal Rule 9"]},
        discard={0: ["Tiny Bot", "Junky Bot", "Freezer Burn 4"]},
    )
    play(s, "play Tall Tales 3", "rewrite")
    assert s.is_chance and looked(s, 0) == ["Royal Rule 9"]  # the deck's only card: certain
    assert outcomes(s) == pytest.approx(
        {"reveal Tiny Bot": 1 / 3, "reveal Junky Bot": 1 / 3, "reveal Freezer Burn 4": 1 / 3}
    )
    assert "reshuffle" not in [
        e.kind for e in s.last_events(1)
    ]  # the discard pile is still in view
    play(s, "reveal Junky Bot")
    assert [e.kind for e in s.last_events(1)][:1] == ["reshuffle"]
    assert me(s, 0)["discard"] == []
    play(s, "reveal Freezer Burn 4")
    assert looked(s, 0) == ["Royal Rule 9", "Junky Bot", "Freezer Burn 4"]
    assert me(s, 0)["deck"]["unknown"] == ["Tiny Bot"]
    play(s, "rewrite discard Freezer Burn 4", "rewrite keep Junky Bot", "rewrite keep Royal Rule 9")
    assert [c["card"] for c in me(s, 0)["deck"]["top"]] == ["Royal Rule 9", "Junky Bot"]
    assert me(s, 0)["discard"] == ["Freezer Burn 4"]  # the new discard pile


def test_an_empty_deck_is_made_from_the_discard_pile_first() -> None:
    """No cards in the deck: the shuffled discard pile is the deck; every look is chance
    (the cards come off in an order)."""
    s = position(hands=HAND, decks={0: []}, discard={0: ["Tiny Bot", "Junky Bot"]})
    play(s, "play Tall Tales 3", "rewrite")
    assert outcomes(s) == {"reveal Tiny Bot": 0.5, "reveal Junky Bot": 0.5}
    play(s, "reveal Junky Bot")
    assert not s.is_chance  # the last card: certain
    assert looked(s, 0) == ["Junky Bot", "Tiny Bot"]  # fewer than 3 in all: every one of them
    play(s, "rewrite keep Tiny Bot", "rewrite keep Junky Bot")
    assert [c["card"] for c in me(s, 0)["deck"]["top"]] == ["Junky Bot", "Tiny Bot"]


def test_rewrite_needs_a_card_to_look_at() -> None:
    """With no deck and no discard pile there is nothing to look at: Rewrite is not offered."""
    s = position(hands=HAND, decks={0: []})
    play(s, "play Tall Tales 3")
    assert "rewrite" not in moves(s) and me(s, 0)["abilities"] == {"Rewrite": 1}


def test_a_known_bottom_card_is_looked_at_when_the_unknown_part_runs_out() -> None:
    """A card everyone saw go under the deck (Harvest) is among the top 3 of a short deck:
    no chance for it, and it stays public."""
    s = position(hands=HAND, decks={0: ["Tiny Bot"]}, deck_bottom={0: ["Royal Rule 9"]})
    play(s, "play Tall Tales 3", "rewrite")
    assert looked(s, 1) == [None, "Royal Rule 9"]
    assert not s.is_chance  # the deck and discard pile held two cards: both looked at
    play(s, "rewrite keep Royal Rule 9", "rewrite keep Tiny Bot")
    assert me(s, 0)["deck"]["top"][1] == {"card": "Royal Rule 9", "known_to": [0, 1]}


def test_the_storybook_quill_upgrade_gives_rewrite() -> None:
    s = kit.activated(
        "Storybook Quill",
        "rewrite",
        "rewrite discard Royal Rule 9",
        hands={0: ["Tiny Bot"]},
        decks={0: ["Royal Rule 9"]},
    )
    assert me(s, 0)["discard"] == ["Royal Rule 9"]


def test_replicate_copies_rewrite() -> None:
    """Tourist Trap's Replicate copies the Rewrite of a card played this turn."""
    s = position(hands={0: ["Tall Tales 3", "Tourist Trap 3"]}, decks={0: ["Royal Rule 9"]})
    play(s, "play Tall Tales 3", "play Tourist Trap 3", "replicate Rewrite")
    assert me(s, 0)["abilities"] == {"Rewrite": 2}


def test_rewrite_is_refused_out_of_turn_and_round_trips_mid_choice() -> None:
    s = position(hands=HAND, decks=DECK)
    kit.refused(s, "rewrite")
    s = rewritten("Royal Rule 9", "Tiny Bot")
    again = henchmen.deserialize(s.serialize())  # mid-look: one card still to come
    assert again == s and pos(again)["tasks"][0]["kind"] == "look-rewrite"
    play(s, "reveal Junky Bot")
    with pytest.raises(NotationError, match="not a legal move"):
        s.apply("play Royal Rule 2")  # the choice comes first
    again = kit.round_trip(s)
    assert pos(again)["pending"] == "rewrite-choice"
    assert pos(again)["looked"][2] == {"card": "Junky Bot", "known_to": [0]}
    # The order of the cards looked at is part of the position (and of its hash).
    doc = json.loads(s.serialize())
    doc["position"]["looked"].reverse()
    doc["history"] = []  # a position on its own, with no history leading to it
    doc.pop("origin", None)
    swapped = henchmen.deserialize(json.dumps(doc))
    assert swapped != s and swapped.position_hash != s.position_hash
    assert moves(swapped) == ["rewrite keep Royal Rule 9", "rewrite discard Royal Rule 9"]


def test_a_position_with_cards_looked_at_must_be_a_look_or_its_choice() -> None:
    doc = position_doc(hands=HAND, decks={0: ["Tiny Bot", "Royal Rule 9"]})
    doc["position"]["players"][0]["deck"]["unknown"].remove("Royal Rule 9")
    doc["position"]["looked"] = [{"card": "Royal Rule 9", "known_to": [0]}]
    with pytest.raises(SerializationError, match="no look under way"):
        henchmen.deserialize(json.dumps(doc))
    doc["position"]["pending"] = "rewrite-choice"
    doc["position"]["looked"][0]["known_to"] = [1]
    with pytest.raises(SerializationError, match="known to the turn player"):
        henchmen.deserialize(json.dumps(doc))
    doc["position"]["looked"][0]["known_to"] = [0, 2]
    with pytest.raises(SerializationError, match="not seated"):
        henchmen.deserialize(json.dumps(doc))
    doc["position"]["looked"][0]["known_to"] = [0]
    assert moves(henchmen.deserialize(json.dumps(doc))) == [
        "rewrite keep Royal Rule 9",
        "rewrite discard Royal Rule 9",
    ]


def test_resample_redraws_the_cards_the_opponent_did_not_see() -> None:
    """The opponent cannot tell which cards were looked at or kept; the owner can."""
    s = rewritten("Royal Rule 9", "Tiny Bot", "Junky Bot")
    tops = set()
    for seed in range(40):
        other = s.resample(1, seed)
        assert other.observation(1) == s.observation(1)
        tops.add(tuple(looked(other, 0)))
        assert s.resample(0, seed).observation(0) == s.observation(0)
    assert len(tops) > 1


def test_the_look_and_its_choices_count_as_the_rules_say() -> None:
    """A perft count verified by hand: four different unknown cards, three looked at in order
    (4 * 3 * 2 chance branches), then keep or discard for each of the three (2 * 2 * 2)."""

    def perft(s: henchmen.State, depth: int) -> int:
        if depth == 0:
            return 1
        return sum(perft(s.child(a), depth - 1) for a in s.legal_action_ids)

    s = position(hands=HAND, decks=DECK)
    play(s, "play Tall Tales 3", "rewrite")
    assert [perft(s, d) for d in (1, 2, 3)] == [4, 12, 24]
    assert perft(s, 6) == 24 * 8


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_play_that_prefers_the_looks_keeps_every_card(seed: int) -> None:
    """A soak of Rewrite and Sell: random play that takes their moves whenever it can, with
    validate() (every card conserved) and a serialization round trip at every step."""
    rng = random.Random(seed)
    s = henchmen.new_game("seven-secret-supervillains", seed=seed, crews=list(CREWS_TALES))
    s.set_auto_chance(False)
    used: set[str] = set()
    for _ in range(900):
        if s.is_terminal:
            break
        if s.is_chance:
            cards, weights = zip(*s.chance_outcomes, strict=True)
            s.apply(rng.choices(cards, weights)[0])
        else:
            legal = moves(s)
            keen = [m for m in legal if m.split()[0] in ("rewrite", "sell") or "Tall" in m]
            move = rng.choice(keen or legal)
            used.add(" ".join(move.split()[:2]))
            s.apply(move)
        s.validate()
        assert henchmen.deserialize(s.serialize()) == s
    assert {"rewrite keep", "rewrite discard"} <= used or "sell take" in used


def test_the_table_shows_the_cards_looked_at_to_their_owner_only() -> None:
    """The layout (what the terminal table and the web page draw): a zone of the cards looked
    at, faces for the owner and backs for the others, which the choice's actions name; the
    prompt names the lowest card, the one decided next."""
    s = rewritten("Royal Rule 9", "Tiny Bot", "Junky Bot")
    mine = next(z for z in s.layout(0)["zones"] if z["id"] == "looked")
    theirs = next(z for z in s.layout(1)["zones"] if z["id"] == "looked")
    assert [f["name"] for f in mine["cards"]] == ["Royal Rule 9", "Tiny Bot", "Junky Bot"]
    assert theirs["cards"] == [{"back": True}] * 3
    assert "keep the lowest, Junky Bot" in s.layout(0)["prompt"]
    assert "Junky Bot" not in s.layout(1)["prompt"]
    info = s.action_info(s.legal_actions[0])
    assert info["zone"] == "looked" and info["card"] == "Junky Bot"
    play(s, "rewrite discard Junky Bot", "rewrite discard Tiny Bot", "rewrite discard Royal Rule 9")
    assert all(z["id"] != "looked" for z in s.layout(0)["zones"])
