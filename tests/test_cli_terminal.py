"""The command line at a terminal: colour (``--color``, ``NO_COLOR``) and shell completion."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from tests.test_cli import henchmen_cli, henchmen_main

from henchmen import _cli_completion, cli
from henchmen.bots import bot_names
from henchmen.game import game_info, games

ESC = "\x1b["


def at_terminal(*args: str, cwd: Path, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """``henchmen ARGS`` with standard output on a pseudo-terminal (standard error a pipe):
    its status, what the terminal showed and what went to the pipe."""
    leader, follower = pty.openpty()
    with subprocess.Popen(
        [sys.executable, "-m", "henchmen", *args],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "TERM": "xterm", **(env or {})},
    ) as proc:
        os.close(follower)
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # EIO: the child closed its end
                break
            if not chunk:
                break
            shown += chunk
        assert proc.stderr is not None
        err = proc.stderr.read()
        status = proc.wait(timeout=120)
    os.close(leader)
    return status, shown.decode().replace("\r\n", "\n"), err


@pytest.fixture(autouse=True)
def _no_colour_preference(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)


def test_a_terminal_is_coloured_and_no_color_turns_it_off(tmp_path: Path) -> None:
    status, shown, _ = at_terminal("games", cwd=tmp_path)
    assert status == 0
    assert f"{ESC}1;36mparry{ESC}0m  (Parry" in shown and f"{ESC}1m--option " in shown
    # Without the codes, the text is exactly what a pipe gets.
    piped = henchmen_cli("games", cwd=tmp_path).stdout
    assert ESC not in piped
    assert shown.replace(f"{ESC}1;36m", "").replace(f"{ESC}1m", "").replace(f"{ESC}0m", "") == piped
    for env, flag in [({"NO_COLOR": "1"}, ()), ({}, ("--color", "never"))]:
        status, shown, _ = at_terminal("games", *flag, cwd=tmp_path, env=env)
        assert status == 0 and ESC not in shown and shown == piped
    # NO_COLOR set but empty is no preference (no-color.org).
    assert ESC in at_terminal("games", cwd=tmp_path, env={"NO_COLOR": ""})[1]
    # TERM=dumb draws no colour either.
    assert ESC not in at_terminal("games", cwd=tmp_path, env={"TERM": "dumb"})[1]


def test_always_colours_a_pipe_and_beats_no_color(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = henchmen_main("--color", "always", "games", cwd=tmp_path)
    assert f"{ESC}1;36mparry{ESC}0m" in run.stdout
    monkeypatch.setenv("NO_COLOR", "1")
    # After the command, too.
    run = henchmen_main("games", "--color", "always", cwd=tmp_path)
    assert f"{ESC}1;36mparry{ESC}0m" in run.stdout
    # The error line on standard error, its prefix in red.
    run = henchmen_main("--color", "always", "play", "chess", cwd=tmp_path)
    assert run.returncode == 2
    assert run.stderr.startswith(f"{ESC}1;31mhenchmen: error:{ESC}0m no game named 'chess'")
    assert henchmen_main("--color", "sometimes", "games", cwd=tmp_path).returncode == 2


def test_simulate_and_replay_check_at_a_terminal(tmp_path: Path) -> None:
    status, shown, err = at_terminal(
        "simulate", "parry", "--bots", "greedy,random", "--games", "4", cwd=tmp_path
    )
    assert status == 0, err
    head, table = shown.splitlines()[:2]
    assert head.startswith(f"{ESC}1mParry") and table.startswith(f"{ESC}1mbot ")
    assert ESC not in err  # stderr is a pipe here: never coloured
    play = henchmen_cli("play", "parry", "--quiet", "--replay", "p.json", cwd=tmp_path)
    assert play.returncode == 0, play.stderr
    status, shown, _ = at_terminal("replay", "p.json", "--check", cwd=tmp_path)
    assert status == 0 and shown.startswith(f"{ESC}1;32mok{ESC}0m: p.json: parry, ")


def completions(line: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What argcomplete answers a shell that has ``line`` typed, cursor at the end: its
    environment-variable protocol, run in this process."""
    monkeypatch.setenv("_ARGCOMPLETE", "1")
    monkeypatch.setenv("_ARGCOMPLETE_IFS", "\v")
    monkeypatch.setenv("COMP_LINE", line)
    monkeypatch.setenv("COMP_POINT", str(len(line)))
    monkeypatch.setenv("COMP_TYPE", "9")  # TAB
    argcomplete = pytest.importorskip("argcomplete")
    answer = io.StringIO()

    def stop(status: int = 0) -> None:
        raise SystemExit(status)

    class Finder(argcomplete.CompletionFinder):
        def _init_debug_stream(self) -> None:
            argcomplete.io.debug_stream = io.StringIO()  # not fd 9: pytest's

    with pytest.raises(SystemExit):
        _cli_completion.complete(
            cli._parser(), finder=Finder(), output_stream=answer, exit_method=stop
        )
    # A word complete in itself comes with the space that ends it.
    return [word.rstrip(" ") for word in answer.getvalue().split("\v") if word]


