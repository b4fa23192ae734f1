"""The same tournament on a Dask cluster started as a batch job starts one.

A job on a university cluster (dask-jobqueue, or a job script) or a pod on
Kubernetes starts ``dask scheduler`` and ``dask worker`` as separate
programs; the scheduler writes its address to a scheduler file on a shared
disk, and the workers and the client read it.  Here the two programs run on
this machine in their own processes, and ``--scheduler`` is given the file.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .helpers import FIELD, cli, records


def _dask(*args: str) -> list[str]:
    """The ``dask`` command line of this interpreter's environment."""
    return [str(Path(sys.executable).with_name("dask")), *args]


@pytest.fixture
def scheduler_file(tmp_path: Path) -> Iterator[Path]:
    """A scheduler and two single-threaded workers, each its own program, and their file."""
    path = tmp_path / "scheduler.json"
    env = {**os.environ, "DASK_DISTRIBUTED__LOGGING__DISTRIBUTED": "error"}
    scheduler = subprocess.Popen(
        _dask("scheduler", "--scheduler-file", str(path), "--port", "0",
              "--dashboard-address", ":0", "--host", "127.0.0.1"),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
    )  # fmt: skip
    workers: subprocess.Popen[bytes] | None = None
    try:
        deadline = time.monotonic() + 60
        while not path.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert path.exists(), "the scheduler wrote no scheduler file"
        workers = subprocess.Popen(
            _dask("worker", "--scheduler-file", str(path), "--nworkers", "2", "--nthreads", "1",
                  "--dashboard-address", ":0", "--host", "127.0.0.1"),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
        )  # fmt: skip
        distributed: Any = importlib.import_module("distributed")  # untyped: read as Any
        with distributed.Client(scheduler_file=str(path), timeout=30) as client:
            client.wait_for_workers(2, timeout=60)
        yield path
    finally:
        for proc in (workers, scheduler):
            if proc is not None:
                proc.terminate()
                try:
                    proc.wait(30)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()


def test_a_tournament_on_a_cluster_of_separate_programs_plays_the_local_games(
    tmp_path: Path, scheduler_file: Path
) -> None:
    args = ["tournament", "parry", "--bots", FIELD, "--games", "6", "--seed", "11"]
    status, out, err = cli(*args, "--workers", "2", "--out", str(tmp_path / "local.jsonl"))
    assert status == 0, err
    status, out_cluster, err = cli(*args, "--scheduler", str(scheduler_file), "--batch", "2",
                                   "--out", str(tmp_path / "cluster.jsonl"))  # fmt: skip
    assert status == 0, err
    assert f"on the Dask cluster at {scheduler_file}" in err
    assert records(tmp_path / "local.jsonl") == records(tmp_path / "cluster.jsonl")
    assert out_cluster.splitlines()[0] == out.splitlines()[0]
    # A race on the cluster plays a prefix of the same games.
    status, _, err = cli(*args[:-4], "--games", "40", "--seed", "11", "--race",
                         "--scheduler", str(scheduler_file),
                         "--out", str(tmp_path / "race.jsonl"))  # fmt: skip
    assert status == 0, err
    assert "henchmen: race: " in err
    # A tuning search spreads each trial's games over the cluster.
    status, out, err = cli("tune", "super", "--field", "powers:Quake:amount=4..5", "--bot",
                           "greedy", "--trials", "2", "--games", "4", "--scheduler",
                           str(scheduler_file), "--out", str(tmp_path / "tune"))  # fmt: skip
    assert status == 0, err
    assert out.startswith("# Tuning Super!: 2 trials, 8 games")


def test_a_scheduler_file_that_names_no_scheduler_is_refused_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "scheduler.json"
    bad.write_text("{}", encoding="utf-8")
    status, out, err = cli("tournament", "parry", "--bots", "random,greedy",
                           "--scheduler", str(bad), "--out", str(tmp_path / "r.jsonl"))  # fmt: skip
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "cannot reach the Dask scheduler" in err
