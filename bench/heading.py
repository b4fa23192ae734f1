"""The comment lines a bench script's Markdown report opens with: which henchmen, when, on
what machine, and the exact command that reran it (so a table in the docs can be rerun)."""

from __future__ import annotations

import datetime
import platform
import sys

import henchmen


def print_heading(script: str, setup: str) -> None:
    """Prints the report's heading for ``bench/<script>.py``, ``setup`` (the bots, threads
    and seed) last, then a blank line."""
    print(f"# henchmen {henchmen.__version__} {script}, {datetime.date.today().isoformat()}")
    print(f"# {platform.processor() or platform.machine()}, python {platform.python_version()}")
    print(f"# command: python bench/{script}.py {' '.join(sys.argv[1:])}".rstrip())
    print(f"# {setup}")
    print()
