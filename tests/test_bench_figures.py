"""bench/run.py's Python-driven figure counts ``apply`` calls; chance resolved inside is its own.

A henchmen state resolves chance with its seeded generator, so a Python loop
calls ``apply`` for decisions only. The figure once added the chance outcomes
in (twice the apply calls in Seven Secret Supervillains), flattering the
Python path against OpenSpiel's, where every chance outcome is an
``apply_action`` call from Python.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from typing import Any

import henchmen

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("bench_run_figures", ROOT / "bench" / "run.py")
assert _spec is not None and _spec.loader is not None
bench: Any = importlib.util.module_from_spec(_spec)
sys.modules["bench_run_figures"] = bench
_spec.loader.exec_module(bench)


def chance_and_decisions(name: str, seed: int) -> tuple[int, int]:
    """The game's history replayed with chance as explicit nodes: (decisions, chance outcomes)."""
    played = henchmen.new_game(name, seed=seed)
    rng = random.Random(1)
    while not played.is_terminal:
        ids = played.legal_action_ids
        played.apply(ids[rng.randrange(len(ids))])
    replay = henchmen.new_game(name, seed=seed, auto_chance=False)
    decisions = chance = 0
    for a in played.history_ids:
        if replay.is_chance:
            chance += 1
        else:
            decisions += 1
        replay.apply(a)
    return decisions, chance


def test_a_python_game_counts_apply_calls_and_the_cores_chance_apart() -> None:
    decisions, chance = chance_and_decisions("seven-secret-supervillains", 3)
    assert chance > 0 and decisions > 0
    assert bench.python_game("seven-secret-supervillains", 3, random.Random(1)) == (
        decisions,
        chance,
    )


def test_the_figures_are_labelled_and_the_target_compares_apply_calls() -> None:
    figures = bench.python_loop("parry", 0.05)
    assert set(figures) == {bench.PYTHON_DRIVEN, bench.CORE_CHANCE}
    assert "apply calls" in bench.PYTHON_DRIVEN and "chance" in bench.CORE_CHANCE
    target = next(t for t in bench.TARGETS if t[0].startswith("python-driven"))
    assert target[1:3] == (bench.PYTHON_DRIVEN, bench.PYTHON_DRIVEN)
