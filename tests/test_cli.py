"""The command line tool, end to end in a subprocess (its many one-line errors in process)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.test_narration import story

from henchmen import MAX_THREADS
from henchmen.cli import main
from henchmen.errors import SerializationError
from henchmen.game import games
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


@contextlib.contextmanager
def _inside(cwd: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(cwd)
    try:
        yield
    finally:
        os.chdir(before)


def henchmen_main(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``main(args)`` in this process, as ``henchmen_cli`` runs it in a subprocess: its
    status, standard output and standard error. The error tables below are many, and
    starting a Python for each cost most of their time; the subprocess tests show that
    ``python -m henchmen`` exits with ``main``'s status and prints what it prints."""
    out, err = io.StringIO(), io.StringIO()
    with _inside(cwd), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(args))
        except SystemExit as e:
            status = e.code if isinstance(e.code, int) else 1
    return subprocess.CompletedProcess(["henchmen", *args], status, out.getvalue(), err.getvalue())


def test_a_usage_error_in_a_subprocess_is_one_line_and_exit_2(tmp_path: Path) -> None:
    run = henchmen_cli("play", "chess", cwd=tmp_path)
    assert run.returncode == 2 and run.stdout == "", (run.stdout, run.stderr)
    assert run.stderr.splitlines() == [run.stderr.strip()] and "no game named 'chess'" in run.stderr
    assert run.stderr.startswith("henchmen: error: ")


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
    assert "== Setup ==" in out and "== Turn 1: " in out
    assert "Result after " in out and ("wins" in out or "a draw" in out)
    path = tmp_path / "replays" / f"{SSS}-seed1.json"
    assert f"Replay written to {Path('replays') / path.name}" in out
    replay = load_replay(path)
    assert replay.game == SSS and replay.seed == 1 and replay.terminal
    assert [p.bot for p in replay.players] == ["greedy", "random"]
    assert replay.final_state is not None and replay.final_state.is_terminal
    doc = json.loads(path.read_text())
    assert doc["format"] == "henchmen-replay" and doc["version"] == 1


