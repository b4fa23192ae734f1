"""Hardening suites: session summary of cases tried, a hang watchdog, and the
long-run switch (``pytest --slow`` sets HENCHMEN_LONG=1 for these suites)."""

from __future__ import annotations

import faulthandler
import os
import sys
from collections.abc import Iterator

import pytest

from .support import COUNTS, FIGURES

#: A test that runs longer than this is taken as a hang: the watchdog dumps
#: every thread's stack and ends the process, so native hangs fail loudly too.
HANG_SECONDS = int(os.environ.get("HENCHMEN_HANG_SECONDS", "900"))


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--slow", default=False):
        os.environ["HENCHMEN_LONG"] = "1"


@pytest.fixture(autouse=True)
def _hang_watchdog() -> Iterator[None]:
    # The process's own stderr: pytest may have replaced sys.stderr with a
    # capture object that has no file descriptor.
    faulthandler.dump_traceback_later(HANG_SECONDS, exit=True, file=sys.__stderr__ or sys.stderr)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not COUNTS:
        return
    terminalreporter.section("hardening: cases tried")
    for key in sorted(COUNTS):
        terminalreporter.write_line(f"{key}: {COUNTS[key]}")
    terminalreporter.write_line(f"hardening total: {sum(COUNTS.values())} cases")
    for key in sorted(FIGURES):
        terminalreporter.write_line(f"{key}: {FIGURES[key]:g}")
