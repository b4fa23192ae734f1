"""The Objective: attaching, the Danger Zone, winning Supervillains and the game."""

from __future__ import annotations

from typing import Any

import pytest

import henchmen

from .builder import me, moves, outcomes, play, pos, position

REST = [
    "reveal Bounty Hunter Slippy",
    "reveal Mr. Shadow",
    "reveal MechaOven",
    "reveal Tourmeleon Tillie",
]


def test_attach_only_to_a_revealed_supervillain_of_the_minions_crew() -> None:
    """Attach a Minion from hand to its corresponding Supervillain, if that Supervillain is
    revealed."""
    s = position(hands={0: ["Royal Rule 9", "Freezer Burn 5", "Fire Starters 3", "Tiny Bot"]})
    m = moves(s)
    assert "attach Royal Rule 9" in m and "attach Freezer Burn 5" in m
    assert "attach Fire Starters 3" not in m  # MechaOven is still in the Supervillain deck
    assert "attach Tiny Bot" not in m  # only Minions have reputation


def test_attaching_forgoes_power_and_ability() -> None:
    """Instead of playing the Minion you attach it, foregoing its power and ability."""
    s = position(hands={0: ["Freezer Burn 9"]})
    play(s, "attach Freezer Burn 9")
    p = me(s, 0)
    assert p["power"] == 0 and p["abilities"] == {} and p["hand"] == [] and p["in_play"] == []
    assert pos(s)["attached"] == {"Ice-Cold Cream": [["Freezer Burn 9"], []]}


def test_nine_reputation_stays_ten_goes_to_the_danger_zone() -> None:
    """At 10 to 16 reputation the Supervillain moves to the Danger Zone; a new one is revealed."""
    s = position(
        hands={0: ["Royal Rule 8", "Royal Rule 9"]}, attached={"King Cobra": {0: ["Royal Rule 1"]}}
    )
    play(s, "attach Royal Rule 8")  # 9
    assert pos(s)["danger_zone"] == [] and pos(s)["supervillain_slots"][0] == "King Cobra"
    s = position(hands={0: ["Royal Rule 9"]}, attached={"King Cobra": {0: ["Royal Rule 1"]}})
    play(s, "attach Royal Rule 9")  # 10
    p = pos(s)
    assert p["danger_zone"] == ["King Cobra"] and p["supervillain_slots"] == [
        None,
        "Ice-Cold Cream",
        "Killer Kiwi",
    ]
    assert outcomes(s) == {r: 0.25 for r in REST}
    play(s, "reveal MechaOven")
    assert pos(s)["supervillain_slots"] == ["MechaOven", "Ice-Cold Cream", "Killer Kiwi"]
    assert pos(s)["danger_zone"] == ["King Cobra"]


def test_a_supervillain_in_the_danger_zone_is_still_revealed_and_attachable() -> None:
    s = position(
        hands={0: ["Royal Rule 2"], 1: ["Royal Rule 3"]},
        supervillains=["Mr. Shadow", "Ice-Cold Cream", "Killer Kiwi"],
        danger_zone=["King Cobra"],
        attached={"King Cobra": {0: ["Royal Rule 9", "Royal Rule 1"]}},
    )
    assert "attach Royal Rule 2" in moves(s)
    play(s, "attach Royal Rule 2")  # 12: still in the Danger Zone, no new reveal
    assert not s.is_chance and pos(s)["danger_zone"] == ["King Cobra"]
    assert pos(s)["attached"]["King Cobra"] == [
        ["Royal Rule 1", "Royal Rule 2", "Royal Rule 9"],
        [],
    ]


def test_the_danger_zone_is_judged_per_side() -> None:
    """Designed (3): 9 + 7 on two sides is 16 in all, but no side has 10: no move."""
    s = position(
        hands={0: ["Royal Rule 3"]},
        attached={"King Cobra": {0: ["Royal Rule 6"], 1: ["Royal Rule 7"]}},
    )
    play(s, "attach Royal Rule 3")
    assert pos(s)["danger_zone"] == [] and not s.is_chance


def test_sixteen_is_danger_seventeen_wins() -> None:
    """17 or more reputation wins; 10 to 16 is the Danger Zone."""
    s = position(hands={0: ["Royal Rule 7"]}, attached={"King Cobra": {0: ["Royal Rule 9"]}})
    play(s, "attach Royal Rule 7")  # 16
    assert pos(s)["danger_zone"] == ["King Cobra"] and pos(s)["won_by"] == {}


