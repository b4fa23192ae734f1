"""Helpers of the analysis tests: the field of bots, a CLI runner, a results reader."""

from __future__ import annotations

import contextlib
import io
import json
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

from henchmen.analysis import GameRecord, ResultsFile, Tournament
from henchmen.cli import main

#: Four bots, native and Python: the field of the end-to-end tournaments.
FIELD = "random,greedy,python:random,ismcts:iterations=8"


def foreground() -> None:
    """A child's Ctrl-C as at a terminal (``preexec_fn``): a command a script starts in
    the background inherits SIGINT ignored, and Python then never raises
    KeyboardInterrupt for it (the stop tests failed so when .ci/run ran in the background)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


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


def game_row(
    t: Tournament,
    table: int,
    game: int,
    returns: tuple[float, ...],
    features: tuple[dict[str, int], ...] | None = None,
) -> dict[str, Any]:
    """A valid record of game ``game`` of ``table`` (its seed and seats), as a JSON dict."""
    seats = t.seats(table, game)
    return GameRecord(
        table, game, t.game_seed(table, game), seats, returns, 12, False,
        features or ({},) * len(seats), {},
    ).to_json()  # fmt: skip


def write_results(path: Path, t: Tournament, rows: list[dict[str, Any]]) -> None:
    """A results file of ``t`` holding ``rows``, each line as a run writes it."""
    with ResultsFile.open(path, t):
        pass
    with path.open("a", encoding="utf-8") as f:
        f.writelines(json.dumps(r, sort_keys=True) + "\n" for r in rows)


def _session_of(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2 :].split()
    return None if fields[0] == "Z" else int(fields[3])  # a zombie has ended


def alive_in(session: int) -> list[int]:
    """The living processes of a session (Linux: read from /proc)."""
    pids = (int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit())
    return [pid for pid in pids if _session_of(pid) == session]


def gone_within(session: int, seconds: float) -> list[int]:
    """Waits up to ``seconds`` for every process of the session to end; those still alive."""
    deadline = time.monotonic() + seconds
    while alive_in(session) and time.monotonic() < deadline:
        time.sleep(0.05)
    return alive_in(session)


def end_session(proc: subprocess.Popen[Any]) -> None:
    """Kills whatever a test's run left alive: every process of its session, then the run."""
    for pid in alive_in(proc.pid):
        subprocess.run(["kill", "-9", str(pid)], check=False)
    if proc.poll() is None:
        proc.kill()
        proc.wait()


def grows_past(proc: subprocess.Popen[Any], out: Path, games: int, then: str) -> None:
    """Waits (two minutes at most) until the results file ``out`` holds more than ``games``
    games, and fails if the run ``proc`` ended first: it must still be there to be ``then``
    (killed, stopped)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if out.exists() and out.read_bytes().count(b"\n") > 1 + games:
            break
        time.sleep(0.01)
    assert proc.poll() is None, f"the run finished before it could be {then}"


def ctrl_c(proc: subprocess.Popen[str]) -> str:
    """Send Ctrl-C to a running command; it must exit 130 with no traceback. Its
    last line of standard error (what it says about the work it keeps)."""
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    last: str = err.splitlines()[-1]
    return last
