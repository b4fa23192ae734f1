"""The Minion deck's known top segment (what Trendset will put back on top): drawn first with
no chance, named only to those who know it, hashed, serialized, validated and resampled."""

from __future__ import annotations

import json

import pytest

import henchmen
from henchmen.errors import SerializationError

from .builder import me, moves, play, pos, position, position_doc

ROW = ["Royal Rule 1", "Freezer Burn 2", "Fire Starters 9", "Hoppy Hunters 4", "Tourist Trap 5"]
TOP = [("Royal Rule 9", [0]), ("Freezer Burn 8", [0, 1])]


def topped() -> henchmen.State:
    """Player 0 to buy, with Royal Rule 9 on top of the Minion deck known to them alone and
    Freezer Burn 8 under it known to both."""
    return position(power={0: 9}, row=ROW, minion_deck_top=TOP)


def test_a_refill_draws_the_known_top_card_without_chance() -> None:
    s = topped()
    play(s, "buy Royal Rule 1")
    assert not s.is_chance
    assert pos(s)["minion_row"][0] == "Royal Rule 9"
    assert pos(s)["minion_deck"]["top"] == [{"card": "Freezer Burn 8", "known_to": [0, 1]}]
    play(s, "buy Freezer Burn 2")
    assert not s.is_chance and pos(s)["minion_row"][1] == "Freezer Burn 8"
    assert "top" not in pos(s)["minion_deck"]
    play(s, "buy Hoppy Hunters 4")
    assert s.is_chance  # the unknown part again


def test_the_known_top_is_named_only_to_those_who_know_it() -> None:
    s = topped()
    size = pos(s)["minion_deck"]["unknown"].__len__() + 2
    assert s.observation(0)["minion_deck"]["top"] == ["Royal Rule 9", "Freezer Burn 8"]
    assert s.observation(1)["minion_deck"]["top"] == [None, "Freezer Burn 8"]
    assert s.observation(0)["minion_deck"]["size"] == size


def test_the_opponent_cannot_tell_which_card_lies_on_top() -> None:
    """Two positions that differ only in the card player 1 was not shown look the same to
    player 1 (observation and tensor) and different to player 0."""
    s = topped()
    other = position(
        power={0: 9}, row=ROW, minion_deck_top=[("Royal Rule 8", [0]), ("Freezer Burn 8", [0, 1])]
    )
    assert s.observation(1) == other.observation(1)
    assert list(s.observation_tensor(1)) == list(other.observation_tensor(1))
    assert s.observation(0) != other.observation(0)
    assert list(s.observation_tensor(0)) != list(other.observation_tensor(0))
    assert s.position_hash != other.position_hash


def test_resample_keeps_the_known_top_and_redraws_what_the_observer_did_not_see() -> None:
    s = topped()
    tops = set()
    for seed in range(40):
        theirs = s.resample(1, seed)
        assert theirs.observation(1) == s.observation(1)
        top = pos(theirs)["minion_deck"]["top"]
        assert top[1] == {"card": "Freezer Burn 8", "known_to": [0, 1]}
        assert top[0]["known_to"] == [0]
        tops.add(top[0]["card"])
        assert pos(s.resample(0, seed))["minion_deck"] == pos(s)["minion_deck"]
    assert len(tops) > 1


def test_the_known_top_round_trips_and_a_deck_without_one_reads_as_before() -> None:
    s = topped()
    back = henchmen.deserialize(s.serialize())
    assert back.serialize() == s.serialize() and back.position_hash == s.position_hash
    plain = position(power={0: 9}, row=ROW)
    assert "top" not in pos(plain)["minion_deck"]
    assert "top" not in plain.observation(0)["minion_deck"]
    assert me(plain, 0)["power"] == 9 and "buy Royal Rule 1" in moves(plain)


def test_a_known_top_minion_must_be_known_to_seated_players() -> None:
    doc = position_doc(power={0: 9}, row=ROW, minion_deck_top=TOP)
    doc["position"]["minion_deck"]["top"][0]["known_to"] = [0, 3]
    with pytest.raises(SerializationError, match="not seated"):
        henchmen.deserialize(json.dumps(doc))
    doc["position"]["minion_deck"]["top"][0]["known_to"] = []
    with pytest.raises(SerializationError, match="known to someone"):
        henchmen.deserialize(json.dumps(doc))


