"""The terminal table draws what is in play: no empty spot as a card, counts of real cards."""

from __future__ import annotations

import henchmen
from henchmen.table.screen import draw

from .builder import position


def screen(state: henchmen.State, viewer: int = 0) -> list[str]:
    return draw(state.layout(viewer), viewer, width=200)


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
    assert "    Silverback [minion] (attack 7, defense 3, gear Big Stick, spot front left)" in lines
    assert "    Howler Monkey [minion] (attack 2, defense 1, spot back right)" in lines
    assert "  Your Kongamunga (2):" in lines
    assert "  Your Setup and lasting cards (1):" in lines
    assert "  Your Hideout additions (1):" in lines
    assert "  Player 2's Minions (1):" in lines
    assert (
        "    Gargoyle [minion] (attack 3, defense 7, gear Arcane Shield (temporary), "
        "spot front center)" in lines
    )
    assert "Player 2's The Thing in the Cellar: empty" in text
    assert lines[1] == (
        "  Hideout: you 6/6, Player 2 4/6 | Hideout additions: you 1/2, Player 2 0/2"
        " | Actions: you 3/3"
    )
