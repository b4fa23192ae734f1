"""The command line tool, end to end in a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from henchmen.errors import SerializationError
from henchmen.replay import load_replay

SSS = "seven-secret-supervillains"


def henchmen_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "henchmen", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_games_lists_games_and_options(tmp_path: Path) -> None:
    run = henchmen_cli("games", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert SSS in run.stdout and "Seven Secret Supervillains" in run.stdout
    assert "--option players=" in run.stdout and "default 2" in run.stdout
    assert run.stderr == ""


def test_play_narrates_and_writes_a_replay_that_loads(tmp_path: Path) -> None:
    run = henchmen_cli("play", SSS, "--bots", "greedy,random", "--seed", "1", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "== Setup ==" in out and "== Turn 1: Player 1 (greedy) ==" in out
    assert "  chance: " in out and "  Player 2 (random): " in out
    assert "Result after " in out and ("wins" in out or "a draw" in out)
    path = tmp_path / "replays" / f"{SSS}-seed1.json"
    assert f"Replay written to {Path('replays') / path.name}" in out
    replay = load_replay(path)
    assert replay.game == SSS and replay.seed == 1 and replay.terminal
    assert [p.bot for p in replay.players] == ["greedy", "random"]
    assert replay.final_state is not None and replay.final_state.is_terminal
    doc = json.loads(path.read_text())
    assert doc["format"] == "henchmen-replay" and doc["version"] == 1
    # The narrated decisions are the replay's decisions, in order.
    narrated = [
        line.split(": ", 1)[1]
        for line in out.splitlines()
        if line.startswith("  Player ") or line.startswith("  chance: ")
    ]
    assert narrated == [step.move for step in replay.steps]


def test_play_is_deterministic_and_quiet(tmp_path: Path) -> None:
    args = ("play", SSS, "--bots", "random,greedy", "--seed", "4", "--quiet")
    first = henchmen_cli(*args, "--replay", "a.json", cwd=tmp_path)
    second = henchmen_cli(*args, "--replay", "sub/b.json", cwd=tmp_path)
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    assert len(first.stdout.splitlines()) == 2 and "== Turn" not in first.stdout
    a = json.loads((tmp_path / "a.json").read_text())
    b = json.loads((tmp_path / "sub" / "b.json").read_text())
    assert a == b


def test_play_with_options(tmp_path: Path) -> None:
    run = henchmen_cli(
        "play", SSS, "--bots", "random,random", "--seed", "2", "--players", "2",
        "--option", "max_turns=10", "--quiet", "--replay", "r.json", cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert load_replay(tmp_path / "r.json").options["max_turns"] == 10


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "chess"), "no game named 'chess'; known games: seven-secret-supervillains"),
        (("play", SSS, "--bots", "greedy,wizard"), "no bot named 'wizard'; known bots: "),
        (("play", SSS, "--bots", "greedy"), "--bots names 1 bot(s) but the game has 2 players"),
        (("play", SSS, "--option", "colour=red"), "has no option 'colour'; its options are"),
        (("play", SSS, "--option", "max_turns=many"), "option 'max_turns' must be an integer"),
        (("play", SSS, "--option", "max_turns=1"), "must be an integer from 10 to 2000"),
        (("play", SSS, "--option", "novalue"), "--option needs KEY=VALUE"),
        (("play", SSS, "--players", "3"), "--players must be an integer from 2 to 2, got 3"),
        (("play", SSS, "--seed", "-1"), "--seed must be an integer from 0 to"),
        (("play", SSS, "--seed", "abc"), "--seed must be an integer"),
        (("play",), "the following arguments are required: game"),
        (("fly",), "invalid choice: 'fly'"),
        ((), "the following arguments are required: COMMAND"),
        (("play", SSS, "--replay", "/proc/no/such/dir/x.json"), "cannot write replay"),
    ],
)
def test_errors_are_one_line_and_exit_2(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    run = henchmen_cli(*args, cwd=tmp_path)
    assert run.returncode == 2, (run.stdout, run.stderr)
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith("henchmen: error: ") and message in lines[0], lines[0]
    assert "Traceback" not in run.stderr


def test_entry_point_is_declared() -> None:
    text = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text()
    assert 'henchmen = "henchmen.cli:main"' in text


def test_load_replay_rejects_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SerializationError, match="cannot read replay"):
        load_replay(tmp_path / "missing.json")
