"""Ctrl-C at a real terminal (a pseudo-terminal driven by pexpect).

Wherever Ctrl-C lands (a human's prompt, a bot's turn, a replay being
shown, a simulation), the tool stops within a moment, says so in one line,
exits with status 130, and a game's replay so far is written, marked
abandoned, and loads.
"""

from __future__ import annotations

import signal
import sys
import textwrap
import time
from pathlib import Path

import pexpect

from henchmen.replay import load_replay, write_replay

SSS = "seven-secret-supervillains"
PROMPT = "your move"  # the human seat's prompt (table/seat.py)


def _foreground() -> None:
    # A command started in the background by a script inherits Ctrl-C ignored, and
    # Python then never turns it into KeyboardInterrupt: the child is put back as a
    # program started at a terminal would be.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupted(tmp_path: Path, args: list[str], wait_for: str) -> tuple[str, float]:
    """Start the tool at a terminal, press Ctrl-C once ``wait_for`` shows; (what it said, delay)."""
    child = pexpect.spawn(
        sys.executable, ["-m", "henchmen", *args], cwd=str(tmp_path), encoding="utf-8",
        timeout=120, dimensions=(50, 200), preexec_fn=_foreground,
    )  # fmt: skip
    child.expect(wait_for)
    if wait_for == PROMPT:
        # CPython's readline prints the prompt, then waits in select(): a SIGINT
        # that lands between the two is only seen at the next key (a person
        # presses again; this test would wait forever). A person never presses
        # within microseconds of the prompt: let the reader reach its wait.
        time.sleep(0.5)
    pressed = time.monotonic()
    child.sendintr()  # the terminal's interrupt character: SIGINT to the foreground process
    child.expect(pexpect.EOF)
    delay = time.monotonic() - pressed
    child.close()
    assert child.exitstatus == 130 and child.signalstatus is None, (child.before, child.exitstatus)
    assert "Traceback" not in child.before, child.before
    last = child.before.replace("^C", "").strip().splitlines()[-1]
    return last, delay


def test_ctrl_c_at_a_human_prompt_writes_the_replay(tmp_path: Path) -> None:
    args = ["play", SSS, "--bots", "human,greedy", "--seed", "2", "--replay", "h.json", "--plain"]
    last, _ = interrupted(tmp_path, args, PROMPT)
    replay = load_replay(tmp_path / "h.json")
    assert last == f"henchmen: interrupted after {len(replay.steps)} actions; " \
        "the replay so far is in h.json"  # fmt: skip
    assert replay.abandoned and not replay.terminal
    assert replay.steps[-1].is_chance  # the human had not chosen yet


def test_ctrl_c_during_a_bot_game_writes_the_replay(tmp_path: Path) -> None:
    bots = "ismcts:iterations=400,ismcts:iterations=400"
    args = ["play", "legendary", "--bots", bots, "--seed", "3", "--replay", "b.json"]
    last, delay = interrupted(tmp_path, args, "== Turn 3")
    replay = load_replay(tmp_path / "b.json")
    assert last.startswith("henchmen: interrupted after ") and "is in b.json" in last
    assert replay.abandoned and len(replay.steps) > 20
    assert any(step.player == 1 for step in replay.steps)  # the second player's turn went in
    assert delay < 30


def test_ctrl_c_with_the_default_replay_name(tmp_path: Path) -> None:
    args = ["play", SSS, "--bots", "human,random", "--seed", "5"]
    last, _ = interrupted(tmp_path, args, PROMPT)
    path = Path("replays") / f"{SSS}-seed5.json"
    assert last.endswith(f"the replay so far is in {path}")
    assert load_replay(tmp_path / path).abandoned


def test_ctrl_c_while_a_replay_is_shown_or_games_simulated(tmp_path: Path) -> None:
    args = ["play", SSS, "--bots", "greedy,random", "--seed", "1", "--quiet", "--replay", "g.json"]
    assert pexpect.run(f"{sys.executable} -m henchmen {' '.join(args)}", cwd=str(tmp_path))
    long = load_replay(tmp_path / "g.json")
    write_replay(tmp_path / "g.json", long)
    last, _ = interrupted(tmp_path, ["replay", "g.json", "--observer", "1"], "== Turn 5")
    assert last == "henchmen: interrupted"
    # Short games: until native matches check for Ctrl-C inside a game, it lands between games.
    sim = ["simulate", SSS, "--bots", "ismcts:iterations=100,greedy", "--games", "5000"]
    last, delay = interrupted(tmp_path, sim, "5000 games of")
    assert last == "henchmen: interrupted" and delay < 30


def test_ctrl_c_message_starts_its_own_line_after_any_cut_line(tmp_path: Path) -> None:
    """A line cut in standard output's buffer, beneath the stream that tracks
    lines, still leaves the message on a line of its own at a terminal."""
    script = textwrap.dedent(
        """
        import sys
        import henchmen.cli as cli
        def cut(argv, out, err):
            sys.stdout.write("a table line cut by")
            raise KeyboardInterrupt
        cli._run = cut
        sys.exit(cli.main([]))
        """
    )
    child = pexpect.spawn(
        sys.executable, ["-c", script], cwd=str(tmp_path), encoding="utf-8", timeout=60
    )
    child.expect(pexpect.EOF)
    child.close()
    lines = [line for line in child.before.splitlines() if line.strip()]
    assert child.exitstatus == 130
    assert lines[-2:] == ["a table line cut by", "henchmen: interrupted"], child.before