def test_commands_games_bots_and_options_complete(monkeypatch: pytest.MonkeyPatch) -> None:
    assert {"games", "play", "simulate", "replay", "balance", "completion"} <= set(
        completions("henchmen ", monkeypatch)
    )
    assert completions("henchmen si", monkeypatch) == ["simulate"]
    names = [g.name for g in games()]
    assert sorted(completions("henchmen simulate ", monkeypatch)) == sorted(names)
    assert completions("henchmen balance sev", monkeypatch) == ["seven-secret-supervillains"]
    assert completions("henchmen play parry --bots greedy,ra", monkeypatch) == ["greedy,random"]
    assert sorted(completions("henchmen play parry --bots ", monkeypatch)) == sorted(
        [*bot_names(), "human"]
    )
    keys = completions("henchmen play parry --option ", monkeypatch)
    assert keys == [f"{o.name}=" for o in game_info("parry").options]
    assert completions("henchmen --co", monkeypatch) == ["--color"]
    assert completions("henchmen games --color n", monkeypatch) == ["never"]


def test_completion_prints_each_shells_script(tmp_path: Path) -> None:
    pytest.importorskip("argcomplete")
    for shell, mark in [("bash", "complete "), ("zsh", "compdef"), ("fish", "complete ")]:
        run = henchmen_main("completion", shell, cwd=tmp_path)
        assert run.returncode == 0 and "henchmen" in run.stdout and mark in run.stdout, shell
        assert "\\x" not in run.stdout  # printed as it is, not escaped
    run = henchmen_main("completion", "tcsh", cwd=tmp_path)
    assert run.returncode == 2 and "invalid choice: 'tcsh'" in run.stderr


def test_a_narrated_game_colours_its_headings_and_result(tmp_path: Path) -> None:
    args = ("play", "parry", "--bots", "greedy,random", "--seed", "2", "--no-replay")
    plain = henchmen_main(*args, cwd=tmp_path).stdout
    shown = henchmen_main(*args, "--color", "always", cwd=tmp_path).stdout
    lines = shown.splitlines()
    headings = [line for line in lines if line.startswith(f"{ESC}1m== ")]
    assert headings and all(line.endswith(f" =={ESC}0m") for line in headings)
    assert len(headings) == plain.count("\n== ") + plain.startswith("== ")
    assert any(line.startswith(f"{ESC}1;32mResult after ") for line in lines)
    for code in (f"{ESC}1m", f"{ESC}1;32m", f"{ESC}0m"):
        shown = shown.replace(code, "")
    assert shown == plain and ESC not in plain


def test_the_installed_command_answers_the_shell(tmp_path: Path) -> None:
    """End to end, as the bash script asks: the command itself answers on file descriptor 8
    (here a shell points it at the pipe this test reads, and standard output elsewhere)."""
    pytest.importorskip("argcomplete")
    line = "henchmen simulate sev"
    run = subprocess.run(
        ["sh", "-c", f'"{sys.executable}" -m henchmen 8>&1 1>/dev/null'],
        cwd=tmp_path,
        env={**os.environ, "_ARGCOMPLETE": "1", "COMP_LINE": line, "COMP_POINT": str(len(line))},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split("\v") == ["seven-secret-supervillains "]
