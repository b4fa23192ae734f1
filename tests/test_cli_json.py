"""``--json`` on every command that prints a result: one document, parsed and checked.

Each command's document is read back and held against what the same run
prints as text, or against values worked out by hand from scripted records.
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from tests.test_cli import (
    SSS,
    henchmen_main,
    replay_file,  # noqa: F401 (its fixture, used by `played`)
    tamper,
)

from henchmen._cli_json import balance_json, report_json
from henchmen.analysis.plan import Tournament
from henchmen.analysis.play import GameRecord
from henchmen.analysis.run import run_tournament
from henchmen.analysis.summary import summarize
from henchmen.game import games
from henchmen.replay import load_replay


def document(*args: str, cwd: Path, status: int = 0) -> dict[str, Any]:
    """The one JSON document ``henchmen ARGS`` prints (in process), and nothing else."""
    run = henchmen_main(*args, cwd=cwd)
    assert run.returncode == status, run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == 1, run.stdout
    doc = json.loads(lines[0])
    assert isinstance(doc, dict) and None not in doc.values()
    return doc


def test_games(tmp_path: Path) -> None:
    doc = document("games", "--json", cwd=tmp_path)
    assert doc["command"] == "games"
    assert [g["name"] for g in doc["games"]] == [g.name for g in games()]
    sss = next(g for g in doc["games"] if g["name"] == SSS)
    # As `henchmen games` prints it: "1-4 players", players "an integer from 1 to 4; default 2".
    assert (sss["title"], sss["min_players"], sss["max_players"]) == (
        "Seven Secret Supervillains", 1, 4,
    )  # fmt: skip
    players = next(o for o in sss["options"] if o["name"] == "players")
    assert players["kind"] == "int" and players["default"] == 2
    assert players["allowed"] == "an integer from 1 to 4" and players["choices"] == []
    mode = next(o for o in sss["options"] if o["name"] == "mode")
    assert "classic" in mode["choices"] and mode["kind"] == "choice"


def test_simulate_matches_its_table(tmp_path: Path) -> None:
    args = ("simulate", SSS, "--bots", "greedy,random", "--games", "10", "--seed", "3")
    doc = document(*args, "--json", cwd=tmp_path)
    text = henchmen_main(*args, cwd=tmp_path).stdout.splitlines()
    assert doc["command"] == "simulate" and doc["game"] == SSS and doc["seed"] == 3
    assert doc["games"] == 10 and doc["native"] is True and doc["cooperative"] is False
    assert text[0].startswith(f"{doc['title']}: 10 games, seed 3, seats rotated; ")
    assert f"{doc['mean_length']:.0f} actions a game" in text[0]
    for bot, row in zip(doc["bots"], text[2:4], strict=True):
        label, n, wins, draws, losses = row.split()[:5]
        assert (bot["label"], bot["games"], bot["wins"], bot["draws"], bot["losses"]) == (
            label, int(n), int(wins), int(draws), int(losses),
        )  # fmt: skip
        assert bot["wins"] + bot["draws"] + bot["losses"] == 10
        assert bot["win_rate"] == bot["wins"] / 10
        lo, hi = bot["interval"]
        assert lo <= bot["win_rate"] <= hi and f"[{lo:5.1%}, {hi:5.1%}]" in row
        assert f"{bot['mean_return']:+11.3f}" in row
    assert "measure" not in doc


def test_simulate_a_solo_race_gives_its_measure(tmp_path: Path) -> None:
    doc = document(
        "simulate", SSS, "--option", "mode=climb", "--option", "goal=upgrades",
        "--bots", "greedy", "--games", "4", "--json", cwd=tmp_path,
    )  # fmt: skip
    measure = doc["measure"]
    assert measure["name"] == "turns" and measure["reached"] + measure["missed"] == 4
    if measure["reached"] >= 2:
        lo, hi = measure["interval"]
        assert lo <= measure["mean"] <= hi


@pytest.fixture
def played(replay_file: Path) -> Path:  # noqa: F811 (the fixture imported above)
    """test_cli's replay: a duel of greedy and random, seed 5."""
    return replay_file


