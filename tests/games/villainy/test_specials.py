"""Special Actions: free, immediate or lasting one round, some acting as temporary Gear."""

from __future__ import annotations

import pytest

from henchmen.errors import SerializationError

from .builder import grid, me, moves, play, pos, position, resolve

MM = ["Mugga Mugga", "Mugga Mugga"]


def test_special_actions_cost_no_action_and_their_attack_is_free() -> None:
    s = position(
        decks=MM,
        hands={0: ["Banana Barrage"], 1: []},
        grids={0: {"front left": "Howler Monkey"}, 1: {"front left": "Spider Monkey"}},
    )
    play(s, "play Banana Barrage")
    assert pos(s)["actions"] == 3 and pos(s)["phase"] == "choose"
    play(s, "attack player 2 front left with front left")  # A! 1 + 1 against D! 1
    assert pos(s)["actions"] == 3 and grid(s, 1) == {}
    assert me(s, 0)["discard"] == ["Banana Barrage"]


def test_a_rally_lasts_one_round_until_the_players_turn_again() -> None:
    s = position(
        decks=MM, hands={0: ["Chest Thump"], 1: []}, grids={0: {"front left": "Howler Monkey"}}
    )
    play(s, "play Chest Thump")
    assert me(s, 0)["lasting"] == ["Chest Thump"]
    play(s, "end turn")
    resolve(s)
    play(s, "end turn")
    resolve(s)
    assert me(s, 0)["lasting"] == [] and "Chest Thump" in me(s, 0)["discard"]


def test_temporary_gear_until_the_next_turn() -> None:
    s = position(
        decks=["Dr. Oblongata", "Mugga Mugga"],
        hands={0: ["Experimental Serum"], 1: []},
        grids={0: {"front left": "Hunchbacked Assistant"}, 1: {"front left": "Gorilla Grunt"}},
    )
    play(s, "play Experimental Serum", "choose front left")
    assert me(s, 0)["grid"][0]["temp"] == "Experimental Serum"
    play(s, "attack player 2 front left with front left")  # A! 1 + 2 against D! 3
    assert grid(s, 1) == {}


def test_a_free_move() -> None:
    s = position(
        decks=MM, hands={0: ["Jungle Swing"], 1: []}, grids={0: {"front left": "Howler Monkey"}}
    )
    play(s, "play Jungle Swing", "move front left to back right")
    assert grid(s, 0) == {"back right": "Howler Monkey"} and pos(s)["actions"] == 3


def test_stealing_gear_onto_your_own_minion() -> None:
    s = position(
        decks=MM,
        hands={0: ["Grabby Hands"], 1: []},
        grids={
            0: {"front left": "Howler Monkey"},
            1: {"front left": {"minion": "Spider Monkey", "gear": "Big Stick", "gear_owner": 1}},
        },
    )
    play(s, "play Grabby Hands", "choose player 2 front left")
    # The first choice is on the table: everyone is told it (every step has its events).
    for reader in (0, 1, "spectator"):
        [told] = s.last_events(reader)
        assert told.kind == "target" and told.data["gear"] == "Big Stick"
    assert (
        told.text
        == "Player 1 picks Big Stick on Player 2's Spider Monkey at front left for Grabby Hands"
    )
    play(s, "choose front left")
    assert me(s, 0)["grid"][0]["gear"] == "Big Stick" and me(s, 0)["grid"][0]["gear_owner"] == 1
    assert me(s, 1)["grid"][0]["gear"] is None


def test_a_special_action_with_nothing_to_act_on_is_not_offered() -> None:
    s = position(decks=MM, hands={0: ["Grabby Hands", "Banana Barrage"], 1: []})
    assert "play Grabby Hands" not in moves(s) and "play Banana Barrage" not in moves(s)


# "A Minion may not have more than one Gear card at a time"; "some Special Action cards act
# as Gear, only temporary": temporary Gear is the Minion's one Gear while it lasts.
DR = ["Dr. Oblongata", "Mugga Mugga"]
SERUM = "Experimental Serum"


def test_temporary_gear_goes_only_on_a_minion_without_gear() -> None:
    s = position(
        decks=DR,
        hands={0: [SERUM], 1: []},
        grids={
            0: {
                "front left": {"minion": "Lab Tech", "gear": "Robotic Arm"},
                "front center": "Hunchbacked Assistant",
            }
        },
    )
    play(s, f"play {SERUM}")
    assert moves(s) == ["choose front center"]
    s = position(
        decks=DR,
        hands={0: [SERUM], 1: []},
        grids={0: {"front left": {"minion": "Lab Tech", "gear": "Robotic Arm"}}},
    )
    assert f"play {SERUM}" not in moves(s)  # no Minion to take it


