"""A tournament killed outright (SIGKILL: nothing of it runs again) leaves no worker behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .helpers import alive_in, end_session, gone_within

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="reads the process table from /proc (Linux)"
)


def test_workers_end_when_the_run_is_killed_with_sigkill(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    command = [sys.executable, "-m", "henchmen", "tournament", "parry", "--bots",
               "ismcts:iterations=3000,greedy", "--games", "400", "--batch", "10",
               "--workers", "2", "--out", str(out)]  # fmt: skip
    # Its own session, to find the workers once the run has gone; the kill
    # goes to the run alone, as the out-of-memory killer would send it.
    proc = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if out.exists() and out.read_bytes().count(b"\n") > 1:  # workers are playing
                break
            time.sleep(0.02)
        assert proc.poll() is None, "the run finished before it could be killed"
        # The run, its fork server and two workers (and the resource tracker).
        assert len(alive_in(proc.pid)) >= 4
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        assert gone_within(proc.pid, 15) == [], "worker processes outlived the killed run"
    finally:
        end_session(proc)