def test_replay_check(played: Path) -> None:
    doc = document("replay", played.name, "--check", "--json", cwd=played.parent)
    replay = load_replay(played)
    assert doc["command"] == "replay" and doc["ok"] is True and doc["file"] == played.name
    assert doc["game"] == SSS and doc["seed"] == 5 and doc["steps"] == len(replay.steps)
    assert doc["terminal"] is True and doc["abandoned"] is False
    assert doc["returns"] == list(replay.returns)
    assert doc["players"] == [
        {"name": "Player 1", "bot": "greedy"}, {"name": "Player 2", "bot": "random"},
    ]  # fmt: skip
    text = henchmen_main("replay", played.name, "--check", cwd=played.parent).stdout
    assert text == f"ok: {played.name}: {SSS}, {doc['steps']} steps, {doc['result']}\n"


def test_replay_check_of_a_bad_replay_is_a_document_too(played: Path) -> None:
    bad = tamper(played, 25, "move", "fly away")
    run = henchmen_main("replay", bad.name, "--check", "--json", cwd=played.parent)
    assert run.returncode == 2
    doc = json.loads(run.stdout)
    assert doc["ok"] is False and doc["file"] == bad.name
    assert doc["error"].startswith("replay: step 25 ") and "fly away" in doc["error"]
    assert run.stderr.startswith("henchmen: error: replay: step 25 ")


@pytest.mark.parametrize(("flags", "reader"), [((), "spectator"), (("--observer", "2"), 1)])
def test_replay_streams_what_the_reader_saw(
    played: Path, flags: tuple[str, ...], reader: str | int
) -> None:
    run = henchmen_main("replay", played.name, "--json", *flags, cwd=played.parent)
    assert run.returncode == 0, run.stderr
    head, *lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert head["command"] == "replay" and head["ok"] is True and head["game"] == SSS
    final = load_replay(played).final_state
    assert final is not None
    seen = final.events_for(reader, names=["Player 1", "Player 2"])
    assert [(e["step"], e["kind"], e["text"]) for e in lines] == [
        (e.step, e.kind, e.text) for e in seen
    ]
    assert all(None not in e.values() for e in lines)
    # A reader out of range: the one error line, and no document.
    run = henchmen_main("replay", played.name, "--json", "--observer", "3", cwd=played.parent)
    assert run.returncode == 2 and run.stdout == "" and "--observer must be" in run.stderr