def test_a_bot_game_is_told_as_a_spectator_saw_it(tmp_path: Path) -> None:
    run = henchmen_cli("play", "parry", "--bots", "greedy,random", "--seed", "3", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "As seen by a spectator (public events only)" in run.stdout
    final = load_replay(tmp_path / "replays" / "parry-seed3.json").final_state
    assert final is not None
    # Every line of the log between the headings is a spectator's event, in order.
    told = [
        line[2:]
        for line in run.stdout.splitlines()
        if line.startswith("  ") and not line.startswith(("  Health: ", "  -- "))
    ]
    events = [e for e in final.events_for("spectator") if e.kind != "turn"]
    assert told == story(events)  # runs of one player's draws told as one line
    headings = [line for line in run.stdout.splitlines() if line.startswith("== Turn ")]
    assert headings == [
        f"== {e.text} ==" for e in final.events_for("spectator") if e.kind == "turn"
    ]
    assert "draws a card" in run.stdout and " draws a Strike" not in run.stdout
    assert "draws 3 cards" in run.stdout  # the deal


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
        (
            ("play", SSS, "--bots", "greedy,greedy,greedy,greedy,greedy"),
            "--bots names 5 bot(s) but the game has 1 to 4 players",
        ),
        (("play", SSS, "--option", "colour=red"), "has no option 'colour'; its options are"),
        (("play", SSS, "--option", "max_turns=many"), "option 'max_turns' must be an integer"),
        (("play", SSS, "--option", "max_turns=1"), "must be an integer from 10 to 2000"),
        (("play", SSS, "--option", "novalue"), "--option needs KEY=VALUE"),
        (("play", SSS, "--players", "5"), "--players must be an integer from 1 to 4, got 5"),
        (("play", SSS, "--seed", "-1"), "--seed must be an integer from 0 to"),
        (("play", SSS, "--seed", "abc"), "--seed must be an integer"),
        (("play",), "the following arguments are required: game"),
        (("fly",), "invalid choice: 'fly'"),
        ((), "the following arguments are required: COMMAND"),
        (("play", SSS, "--replay", "/proc/no/such/dir/x.json"), "cannot write replay"),
        # --option players names itself, and the flag it disagrees with (none other here).
        (
            ("play", SSS, "--option", "players=5"),
            "option 'players' of seven-secret-supervillains must be an integer from 1 to 4, got 5",
        ),
        (
            ("play", SSS, "--option", "players=3", "--bots", "greedy,random"),
            "--bots names 2 bot(s) but --option players=3 asks for 3 players",
        ),
        (
            ("play", SSS, "--option", "players=3", "--players", "2"),
            "--option players=3 disagrees with --players 2",
        ),
        (
            ("play", "legendary", "--option", "players=3", "--players", "4"),
            "--option players=3 disagrees with --players 4",
        ),
        (
            ("play", "legendary", "--bots", "greedy,random,greedy,random,greedy,random"),
            "--bots names 6 bot(s) but the game has 1 to 5 players",
        ),
        (("play", SSS, "--replay", "a.json", "--no-replay"), "not allowed with argument"),
        # The count came from --bots, not from a players option: the error says so, and
        # what the mode asks for, not a players=1 nobody typed.
        (
            ("play", SSS, "--option", "mode=classic", "--bots", "greedy"),
            "--bots names 1 bot(s) but --option mode=classic asks for 4 players; "
            "give one bot per player",
        ),
        (
            ("simulate", SSS, "--option", "mode=brawl", "--bots", "greedy,random"),
            "--bots names 2 bot(s) but --option mode=brawl asks for 3 or 4 players",
        ),
        (
            ("play", SSS, "--option", "mode=gambler", "--bots", "greedy,greedy"),
            "--bots names 2 bot(s) but --option mode=gambler asks for 1 player;",
        ),
        # A count given is the user's own: the game names it (one player, not "1 players").
        (
            ("play", SSS, "--option", "mode=gambler", "--option", "players=2"),
            "the Gambler is for 1 player, got players=2",
        ),
    ],
)
def test_errors_are_one_line_and_exit_2(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    run = henchmen_main(*args, cwd=tmp_path)
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


# ----------------------------------------------------------------- play, more
def test_play_with_search_bot_settings_is_reproducible(tmp_path: Path) -> None:
    args = ("play", SSS, "--bots", "ismcts:iterations=60:exploration=0.5,greedy", "--seed", "9")
    first = henchmen_cli(*args, "--quiet", "--replay", "a.json", cwd=tmp_path)
    second = henchmen_cli(*args, "--quiet", "--replay", "b.json", cwd=tmp_path)
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    a = json.loads((tmp_path / "a.json").read_text())
    assert a == json.loads((tmp_path / "b.json").read_text())
    assert a["players"][0]["bot"] == "ismcts:iterations=60:exploration=0.5"
    check = henchmen_cli("replay", "a.json", "--check", cwd=tmp_path)
    assert check.returncode == 0 and check.stdout.startswith("ok: a.json: "), check.stderr


@pytest.mark.parametrize("game", [g.name for g in games()])
def test_every_game_played_writes_a_replay_that_checks(tmp_path: Path, game: str) -> None:
    run = henchmen_cli("play", game, "--seed", "3", "--quiet", "--replay", "r.json", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    check = henchmen_cli("replay", "r.json", "--check", cwd=tmp_path)
    assert check.returncode == 0, check.stderr
    assert f"ok: r.json: {game}, " in check.stdout


def human_game(
    tmp_path: Path, keys: str, *extra: str, game: str = "parry"
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "henchmen", "play", game, "--bots", "human,greedy", "--seed", "2",
         "--replay", "h.json", *extra],
        cwd=tmp_path, input=keys, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip


def test_human_moves_by_key_and_notation_and_quits_cleanly(tmp_path: Path) -> None:
    run = human_game(tmp_path, "99\nfly to the moon\n\nview\n2\nEND TURN\nquit\n")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "=== Parry -- Turn 1: Your turn ===" in out
    assert "  Moves: [1] strike player 2   [2] end turn" in out
    assert "no move has the key [99]; keys now: 1, 2" in out
    assert "'fly to the moon' is not a move or a command here" in out
    assert "Game abandoned after " in out and "Replay written to h.json" in out
    replay = load_replay(tmp_path / "h.json")
    decisions = [s.move for s in replay.steps if s.player == 0]
    assert decisions == ["end turn", "end turn"]
    assert replay.players[0].bot is None and not replay.terminal and replay.abandoned
    # The log tells the human their own draws and only that the opponent drew.
    assert "You draw a " in out and "Player 2 draws a card" in out
    assert "Player 2 draws a Strike" not in out and "Player 2 draws a Parry" not in out
    check = henchmen_cli("replay", "h.json", "--check", cwd=tmp_path)
    assert check.returncode == 0 and check.stdout.endswith(" steps, abandoned\n")


def test_human_end_of_input_stops_the_game(tmp_path: Path) -> None:
    run = human_game(tmp_path, "1\n")
    assert run.returncode == 0, run.stderr
    assert "Game abandoned after " in run.stdout and run.stderr == ""


def test_a_human_game_refuses_another_seats_view(tmp_path: Path) -> None:
    for flag in (["--observer", "2"], ["--omniscient"]):
        run = human_game(tmp_path, "quit\n", *flag)
        assert (
            run.returncode == 2
            and "with a human at the table the log is what the human saw" in (run.stderr)
        )
        assert "Player 2" not in run.stdout


# ----------------------------------------------------------------- replay
@pytest.fixture
def replay_file(tmp_path: Path) -> Path:
    run = henchmen_cli(
        "play", SSS, "--bots", "greedy,random", "--seed", "5", "--quiet", "--replay", "g.json",
        cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    return tmp_path / "g.json"


@pytest.fixture
def parry_replay(tmp_path: Path) -> Path:
    run = henchmen_cli(
        "play", "parry", "--bots", "greedy,random", "--seed", "2", "--quiet", "--replay", "p.json",
        cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    return tmp_path / "p.json"


def test_replay_narrates_every_step_numbered(parry_replay: Path) -> None:
    run = henchmen_cli("replay", parry_replay.name, "--omniscient", cwd=parry_replay.parent)
    assert run.returncode == 0, run.stderr
    replay = load_replay(parry_replay)
    numbers = [
        int(line.split(".", 1)[0])
        for line in run.stdout.splitlines()
        if line[:5].strip().rstrip(".").isdigit()
    ]
    # Omniscient: every step tells something, so every step is numbered once, in order, but
    # for the draws told in the line of the run they joined.
    final = replay.final_state
    assert final is not None
    joined = {e.step + 1 for e in final.events_for("omniscient") if e.kind == "draw"}
    assert numbers == sorted(set(numbers))
    assert set(range(1, len(replay.steps) + 1)) - set(numbers) <= joined
    assert "Player 2 draws a " in run.stdout and "draws a card" not in run.stdout
    assert "== Turn 1: Player 1's turn ==" in run.stdout
    assert run.stdout.splitlines()[-1].startswith("Result after ")


def test_replay_as_one_player_shows_what_they_saw(parry_replay: Path) -> None:
    spectator = henchmen_cli("replay", parry_replay.name, cwd=parry_replay.parent)
    assert spectator.returncode == 0, spectator.stderr
    assert "As seen by a spectator (public events only)" in spectator.stdout
    assert "draws a card" in spectator.stdout and " draws a Strike" not in spectator.stdout
    # Players count from 1 in the command line: --observer 2 is the second player.
    seen = henchmen_cli("replay", parry_replay.name, "--observer", "2", cwd=parry_replay.parent)
    assert seen.returncode == 0, seen.stderr
    out = seen.stdout
    assert "As seen by Player 2 (random)" in out
    assert "You draw a " in out and "Player 1 draws a card" in out
    assert "Player 1 draws a Strike" not in out and "Player 1 draws a Parry" not in out
    # Their table at the start of each run of their decisions, their own hand face up.
    assert "    | === Parry -- Turn 2: Your turn ===" in out and "    |   Your hand (" in out
    assert "    |   Player 1's hand: " in out


def tamper(path: Path, step: int, key: str, value: object) -> Path:
    doc = json.loads(path.read_text())
    doc["actions"][step - 1][key] = value
    out = path.with_name("tampered.json")
    out.write_text(json.dumps(doc))
    return out


def test_replay_check_names_the_first_bad_step(replay_file: Path) -> None:
    bad = tamper(replay_file, 25, "move", "fly away")
    run = henchmen_cli("replay", bad.name, "--check", cwd=replay_file.parent)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("henchmen: error: replay: step 25 ")
    assert len(run.stderr.splitlines()) == 1
    # Without --check the tampered replay is refused the same way.
    run = henchmen_cli("replay", bad.name, cwd=replay_file.parent)
    assert run.returncode == 2 and "step 25 " in run.stderr
    # A truncated file.
    text = replay_file.read_text()
    replay_file.with_name("cut.json").write_text(text[: len(text) // 3])
    run = henchmen_cli("replay", "cut.json", "--check", cwd=replay_file.parent)
    assert run.returncode == 2 and "the file ends early: intact up to step " in run.stderr


# ----------------------------------------------------------------- simulate
def test_simulate_prints_a_win_rate_table(tmp_path: Path) -> None:
    run = henchmen_cli(
        "simulate", SSS, "--bots", "greedy,random", "--games", "12", "--seed", "3",
        "--threads", "2", cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("Seven Secret Supervillains: 12 games, seed 3, seats rotated")
    assert lines[1].split() == [
        "bot", "games", "wins", "draws", "losses", "win", "rate", "95%", "interval", "mean",
        "return",
    ]  # fmt: skip
    greedy = lines[2].split()
    assert greedy[0] == "greedy" and greedy[1] == "12" and "[" in lines[2]
    assert int(greedy[2]) > int(lines[3].split()[2])
    # Progress goes to stderr, never stdout.
    assert "12/12 games" in run.stderr and "natively on 2 thread(s)" in run.stderr
    again = henchmen_cli(
        "simulate", SSS, "--bots", "greedy,random", "--games", "12", "--seed", "3", cwd=tmp_path
    )
    assert again.stdout.splitlines()[2:] == lines[2:]  # the thread count changes nothing


def test_simulate_a_cooperative_game_reports_team_results(tmp_path: Path) -> None:
    run = henchmen_cli(
        "simulate", "legendary", "--bots", "greedy,random", "--games", "8", cwd=tmp_path
    )
    assert run.returncode == 0, run.stderr
    assert "Cooperative game: a team win is" in run.stdout and "team wins" in run.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("replay", "missing.json"), "cannot read replay missing.json"),
        (("replay", "notjson.json"), "replay is not valid JSON"),
        (("replay", "notjson.json", "--check"), "replay is not valid JSON"),
        (("replay",), "the following arguments are required: file"),
        (("simulate", SSS, "--bots", "greedy,wizard"), "no bot named 'wizard'; known bots: "),
        (("simulate", SSS, "--bots", "ismcts:depth=3,greedy"), "ismcts' has no setting 'depth'"),
        (("simulate", SSS, "--bots", "ismcts:iterations=lots,greedy"), "must be an integer"),
        (("simulate", SSS, "--bots", "ismcts:iterations=0,greedy"), "iterations must be"),
        (("simulate", SSS, "--bots", "random:speed=3,greedy"), "settings are: none"),
        (("simulate", SSS, "--bots", "ismcts:iterations,greedy"), "bot setting must be KEY=VALUE"),
        (("simulate", SSS, "--games", "0"), "--games must be an integer from 1 to"),
        (("simulate", SSS, "--games", "many"), "--games must be an integer"),
        (("simulate", SSS, "--threads", "0"), f"--threads must be an integer from 1 to {MAX_THREADS}"),  # noqa: E501
        (("simulate", SSS, "--threads", str(MAX_THREADS + 1)), f"from 1 to {MAX_THREADS}, got"),
        (("simulate", SSS, "--bots", "human,greedy"), "simulate plays bots only"),
        (("simulate", "chess"), "no game named 'chess'"),
        (("play", SSS, "--bots", "ismcts:exploration=-1,greedy"), "exploration must be"),
        (("play", SSS, "--bots", "greedy:samples=x,random"), "'greedy:samples' must be an integer"),
    ],
)  # fmt: skip
def test_more_errors_are_one_line_and_exit_2(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    (tmp_path / "notjson.json").write_text("this is not a replay")
    run = henchmen_main(*args, cwd=tmp_path)
    assert run.returncode == 2, (run.stdout, run.stderr)
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith("henchmen: error: ") and message in lines[0], lines[0]
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("observer", ["0", "3", "-1", "one"])
def test_replay_observer_is_a_player_counted_from_1(replay_file: Path, observer: str) -> None:
    run = henchmen_cli("replay", replay_file.name, "--observer", observer, cwd=replay_file.parent)
    assert run.returncode == 2 and run.stdout == ""
    assert "--observer must be an integer from 1 to 2, got " in run.stderr


# ----------------------------------------------------------------- details
def test_help_and_listing_read_as_written(tmp_path: Path) -> None:
    helped = henchmen_cli("simulate", "--help", cwd=tmp_path)
    assert helped.returncode == 0 and "95% Wilson intervals" in helped.stdout
    assert "%%" not in helped.stdout
    listed = henchmen_cli("games", cwd=tmp_path).stdout
    # (Parry's "from 2 to 200" is fine: a range from a number to itself is not.)
    assert (
        not re.search(r"from (\d+) to \1\b", listed)
        and "[an integer from 2 to 4; default 2]" in listed
    )
    assert "1-5 players" in listed and "an integer from 1 to 5" in listed


def test_option_values_match_ignoring_case_and_reach_the_game_as_spelled(tmp_path: Path) -> None:
    run = henchmen_cli(
        "play", "legendary", "--seed", "2", "--quiet", "--replay", "r.json",
        "--option", "scheme=midtown BANK robbery", "--option", "mastermind=  red skull ",
        "--option", "villains=hydra,SKRULLS", "--option", "henchmen=HAND NINJAS",
        "--option", "heroes=hulk,THOR, spider-man ,iron man,Storm",
        "--option", "final_showdown=YES",
        cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    options = load_replay(tmp_path / "r.json").options
    assert options["scheme"] == "Midtown Bank Robbery" and options["mastermind"] == "Red Skull"
    assert options["villains"] == ["HYDRA", "Skrulls"] and options["henchmen"] == ["Hand Ninjas"]
    assert options["heroes"] == ["Hulk", "Thor", "Spider-Man", "Iron Man", "Storm"]
    assert options["final_showdown"] is True
    # A name that matches nothing is the game's to refuse, naming what it allows.
    bad = henchmen_cli("play", "legendary", "--option", "mastermind=Dr. No", cwd=tmp_path)
    assert bad.returncode == 2 and "must be one of: random, Magneto, Dr. Doom" in bad.stderr
