"""The terminal table draws what is in play: no empty spot as a card, counts of real cards;
every Master's column and cover (hidden, exposed, destroyed, a Minion in front) and every
Monster's parts (missing, flipped) and whether it is complete."""

from __future__ import annotations

import henchmen
from henchmen.table.screen import draw

from .builder import master_attacked, play, position, resolve

MM = ["Mugga Mugga", "Mugga Mugga"]
KONGAMUNGA = ["Kongamunga's Head", "Kongamunga's Crushing Fists", "Kongamunga's Chest",
              "Kongamunga's Feet"]  # fmt: skip


def screen(state: henchmen.State, viewer: int = 0) -> list[str]:
    return draw(state.layout(viewer), viewer, width=200)


def under(lines: list[str], heading: str) -> list[str]:
    """The card lines drawn under a zone's heading (``  Your Master (...) (1):``)."""
    start = lines.index(heading) + 1
    end = start
    while end < len(lines) and lines[end].startswith("    "):
        end += 1
    return lines[start:end]


def test_at_the_first_prompt_nothing_is_in_play() -> None:
    """As ``henchmen play villainy --bots human,random`` first shows it: empty ranks, no parts."""
    text = "\n".join(screen(henchmen.new_game("villainy", seed=1)))
    for zone in ("Minions", "Kongamunga", "Setup and lasting cards", "Hideout additions"):
        assert f"Your {zone}: empty" in text
    assert "Player 2's The Thing in the Cellar: empty" in text
    assert "face down" not in text
    assert "Hideout: you 6/6, Player 2 6/6 | Hideout additions: you 0/2, Player 2 0/2" in text


def test_the_cards_in_play_are_counted_and_listed_with_their_gear() -> None:
    s = position(
        hands={0: [], 1: []},
        grids={
            0: {
                "front left": {"minion": "Silverback", "gear": "Big Stick"},
                "back right": "Howler Monkey",
            },
            1: {"front center": {"minion": "Gargoyle", "temp": "Arcane Shield"}},
        },
        monsters={0: [["Kongamunga's Head"], [], ["Kongamunga's Chest"], []]},
        setups={0: ["Ape Plan: +1", None, None]},
        lefts={0: "Vine Curtain"},
        hits={1: 4},
    )
    lines = screen(s)
    text = "\n".join(lines)
    assert "face down" not in text
    assert "  Your Minions (2):" in lines
    assert (
        "    Silverback [minion] (attack 7, defense 3, gear Big Stick, spot front left, "
        "type Great Apes)"
    ) in lines
    howler = "    Howler Monkey [minion] (attack 2, defense 1, spot back right, type Monkeys)"
    assert howler in lines
    assert "  Your Kongamunga (incomplete, not yet in play: no Fists, no Feet) (2):" in lines
    assert "  Your Setup and lasting cards (1):" in lines
    assert "  Your Hideout additions (1):" in lines
    assert "  Player 2's Minions (1):" in lines
    assert (
        "    Gargoyle [minion] (attack 3, defense 7, gear Arcane Shield (temporary), "
        "spot front center, type Greater Nasties)" in lines
    )
    assert "Player 2's The Thing in the Cellar: empty" in text
    assert lines[1] == (
        "  Hideout: you 6/6, Player 2 4/6 | Hideout additions: you 1/2, Player 2 0/2"
        " | Actions: you 3/3"
    )


def test_the_master_hidden_under_the_hideout_in_the_center() -> None:
    lines = screen(position(hands={0: [], 1: []}))
    assert under(lines, "  Your Master (center column, hidden under the Hideout) (1):") == [
        "    Mugga Mugga [master] (attack 5, defense 4)"
    ]
    assert under(lines, "  Player 2's Master (center column, hidden under the Hideout) (1):") == [
        "    Mallory Maleficarum [master] (attack 4, defense 5)"
    ]


def test_a_minion_in_front_of_the_hidden_master_is_shown() -> None:
    """Either row of his column: the Hideout over him cannot be attacked either."""
    s = position(hands={0: [], 1: []}, grids={1: {"back center": "Gargoyle"}})
    assert (
        "  Player 2's Master (center column, hidden under the Hideout, a Minion in front) (1):"
        in screen(s)
    )