def test_play_prints_its_result(tmp_path: Path) -> None:
    run = henchmen_main(
        "play", "parry", "--bots", "greedy,random", "--seed", "2", "--replay", "p.json",
        "--json", cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    doc = json.loads(run.stdout)
    replay = load_replay(tmp_path / "p.json")
    assert doc["command"] == "play" and doc["replay"] == "p.json" and doc["seed"] == 2
    assert doc["steps"] == len(replay.steps) and doc["returns"] == list(replay.returns)
    assert doc["result"].startswith(f"Result after {len(replay.steps)} actions: ")
    # The text it would have printed with --quiet goes to standard error.
    assert doc["result"] in run.stderr and "Replay written to p.json" in run.stderr
    run = henchmen_main("play", "parry", "--replay", "-", "--json", cwd=tmp_path)
    assert run.returncode == 2 and "choose one" in run.stderr


def _record(game: int, seats: tuple[int, ...], returns: tuple[float, ...], *features: str) -> Any:
    return GameRecord(0, game, 0, seats, returns, 10 + game, False,
                      tuple({f: 1} for f in features) or ({}, {}), {})  # fmt: skip


def test_report_json_from_records_counted_by_hand() -> None:
    # Six games: seats alternate, and the first seat wins each; greedy (bot 1) takes
    # seat 1 in the odd games, so each bot wins 3 of its 6 games against the other.
    records = [_record(g, (0, 1) if g % 2 else (1, 0), (1.0, -1.0)) for g in range(6)]
    summary = summarize(Tournament("parry", ("random", "greedy"), games_per_table=6), records)
    doc = report_json(summary)
    assert doc["command"] == "report" and doc["games"] == 6 and doc["expected"] == 6
    assert doc["bots"] == ["random", "greedy"] and doc["cooperative"] is False
    assert [(s["label"], s["games"], s["rate"]) for s in doc["seats"]] == [
        ("seat 1", 6, 1.0), ("seat 2", 6, 0.0),
    ]  # fmt: skip
    assert [(h["bot"], h["opponent"], h["games"], h["rate"]) for h in doc["head_to_head"]] == [
        ("random", "greedy", 6, 0.5), ("greedy", "random", 6, 0.5),
    ]  # fmt: skip
    assert doc["length"] == {"mean": 12.5, "median": 13, "min": 10, "max": 15}
    assert [r["label"] for r in doc["ratings"]] == ["random", "greedy"]
    assert all(r["interval"][0] <= r["rating"] <= r["interval"][1] for r in doc["ratings"])


def test_balance_json_from_records_counted_by_hand() -> None:
    # Super!, two games, seat 1 wins both; each power is held by the winner once.
    t = Tournament("super", ("greedy",), games_per_table=2)
    rows = [
        _record(0, (0, 0), (1.0, -1.0), "power Inferno", "power Quake"),
        _record(1, (0, 0), (1.0, -1.0), "power Quake", "power Inferno"),
    ]
    doc = balance_json([t], rows, 1)
    assert doc["command"] == "balance" and doc["games"] == 2 and doc["players"] == 2
    assert doc["bot"] == "greedy" and doc["median_length"] == 11 and doc["setups"] == [{}]
    # As the markdown table: seat 1 1.000 [0.342, 1.000], seat 2 0.000 [0.000, 0.658].
    seats = [(s["label"], s["games"], s["rate"], s["far"]) for s in doc["seats"]]
    assert seats == [("seat 1", 2, 1.0, False), ("seat 2", 2, 0.0, False)]
    assert [round(x, 3) for x in doc["seats"][0]["interval"]] == [0.342, 1.0]
    powers = [(p["label"], p["games"], p["rate"]) for p in doc["groups"]["power"]]
    assert powers == [("Inferno", 2, 0.5), ("Quake", 2, 0.5)]


def test_report_tournament_and_balance_commands(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    with ThreadPoolExecutor(1) as pool:
        run_tournament(Tournament("parry", ("random", "greedy"), 4), path, executor=pool)
    doc = document("report", str(path), "--json", "--html", "r.html", cwd=tmp_path)
    assert doc["command"] == "report" and doc["games"] == 4 and doc["repeated_lines"] == []
    assert doc["html"] == "r.html" and (tmp_path / "r.html").read_text().startswith("<!")
    assert sum(s["rate"] for s in doc["seats"]) == pytest.approx(1.0)  # one winner a game
    # The same command resumes: nothing to play, the same summary.
    again = document(
        "tournament", "parry", "--bots", "random,greedy", "--games", "4", "--out", str(path),
        "--json", cwd=tmp_path,
    )  # fmt: skip
    assert again["command"] == "tournament" and again["results"] == str(path)
    drop = ("command", "results", "html", "repeated_lines")
    assert {k: v for k, v in again.items() if k not in drop} == {
        k: v for k, v in doc.items() if k not in drop
    }
    args = ("balance", "parry", "--bot", "greedy", "--games", "4", "--out", "b")
    table = henchmen_main(*args, cwd=tmp_path).stdout
    balance = document(*args, "--json", cwd=tmp_path)
    assert balance["games"] == 4 and balance["results"] == "b"
    for seat in balance["seats"]:
        lo, hi = seat["interval"]
        row = f"| {seat['label']} | 4 | {seat['rate']:.3f} | [{lo:.3f}, {hi:.3f}] |"
        assert row in table


def test_balance_of_a_cooperative_game_matches_its_table(tmp_path: Path) -> None:
    args = ("balance", "legendary", "--bot", "greedy", "--games", "2", "--out", "b")
    table = henchmen_main(*args, cwd=tmp_path).stdout
    doc = document(*args, "--json", cwd=tmp_path)
    assert doc["cooperative"] is True and doc["turn_order"] == []
    assert "far" not in doc["seats"][0] and doc["groups"]
    for name, rows in doc["groups"].items():
        for row in rows:
            lo, hi = row["interval"]
            line = (
                f"| {row['label']} | {row['games']} | {row['rate']:.3f} | [{lo:.3f}, {hi:.3f}] "
                f"| {row['without']:.3f} |"
            )
            assert line in table, (name, line)
