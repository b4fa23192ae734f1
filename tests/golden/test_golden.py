"""Golden playthroughs and narrated logs: every game and player count, seeded
games compared line by line with the files in this folder (playthroughs,
with each step's events per reader) and in logs/ (what `henchmen play`
narrates). A change of rules, notation, encoding, events or narration shows
up as a diff that someone must accept by regenerating."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

import henchmen

from .regenerate import HERE, LOG_GAMES, LOGS, expected_files, expected_logs, render, render_log

ACCEPT = "If the change is intended, accept it with: python tests/golden/regenerate.py"


def _compare(path: Path, got: str, what: str) -> None:
    assert path.exists(), f"no golden file {path.name}. {ACCEPT}"
    want = path.read_text(encoding="utf-8")
    if got != want:
        diff = difflib.unified_diff(
            want.splitlines(), got.splitlines(), f"golden/{path.name}", "engine now", lineterm=""
        )
        shown = list(diff)
        text = "\n".join(shown[:120]) + ("\n..." if len(shown) > 120 else "")
        pytest.fail(f"{path.name} differs from the engine's {what}:\n{text}\n{ACCEPT}")


@pytest.mark.parametrize("fname", sorted(expected_files()))
def test_playthrough_matches_golden_file(fname: str) -> None:
    name, players, seed, mode = expected_files()[fname]
    _compare(HERE / fname, render(name, players, seed, mode), "playthrough")


@pytest.mark.parametrize("fname", sorted(expected_logs()))
def test_narrated_log_matches_golden_file(fname: str) -> None:
    _compare(LOGS / fname, render_log(expected_logs()[fname]), "narrated log")


def test_every_game_has_a_golden_log() -> None:
    games = {args[0] for args in LOG_GAMES.values()}
    assert games == {g.name for g in henchmen.games()}


def test_no_stale_golden_files() -> None:
    stale = sorted(p.name for p in Path(HERE).glob("*.txt") if p.name not in expected_files())
    stale += sorted(p.name for p in LOGS.glob("*.txt") if p.name not in expected_logs())
    assert not stale, f"golden files for games or seeds that no longer exist: {stale}. {ACCEPT}"


def test_renders_are_deterministic() -> None:
    fname = sorted(expected_files())[0]
    name, players, seed, mode = expected_files()[fname]
    assert render(name, players, seed, mode) == render(name, players, seed, mode)