def test_winning_from_the_danger_zone_expels_everything_and_is_not_replaced() -> None:
    """Winning: the Supervillain is expelled with all attached cards; from the Danger Zone it is
    not replaced."""
    s = position(
        hands={0: ["Royal Rule 7"]},
        supervillains=["Mr. Shadow", "Ice-Cold Cream", "Killer Kiwi"],
        danger_zone=["King Cobra"],
        attached={"King Cobra": {0: ["Royal Rule 9", "Royal Rule 1"], 1: ["Royal Rule 2"]}},
    )
    play(s, "attach Royal Rule 7")  # 17
    p = pos(s)
    assert not s.is_chance and s.current_player == 0
    assert p["won_by"] == {"King Cobra": 0} and p["players"][0]["won"] == 1
    assert p["danger_zone"] == [] and p["attached"] == {}
    assert p["supervillain_slots"] == ["Mr. Shadow", "Ice-Cold Cream", "Killer Kiwi"]
    assert sorted(c for c in p["expelled"] if c.startswith("Royal Rule")) == [
        "Royal Rule 1",
        "Royal Rule 2",
        "Royal Rule 7",
        "Royal Rule 9",
    ]
    assert "attach Royal Rule 7" not in moves(s)


def test_winning_from_a_slot_replaces_the_supervillain() -> None:
    """If it wasn't in the Danger Zone, replace it (9 then 9 jumps past the Danger Zone)."""
    s = position(
        hands={0: ["Royal Rule 8"]},
        attached={"King Cobra": {0: ["Royal Rule 9"], 1: ["Royal Rule 3"]}},
    )
    play(s, "attach Royal Rule 8")  # 17
    p = pos(s)
    assert (
        p["won_by"] == {"King Cobra": 0}
        and p["supervillain_slots"][0] is None
        and p["attached"] == {}
    )
    assert outcomes(s) == {r: 0.25 for r in REST}
    play(s, "reveal Tourmeleon Tillie")
    assert pos(s)["supervillain_slots"] == ["Tourmeleon Tillie", "Ice-Cold Cream", "Killer Kiwi"]


def test_a_won_supervillain_takes_no_more_minions() -> None:
    s = position(
        hands={0: ["Royal Rule 8"]},
        won_by={"King Cobra": 1},
        supervillains=["Mr. Shadow", "Ice-Cold Cream", "Killer Kiwi"],
        expelled=["Royal Rule 9"],
    )
    assert "attach Royal Rule 8" not in moves(s)


def test_the_fourth_supervillain_wins_the_game() -> None:
    """When a player wins their fourth Supervillain they win the game (returns +1 / -1)."""
    won = {"Bounty Hunter Slippy": 0, "Mr. Shadow": 0, "MechaOven": 0}
    s = position(
        hands={0: ["Royal Rule 8"]},
        won_by=won,
        supervillains=["King Cobra", "Ice-Cold Cream", "Killer Kiwi"],
        attached={"King Cobra": {0: ["Royal Rule 9"]}},
    )
    play(s, "attach Royal Rule 8")
    assert s.is_terminal and s.current_player == henchmen.TERMINAL
    assert s.returns == (1.0, -1.0)
    assert pos(s)["winner"] == 0 and pos(s)["players"][0]["won"] == 4


def test_the_third_supervillain_does_not_end_the_game() -> None:
    won = {"Bounty Hunter Slippy": 1, "Mr. Shadow": 1}
    s = position(
        turn_player=1,
        hands={1: ["Royal Rule 8"]},
        won_by=won,
        supervillains=["King Cobra", "Ice-Cold Cream", "Killer Kiwi"],
        attached={"King Cobra": {1: ["Royal Rule 9"]}},
    )
    play(s, "attach Royal Rule 8", "reveal MechaOven")
    assert not s.is_terminal and pos(s)["players"][1]["won"] == 3 and s.current_player == 1


def test_the_turn_limit_ends_a_stalled_game() -> None:
    """Designed (10): after max_turns (200) the most Supervillains won, then reputation, wins; else
    a draw."""
    # Turn 200 is seat 1's (seat 0 takes the odd turns).
    base: dict[str, Any] = dict(turn=200, turn_player=1, decks={1: ["Tiny Bot"] * 5})
    s = position(**base, won_by={"MechaOven": 1}, attached={"King Cobra": {0: ["Royal Rule 9"]}})
    play(s, "end turn")
    assert s.is_terminal and s.returns == (-1.0, 1.0)
    s = position(
        **base,
        attached={"King Cobra": {0: ["Royal Rule 5"]}, "Ice-Cold Cream": {1: ["Freezer Burn 3"]}},
    )
    play(s, "end turn")
    assert s.is_terminal and s.returns == (1.0, -1.0)
    s = position(
        **base,
        attached={"King Cobra": {0: ["Royal Rule 3"]}, "Ice-Cold Cream": {1: ["Freezer Burn 3"]}},
    )
    play(s, "end turn")
    assert s.is_terminal and s.returns == (0.0, 0.0)
    s = position(turn=199, decks={0: ["Tiny Bot"] * 5})
    play(s, "end turn")
    assert not s.is_terminal and pos(s)["turn"] == 200


def test_max_turns_option_bounds() -> None:
    assert henchmen.Game("seven-secret-supervillains").options["max_turns"] == 200
    with pytest.raises(henchmen.errors.OptionError):
        henchmen.Game("seven-secret-supervillains", max_turns=5)
