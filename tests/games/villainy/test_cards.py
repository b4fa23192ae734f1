"""Playing Minions, Gear and Monsters; moving cards; Setup chains; Hideout additions."""

from __future__ import annotations

import pytest

from henchmen.errors import SerializationError

from .builder import attacks, grid, me, moves, pass_all, play, pos, position, resolve

MM = ["Mugga Mugga", "Mugga Mugga"]


def test_a_minion_goes_on_any_free_spot_of_the_two_rows_of_three() -> None:
    s = position(hands={0: ["Silverback"], 1: []}, grids={0: {"back center": "Howler Monkey"}})
    spots = [m for m in moves(s) if m.startswith("play Silverback")]
    assert spots == [
        f"play Silverback at {w}"
        for w in ["front left", "front center", "front right", "back left", "back right"]
    ]
    play(s, "play Silverback at back left")
    assert grid(s, 0) == {"back left": "Silverback", "back center": "Howler Monkey"}
    assert pos(s)["actions"] == 2


def test_no_seventh_minion() -> None:
    full = dict.fromkeys(
        ["front left", "front center", "front right", "back left", "back center", "back right"],
        "Howler Monkey",
    )
    full["back right"] = "Spider Monkey"
    full["back left"] = "Spider Monkey"
    s = position(hands={0: ["Silverback"], 1: []}, grids={0: full})
    assert not any(m.startswith("play Silverback") for m in moves(s))


def test_gear_on_a_minion_one_per_minion_not_on_master_or_monster() -> None:
    s = position(
        hands={0: ["Big Stick"], 1: []},
        grids={
            0: {
                "front left": {"minion": "Howler Monkey", "gear": "Tire Shield"},
                "front right": "Spider Monkey",
            }
        },
        monsters={
            0: [
                ["Kongamunga's Head"],
                ["Kongamunga's Fists"],
                ["Kongamunga's Chest"],
                ["Kongamunga's Feet"],
            ]
        },
    )
    gear = [m for m in moves(s) if m.startswith("play Big Stick")]
    assert gear == ["play Big Stick on front right"]  # the only Minion without Gear
    play(s, "play Big Stick on front right")
    assert me(s, 0)["grid"][2]["gear"] == "Big Stick"


def test_gear_for_one_type_of_minion_only() -> None:
    s = position(
        hands={0: ["Bone Club"], 1: []},
        grids={0: {"front left": "Howler Monkey", "front right": "Silverback"}},
    )
    assert [m for m in moves(s) if m.startswith("play Bone Club")] == [
        "play Bone Club on front right"
    ]


def test_gear_adds_to_the_minion_and_is_discarded_with_it() -> None:
    """A Gear card stays with its Minion; when the Minion is destroyed, discard both."""
    s = position(
        decks=["Mugga Mugga", "Mallory Maleficarum"],
        hands={0: [], 1: []},
        grids={
            0: {"front left": {"minion": "Spider Monkey", "gear": "Big Stick"}},
            1: {"front left": "Bog Horror"},
        },
    )
    play(s, "attack player 2 front left with front left")  # A! 2 + 2 against D! 4
    assert grid(s, 1) == {} and me(s, 1)["discard"] == ["Bog Horror"]
    s = position(
        decks=MM,
        hands={0: [], 1: []},
        grids={
            1: {"front left": {"minion": "Spider Monkey", "gear": "Big Stick", "gear_owner": 1}},
            0: {"front left": "Silverback"},
        },
    )
    play(s, "attack player 2 front left with front left")
    assert sorted(me(s, 1)["discard"]) == ["Big Stick", "Spider Monkey"]


def test_failed_attack_leaves_both_cards() -> None:
    s = position(
        hands={0: [], 1: []},
        grids={0: {"front left": "Howler Monkey"}, 1: {"front left": "Gargoyle"}},
    )
    play(s, "attack player 2 front left with front left")
    assert grid(s, 1) == {"front left": "Gargoyle"} and grid(s, 0) == {
        "front left": "Howler Monkey"
    }
    # Howler Monkey's 2 A! against Gargoyle's 4 D!
    assert pos(s)["last_attack"]["attack"] == 2 and pos(s)["last_attack"]["defense"] == 4
    assert pos(s)["actions"] == 2


