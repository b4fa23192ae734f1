"""The table's screen, drawn from layouts: Parry's own, and the shapes other games' layouts take."""

from __future__ import annotations

from typing import Any

import henchmen
from henchmen.table.screen import card_title, draw, move_lines, render_observation, stats


def test_parry_your_hand_in_full_the_others_as_counts() -> None:
    state = henchmen.new_game("parry", seed=1)
    lines = draw(state.layout(0), 0, width=100)
    assert lines[0] == "=== Parry -- Turn 1: Your turn ==="
    assert lines[1] == "  Health: you 3/3, Player 2 3/3"
    assert "  Player 2's hand: 3 cards   Deck: 7 cards   Discard pile: empty" in lines
    text = "\n".join(lines)
    assert "Strike x3 [attack]: On your turn: choose another player;" in text
    assert "Parry [reaction]: When a Strike or a Parry is played by someone else" in text
    # The other player's hand: drawn from the layout's backs, never a name.
    other = [line for line in lines if "Player 2's hand" in line]
    assert other == ["  Player 2's hand: 3 cards   Deck: 7 cards   Discard pile: empty"]


def test_an_off_turn_decision_says_why() -> None:
    state = henchmen.new_game("parry", seed=1)
    state.apply("strike player 2")
    assert state.current_player == 1 and state.turn_player == 0
    lines = draw(state.layout(1), 1)
    assert lines[-1] == "  >> Player 1 struck you: parry it or pass"
    assert lines[0] == "=== Parry -- Turn 1: Player 1's turn ==="
    assert "Discard pile: 1 (Strike)" in "\n".join(lines)


HULK = {
    "name": "Hulk: Crazed Rampage",
    "cost": 5,
    "attack": 4,
    "text": "Each player gains a Wound.",
}
STORM = {"name": "Storm: Lightning Bolt", "cost": 4, "attack": 2, "text": "Ranged: +2 Attack. " * 8}
WOUND = {
    "name": "Wound",
    "text": "Healing: If you don't recruit any Heroes or defeat any Villains on your turn, "
    "you may KO all the Wounds from your hand.",
}
HQ: dict[str, Any] = {
    "title": "Legendary",
    "status": "Turn 4: your turn",
    "prompt": "Sentinel escaped: KO a Hero from the HQ",
    "counters": [
        {"name": "VP", "owner": 0, "value": 3},
        {"name": "VP", "owner": 1, "value": 5},
        {"name": "Escaped", "owner": None, "value": 2, "max": 8},
    ],
    "zones": [
        {
            "id": "hq",
            "name": "HQ",
            "kind": "row",
            "owner": None,
            "count": 2,
            "cards": [HULK, STORM],
        },
        {"id": "hand-1", "name": "Player 2's hand", "kind": "hand", "owner": 1, "count": 6,
         "cards": [{"back": True}] * 6},
        {"id": "discard-0", "name": "Your discard pile", "kind": "discard", "owner": 0, "count": 9,
         "cards": [{"name": "S.H.I.E.L.D. Agent", "cost": 0, "recruit": 1}] * 8
         + [{"name": "Wound", "text": "Healing: ..."}]},
        {"id": "hand-0", "name": "Your hand", "kind": "hand", "owner": 0, "count": 2,
         "cards": [{"name": "S.H.I.E.L.D. Trooper", "cost": 0, "attack": 1, "text": "+1 Attack."},
                   WOUND]},
        {"id": "city", "name": "City", "kind": "city", "owner": None, "count": 2,
         "cards": [{"name": "Sentinel", "attack": 3, "vp": 1}, {"back": True}]},
    ],
}  # fmt: skip


def test_a_row_with_costs_piles_as_tallies_and_the_prompt() -> None:
    lines = draw(HQ, 0, width=80)
    assert lines[0] == "=== Legendary -- Turn 4: your turn ==="
    assert lines[1] == "  VP: you 3, Player 2 5 | Escaped 2/8"
    assert "  HQ (2):" in lines
    assert "    Hulk: Crazed Rampage (cost 5, attack 4): Each player gains a Wound." in lines
    storm = next(line for line in lines if "Storm" in line)
    assert storm.startswith("    Storm: Lightning Bolt (cost 4, attack 2): Ranged")
    # Never cut (issue 38): the rest of the text follows on an indented line.
    assert not any(line.endswith("...") for line in lines)
    assert lines[lines.index(storm) + 1].startswith("      ")
    counts = next(line for line in lines if "Player 2's hand" in line)
    assert "Player 2's hand: 6 cards" in counts
    assert "Your discard pile: 9 (S.H.I.E.L.D. Agent x8, Wound)" in "\n".join(lines)
    assert "  City (2): and 1 face down" in lines and "    Sentinel (attack 3, vp 1)" in lines
    assert lines[-1] == "  >> Sentinel escaped: KO a Hero from the HQ"
    # Your hand comes last before the prompt, every card with its words, wrapped to the width.
    hand = lines.index("  Your hand (2):")
    assert lines[hand + 1] == "    S.H.I.E.L.D. Trooper (cost 0, attack 1): +1 Attack."
    assert lines[hand + 2].startswith("    Wound: Healing: If you don't recruit")
    assert lines[hand + 3].startswith("      ") and lines[hand + 3].endswith("from your hand.")
    assert all(len(line) <= 80 for line in lines)


def test_a_layout_without_zones_yet_is_drawn_from_its_observation() -> None:
    layout = {"title": "Game", "zones": [], "counters": [], "observation": {"turn_player": 1}}
    assert draw(layout, 0) == ["=== Game ===", "  turn_player: Player 2"]
    assert render_observation({"players": [{"hand": []}, {"power": 2}]}) == [
        "  players:", "    [Player 1]", "    [Player 2]", "      power: 2",
    ]  # fmt: skip


def test_card_faces_and_moves() -> None:
    assert stats({"name": "x", "recruit": 2, "cost": 3, "class": "tech", "designed": False}) == (
        "cost 3, recruit 2, class tech"
    )
    assert card_title({"name": "Tiny Bot", "power": 1}, 5) == "Tiny Bot x5 (power 1)"
    flowed = move_lines([(str(k), f"recruit Hero number {k}") for k in range(1, 9)], width=70)
    assert flowed[0].startswith("  Moves: [1] recruit Hero number 1   [2] ")
    assert all(len(line) <= 70 for line in flowed) and len(flowed) > 2
    assert all(line.startswith("         [") for line in flowed[1:])
    # A stranger's card name cannot send escape sequences to the terminal.
    assert move_lines([("1", "play \x1b[2J")]) == ["  Moves: [1] play \\x1b[2J"]


def test_null_is_an_empty_space_never_a_face_down_card() -> None:
    """A grid's or a row's empty places are null (docs/authoring.md); the count is the cards."""
    layout: dict[str, Any] = {
        "title": "Game",
        "zones": [
            {"id": "ranks", "name": "Ranks", "kind": "grid", "owner": 0, "count": 1,
             "cards": [None, {"name": "Imp", "attack": 1}, None, None]},
            {"id": "slots", "name": "Slots", "kind": "row", "owner": 0, "count": 0,
             "cards": [None, None, None]},
            {"id": "city", "name": "City", "kind": "city", "owner": None, "count": 2,
             "cards": [None, {"name": "Sentinel"}, {"back": True}]},
        ],
    }  # fmt: skip
    lines = draw(layout, 0)
    assert "  Ranks (1):" in lines and "    Imp (attack 1)" in lines
    assert lines[1] == "  Slots: empty"
    assert "  City (2): and 1 face down" in lines
