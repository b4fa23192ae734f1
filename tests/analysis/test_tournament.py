"""A 4-bot tournament on every game from the CLI: local processes and a Dask LocalCluster agree."""

from __future__ import annotations

from pathlib import Path

import pytest

from henchmen.analysis import Tournament, read_results
from henchmen.game import games

from .helpers import FIELD, cli, records

GAMES = [g.name for g in games()]


@pytest.mark.parametrize("game", GAMES)
def test_four_bots_on_local_processes_and_on_dask_give_the_same_games(
    game: str, tmp_path: Path, dask_scheduler: str
) -> None:
    args = ["tournament", game, "--bots", FIELD, "--games", "2", "--seed", "7"]
    status, out, err = cli(*args, "--workers", "2", "--out", str(tmp_path / "local.jsonl"))
    assert status == 0, err
    assert "games/s" in err and "left" in err  # progress with a rate and the time left
    status, out_dask, err = cli(
        *args, "--scheduler", dask_scheduler, "--batch", "3", "--out", str(tmp_path / "dask.jsonl")
    )
    assert status == 0, err
    local, dask = records(tmp_path / "local.jsonl"), records(tmp_path / "dask.jsonl")
    tournament, _ = read_results(tmp_path / "local.jsonl")
    assert (
        len(local) == tournament.total_games == len(tournament.tables) * tournament.games_per_table
    )
    assert local == dask
    # Every bot of the field played, in every seat of its tables.
    seated = {(r["seats"][s], s) for r in local for s in range(len(r["seats"]))}
    assert {b for b, _ in seated} == {0, 1, 2, 3}
    assert out.splitlines()[0] == out_dask.splitlines()[0]
    assert "rating (Elo scale" in out and "greedy" in out


def test_the_same_seed_gives_the_same_games_and_another_seed_other_games(tmp_path: Path) -> None:
    base = ["tournament", "parry", "--bots", FIELD, "--games", "4"]
    for name, seed in (("a", "3"), ("b", "3"), ("c", "4")):
        status, _, err = cli(*base, "--seed", seed, "--out", str(tmp_path / f"{name}.jsonl"))
        assert status == 0, err
    a, b, c = (records(tmp_path / f"{n}.jsonl") for n in "abc")
    assert a == b
    assert [r["returns"] for r in a] != [r["returns"] for r in c]


def test_replays_are_kept_on_request_and_load(tmp_path: Path) -> None:
    from henchmen.replay import load_replay

    status, _, err = cli(
        "tournament", "parry", "--bots", "random,greedy", "--games", "2",
        "--out", str(tmp_path / "r.jsonl"), "--replays", str(tmp_path / "replays"),
    )  # fmt: skip
    assert status == 0, err
    files = sorted((tmp_path / "replays").glob("*.json"))
    assert [f.name for f in files] == ["table0-game0.json", "table0-game1.json"]
    rows = records(tmp_path / "r.jsonl")
    for f, row in zip(files, rows, strict=True):
        replay = load_replay(f)
        assert replay.terminal and list(replay.returns) == row["returns"]
        assert [p.bot for p in replay.players] == [["random", "greedy"][b] for b in row["seats"]]


def test_a_gauntlet_seats_the_challenger_at_every_table() -> None:
    t = Tournament("parry", ("greedy", "random", "python:random", "ismcts"), gauntlet=True)
    assert t.tables == ((0, 1), (0, 2), (0, 3))
    t3 = Tournament("parry", ("greedy", "random", "ismcts"), options={"players": 3})
    assert t3.tables == ((0, 1, 2),)
    assert sorted(t3.seats(0, g)[0] for g in range(3)) == [0, 1, 2]
