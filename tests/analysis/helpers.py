"""Helpers of the analysis tests: the field of bots, a CLI runner, a results reader."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

from henchmen.cli import main

#: Four bots, native and Python: the field of the end-to-end tournaments.
FIELD = "random,greedy,python:random,ismcts:iterations=8"


def cli(*args: str) -> tuple[int, str, str]:
    """Run ``henchmen ARGS`` in this process: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


def records(path: Path) -> list[dict[str, Any]]:
    """The game records of a results file, sorted by table and game."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return sorted((json.loads(line) for line in lines[1:]), key=lambda r: (r["table"], r["game"]))
