"""Replays written before the action ids moved still load (issue 36, item 8).

``fixtures/replays/sss-before-the-ids-moved.json`` was written by commit 6302f64 (1 December
2026), the last before Seven Secret Supervillains' action space grew from 1,337 ids (to 1,615
that night, 3,064 since): ``henchmen play seven-secret-supervillains --bots greedy,random
--seed 7``, built in a worktree of that commit. Its options predate ``mode``, ``chaos_dice``,
``goal`` and ``goal_target``; 254 of its 435 steps name another id today, and its position
hashes are that engine's (they differ from step 0). The notation is the record: loading
follows it, says so in one line, and the game ends as recorded.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import henchmen
from henchmen.errors import SerializationError
from henchmen.replay import Replay, load_replay, make_replay

FIXTURE = Path(__file__).parent / "fixtures" / "replays" / "sss-before-the-ids-moved.json"
SSS = "seven-secret-supervillains"


def _doc() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(FIXTURE.read_text())
    return doc


def test_the_old_replay_replays_to_its_result_by_its_notation() -> None:
    doc = _doc()
    assert henchmen.Game(SSS).num_distinct_actions != 1337  # the ids did move
    assert "mode" not in doc["options"]
    replay = load_replay(FIXTURE)
    assert replay.renumbered == (
        "the action ids moved since henchmen 0.1.0 wrote this replay: 254 of 435 steps "
        "followed by their notation; its checkpoint hashes are that engine's, not compared"
    )
    final = replay.final_state
    assert final is not None and final.is_terminal
    assert final.returns == (1.0, -1.0) and replay.winners == [0]
    assert final.move_number == len(doc["actions"]) == 435
    # The loaded replay holds this engine's ids and hashes: every step's notation names its
    # id here, the cursor walks it, and written again it loads exactly, with no note.
    states = list(replay.states())
    for before, st in zip(states, replay.steps, strict=False):
        assert before._s.string_to_action(st.move) == st.id
    assert [st.move for st in replay.steps] == [a["move"] for a in doc["actions"]]
    assert replay.cursor().seek(-1) == final
    again = Replay.from_json(replay.to_json())
    again.verify()
    assert again.renumbered is None and again.final_state == final


def test_check_reports_the_ids_that_moved(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "henchmen", "replay", str(FIXTURE), "--check"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    ok, note = run.stdout.splitlines()
    assert ok.endswith(f"{SSS}, 435 steps, Player 1 (greedy) wins")
    assert note.startswith("note: the action ids moved since henchmen 0.1.0 wrote this replay")


def test_an_old_replay_that_no_longer_ends_as_recorded_still_fails(tmp_path: Path) -> None:
    doc = _doc()
    doc["result"]["returns"] = [-1.0, 1.0]
    doc["result"]["winners"] = [1]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(SerializationError, match=r"step 435: returns \(1.0, -1.0\) differ"):
        load_replay(path)
    doc = _doc()
    doc["actions"][100]["move"] = "fly away"
    path.write_text(json.dumps(doc))
    with pytest.raises(SerializationError, match=r"step 101 .*'fly away' is not a legal move"):
        load_replay(path)


def test_an_id_the_notation_contradicts_is_followed_by_the_notation(tmp_path: Path) -> None:
    state = henchmen.new_game(SSS, seed=3)
    for _ in range(30):
        state.apply(state.legal_action_ids[0])
    doc = json.loads(make_replay(state).to_json())
    doc["actions"][2]["id"] = 99999
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc))
    replay = load_replay(path)
    assert replay.final_state == state
    steps = len(state.history_ids)
    assert replay.renumbered is not None and f": 1 of {steps} steps followed" in replay.renumbered
    assert "hashes" not in replay.renumbered  # the same engine's hashes all agreed
    assert replay.steps[2].id == state.history_ids[2]


def test_a_hash_that_differs_with_every_id_in_place_still_fails(tmp_path: Path) -> None:
    # Only ids that moved say the file is another engine's; with every id in place a hash
    # that differs is a divergence, named at its step even when a later step fails too.
    state = henchmen.new_game(SSS, seed=3)
    for _ in range(30):
        state.apply(state.legal_action_ids[0])
    doc = json.loads(make_replay(state).to_json())
    doc["checkpoints"][1]["hash"] = "0" * 16
    doc["actions"][25]["move"] = "fly away"
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(SerializationError, match="step 10: state hash"):
        load_replay(path)
