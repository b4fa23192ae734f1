"""Bad input: illegal moves leave the state unchanged; broken positions are refused."""

from __future__ import annotations

import copy
import json

import pytest

import henchmen
from henchmen.errors import IllegalActionError, NotationError, SerializationError

from .builder import play, position, position_doc


def test_illegal_moves_leave_the_state_unchanged() -> None:
    s = position(
        hands={0: ["Fire Starters 3", "Tiny Bot"]},
        power={0: 1},
        row=["Royal Rule 9", "Royal Rule 2", "Royal Rule 3", "Royal Rule 4", "Royal Rule 5"],
    )
    before = s.serialize()
    with pytest.raises(IllegalActionError, match="not legal here"):
        s.apply(256 + 8)  # buy Royal Rule 9: costs 6, power 1
    with pytest.raises(NotationError):
        s.apply("attach Fire Starters 3")  # MechaOven is not revealed
    with pytest.raises(NotationError):
        s.apply("freeze")  # no Freeze in the pool
    with pytest.raises(IllegalActionError, match="not legal here"):
        s.apply(99999)
    assert s.serialize() == before


def test_chance_and_player_moves_do_not_mix() -> None:
    s = play(position(decks={0: ["Tiny Bot", "Junky Bot"] * 3}), "end turn")
    before = s.serialize()
    with pytest.raises(NotationError):
        s.apply("end turn")
    with pytest.raises(NotationError):
        s.apply("draw Royal Rule 9")  # not in the deck
    assert s.serialize() == before


def test_no_move_after_the_game_is_over() -> None:
    s = position(
        hands={0: ["Royal Rule 8"]},
        won_by={"Bounty Hunter Slippy": 0, "Mr. Shadow": 0, "MechaOven": 0},
        attached={"King Cobra": {0: ["Royal Rule 9"]}},
    )
    play(s, "attach Royal Rule 8")
    with pytest.raises(IllegalActionError, match="game is over"):
        s.apply(1179)


def _broken(mutate) -> str:
    doc = position_doc(
        hands={0: ["Tiny Bot"]},
        attached={"King Cobra": {0: ["Royal Rule 9"]}},
        in_play={0: ["Scaredy Bot"]},
        abilities={0: {"Transfer": 1}},
    )
    henchmen.deserialize(json.dumps(doc))  # the unbroken one loads
    bad = copy.deepcopy(doc)
    mutate(bad["position"])
    return json.dumps(bad)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (
            lambda p: p["players"][0]["hand"].append("Royal Rule 9"),
            "there should be 1 of Royal Rule 9",
        ),
        (lambda p: p["players"][0]["hand"].remove("Tiny Bot"), "there should be 16 of Tiny Bot"),
        (
            lambda p: (
                p["attached"]["King Cobra"][0].append("Royal Rule 1")
                or p["minion_row"].__setitem__(0, None)
            ),
            "Danger Zone",
        ),
        (
            lambda p: (
                p["attached"].update({"MechaOven": [["Fire Starters 1"], []]})
                or p["minion_deck"]["unknown"].remove("Fire Starters 1")
            ),
            "not revealed",
        ),
        (lambda p: p["players"][0]["abilities"].update({"Transfer": 2}), "Transfer"),
        (lambda p: p["players"][1].update({"power": 2}), "not taking a turn"),
        (
            lambda p: (
                p["players"][0].update({"stash": ["Tiny Bot"]})
                or p["players"][0]["hand"].remove("Tiny Bot")
            ),
            "Stash",
        ),
        (lambda p: p["players"][0].update({"won": 1}), "Supervillains won"),
        (
            lambda p: (
                p.update({"pending": "fetch-discard"})
                or p["players"][0].update({"hand": []})
                or p["players"][0]["discard"].append("Tiny Bot")
            ),
            "Fetch discard is pending",
        ),
    ],
)
def test_broken_positions_are_refused(mutate, message: str) -> None:
    with pytest.raises(SerializationError, match=message):
        henchmen.deserialize(_broken(mutate))


def test_four_upgrades_attached_are_refused() -> None:
    doc = position_doc(
        upgrades={0: ["Deep Freezer", "Compost Heap", "Wanted Board", "Golden Throne"]}
    )
    with pytest.raises(SerializationError, match="more than 3 Upgrades"):
        henchmen.deserialize(json.dumps(doc))


def test_the_builder_refuses_a_card_placed_twice() -> None:
    with pytest.raises(ValueError, match="placed 2 times"):
        position(hands={0: ["Royal Rule 9"]}, discard={0: ["Royal Rule 9"]})
