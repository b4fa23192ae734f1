"""A stopped run ends its worker processes: none plays on unseen."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .helpers import end_session, foreground, gone_within

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="reads the process table from /proc (Linux)"
)


def _games_in(folder: Path) -> int:
    return sum(f.read_bytes().count(b"\n") - 1 for f in folder.glob("*.jsonl"))


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT])
def test_a_stopped_balance_run_ends_its_workers_and_keeps_its_games(
    tmp_path: Path, how: signal.Signals
) -> None:
    folder = tmp_path / "b"
    command = [sys.executable, "-m", "henchmen", "balance", "parry", "--bot",
               "ismcts:iterations=3000", "--games", "400", "--batch", "25", "--workers", "2",
               "--out", str(folder)]  # fmt: skip
    # Its own session, to find the workers after the parent has gone; the
    # signal goes to the parent alone, as `kill PID` sends it.
    proc = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=foreground,
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if folder.exists() and _games_in(folder) >= 25:  # a batch is in; others are playing
                break
            time.sleep(0.02)
        assert proc.poll() is None, "the run finished before it could be stopped"
        proc.send_signal(how)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 130, err
        assert "Traceback" not in err
        assert err.splitlines()[-1] == (
            f"henchmen: interrupted; the finished games are in {folder}: the same command resumes"
        )
        assert gone_within(proc.pid, 10) == [], "worker processes outlived the stopped run"
        assert 25 <= _games_in(folder) < 400
    finally:
        end_session(proc)
