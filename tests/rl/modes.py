"""Every registered game, in each of its modes (player counts), for the RL tests."""

from __future__ import annotations

from typing import Any

MODES: list[tuple[str, dict[str, Any]]] = [
    ("seven-secret-supervillains", {}),
    ("legendary", {"players": 1}),
    ("legendary", {"players": 2}),
    ("legendary", {"players": 5}),
    ("parry", {"players": 2}),
    ("parry", {"players": 4}),
    ("super", {"players": 2}),
    ("super", {"players": 4}),
    ("villainy", {"players": 2}),
    ("villainy", {"players": 3}),
    ("suet", {"players": 2}),
    ("suet", {"players": 4, "long_game": True}),
]
IDS = [f"{name}-{opts.get('players', 2)}p" for name, opts in MODES]
