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
