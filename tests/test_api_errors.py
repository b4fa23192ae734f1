"""The Python API's bad input, case by case (issue 37 item 12): a henchmen.errors
exception of the right class, naming what was wrong and what is allowed.

The broad sweep over every entry point is tests/hardening/test_wrong_types.py;
these are the cases an outside attack found, each pinned with its class and
message.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import henchmen
from henchmen.bots import SearchBot, make_bot
from henchmen.errors import (
    ActionTypeError,
    NotationError,
    OptionError,
    PlayerError,
    UnknownGameError,
)
from henchmen.matches import parse_bot_spec, run_matches
from henchmen.replay import load_replay, write_replay
from henchmen.search import ISMCTS, MCTS


# None is no wrong type: it leaves exploration to the game's defaults (test_search_defaults.py).
@pytest.mark.parametrize("value", ["abc", [0.3], b"1"])
def test_search_bot_exploration_of_the_wrong_type(value: object) -> None:
    with pytest.raises(ActionTypeError, match=r"exploration must be a number from 0 to 100, got"):
        SearchBot(exploration=value)  # type: ignore[arg-type]


def test_search_bot_max_seconds_none_names_the_setting() -> None:
    with pytest.raises(ActionTypeError, match=r"max_seconds must be a number from 0 to 86400"):
        SearchBot(max_seconds=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):  # an ActionTypeError is a TypeError too
        SearchBot(max_seconds=None)  # type: ignore[arg-type]


@pytest.mark.parametrize("cls", [MCTS, ISMCTS])
def test_search_bounds_are_checked_at_construction_not_at_search(cls: type[MCTS]) -> None:
    # The native search takes exploration 0-100 and max_seconds 0-86400; 101 used to
    # be accepted here and refused only by search().
    for bad in (101, 100.0001, -0.1, float("nan"), float("inf")):
        with pytest.raises(OptionError, match=r"exploration must be a number from 0 to 100, got"):
            cls(exploration=bad)
        with pytest.raises(OptionError, match=r"exploration must be a number from 0 to 100"):
            SearchBot(algorithm="mcts" if cls is MCTS else "ismcts", exploration=bad)
    with pytest.raises(OptionError, match=r"max_seconds must be a number from 0 to 86400"):
        cls(max_seconds=86_401)
    state = henchmen.new_game("parry", seed=1)
    assert cls(exploration=100, iterations=8).search(state).iterations == 8
    assert cls(max_seconds=86_400, iterations=8).search(state).iterations == 8


@pytest.mark.parametrize("bot", ["greedy", "random", "ismcts"])
@pytest.mark.parametrize("value", [None, "parry", 3, henchmen.Game("parry")])
def test_a_bot_asked_to_choose_for_something_else_than_a_state(bot: str, value: object) -> None:
    with pytest.raises(ActionTypeError, match=rf"the {bot} bot needs a henchmen State, got"):
        make_bot(bot).choose(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, 123, 1.5, b"r.json", ["r.json"]])
def test_replay_paths_of_the_wrong_type(tmp_path: Path, value: object) -> None:
    state = henchmen.new_game("parry", seed=1)
    with pytest.raises(ActionTypeError, match=r"path must be a str or os.PathLike path, got"):
        load_replay(value)  # type: ignore[arg-type]
    with pytest.raises(ActionTypeError, match=r"path must be a str or os.PathLike path, got"):
        write_replay(value, state)  # type: ignore[arg-type]
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("value", ["a\0b.json", "\ud800.json"])
def test_replay_paths_no_file_system_can_name(value: str) -> None:
    with pytest.raises(OptionError, match=r"path"):
        load_replay(value)
    with pytest.raises(OptionError, match=r"path"):
        write_replay(value, henchmen.new_game("parry", seed=1))


def test_run_matches_names_the_bot_that_is_not_a_bot_spec() -> None:
    game = henchmen.Game("parry")
    with pytest.raises(ActionTypeError, match=r"bots\[0\] must be a BotSpec"):
        run_matches(game, [None, None], games=2)  # type: ignore[list-item]
    with pytest.raises(ActionTypeError, match=r"bots\[1\] must be a BotSpec"):
        run_matches(game, [parse_bot_spec("random"), "greedy"], games=2)  # type: ignore[list-item]
    with pytest.raises(ActionTypeError, match=r"bots must be a list of BotSpec, got NoneType None"):
        run_matches(game, None, games=2)  # type: ignore[arg-type]


BIG = "x" * 10_000_000
MORE = "(9999920 more characters)"


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: henchmen.new_game("parry", seed=1).apply(BIG), NotationError),
        (lambda: henchmen.new_game(BIG), UnknownGameError),
        (lambda: henchmen.Game("parry", **{BIG: 1}), OptionError),
        (lambda: henchmen.Game("parry", players=BIG), OptionError),
        (lambda: henchmen.Game("seven-secret-supervillains", mode=BIG), OptionError),
        (lambda: make_bot(BIG), OptionError),
        (lambda: parse_bot_spec(BIG), OptionError),
        (lambda: parse_bot_spec("ismcts:" + BIG + "=1"), OptionError),
        (lambda: parse_bot_spec("ismcts:iterations=" + BIG), OptionError),
        (lambda: SearchBot(algorithm=BIG), OptionError),
        (lambda: henchmen.new_game("parry").events_for(BIG), PlayerError),
        (lambda: run_matches(henchmen.Game("parry"), [BIG, BIG], games=1), ActionTypeError),
    ],
    ids=["move", "game", "option name", "option value", "choice", "bot", "bot spec",
         "bot setting", "bot setting value", "algorithm", "reader", "bots"],
)  # fmt: skip
def test_a_ten_megabyte_input_is_quoted_in_80_characters(call: object, error: type) -> None:
    with pytest.raises(error) as info:
        call()  # type: ignore[operator]
    message = str(info.value)
    assert len(message) < 2_000, message[:300]
    assert "x" * 80 in message and "x" * 81 not in message
    assert MORE in message or "more characters" in message, message[:300]


def test_a_short_input_is_quoted_whole() -> None:
    with pytest.raises(NotationError, match=r"^'fly away' is not a legal move here; legal moves"):
        henchmen.new_game("parry", seed=1).apply("fly away")
    with pytest.raises(UnknownGameError, match=r"^no game named 'chess'; known games"):
        henchmen.new_game("chess")


def run_limited(code: str, gigabytes: float) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh interpreter whose address space is capped a few GB above its start."""
    prelude = textwrap.dedent(
        f"""
        import resource
        import henchmen.batch, henchmen.rl
        with open("/proc/self/statm") as f:
            mapped = int(f.read().split()[0]) * resource.getpagesize()
        cap = mapped + int({gigabytes} * 2**30)
        resource.setrlimit(resource.RLIMIT_AS, (cap, resource.getrlimit(resource.RLIMIT_AS)[1]))
        """
    )
    return subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"},
    )


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="needs /proc (Linux)")
def test_a_batch_too_large_for_memory_is_refused_at_once_with_what_it_needs() -> None:
    code = """
        import time
        from henchmen.batch import VectorGame
        from henchmen.errors import OptionError
        from henchmen.rl import VectorEnv
        for make in (lambda: VectorGame("seven-secret-supervillains", num_games=10**7),
                     lambda: VectorGame("legendary", num_games=10**6),
                     lambda: VectorEnv("legendary", num_envs=10**6)):
            start = time.perf_counter()
            try:
                make()
            except OptionError as e:
                print(f"{time.perf_counter() - start:.3f}", e)
        print("small", VectorGame("legendary", num_games=64, threads=1).num_games)
    """
    run = run_limited(code, 2.0)
    assert run.returncode == 0, run.stderr[-2000:]
    lines = run.stdout.splitlines()
    assert len(lines) == 4, run.stdout
    for line in lines[:3]:
        seconds, message = line.split(" ", 1)
        assert float(seconds) < 1.0
        assert " GB (" in message and "a game), but about " in message, message
        assert "of memory is free; make num_" in message, message
    assert "10000000 games of seven-secret-supervillains need about" in lines[0]
    assert "num_envs at most" in lines[2]
    assert lines[3] == "small 64"


def test_a_batch_that_fits_is_made() -> None:
    from henchmen.batch import VectorGame

    games = VectorGame("parry", num_games=1000, threads=1)
    games.reset()
    assert games.num_games == 1000


def test_non_utf8_bytes_at_the_tables_prompt_are_refused_as_a_move(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "henchmen", "play", "parry", "--bots", "human,random",
         "--seed", "1"],
        input=b"\xff\xfe bad\nend turn\n",
        capture_output=True,
        timeout=120,
        cwd=tmp_path,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )  # fmt: skip
    out = run.stdout.decode("utf-8", "replace") + run.stderr.decode("utf-8", "replace")
    assert "Traceback" not in out and "UnicodeDecodeError" not in out, out[-2000:]
    assert "'\ufffd\ufffd bad' is not a move or a command here" in out
    assert "You end the turn" in out
