"""The results file cannot lie: one writer at a time, every record checked, each game once,
and never a pipe or a device."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from henchmen.analysis import ResultsFile, Tournament, load_results, read_results
from henchmen.errors import OptionError, SerializationError

from .helpers import cli, game_row, records, write_results

T = Tournament("parry", ("random", "greedy"), games_per_table=4)
TOURNAMENT = ["tournament", "parry", "--bots", "random,greedy", "--games", "4"]


def test_a_second_run_on_a_file_being_written_is_refused_naming_the_holder(
    tmp_path: Path,
) -> None:
    out = tmp_path / "r.jsonl"
    # Another process holds the file open for its run, as a running tournament does.
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import sys, time
            from henchmen.analysis import ResultsFile, Tournament
            with ResultsFile.open({str(out)!r}, Tournament("parry", ("random", "greedy"), 4)):
                print("holding", flush=True)
                sys.stdin.read()
        """)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
        status, stdout, err = cli(*TOURNAMENT, "--out", str(out))
        assert status == 2 and stdout == "" and err.count("\n") == 1, err
        assert f"{out} is being written by another run (process {holder.pid}" in err
        with pytest.raises(OptionError, match="being written by another run"):
            ResultsFile.open(out, T)
    finally:
        holder.communicate("", timeout=60)
    # The holder gone, the run goes ahead and writes every game once.
    status, _, err = cli(*TOURNAMENT, "--out", str(out))
    assert status == 0, err
    assert [(r["table"], r["game"]) for r in records(out)] == [(0, g) for g in range(4)]


def test_a_game_repeated_word_for_word_is_read_once_and_two_results_for_one_are_refused(
    tmp_path: Path,
) -> None:
    rows = [game_row(T, 0, g, (1.0, -1.0)) for g in range(4)]
    path = tmp_path / "r.jsonl"
    write_results(path, T, [*rows, rows[1], rows[1]])  # as two unlocked runs once wrote
    loaded = load_results(path)
    assert [r.key for r in loaded.records] == [(0, g) for g in range(4)]
    assert loaded.repeats == (6, 7)
    status, out, err = cli("report", str(path))
    assert status == 0, err
    assert out.startswith("Parry (the engine's test game): 4 of 4 games")
    assert "Note: 2 line(s) of" in out and "were left out (line 6, 7)" in out
    # A resumed run keeps the file's games, each once.
    with ResultsFile.open(path, T) as f:
        assert sorted(f.records) == [(0, g) for g in range(4)]
    other = dict(rows[1], returns=[-1.0, 1.0])
    write_results(tmp_path / "two.jsonl", T, [*rows, other])
    with pytest.raises(
        SerializationError, match=r"lines 3 and 6: two different results for game 1"
    ):
        read_results(tmp_path / "two.jsonl")


def _bad(row: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**row, **changes}


GOOD = game_row(T, 0, 1, (1.0, -1.0))
BAD_RECORDS = {
    "table 99": (_bad(GOOD, table=99), "table must be a table from 0 to 0"),
    "game 999": (_bad(GOOD, game=999), "game must be a game from 0 to 3"),
    "game -1": (_bad(GOOD, game=-1), "game must be a game from 0 to 3"),
    "game as true": (_bad(GOOD, game=True), "game must be a game"),
    "returns NaN": (_bad(GOOD, returns=[float("nan"), 1.0]), "returns must be finite numbers"),
    "returns 1e308": (_bad(GOOD, returns=[1e308, -1e308]), "from -1 to 1"),
    "returns not zero-sum": (_bad(GOOD, returns=[1.0, 1.0]), "must sum to 0"),
    "returns too few": (_bad(GOOD, returns=[1.0]), "a list of 2 numbers"),
    "returns as text": (_bad(GOOD, returns="1, -1"), "a list of 2 numbers"),
    "seats 5 and 7": (_bad(GOOD, seats=[5, 7]), "are not those of game 1 of table 0 ([1, 0])"),
    "seats swapped": (_bad(GOOD, seats=[0, 1]), "are not those of game 1 of table 0"),
    "another seed": (_bad(GOOD, seed=GOOD["seed"] + 1), "is not the seed of game 1"),
    "length -5": (_bad(GOOD, length=-5), "length must be a count of actions"),
    "truncated with a result": (_bad(GOOD, truncated=True), "a truncated game has no result"),
    "first seat 2": (_bad(GOOD, first=2), "first must be the first seat"),
    "features of 3 seats": (_bad(GOOD, features=[{}, {}, {}]), "features must be a list of 2"),
    "a negative count": (_bad(GOOD, features=[{"draw Strike": -1}, {}]), "features of seat 1"),
    "progress of no measure": (_bad(GOOD, progress={"win": []}), "'win', which is not a measure"),
    "progress past the end": (
        _bad(GOOD, progress={"strike": [[0, 13]]}),
        "step from -1 to the length, 12",
    ),
    "an unknown field": (_bad(GOOD, winner=0), "has no field 'winner'"),
    "a field missing": ({k: v for k, v in GOOD.items() if k != "returns"}, "lacks returns"),
}