def test_equal_attack_destroys() -> None:
    s = position(
        hands={0: [], 1: []},
        grids={0: {"front left": "Gorilla Grunt"}, 1: {"front left": "Gargoyle"}},
    )
    play(s, "attack player 2 front left with front left")  # 4 A! against 4 D!
    assert pos(s)["last_attack"]["attack"] == 4 and pos(s)["last_attack"]["defense"] == 4
    assert grid(s, 1) == {}


def test_move_a_minion_to_any_open_spot_and_swap_two() -> None:
    s = position(
        hands={0: [], 1: []}, grids={0: {"front left": "Howler Monkey", "back right": "Silverback"}}
    )
    assert "move front left to front right" in moves(s)
    assert "swap front left and back right" in moves(s)
    play(s, "swap front left and back right")
    assert grid(s, 0) == {"front left": "Silverback", "back right": "Howler Monkey"}
    play(s, "move front left to back center")
    assert grid(s, 0) == {"back center": "Silverback", "back right": "Howler Monkey"}
    assert pos(s)["actions"] == 1


def test_the_master_moves_only_left_or_right() -> None:
    s = position(hands={0: [], 1: []})
    assert [m for m in moves(s) if "Master" in m] == ["move Master left", "move Master right"]
    play(s, "move Master left")
    assert me(s, 0)["master_column"] == 0
    assert [m for m in moves(s) if "Master" in m] == ["move Master right"]


def test_gear_moves_from_one_minion_to_another_as_one_action() -> None:
    s = position(
        hands={0: [], 1: []},
        grids={
            0: {
                "front left": {"minion": "Howler Monkey", "gear": "Big Stick"},
                "back left": "Silverback",
            }
        },
    )
    play(s, "move Big Stick from front left to back left")
    assert me(s, 0)["grid"][3]["gear"] == "Big Stick" and me(s, 0)["grid"][0]["gear"] is None


KONG = ["Kongamunga's Head", "Kongamunga's Fists", "Kongamunga's Chest", "Kongamunga's Feet"]


def test_a_monster_is_not_in_play_until_its_four_parts_are() -> None:
    s = position(
        hands={0: ["Kongamunga's Feet"], 1: []}, monsters={0: [[KONG[0]], [KONG[1]], [KONG[2]], []]}
    )
    assert not any("Kongamunga" in m.partition(" with ")[2] for m in attacks(s))
    play(s, "play Kongamunga's Feet")
    assert any(m.endswith("with Kongamunga Fists") for m in attacks(s))


def test_a_defeated_part_is_flipped_never_discarded_and_revived_by_a_replacement() -> None:
    s = position(
        decks=["Mallory Maleficarum", "Mugga Mugga"],
        hands={0: [], 1: ["Kongamunga's Crushing Fists"]},
        grids={0: {"front left": "Bog Horror"}},
        monsters={1: [[c] for c in KONG]},
    )
    play(s, "attack player 2 Kongamunga Fists with front left")  # A! 4 against D! 2
    pass_all(s)
    part = me(s, 1)["monster"][1]
    assert part == {"cards": ["Kongamunga's Fists"], "active": False}
    assert "Kongamunga's Fists" not in me(s, 1)["discard"]
    # The rest of the Monster still attacks and is attacked.
    assert "attack player 2 Kongamunga Head with front left" in attacks(s)
    assert "attack player 2 Kongamunga Fists with front left" not in attacks(s)
    play(s, "end turn")
    resolve(s)
    play(s, "play Kongamunga's Crushing Fists")
    assert me(s, 1)["monster"][1] == {
        "cards": ["Kongamunga's Fists", "Kongamunga's Crushing Fists"],
        "active": True,
    }


