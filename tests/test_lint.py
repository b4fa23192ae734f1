"""ruff and mypy --strict are part of the test run (both are in the [test] extra)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def have(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


@pytest.mark.skipif(not have("ruff") and not shutil.which("ruff"), reason="ruff not installed")
@pytest.mark.parametrize("path", ["python", "tests", "bench"])
def test_ruff_check(path: str) -> None:
    result = run("ruff", "check", "--output-format", "concise", path)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(not have("mypy"), reason="mypy not installed")
def test_mypy_strict() -> None:
    result = run("mypy", "--config-file", "pyproject.toml")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success" in result.stdout