@pytest.mark.parametrize("case", BAD_RECORDS)
def test_a_record_that_is_not_a_game_of_the_tournament_is_refused_naming_file_and_line(
    case: str, tmp_path: Path
) -> None:
    bad, says = BAD_RECORDS[case]
    path = tmp_path / "r.jsonl"
    with ResultsFile.open(path, T):
        pass
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(game_row(T, 0, 0, (1.0, -1.0))) + "\n")
        f.write(json.dumps(bad) + "\n")  # json writes NaN, as a careless tool would
    with pytest.raises(SerializationError) as e:
        read_results(path)
    assert f"{path}, line 3: not a game record of this tournament: " in str(e.value)
    assert says in str(e.value)
    status, out, err = cli("report", str(path))
    assert status == 2 and out == "" and err.count("\n") == 1 and says in err
    # A run does not resume such a file either.
    with pytest.raises(SerializationError, match="line 3"):
        ResultsFile.open(path, T)


def test_a_worker_sending_a_bad_record_is_refused_before_it_is_written(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    with ResultsFile.open(path, T) as f:
        with pytest.raises(SerializationError, match="a played game's record is wrong: table"):
            f.append([_bad(GOOD, table=99)])
    assert path.read_text(encoding="utf-8").count("\n") == 1


@pytest.mark.parametrize("command", ["tournament", "report"])
@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero"])
def test_a_pipe_or_a_link_to_a_device_is_refused_as_results_file(
    command: str, kind: str, tmp_path: Path
) -> None:
    path = tmp_path / "r.jsonl"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    args = [*TOURNAMENT, "--out", str(path)] if command == "tournament" else ["report", str(path)]
    # In a process of its own: before the check, opening the FIFO waited forever.
    done = subprocess.run(
        [sys.executable, "-m", "henchmen", *args], capture_output=True, text=True, timeout=120
    )
    what = "a named pipe (FIFO)" if kind == "fifo" else "a character device"
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert done.stderr == (
        f"henchmen: error: cannot use {path} as a results file: it is {what}; give a regular file\n"
    )


def test_two_tournaments_on_one_file_the_second_is_refused_and_the_first_writes_each_game_once(
    tmp_path: Path,
) -> None:
    out = tmp_path / "r.jsonl"
    command = [sys.executable, "-m", "henchmen", "tournament", "parry", "--bots",
               "ismcts:iterations=2000,greedy", "--games", "40", "--batch", "2",
               "--out", str(out)]  # fmt: skip
    first = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and first.poll() is None:
            if out.exists() and out.read_bytes().count(b"\n") >= 1:  # the header: it is open
                break
            time.sleep(0.02)
        assert first.poll() is None, "the first run finished before the second started"
        second = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert second.returncode == 2 and second.stdout == "", second.stderr
        assert f"is being written by another run (process {first.pid}" in second.stderr
        _, err = first.communicate(timeout=600)
        assert first.returncode == 0, err
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    keys = [(r["table"], r["game"]) for r in records(out)]
    assert keys == [(0, g) for g in range(40)]
