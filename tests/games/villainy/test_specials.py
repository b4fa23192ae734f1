"""Special Actions: free, immediate or lasting one round, some acting as temporary Gear."""

from __future__ import annotations

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
    play(s, "play Grabby Hands", "choose player 2 front left", "choose front left")
    assert me(s, 0)["grid"][0]["gear"] == "Big Stick" and me(s, 0)["grid"][0]["gear_owner"] == 1
    assert me(s, 1)["grid"][0]["gear"] is None


def test_a_special_action_with_nothing_to_act_on_is_not_offered() -> None:
    s = position(decks=MM, hands={0: ["Grabby Hands", "Banana Barrage"], 1: []})
    assert "play Grabby Hands" not in moves(s) and "play Banana Barrage" not in moves(s)
