"""The command line tool's files and streams: replays never clobbered or lost,
hostile replays refused or escaped, closed and full outputs told in one line."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import henchmen
from henchmen.bots import make_bot
from henchmen.replay import ReplayPlayer, load_replay, write_replay

SSS = "seven-secret-supervillains"
QUICK = ("play", SSS, "--bots", "greedy,random", "--seed", "1", "--quiet")


def cli(*args: str, cwd: Path, **kw: object) -> subprocess.CompletedProcess[str]:
    kw = {"capture_output": True, "timeout": 300, **kw}
    if "stdout" in kw or "stderr" in kw:
        del kw["capture_output"]
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "henchmen", *args], cwd=cwd, text=True, check=False, **kw
    )


def played(seed: int, game: str = SSS, **options: object) -> henchmen.State:
    state = henchmen.new_game(game, seed=seed, **options)
    bots = [make_bot("greedy", seed=1), make_bot("random", seed=2)]
    while not state.is_terminal:
        state.apply(bots[state.current_player].choose(state))
    return state


def one_line_error(run: subprocess.CompletedProcess[str], status: int = 2) -> str:
    assert run.returncode == status, (run.stdout[-500:], run.stderr)
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in run.stderr, run.stderr
    return lines[0]


# ------------------------------------------------------------ where the replay goes
def test_default_names_are_never_reused(tmp_path: Path) -> None:
    for _ in range(3):
        assert cli(*QUICK, cwd=tmp_path).returncode == 0
    folder = tmp_path / "replays"
    names = sorted(p.name for p in folder.iterdir())
    assert names == [f"{SSS}-seed1-2.json", f"{SSS}-seed1-3.json", f"{SSS}-seed1.json"]
    texts = {(folder / n).read_text() for n in names}
    assert len(texts) == 1  # the same game three times, each in its own file
    run = cli(*QUICK, cwd=tmp_path)
    assert f"Replay written to {Path('replays') / f'{SSS}-seed1-4.json'}" in run.stdout


def test_an_existing_file_is_kept_unless_forced(tmp_path: Path) -> None:
    precious = tmp_path / "mine.json"
    precious.write_text("my own notes")
    run = cli(*QUICK, "--replay", "mine.json", cwd=tmp_path)
    line = one_line_error(run)
    assert "--replay mine.json exists; add --force to overwrite it" in line
    assert run.stdout == "" and precious.read_text() == "my own notes"  # refused before playing
    run = cli(*QUICK, "--replay", "mine.json", "--force", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert load_replay(precious).terminal


def test_an_unwritable_path_fails_before_the_game(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("")
    for path in ("a-file/r.json", "/proc/no/such/r.json"):
        run = cli("play", SSS, "--bots", "greedy,random", "--replay", path, cwd=tmp_path)
        assert "cannot write replay to " in one_line_error(run)
        assert run.stdout == ""  # no header, no setup: nobody played
    assert "is a directory" in one_line_error(cli(*QUICK, "--replay", ".", cwd=tmp_path))


def test_replay_to_standard_output_and_no_replay(tmp_path: Path) -> None:
    run = cli(*QUICK, "--replay", "-", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    (tmp_path / "piped.json").write_text(run.stdout)
    replay = load_replay(tmp_path / "piped.json")  # standard output is the replay alone
    assert replay.terminal and replay.seed == 1
    assert "Result after " in run.stderr and "Replay written to standard output" in run.stderr
    run = cli(*QUICK, "--no-replay", cwd=tmp_path)
    assert run.returncode == 0 and "No replay written." in run.stdout
    assert not (tmp_path / "replays").exists() and len(list(tmp_path.iterdir())) == 1


def test_a_game_killed_outright_still_leaves_a_replay(tmp_path: Path) -> None:
    game = subprocess.Popen(
        [sys.executable, "-u", "-m", "henchmen", "play", "legendary", "--seed", "2",
         "--replay", "k.json", "--bots", "ismcts:iterations=2000,ismcts:iterations=2000"],
        cwd=tmp_path, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert game.stdout is not None
    while "== Turn 1" not in game.stdout.readline():
        pass
    game.send_signal(signal.SIGKILL)  # no handler runs: only what was written at the start
    game.wait(timeout=60)
    game.stdout.close()  # (read to here only)
    replay = load_replay(tmp_path / "k.json")
    assert replay.abandoned and not replay.terminal
    assert replay.steps and all(step.is_chance for step in replay.steps)  # the setup


# ------------------------------------------------------------ reading a replay
def test_replay_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    start = time.monotonic()
    run = cli("replay", "fifo", cwd=tmp_path, timeout=60)
    assert "it is a named pipe (FIFO); a replay is a regular (JSON) file" in one_line_error(run)
    assert time.monotonic() - start < 30  # refused, not waiting for a writer
    assert "it is a character device" in one_line_error(cli("replay", "/dev/zero", cwd=tmp_path))
    assert "it is a directory" in one_line_error(cli("replay", ".", "--check", cwd=tmp_path))


def test_replay_refuses_a_huge_file_before_reading_it(tmp_path: Path) -> None:
    with open(tmp_path / "huge.json", "wb") as f:
        f.truncate(65 * 1024 * 1024)  # sparse: 65 MB that take no room
    line = one_line_error(cli("replay", "huge.json", "--check", cwd=tmp_path))
    assert f"it is {65 * 1024 * 1024} bytes, more than the 64 MB a replay may have" in line


def test_replay_refuses_more_actions_than_any_game_has(tmp_path: Path) -> None:
    state = henchmen.new_game(SSS, seed=1)
    doc = json.loads(write_replay(tmp_path / "r.json", state).read_text())
    limit = henchmen.Game(SSS).max_game_length
    first = doc["actions"][0]
    doc["actions"] = [dict(first, step=i + 1) for i in range(limit + 1)]
    (tmp_path / "long.json").write_text(json.dumps(doc))
    line = one_line_error(cli("replay", "long.json", "--check", cwd=tmp_path))
    assert f"has {limit + 1} actions, more than any game of {SSS} with these options" in line


# ------------------------------------------------------------ a stranger's text
def test_escape_sequences_in_a_replay_are_printed_escaped(tmp_path: Path) -> None:
    # Player names come from the replay file as they are; they name players in events too.
    state = played(1, game="parry")
    players = [ReplayPlayer("Ann\x1b[31m\n== Turn 1: fake ==", "greedy", 1),
               ReplayPlayer("\u202eBob\x9b2J", None, None)]  # fmt: skip
    write_replay(tmp_path / "evil.json", state, players=players, seed=1)
    runs = [cli("replay", "evil.json", *extra, cwd=tmp_path)
            for extra in ((), ("--observer", "1"), ("--omniscient",), ("--check",))]  # fmt: skip
    for run in runs:
        assert run.returncode == 0, run.stderr
        assert not any(raw in run.stdout for raw in ("\x1b", "\x07", "\x9b", "\u202e"))
        assert "\n== Turn 1: fake" not in run.stdout  # a name cannot start a line of its own
    full = runs[0].stdout
    assert "Ann\\x1b[31m\\n== Turn 1: fake == (greedy)" in full
    assert "\\u202eBob\\x9b2J (human)" in full
    assert "\\u202eBob\\x9b2J draws a card" in full  # in the events' sentences as well
    assert "Ann\\x1b[31m\\n== Turn 1: fake == draws a " in runs[2].stdout  # omniscient
    # Whoever won (the bots' play may change), the health line names the other escaped.
    assert re.search(r"Health: you \d/3, \\u202eBob\\x9b2J \d/3", runs[1].stdout)
    # Card names cannot carry them at all: a card table naming one is refused.
    cards = Path(__file__).resolve().parents[1] / "cpp" / "games" / "sss" / "cards.json"
    table = json.loads(cards.read_text())
    table["crews"][0]["supervillain"] = "King\x1b]0;pwned\x07Cobra"
    with pytest.raises(henchmen.errors.OptionError, match="control character"):
        henchmen.Game(SSS, card_data=json.dumps(table))
    # An error that quotes the replay is escaped as well.
    doc = json.loads((tmp_path / "evil.json").read_text())
    doc["actions"][0]["move"] = "reveal \x1b]0;pwned\x07"
    (tmp_path / "bad.json").write_text(json.dumps(doc))
    line = one_line_error(cli("replay", "bad.json", cwd=tmp_path))
    assert "\x1b" not in line and "reveal \\x1b]0;pwned\\x07" in line


# ------------------------------------------------------------ closed and full outputs
def closed_after_one_line(*args: str, cwd: Path) -> tuple[int, str]:
    """Run the tool, read one line of its output and close the pipe, as ``| head -1`` does."""
    with subprocess.Popen(
        [sys.executable, "-m", "henchmen", *args], cwd=cwd,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    ) as proc:  # fmt: skip
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.readline()
        proc.stdout.close()
        err = proc.stderr.read()
        return proc.wait(timeout=120), err


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    write_replay(tmp_path / "r.json", played(2))  # narrated, far more than a pipe holds
    for args in (("games",), ("--help",), ("replay", "r.json")):
        status, err = closed_after_one_line(*args, cwd=tmp_path)
        assert err == "", err  # no traceback, no "Exception ignored"
        # 141 (128 + SIGPIPE) once a write meets the closed pipe; a short output may all
        # have been written before it closed.
        assert status == 141 if args[0] == "replay" else status in (0, 141)


def test_a_closed_pipe_mid_game_still_writes_the_replay(tmp_path: Path) -> None:
    status, err = closed_after_one_line(
        "play", "legendary", "--seed", "4", "--replay", "p.json", cwd=tmp_path
    )
    assert status == 141, err
    assert err.startswith("henchmen: the output was closed; the replay so far is in p.json")
    assert len(err.splitlines()) == 1
    assert load_replay(tmp_path / "p.json").abandoned


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_a_full_output_is_one_line(tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        run = cli("games", cwd=tmp_path, stdout=full, stderr=subprocess.PIPE)
        line = one_line_error(run)
        assert line == "henchmen: error: cannot write the output: No space left on device"
        # Narrated, the game fills the output's buffer early: it stops, its replay kept.
        play = ("play", SSS, "--seed", "1", "--replay", "f.json")
        run = cli(*play, cwd=tmp_path, stdout=full, stderr=subprocess.PIPE)
        line = one_line_error(run)
        assert "No space left on device; the replay so far is in f.json" in line
    assert load_replay(tmp_path / "f.json").abandoned


def test_a_closed_standard_output(tmp_path: Path) -> None:
    run = cli("games", cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
              preexec_fn=lambda: os.close(1))  # fmt: skip
    assert one_line_error(run) == "henchmen: error: cannot write the output: the stream is closed"