def test_a_flipped_part_of_an_incomplete_monster_is_an_invalid_position() -> None:
    """Parts are attacked (flipped) only once the Monster is complete, and never leave: a
    position with a flipped part and a missing one cannot arise. It is refused when loaded,
    before a replacement part played on it could break play (a fuzzed state found it)."""
    flipped_fists = ([KONG[1]], False)
    with pytest.raises(SerializationError, match="flipped part but is not complete"):
        position(
            hands={0: ["Kongamunga's Crushing Fists"], 1: []},
            monsters={0: [[KONG[0]], flipped_fists, [KONG[2]], []]},
        )
    # The same part flipped on a complete Monster is a position play reaches.
    s = position(
        hands={0: ["Kongamunga's Crushing Fists"], 1: []},
        monsters={0: [[KONG[0]], flipped_fists, [KONG[2]], [KONG[3]]]},
    )
    assert "play Kongamunga's Crushing Fists" in moves(s)


def test_a_second_copy_of_an_active_part_cannot_be_played() -> None:
    s = position(
        hands={0: ["Kongamunga's Crushing Fists"], 1: []}, monsters={0: [[], [KONG[1]], [], []]}
    )
    assert "play Kongamunga's Crushing Fists" not in moves(s)


def test_monsters_never_block() -> None:
    """Monsters are never considered to be blocking any other card."""
    s = position(
        decks=MM,
        hands={0: [], 1: []},
        grids={0: {"front left": "Silverback"}},
        monsters={1: [[c] for c in KONG]},
    )
    assert "attack player 2 Hideout with front left" in attacks(s)


def test_setup_chain_bonus_only_when_complete_and_for_minions_only() -> None:
    """+2...D!...against Minions: no bonus until all three are in play; Minions only."""
    base = {
        "hands": {0: [], 1: ["Howler Monkey"]},
        "grids": {0: {"front left": "Prefect"}, 1: {"front left": "Silverback"}},
        "decks": ["Mallory Maleficarum", "Mugga Mugga"],
    }
    s = position(**base, setups={1: ["Ape Plan: +2", "Ape Plan: D!", None]})
    pass_all(play(s, "attack player 2 front left with front left"))  # 3 against 3: destroyed
    assert pos(s)["last_attack"]["defense"] == 3 and grid(s, 1) == {}
    s = position(**base, setups={1: ["Ape Plan: +2", "Ape Plan: D!", "Ape Plan: against Minions"]})
    pass_all(play(s, "attack player 2 front left with front left"))  # 3 against 3 + 2
    assert pos(s)["last_attack"]["defense"] == 5 and grid(s, 1) == {"front left": "Silverback"}


def test_setup_bonus_does_not_reach_the_monster() -> None:
    s = position(
        hands={0: [], 1: []},
        decks=["Mallory Maleficarum", "Mugga Mugga"],
        grids={0: {"front left": "Bog Horror"}},
        monsters={1: [[c] for c in KONG]},
        setups={1: ["Ape Plan: +2", "Ape Plan: D!", "Ape Plan: against Minions"]},
    )
    play(s, "attack player 2 Kongamunga Head with front left")
    assert pos(s)["last_attack"]["defense"] == 3


def test_setup_cards_are_replaced_on_your_turn_one_chain_only() -> None:
    s = position(hands={0: ["Ape Plan: +2"], 1: []}, setups={0: ["Ape Plan: +1", None, None]})
    play(s, "play Ape Plan: +2")
    assert me(s, 0)["setup"] == ["Ape Plan: +2", None, None]
    assert me(s, 0)["discard"] == ["Ape Plan: +1"]
    assert pos(s)["actions"] == 2


def test_hideout_addition_replaces_the_one_in_play_at_no_cost() -> None:
    s = position(hands={0: ["Treehouse Lookout"], 1: []}, lefts={0: "Vine Curtain"})
    play(s, "play Treehouse Lookout")
    assert me(s, 0)["left"] == "Treehouse Lookout" and me(s, 0)["discard"] == ["Vine Curtain"]
    assert pos(s)["actions"] == 2


def test_six_card_hand_with_the_bonus_addition() -> None:
    s = position(decks=MM, hands={0: [], 1: []}, lefts={1: "Treehouse Lookout"})
    play(s, "end turn")
    resolve(s)
    assert len(me(s, 1)["hand"]) == 6


def test_no_additions_after_the_hideout_falls() -> None:
    s = position(hands={0: ["Vine Curtain"], 1: []}, hits={0: 0}, hideouts={0: "destroyed"})
    assert "play Vine Curtain" not in moves(s)