def test_no_gear_is_put_or_moved_onto_a_minion_with_temporary_gear() -> None:
    s = position(
        decks=DR,
        hands={0: ["Robotic Arm"], 1: []},
        grids={
            0: {
                "front left": {"minion": "Lab Tech", "temp": SERUM},
                "front center": "Hunchbacked Assistant",
                "back left": {"minion": "Goggled Intern", "gear": "Ray Gun"},
            }
        },
    )
    gear = [m for m in moves(s) if m.startswith(("play Robotic Arm", "move Ray Gun"))]
    assert gear == [
        "play Robotic Arm on front center",
        "move Ray Gun from back left to front center",
    ]
    # Temporary Gear stays on the Minion it was played on: no Gear move takes it away.
    assert not any(m.startswith("move") and "from front left" in m for m in moves(s))


def test_temporary_gear_counts_for_a_setup_with_gear() -> None:
    s = position(
        decks=DR,
        hands={0: [], 1: []},
        grids={0: {"front left": {"minion": "Hunchbacked Assistant", "temp": SERUM}}},
        setups={0: ["Experiment: +1", "Experiment: A!", "Experiment: with Gear"]},
    )
    assert s.observation(0)["players"][0]["grid"][0]["attack"] == 2 + 2 + 1


def test_disarm_discards_temporary_gear_and_gear_taking_leaves_it() -> None:
    """Removed by an opposing Special Action like any Gear; but it never changes Minion."""
    s = position(
        decks=["Mallory Maleficarum", "Dr. Oblongata"],
        hands={0: ["Dispel"], 1: []},
        grids={1: {"front left": {"minion": "Lab Tech", "temp": SERUM}}},
    )
    play(s, "play Dispel", "choose player 2 front left")
    assert me(s, 1)["grid"][0]["temp"] is None and me(s, 1)["discard"] == [SERUM]
    assert grid(s, 1) == {"front left": "Lab Tech"}
    s = position(
        decks=["Mugga Mugga", "Dr. Oblongata"],
        hands={0: ["Grabby Hands"], 1: []},
        grids={
            0: {"front left": "Howler Monkey"},
            1: {"front left": {"minion": "Lab Tech", "temp": SERUM}},
        },
    )
    assert "play Grabby Hands" not in moves(s)


def test_a_minion_with_gear_and_temporary_gear_is_an_invalid_position() -> None:
    with pytest.raises(SerializationError, match="more than one Gear"):
        position(
            decks=DR,
            hands={0: [], 1: []},
            grids={0: {"front left": {"minion": "Lab Tech", "gear": "Robotic Arm", "temp": SERUM}}},
        )


def test_detention_moves_an_opposing_minion_to_a_free_spot_of_its_ranks() -> None:
    """Detention! (designed): "Move an opposing Minion to any free spot of its owner's ranks";
    its Gear goes with it, both choices are told to everyone, and it costs no action."""
    s = position(
        decks=["Mallory Maleficarum", "Mugga Mugga"],
        hands={0: ["Detention!"], 1: []},
        grids={
            1: {
                "front left": {"minion": "Spider Monkey", "gear": "Big Stick", "gear_owner": 1},
                "front center": "Howler Monkey",
            }
        },
    )
    play(s, "play Detention!")
    resolve(s)  # the others may Segue the card about to be played: they pass
    assert "choose player 2 front left" in moves(s)
    play(s, "choose player 2 front left")
    assert s.last_events("spectator")[0].text == (
        "Player 1 picks Player 2's Spider Monkey at front left for Detention!"
    )
    assert moves(s) == ["to front right", "to back left", "to back center", "to back right"]
    play(s, "to back right")  # a free spot of its owner's ranks: not front center, held
    assert grid(s, 1) == {"front center": "Howler Monkey", "back right": "Spider Monkey"}
    assert me(s, 1)["grid"][5]["gear"] == "Big Stick"
    assert s.last_events(1)[0].text == (
        "Player 1 moves your Spider Monkey from front left to back right"
    )
    assert pos(s)["actions"] == 3
