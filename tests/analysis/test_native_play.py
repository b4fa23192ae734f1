"""A table of native bots plays on the native match runner, with every event the report reads."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from henchmen.analysis import ResultsFile, Tournament, read_results, run_tournament
from henchmen.analysis.plan import Batch
from henchmen.analysis.play import features, play_batch, play_game
from henchmen.analysis.progress import record_progress
from henchmen.analysis.seen import brief
from henchmen.errors import OptionError
from henchmen.game import games
from henchmen.replay import load_replay

from .helpers import cli, game_row

GAMES = [g.name for g in games()]


def _native(t: Tournament, bot: int) -> dict[str, Any]:
    spec = t.field[bot].spec.native()
    assert spec is not None
    return spec


@pytest.mark.parametrize("game", GAMES)
def test_native_tables_are_the_native_runners_games_with_the_events_of_a_replay(game: str) -> None:
    t = Tournament(game, ("greedy", "random", "ismcts:iterations=20"), games_per_table=2, seed=5)
    g = t.make_game()
    n = g.num_players
    for table in range(len(t.tables)):
        rows = play_batch(json.dumps(t.to_json()), Batch(table, (0, 1)))
        # Exactly what the runner simulate uses gives for these bots and seeds.
        specs = [[_native(t, b) for b in t.seats(table, k)] for k in (0, 1)]
        seeds = [t.game_seed(table, k) for k in (0, 1)]
        raw = g._core.play_recorded(specs, seeds, False, 1)
        for row, played in zip(rows, raw, strict=True):
            assert row["returns"] == played["returns"] and row["first"] == played["first"]
            assert row["length"] == len(played["history"]) and not played["events"]
            # The features and first-to-X progress are those of the game's own events, read
            # from a state that replays its actions.
            state = g.new_initial_state(auto_chance=False)
            for action in played["history"]:
                state.apply(action)
            assert list(state.returns) == row["returns"]
            seen = [brief(e) for e in state.events_for("omniscient")]
            per_seat, shared = features(seen, n)
            assert row["features"] == list(per_seat) and row["table_features"] == shared
            progress = record_progress(seen, t.measures or (), n)
            assert row["progress"] == {k: [list(p) for p in v] for k, v in progress.items()}
            assert sum(sum(f.values()) for f in row["features"]) > 0


def test_a_table_with_a_python_bot_is_played_move_by_move_in_python() -> None:
    t = Tournament("parry", ("python:greedy", "random"), games_per_table=2, seed=2)
    (row,) = play_batch(json.dumps(t.to_json()), Batch(0, (1,)))
    assert row == play_game(t, 0, 1).to_json()


def test_a_results_file_of_format_1_is_reported_but_not_resumed(tmp_path: Path) -> None:
    old = Tournament("parry", ("random", "greedy"), games_per_table=2, format=1)
    path = tmp_path / "old.jsonl"
    lines = [{"henchmen-tournament": old.to_json()}, game_row(old, 0, 0, (1.0, -1.0))]
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    found, records = read_results(path)
    assert found.format == 1 and len(records) == 1
    status, out, _ = cli("report", str(path))
    assert status == 0 and "1 of 2 games" in out
    with pytest.raises(OptionError, match="results format 1"):
        ResultsFile.open(path, Tournament("parry", ("random", "greedy"), games_per_table=2))


def test_replays_of_native_games_load_and_end_as_their_records(tmp_path: Path) -> None:
    t = Tournament("seven-secret-supervillains", ("greedy", "random"), games_per_table=2)
    with ThreadPoolExecutor(1) as pool:
        run = run_tournament(t, tmp_path / "r.jsonl", executor=pool, replays=tmp_path / "replays")
    for r in run.records:
        replay = load_replay(tmp_path / "replays" / f"table0-game{r.game}.json")
        assert tuple(replay.returns) == r.returns and len(replay.steps) == r.length