def test_the_master_moved_right_and_exposed_with_a_minion_in_front() -> None:
    s = position(
        hands={0: [], 1: []},
        grids={0: {"front right": "Howler Monkey"}},
        hits={0: 0},
        hideouts={0: "removed"},
    )
    assert "  Your Master (center column, exposed) (1):" in screen(s)
    play(s, "move Master right")
    assert under(screen(s), "  Your Master (right column, exposed, a Minion in front) (1):") == [
        "    Mugga Mugga [master] (attack 5, defense 4)"
    ]
    assert "  Player 1's Master (right column, exposed, a Minion in front) (1):" in screen(s, 1)


def test_the_master_is_exposed_on_his_owners_next_turn_after_the_hideout_falls() -> None:
    s = position(decks=MM, hands={0: [], 1: []}, grids={0: {"front left": "Howler Monkey"}},
                 hits={1: 1})  # fmt: skip
    play(s, "attack player 2 Hideout with front left")
    assert "  Player 2's Master (center column, exposed on Player 2's next turn) (1):" in screen(s)
    assert "  Your Master (center column, exposed on your next turn) (1):" in screen(s, 1)
    play(s, "end turn")
    resolve(s)
    assert "  Your Master (center column, exposed) (1):" in screen(s, 1)
    assert "  Player 2's Master (center column, exposed) (1):" in screen(s)


def test_a_destroyed_master() -> None:
    s = master_attacked(grids={0: {"front left": "Silverback"}})  # A! 5 against D! 4
    assert not s.is_terminal
    master = ["    Mugga Mugga [master] (attack 5, defense 4)"]
    assert under(screen(s), "  Player 2's Master (destroyed) (1):") == master
    assert under(screen(s, 1), "  Your Master (destroyed) (1):") == master


def test_a_monster_incomplete_is_not_in_play_and_names_its_missing_parts() -> None:
    s = position(
        hands={0: [], 1: []},
        monsters={0: [["Kongamunga's Head"], [], ["Kongamunga's Chest"], []]},
    )
    lines = screen(s)
    heading = "  Your Kongamunga (incomplete, not yet in play: no Fists, no Feet) (2):"
    assert under(lines, heading) == [
        "    Kongamunga's Head [monster] (attack 3, defense 3, part Head)",
        "    Kongamunga's Chest [monster] (attack 1, defense 6, defense bonus 1, part Chest): "
        "While active: your Minions get +1 D!.",
    ]
    assert "Player 2's The Thing in the Cellar: empty" in "\n".join(lines)


def test_a_complete_monster_is_in_play() -> None:
    s = position(hands={0: [], 1: []}, monsters={0: [[c] for c in KONGAMUNGA]})
    assert under(screen(s, viewer=1), "  Player 1's Kongamunga (complete, in play) (4):") == [
        "    Kongamunga's Head [monster] (attack 3, defense 3, part Head)",
        "    Kongamunga's Crushing Fists [monster] (attack 4, defense 3, part Fists): "
        "Its other version of the Fists.",
        "    Kongamunga's Chest [monster] (attack 1, defense 6, defense bonus 1, part Chest): "
        "While active: your Minions get +1 D!.",
        "    Kongamunga's Feet [monster] (attack 3, defense 4, part Feet)",
    ]


def test_a_complete_monster_with_a_flipped_part() -> None:
    parts: list[list[str] | tuple[list[str], bool]] = [[c] for c in KONGAMUNGA]
    parts[2] = (["Kongamunga's Chest"], False)
    s = position(hands={0: [], 1: []}, monsters={0: parts})
    assert under(screen(s), "  Your Kongamunga (complete, in play) (4):") == [
        "    Kongamunga's Head [monster] (attack 3, defense 3, part Head)",
        "    Kongamunga's Crushing Fists [monster] (attack 4, defense 3, part Fists): "
        "Its other version of the Fists.",
        "    Kongamunga's Chest [monster] (attack 1, defense 6, defense bonus 1, flipped, "
        "part Chest): While active: your Minions get +1 D!.",
        "    Kongamunga's Feet [monster] (attack 3, defense 4, part Feet)",
    ]
