"""validate() refuses positions play cannot reach, each with the invariant named (issue 10).

Each refused position is next to the nearest one play does reach, which is
accepted: the invariant is exactly the line between them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import henchmen
from henchmen.errors import SerializationError

from .builder import UPGRADES, outcomes, pos, position

ROW = ["Royal Rule 1", "Royal Rule 2", "Royal Rule 3", "Royal Rule 4", "Royal Rule 5"]


def refused(match: str, **spec: Any) -> None:
    with pytest.raises(SerializationError, match=match):
        position(**spec)


def queued(match: str, task: str, slot: int, **spec: Any) -> henchmen.State:
    """An empty slot of ``spec`` is refused as ``match`` says, and accepted with the ``task``
    that fills ``slot`` queued (for player 0): the accepted position."""
    refused(match, **spec)
    return position(tasks=[{"kind": task, "player": 0, "slot": slot, "count": 1}], **spec)


# The known findings ---------------------------------------------------------


def test_an_empty_row_slot_with_minions_left_needs_a_refill_queued() -> None:
    row = [None, *ROW[1:]]
    s = queued(
        "Minion row slot 1 is empty while the Minion deck has 59 cards, and no refill is queued",
        "refill-row",
        0,
        row=row,
    )
    assert s.is_chance and len(outcomes(s)) == 59
    # With the Minion deck empty the slot stays empty.
    s = position(row=row, minion_deck=[], rest_minions="expelled")
    assert pos(s)["minion_row"][0] is None


def test_an_empty_upgrade_slot_with_upgrades_left_needs_a_refill_queued() -> None:
    s = queued(
        "the Upgrade slot is empty while the Upgrade deck has 7 cards, and no refill is queued",
        "refill-upgrade",
        0,
        upgrade_row=None,
    )
    assert s.is_chance
    # Every Upgrade placed: the empty slot is what a purchase from an empty deck leaves.
    s = position(
        upgrade_row=None,
        upgrades={0: UPGRADES[:3], 1: UPGRADES[3:6]},
        upgrades_pending={0: UPGRADES[6:]},
        pending="return-upgrade",
    )
    assert pos(s)["upgrade_row"] is None and pos(s)["upgrade_deck"]["unknown"] == []


def test_an_empty_supervillain_slot_with_supervillains_left_needs_a_reveal_queued() -> None:
    slots = ("King Cobra", "Ice-Cold Cream", None)
    s = queued(
        "Supervillain slot 3 is empty while 5 Supervillains are left, and no reveal is queued",
        "reveal-supervillain",
        2,
        supervillains=slots,
    )
    assert s.is_chance and len(outcomes(s)) == 5
    # No Supervillain left to reveal: the slot stays empty.
    s = position(
        supervillains=slots,
        won_by={"Bounty Hunter Slippy": 0, "Mr. Shadow": 0, "MechaOven": 1},
        danger_zone=["Killer Kiwi", "Tourmeleon Tillie"],
        attached={
            "Killer Kiwi": {1: ["Health Hazards 9", "Health Hazards 1"]},
            "Tourmeleon Tillie": {0: ["Tourist Trap 9", "Tourist Trap 1"]},
        },
    )
    assert pos(s)["supervillain_deck"] == []


FOUR = {"Bounty Hunter Slippy": 0, "Mr. Shadow": 0, "MechaOven": 0, "King Cobra": 0}


def test_a_finished_game_has_the_result_it_earned() -> None:
    # Nobody won four Supervillains and the turn limit is far away.
    refused("the game is over in turn 51, but nobody has won 4", turn=51, over=True, winner=0)
    refused("nobody has won 4", turn=51, over=True, winner=-2)
    # Player 0 won four: the result must name them.
    slots = ("Ice-Cold Cream", "Killer Kiwi", "Tourmeleon Tillie")
    refused(
        "player 0 won 4 Supervillains, but the result is player 1",
        supervillains=slots,
        won_by=FOUR,
        over=True,
        winner=1,
    )
    s = position(supervillains=slots, won_by=FOUR, over=True, winner=0)
    assert s.is_terminal and s.returns == (1.0, -1.0)
    # At the turn limit: most Supervillains, then most reputation.
    refused(
        "at the turn limit the result is a draw",
        turn=201,
        over=True,
        winner=0,
    )
    assert position(turn=201, over=True, winner=-2).returns == (0.0, 0.0)
    attached = {"King Cobra": {1: ["Royal Rule 2"]}}
    refused("the result is player 1", turn=201, over=True, winner=-2, attached=attached)
    assert position(turn=201, over=True, winner=1, attached=attached).returns == (-1.0, 1.0)


def test_a_game_past_the_turn_limit_is_over() -> None:
    refused("turn 201 is past the turn limit \\(200\\) but the game goes on", turn=201)
    assert not position(turn=200, turn_player=1).is_terminal


def test_seat_zero_takes_the_odd_turns() -> None:
    refused("turn 2 is player 1's, not player 0's", turn=2, turn_player=0)
    refused("turn 7 is player 0's, not player 1's", turn=7, turn_player=1)
    assert position(turn=8, turn_player=1).current_player == 1


# More invariants, found hunting ------------------------------------------------


def test_the_danger_zone_holds_only_supervillains_with_ten_reputation_on_a_side() -> None:
    refused(
        "Mr. Shadow is in the Danger Zone with 9 reputation on its strongest side",
        danger_zone=["Mr. Shadow"],
        attached={"Mr. Shadow": {0: ["Sleuths N' Sniffs 9"], 1: ["Sleuths N' Sniffs 8"]}},
    )
    position(
        danger_zone=["Mr. Shadow"],
        attached={"Mr. Shadow": {0: ["Sleuths N' Sniffs 9", "Sleuths N' Sniffs 1"]}},
    )


def test_a_bought_pile_holds_only_what_is_for_sale() -> None:
    refused("a bought pile holds Tiny Bot, which is not for sale", bought={0: ["Tiny Bot"]})
    position(bought={0: ["Royal Rule 3", "Scaredy Bot"]})


def test_only_the_turn_player_has_frozen_cards() -> None:
    """Frozen cards join the hand at the end of the turn that froze them."""
    refused(
        "a player who is not taking a turn has frozen cards",
        frozen={1: ["Tiny Bot"]},
    )
    position(frozen={0: ["Tiny Bot"]})


CLEANUP = [
    {"kind": "draw-hand", "player": 0, "slot": 0, "count": 5},
    {"kind": "finish-cleanup", "player": 0, "slot": 0, "count": 1},
]


def test_the_queued_work_is_a_shape_play_leaves() -> None:
    deck = {0: ["Tiny Bot"] * 4 + ["Junky Bot"] * 2}
    s = position(decks=deck, tasks=CLEANUP)
    assert s.is_chance
    twice = [*CLEANUP, CLEANUP[1]]
    refused(
        "the queued work \\(3 tasks, the first draw-hand\\) is not what play leaves",
        decks=deck,
        tasks=twice,
    )
    # A hand is dealt only in the setup or at cleanup, not in the middle of a turn.
    refused("is not what play leaves", decks=deck, tasks=CLEANUP[:1])
    # A Freeze draw is the turn player's, and draws one card.
    freeze = {"kind": "draw-freeze", "player": 1, "slot": 0, "count": 1}
    refused("is not what play leaves", tasks=[freeze])
    position(decks=deck, tasks=[{**freeze, "player": 0}])
    refused("is not what play leaves", decks=deck, tasks=[{**freeze, "player": 0, "count": 3}])
    # A Fetch discard comes after the Fetch draw, not before.
    fetch = {"kind": "draw-fetch", "player": 0, "slot": 0, "count": 1}
    position(decks=deck, tasks=[fetch])
    refused(
        "a Fetch discard is pending while chance is still to come",
        decks=deck,
        tasks=[fetch],
        hands={0: ["Tiny Bot"]},
        pending="fetch-discard",
    )


def test_a_hand_being_dealt_holds_only_what_was_drawn() -> None:
    """Else the frozen cards joining it could overflow the hand."""
    deck = {0: ["Tiny Bot"] * 4 + ["Junky Bot"] * 2}
    partly = [{**CLEANUP[0], "count": 3}, CLEANUP[1]]
    position(decks=deck, tasks=partly, hands={0: ["Explodey Bot", "Tiny Bot", "Tiny Bot"]})
    refused(
        "a hand being dealt holds more cards than were drawn",
        decks=deck,
        tasks=partly,
        hands={0: ["Explodey Bot", "Tiny Bot", "Tiny Bot", "Junky Bot"]},
    )


def test_the_setup_queue_is_what_initial_queues() -> None:
    """Every step of the setup is accepted; the same queue with a step missing is not."""
    s = henchmen.Game("seven-secret-supervillains").new_initial_state(seed=None, auto_chance=False)
    kinds = [t["kind"] for t in pos(s)["tasks"]]
    assert (
        kinds
        == ["reveal-supervillain"] * 3 + ["refill-row"] * 5 + ["refill-upgrade"] + ["draw-hand"] * 2
    )
    while s.is_chance:
        assert henchmen.deserialize(s.serialize()) == s
        doc = json.loads(s.serialize())
        tasks = doc["position"]["tasks"]
        if len(tasks) > 2:
            del tasks[1]
            with pytest.raises(SerializationError, match="is not what play leaves"):
                henchmen.deserialize(json.dumps(doc))
        s.apply(s.legal_actions[0])
