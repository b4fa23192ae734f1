"""Hostile sizes fail early, with a clear error and bounded memory.

A serialized state is parsed with limits (64 MiB of text, 2**21 values,
nesting 64) and its history is checked against the game's maximum length
before anything is replayed; each case runs in a subprocess that reports its
peak memory and time.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

import henchmen

from .support import COUNTS

CASES = {
    "a history of ten million actions": "h = '[' + ','.join(['1'] * 10_000_000) + ']'\n"
    "text = base[:-1].replace('\"history\":[', '\"history\":' + h + ',\"x\":[') + '}'",
    "64 MiB of one string": "text = '\"' + 'a' * (60 << 20) + '\"'",
    "more than 64 MiB": "text = ' ' * (65 << 20) + '{}'",
    "deep nesting": "text = '[' * 100000 + ']' * 100000",
    "a wide object": "text = '{' + ','.join(f'\"k{i}\":0' for i in range(3_000_000)) + '}'",
}


@pytest.mark.parametrize("name", [g.name for g in henchmen.games()])
@pytest.mark.parametrize("case", sorted(CASES))
def test_huge_state_texts_fail_fast_in_bounded_memory(name: str, case: str) -> None:
    code = "\n".join(
        [
            "import resource, time, json, henchmen",
            f"base = henchmen.new_game({name!r}, seed=1).serialize()",
            CASES[case],
            textwrap.dedent(
                """
                before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
                start = time.process_time()  # CPU seconds: a busy machine does not move them
                try:
                    henchmen.deserialize(text)
                    print(json.dumps({"error": None}))
                except henchmen.errors.SerializationError as e:
                    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
                    print(json.dumps({"error": str(e)[:200], "seconds": time.process_time() - start,
                                      "peak_mb": peak / 1024}))
                """
            ),
        ]
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    result = json.loads(out.stdout.splitlines()[-1])
    assert result["error"], f"{case} was accepted"
    assert result["seconds"] < 10, result
    assert result["peak_mb"] < 600, result
    COUNTS["resources: huge documents refused"] += 1


def test_a_history_longer_than_the_game_can_last_is_refused() -> None:
    state = henchmen.new_game("seven-secret-supervillains", seed=1)
    doc = json.loads(state.serialize())
    doc["history"] = [0] * (state.game.max_game_length + 1)
    with pytest.raises(henchmen.errors.SerializationError, match="more than this game can last"):
        henchmen.deserialize(json.dumps(doc))
