"""One bot for every seat (``--players 5 --bots greedy``), and errors that stay short."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.test_cli import SSS, henchmen_main, tamper

import henchmen
from henchmen.errors import IllegalActionError, NotationError
from henchmen.replay import load_replay


@pytest.mark.parametrize("count", [("--players", "5"), ("--option", "players=5")])
def test_one_bot_takes_every_seat(tmp_path: Path, count: tuple[str, str]) -> None:
    run = henchmen_main(
        "play", "legendary", *count, "--bots", "greedy", "--quiet", "--replay", "r.json",
        cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    replay = load_replay(tmp_path / "r.json")
    assert replay.options["players"] == 5
    assert [p.bot for p in replay.players] == ["greedy"] * 5


def test_simulate_seats_one_bot_everywhere(tmp_path: Path) -> None:
    run = henchmen_main(
        "simulate", "parry", "--players", "3", "--bots", "greedy", "--games", "3", "--json",
        cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    bots = json.loads(run.stdout)["bots"]
    assert [b["label"] for b in bots] == [f"greedy (bot {i})" for i in (1, 2, 3)]


def test_one_bot_without_a_count_is_still_one_player(tmp_path: Path) -> None:
    # The golden solo logs are played so: `--bots greedy` alone is a one-player game.
    run = henchmen_main("play", SSS, "--bots", "greedy", "--quiet", "--replay", "r.json",
                        cwd=tmp_path)  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert len(load_replay(tmp_path / "r.json").players) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("--players", "3", "--bots", "greedy,random"),
            "--bots names 2 bot(s) but --players 3 asks for 3 players; give one bot per "
            "player, or one for every seat",
        ),
        (
            ("--bots", "greedy,greedy,greedy,greedy,greedy"),
            "the game has 1 to 4 players; give one bot per player, or one bot and --players N "
            "to seat it everywhere",
        ),
    ],
)
def test_bots_that_fit_no_count_say_how_to_fix_it(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    run = henchmen_main("play", SSS, *args, cwd=tmp_path)
    assert run.returncode == 2 and message in run.stderr, run.stderr


def _legal_moves(state: henchmen.State) -> list[str]:
    return [str(a) for a in state.legal_actions]


def _with_moves(game: str, wanted: range) -> henchmen.State:
    """The first position of seeded play (a move picked by the step number) whose
    decision offers a number of moves in ``wanted``."""
    for seed in range(1, 20):
        state = henchmen.new_game(game, seed=seed)
        while not state.is_terminal and len(state.history) < 400:
            legal = state.legal_actions
            if len(legal) in wanted:
                return state
            state.apply(legal[len(state.history) % len(legal)])
    raise AssertionError(f"no {game} position with {wanted} legal moves")


@pytest.mark.parametrize(("game", "wanted"), [("villainy", range(10, 99)), (SSS, range(8, 9))])
def test_an_illegal_move_names_six_moves_then_how_many_more(game: str, wanted: range) -> None:
    state = _with_moves(game, wanted)
    legal = _legal_moves(state)
    before = state.serialize()
    with pytest.raises(NotationError) as e:
        state.apply("fly away")
    shown = ", ".join(legal[:6])
    assert str(e.value).endswith(f"legal moves: {shown} and {len(legal) - 6} more")
    with pytest.raises(IllegalActionError) as e:
        state.apply(10**6)
    assert str(e.value).endswith(f"legal: {shown} and {len(legal) - 6} more")
    assert state.serialize() == before


def test_up_to_seven_moves_are_all_named() -> None:
    # "and 1 more" would be no shorter than naming the seventh move.
    state = _with_moves(SSS, range(7, 8))
    with pytest.raises(NotationError) as e:
        state.apply("fly away")
    assert str(e.value).endswith("legal moves: " + ", ".join(_legal_moves(state)))


def test_a_failed_replay_check_stays_one_short_line(tmp_path: Path) -> None:
    run = henchmen_main(
        "play", "villainy", "--players", "2", "--bots", "greedy", "--quiet", "--replay",
        "l.json", cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    replay = load_replay(tmp_path / "l.json")
    final = replay.final_state
    assert final is not None
    # The first step past the deal with many choices: a move no game knows goes there.
    here = henchmen.Game("villainy", **replay.options).new_initial_state(auto_chance=False)
    step = 1
    while here.is_chance or len(here.legal_actions) <= 10:
        here.apply(final.history[step - 1].id)
        step += 1
    legal = _legal_moves(here)
    bad = tamper(tmp_path / "l.json", step, "move", "fly away")
    run = henchmen_main("replay", bad.name, "--check", cwd=tmp_path)
    assert run.returncode == 2
    (line,) = run.stderr.splitlines()
    assert f"legal moves: {', '.join(legal[:6])} and {len(legal) - 6} more" in line
    assert len(line) < 400, line
