"""The client examples in other languages (docs/examples/) play a full game over the protocol."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
HENCHMEN = [sys.executable, "-m", "henchmen"]
DONE = re.compile(r"^game over after (\d+) moves of mine; .*returns.*\[(.+)\]$")


def check(out: subprocess.CompletedProcess[str]) -> None:
    assert out.returncode == 0, out.stderr
    found = DONE.match(out.stdout.strip())
    assert found, out.stdout
    assert int(found.group(1)) > 0
    assert sorted(float(x) for x in found.group(2).split(",")) == [-1.0, 1.0]  # zero-sum, decided


def test_the_shell_client_plays_a_full_game() -> None:
    bash = shutil.which("bash")
    assert bash is not None
    check(subprocess.run([bash, str(EXAMPLES / "play.sh"), *HENCHMEN],
                         capture_output=True, text=True, timeout=60))  # fmt: skip


def test_the_node_client_plays_a_full_game() -> None:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("Node.js is needed (.ci/run installs Debian's nodejs)")
    check(subprocess.run([node, str(EXAMPLES / "play.js"), *HENCHMEN],
                         capture_output=True, text=True, timeout=60))  # fmt: skip
