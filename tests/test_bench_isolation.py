"""bench/run.py survives its anchors: a measurement that crashes becomes a finding.

OpenSpiel 2.0.2's ISMCTS bot segfaults at some hearts positions; these tests
stand a deliberately crashing process in for it, so they need no OpenSpiel.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import types
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("bench_run", ROOT / "bench" / "run.py")
assert _spec is not None and _spec.loader is not None
bench: Any = importlib.util.module_from_spec(_spec)
sys.modules["bench_run"] = bench  # dataclasses look their module up while the file runs
_spec.loader.exec_module(bench)

SEGFAULT = "import ctypes; ctypes.string_at(0)"  # reads address 0: SIGSEGV, as the ISMCTS bot does


def python(code: str) -> list[str]:
    return [sys.executable, "-c", code]


def test_a_crashing_measurement_is_reported_not_fatal() -> None:
    assert bench.run_isolated(python(SEGFAULT)) == "crashed (SIGSEGV)"
    assert bench.run_isolated(python("import os; os.abort()")) == "crashed (SIGABRT)"


def test_other_outcomes_of_an_isolated_measurement() -> None:
    ok = python("print('warming up'); print('{\"clone ns (from python)\": 12.5}')")
    assert bench.run_isolated(ok) == {"clone ns (from python)": 12.5}
    failed = bench.run_isolated(python("import sys; sys.exit('no pyspiel here')"))
    assert failed == "failed (exit 1: no pyspiel here)"
    assert bench.run_isolated(python("import time; time.sleep(30)"), timeout=0.5) == (
        "did not finish within 0 s"
    )
    assert bench.run_isolated(python("print('oops')")).startswith("printed no result")


def test_an_anchor_row_keeps_what_ran_and_lists_what_crashed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", types.ModuleType("pyspiel"))  # "installed"
    figures = {
        "native": {"native actions/s (1 thread)": 1.5e6},
        "python": {"python actions/s": 1.3e5},
        "clone": {"clone ns (from python)": 2200.0},
    }

    def argv(name: str, measure: str, quick: bool, seed: int | None = None) -> list[str]:
        if measure == "ismcts":
            if seed in (2, 4):
                return python(SEGFAULT)
            got = {"ismcts iterations/s (native)": 100.0 * (seed or 0),
                   "ismcts rollout steps/s (native)": 1000.0 * (seed or 0)}  # fmt: skip
            return python(f"print({json.dumps(json.dumps(got))})")
        return python(f"print({json.dumps(json.dumps(figures[measure]))})")

    monkeypatch.setattr(bench, "_anchor_argv", argv)
    row = bench.openspiel("hearts", quick=True)  # seeds 1 to 5: 2 and 4 crash
    assert row.figures["native actions/s (1 thread)"] == 1.5e6
    assert row.figures["ismcts iterations/s (native)"] == 300.0  # the median of seeds 1, 3, 5
    assert row.findings == [
        "ISMCTSBot.step crashed (SIGSEGV) at 2 of 5 midgame positions "
        "(seeds 2, 4: random.Random(seed) play to ply 60)"
    ]
    ours = bench.Row("legendary", {"native actions/s (1 thread)": 4.0e6})
    text = "\n".join(bench.table([ours, row], markdown=True))
    assert "| native actions/s (1 thread) | 4.00M | 1.50M |" in text  # our row is kept
    assert "| findings (isolated runs) | - | ISMCTSBot.step crashed (SIGSEGV) at 2 of 5" in text
    plain = bench.table([ours, row], markdown=False)
    assert plain[-1].startswith("finding: openspiel:hearts: ISMCTSBot.step crashed (SIGSEGV)")


# The interleaved playouts (bench/interleaved.py): hearts' worker is a process of its own.
interleaved: Any = sys.modules["interleaved"]  # imported by bench/run.py from its folder

#: A stand-in for hearts' worker: ready, one burst of a million actions a second, then SIGSEGV.
CRASHES_ON_SECOND_BURST = """
import ctypes, json, sys
print(json.dumps({"ready": True}), flush=True)
for i, line in enumerate(sys.stdin):
    if i == 1:
        ctypes.string_at(0)
    print(json.dumps({"actions": 1e6 * float(line), "seconds": float(line)}), flush=True)
"""


def test_the_playout_ratio_is_the_median_of_the_rounds_ratios() -> None:
    got = interleaved.Interleaved(ours=[4.0, 6.0, 9.0], hearts=[1.0, 2.0, 3.0])
    assert got.ratios == [4.0, 3.0, 3.0]
    assert got.ratio() == 3.0  # not 6 / 2, the ratio of the medians
    assert interleaved.Interleaved(ours=[4.0]).ratio() is None  # hearts gave no burst


def test_a_hearts_worker_that_crashes_mid_run_is_a_finding_and_ours_go_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(interleaved, "openspiel_installed", lambda: True)
    monkeypatch.setattr(interleaved, "worker_argv", lambda quick: python(CRASHES_ON_SECOND_BURST))
    game = bench.henchmen.Game("parry")
    results, failed = interleaved.measure([("parry", game)], quick=True, rounds=3)
    assert failed == "interleaved hearts playouts: the worker crashed (SIGSEGV)"
    got = results["parry"]
    # Round 1: ours, then hearts (answered); round 2: hearts first (the crash); round 3: ours.
    assert len(got.ours) == 3 and got.hearts == [1e6]
    assert got.ratio() == got.ours[0] / 1e6


def test_the_playout_target_reads_the_interleaved_ratio() -> None:
    hearts = bench.Row("openspiel:hearts", {bench.NATIVE: 2.0e6})
    # The medians' ratio would be 4.0x; the rounds' median ratio, 3.4x, is what is judged.
    ours = bench.Row("legendary", {bench.NATIVE: 8.0e6, bench.NATIVE_RATIO: 3.4})
    line = next(t for t in bench.targets([ours, hearts]) if "playouts" in t)
    assert line.endswith("| legendary | 8.00M | 2.00M | 3.40x | NOT met |")
    assert "3.5x hearts (interleaved)" in line
    assert "| native / hearts (interleaved, median of rounds) | 3.40x | - |" in "\n".join(
        bench.table([ours, hearts], markdown=True)
    )
