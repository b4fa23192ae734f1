"""A tournament killed halfway resumes and finishes as an uninterrupted one would."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from henchmen.analysis import ResultsFile, Tournament, run_tournament
from henchmen.analysis.store import read_results
from henchmen.errors import OptionError, SerializationError

from .helpers import FIELD, cli, ctrl_c, foreground, grows_past, records

GAMES = "30"  # per table: 6 tables, 180 games


def _uninterrupted(tmp_path: Path) -> list[dict[str, object]]:
    t = Tournament("parry", tuple(FIELD.split(",")), games_per_table=int(GAMES), seed=5)
    with ThreadPoolExecutor(2) as pool:
        run_tournament(t, tmp_path / "whole.jsonl", executor=pool, batch_size=7)
    return records(tmp_path / "whole.jsonl")


def test_a_run_killed_halfway_resumes_to_the_same_results(tmp_path: Path) -> None:
    out = tmp_path / "killed.jsonl"
    command = [sys.executable, "-m", "henchmen", "tournament", "parry", "--bots", FIELD,
               "--games", GAMES, "--seed", "5", "--batch", "1", "--out", str(out)]  # fmt: skip
    # Its own session, so the kill reaches the worker processes too.
    proc = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        grows_past(proc, out, 40, "killed")
        os.killpg(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    kept = records(out)
    assert 40 <= len(kept) < 180
    with out.open("a", encoding="utf-8") as f:
        f.write('{"table": 0, "game"')  # a line cut short by the kill
    status, _, err = cli(*command[3:])
    assert status == 0, err
    assert f"resumed: {len(kept)} games were already" in err
    final = records(out)
    assert final == _uninterrupted(tmp_path)
    assert all(r in final for r in kept)


def test_a_finished_run_resumed_plays_nothing(tmp_path: Path) -> None:
    t = Tournament("parry", ("random", "greedy"), games_per_table=4)
    with ThreadPoolExecutor(1) as pool:
        first = run_tournament(t, tmp_path / "r.jsonl", executor=pool)
        again = run_tournament(t, tmp_path / "r.jsonl", executor=pool)
    assert (first.played, again.played, again.resumed) == (4, 0, 4)
    assert first.records == again.records


def test_a_results_file_of_another_tournament_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    with ResultsFile.open(path, Tournament("parry", ("random", "greedy"), seed=1)):
        pass
    with pytest.raises(OptionError, match="holds another tournament"):
        ResultsFile.open(path, Tournament("parry", ("random", "greedy"), seed=2))
    status, _, err = cli("tournament", "parry", "--bots", "random,random", "--out", str(path))
    assert status == 2 and err.count("\n") == 1 and "holds another tournament" in err


def test_a_file_that_is_not_a_results_file_is_refused_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"hello": 1}\n', encoding="utf-8")
    with pytest.raises(SerializationError, match="not a henchmen results file"):
        read_results(bad)
    header = tmp_path / "h.jsonl"
    with ResultsFile.open(header, Tournament("parry", ("random", "greedy"))):
        pass
    header.write_text(header.read_text() + "[1, 2]\n", encoding="utf-8")
    with pytest.raises(SerializationError, match="line 2: not a game record"):
        read_results(header)
    for path in (bad, tmp_path / "missing.jsonl"):
        status, out, err = cli("report", str(path))
        assert status == 2 and out == "" and err.count("\n") == 1, err


def test_ctrl_c_stops_the_run_in_one_line_and_keeps_the_finished_games(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    # Ten times the games: on an idle machine the 180 games took a second, and a
    # run over before the signal came exits 0 (the test then failed).
    command = [sys.executable, "-m", "henchmen", "tournament", "parry", "--bots", FIELD,
               "--games", "300", "--batch", "1", "--out", str(out)]  # fmt: skip
    proc = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=foreground
    )
    grows_past(proc, out, 10, "stopped")
    assert ctrl_c(proc) == (
        f"henchmen: interrupted; the finished games are in {out}: the same command resumes"
    )
    assert len(records(out)) >= 10
