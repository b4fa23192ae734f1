"""Native random playouts pinned: a speed-up of the hot path must play the same games.

The playout loop's fast paths (listing a decision on the stack, a drawn card
taken where the generator picked it, piles shifted without memmove) must
leave every state and every draw of the generator as the plain
``apply(legal[below(len)])`` loop would. test_native_playouts checks the pick
against the legal list; this checks the list itself has not changed: the
totals of 300 playouts per mode, from the build before the speed-ups of
8 December 2026 (main at a1e14a3), including the expansion crews' listings.
"""

from __future__ import annotations

from typing import Any

import pytest

import henchmen

EXPANSION_A = [
    "Cocoon Conquest",
    "Water Divination",
    "Croc Docs",
    "Gale Force",
    "Musical Madness",
    "Llamaristas",
    "Gizzard Wizards",
]
EXPANSION_B = [
    "Deadly Deliveries",
    "Pandamonium",
    "Monkey Mischief",
    "Tall Tales",
    "Yard-Sailers",
    "Salesweasels",
    "Pig Out",
]
EXPANSION_C = [
    "Dinomite Dressers",
    "Sleep Slayers",
    "Raccoon Rebellion",
    "Brutal Builders",
    "Telemacawters",
    "Royal Rule",
    "Freezer Burn",
]

# (game, options, (actions, decisions, wins per seat)) of random_playouts(300, seed=5).
PINS: list[tuple[str, dict[str, Any], tuple[int, int, list[int]]]] = [
    ("seven-secret-supervillains", {}, (441935, 213973, [143, 157])),
    (
        "seven-secret-supervillains",
        {"mode": "brawl", "players": 3},
        (431139, 203802, [101, 104, 91]),
    ),
    ("seven-secret-supervillains", {"crews": EXPANSION_A}, (464092, 227323, [152, 146])),
    ("seven-secret-supervillains", {"crews": EXPANSION_B}, (468182, 231977, [137, 163])),
    ("seven-secret-supervillains", {"crews": EXPANSION_C}, (460610, 222693, [150, 147])),
    ("legendary", {"players": 2}, (74190, 26819, [37, 56])),
    ("legendary", {"players": 4}, (109561, 42469, [23, 27, 30, 26])),
    ("villainy", {"players": 2}, (124380, 98720, [129, 120])),
    ("villainy", {"players": 3}, (159488, 132911, [72, 74, 80])),
    ("suet", {"players": 2}, (57868, 40167, [112, 108])),
    ("suet", {"players": 3, "long_game": True}, (109685, 76474, [31, 45, 36])),
    ("super", {"players": 3}, (93666, 68578, [104, 98, 98])),
]


@pytest.mark.parametrize(("name", "options", "pinned"), PINS)
def test_random_playouts_play_the_pinned_games(
    name: str, options: dict[str, Any], pinned: tuple[int, int, list[int]]
) -> None:
    stats = henchmen.Game(name, **options).random_playouts(300, seed=5, threads=2)
    assert stats["truncated"] == 0
    assert (stats["actions"], stats["decisions"], stats["wins"]) == pinned