def bottomed(known_to: list[int], first: str = "Royal Rule 9") -> dict[str, object]:
    """The document of a position whose Minion deck's known bottom is `first` (known to
    `known_to` alone) over Freezer Burn 8 (public)."""
    doc = position_doc(power={0: 9}, row=ROW, minion_deck_bottom=[first, "Freezer Burn 8"])
    marks = [{"index": 0, "known_to": known_to}]
    doc["position"]["minion_deck"]["known_from_top_known_to"] = marks
    return doc


def test_a_known_bottom_minion_can_be_known_to_some_players_only() -> None:
    s = henchmen.deserialize(json.dumps(bottomed([0])))
    assert s.observation(0)["minion_deck"]["bottom"] == ["Royal Rule 9", "Freezer Burn 8"]
    assert s.observation(1)["minion_deck"]["bottom"] == [None, "Freezer Burn 8"]
    other = henchmen.deserialize(json.dumps(bottomed([0], "Royal Rule 8")))
    assert s.observation(1) == other.observation(1)
    assert list(s.observation_tensor(1)) == list(other.observation_tensor(1))
    assert list(s.observation_tensor(0)) != list(other.observation_tensor(0))
    back = henchmen.deserialize(s.serialize())
    assert back.serialize() == s.serialize() and back.position_hash == s.position_hash
    public = position(power={0: 9}, row=ROW, minion_deck_bottom=["Royal Rule 9", "Freezer Burn 8"])
    assert "known_from_top_known_to" not in pos(public)["minion_deck"]
    assert public.position_hash != s.position_hash


def test_resample_redraws_a_known_bottom_minion_the_observer_was_not_shown() -> None:
    s = henchmen.deserialize(json.dumps(bottomed([0])))
    bottoms = set()
    for seed in range(40):
        theirs = s.resample(1, seed)
        assert theirs.observation(1) == s.observation(1)
        deck = pos(theirs)["minion_deck"]
        assert deck["known_from_top"][1] == "Freezer Burn 8"
        assert deck["known_from_top_known_to"] == [{"index": 0, "known_to": [0]}]
        bottoms.add(deck["known_from_top"][0])
        assert pos(s.resample(0, seed))["minion_deck"] == pos(s)["minion_deck"]
    assert len(bottoms) > 1


def test_a_known_bottom_minion_is_drawn_with_its_mark() -> None:
    """With no unknown card left, a refill takes the topmost known card; the mark of the
    card under it moves up with it."""
    doc = position_doc(
        power={0: 9},
        row=ROW,
        minion_deck=[],
        rest_minions="expelled",
        minion_deck_bottom=["Freezer Burn 8", "Royal Rule 9"],
    )
    doc["position"]["minion_deck"]["known_from_top_known_to"] = [{"index": 1, "known_to": [0]}]
    s = henchmen.deserialize(json.dumps(doc))
    play(s, "buy Royal Rule 1")
    assert not s.is_chance and pos(s)["minion_row"][0] == "Freezer Burn 8"
    assert pos(s)["minion_deck"]["known_from_top_known_to"] == [{"index": 0, "known_to": [0]}]
    assert s.observation(1)["minion_deck"]["bottom"] == [None]
    play(s, "buy Freezer Burn 2")
    assert pos(s)["minion_row"][1] == "Royal Rule 9"
    assert "known_from_top_known_to" not in pos(s)["minion_deck"]


def test_a_known_bottom_minion_mark_must_name_a_card_and_seated_players() -> None:
    for marks, message in [
        ([{"index": 2, "known_to": [0]}], "not the index"),
        ([{"index": 0, "known_to": [4]}], "not seated"),
        ([{"index": 0, "known_to": []}], "known to someone"),
    ]:
        doc = bottomed([0])
        doc["position"]["minion_deck"]["known_from_top_known_to"] = marks  # type: ignore[index]
        with pytest.raises(SerializationError, match=message):
            henchmen.deserialize(json.dumps(doc))
