"""Golden playthroughs: every game and player count, seeded games compared
line by line with the files in this folder. A change of rules, notation or
encoding shows up as a diff that someone must accept by regenerating."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from .regenerate import HERE, expected_files, render

ACCEPT = "If the change is intended, accept it with: python tests/golden/regenerate.py"


@pytest.mark.parametrize("fname", sorted(expected_files()))
def test_playthrough_matches_golden_file(fname: str) -> None:
    name, players, seed = expected_files()[fname]
    path = HERE / fname
    assert path.exists(), f"no golden file {fname}. {ACCEPT}"
    want = path.read_text(encoding="utf-8")
    got = render(name, players, seed)
    if got != want:
        diff = difflib.unified_diff(
            want.splitlines(), got.splitlines(), f"golden/{fname}", "engine now", lineterm=""
        )
        shown = list(diff)
        text = "\n".join(shown[:120]) + ("\n..." if len(shown) > 120 else "")
        pytest.fail(f"{fname} differs from the engine's playthrough:\n{text}\n{ACCEPT}")


def test_no_stale_golden_files() -> None:
    stale = sorted(p.name for p in Path(HERE).glob("*.txt") if p.name not in expected_files())
    assert not stale, f"golden files for games or seeds that no longer exist: {stale}. {ACCEPT}"


def test_renders_are_deterministic() -> None:
    fname = sorted(expected_files())[0]
    name, players, seed = expected_files()[fname]
    assert render(name, players, seed) == render(name, players, seed)
