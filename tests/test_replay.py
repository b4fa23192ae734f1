"""Replays: written, read back, replayed and checked step by step."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

import henchmen
from henchmen.bots import GreedyBot, RandomBot
from henchmen.errors import ActionTypeError, SerializationError
from henchmen.replay import (
    CHECKPOINT_EVERY,
    Replay,
    ReplayPlayer,
    ReplayRecorder,
    hash_hex,
    load_replay,
    make_replay,
    write_replay,
)

SSS = "seven-secret-supervillains"
SCHEMA: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[1] / "docs" / "replay.schema.json").read_text()
)


@pytest.fixture(scope="module")
def finished() -> henchmen.State:
    state = henchmen.new_game(SSS, seed=3)
    bots = [GreedyBot(seed=1), RandomBot(seed=2)]
    while not state.is_terminal:
        state.apply(bots[state.current_player].choose(state))
    return state


@pytest.fixture
def doc(finished: henchmen.State, tmp_path: Path) -> dict[str, Any]:
    players = [ReplayPlayer("Ann", "greedy", 1), ReplayPlayer("Bob", "random", 2)]
    path = write_replay(tmp_path / "game.json", finished, seed=3, players=players)
    result: dict[str, Any] = json.loads(path.read_text())
    return result


def load_doc(doc: dict[str, Any], tmp_path: Path) -> Replay:
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(doc))
    return load_replay(path)


def test_round_trip(finished: henchmen.State, doc: dict[str, Any], tmp_path: Path) -> None:
    replay = load_doc(doc, tmp_path)
    assert replay.game == SSS and replay.seed == 3 and replay.terminal
    assert replay.players == [ReplayPlayer("Ann", "greedy", 1), ReplayPlayer("Bob", "random", 2)]
    assert len(replay.steps) == finished.move_number
    assert [s.id for s in replay.steps] == finished.history_ids
    assert [s.move for s in replay.steps] == [a.text for a in finished.history]
    assert replay.returns == finished.returns and replay.final_state == finished
    assert replay.winners == [p for p in (0, 1) if finished.returns[p] > 0]
    assert replay.options == finished.game.options
    assert replay.engine == henchmen.__version__
    # Checkpoints every CHECKPOINT_EVERY steps and at the end.
    n = finished.move_number
    expected = set(range(0, n + 1, CHECKPOINT_EVERY)) | {n}
    assert set(replay.checkpoints) == expected
    assert replay.checkpoints[n] == hash_hex(finished.position_hash)
    # The text is stable: writing the loaded replay gives the same document.
    assert json.loads(replay.to_json()) == doc


def test_document_is_readable(doc: dict[str, Any], tmp_path: Path) -> None:
    text = Replay.from_json(json.dumps(doc)).to_json()
    lines = text.splitlines()
    assert lines[1] == '  "format": "henchmen-replay",'
    assert sum(1 for line in lines if '"step": ' in line and '"move": ' in line) == len(
        doc["actions"]
    )
    assert doc["actions"][0]["player"] == "chance"
    assert any(isinstance(a["player"], int) for a in doc["actions"])


def edit(doc: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    out = json.loads(json.dumps(doc))
    target = out
    keys = path.split(".")
    for k in keys[:-1]:
        target = target[int(k)] if isinstance(target, list) else target[k]
    last = keys[-1]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return out


def truncated(doc: dict[str, Any]) -> dict[str, Any]:
    """The document without its last action (and the checkpoint there)."""
    n = len(doc["actions"])
    out = edit(doc, "actions", doc["actions"][:-1])
    return edit(out, "checkpoints", [c for c in doc["checkpoints"] if c["step"] < n])


def again(doc: dict[str, Any]) -> dict[str, Any]:
    """The last action once more, as the next step."""
    return {**doc["actions"][-1], "step": len(doc["actions"]) + 1}


def first_decision(doc: dict[str, Any]) -> int:
    return next(i for i, a in enumerate(doc["actions"]) if a["player"] != "chance")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: edit(d, "format", "chess-pgn"), "not a henchmen replay"),
        (lambda d: edit(d, "version", 2), "format version 2 is newer than this engine reads"),
        (lambda d: edit(d, "version", 0), "format version 0 is not supported"),
        (lambda d: edit(d, "version", "1"), "'version' has the wrong type"),
        (lambda d: {**d, "extra": 1}, r"unknown field\(s\) extra"),
        (lambda d: {k: v for k, v in d.items() if k != "result"}, "has no 'result'"),
        (lambda d: edit(d, "game", "chess"), "cannot set up the game.*no game named 'chess'"),
        (lambda d: edit(d, "options", {"players": 7}), "cannot set up the game.*players"),
        (lambda d: edit(d, "players", d["players"][:1]), "lists 1 players but the game has 2"),
        (lambda d: edit(d, "actions.4.step", 9), "step 5 is numbered 9"),
        (
            lambda d: edit(d, "actions.3.move", "fly away"),
            "step 4 .*'fly away' is not a legal move",
        ),
        (lambda d: edit(d, "actions.0.player", 1), "step 1 .*chance is to act, but the replay"),
        (lambda d: edit(d, "actions.0.player", "ghost"), "step 1: 'player' must be"),
        (lambda d: edit(d, "checkpoints.2.hash", "0" * 16), "step 20: state hash"),
        (lambda d: edit(d, "checkpoints.1.hash", "XYZ"), "16 lowercase hex digits"),
        (lambda d: edit(d, "checkpoints.1.step", 10**6), "outside the game"),
        (lambda d: edit(d, "result.returns", [0.0, 0.0]), "returns .* differ from the recorded"),
        (lambda d: edit(d, "result.terminal", False), "says the game is unfinished"),
        (lambda d: edit(d, "actions", d["actions"][:-1]), "outside the game"),
        (lambda d: edit(truncated(d), "result.terminal", True), "says the game is over, but"),
        (lambda d: edit(d, "actions", [*d["actions"], again(d)]), "the game is already over"),
    ],
)
def test_problems_name_the_first_bad_step(
    doc: dict[str, Any], tmp_path: Path, change: Any, message: str
) -> None:
    with pytest.raises(SerializationError, match=message):
        load_doc(change(doc), tmp_path)


def test_swapped_decision_is_caught(doc: dict[str, Any], tmp_path: Path) -> None:
    i = first_decision(doc)
    step = doc["actions"][i]
    state = henchmen.new_game(SSS, auto_chance=False)
    for a in doc["actions"][:i]:
        state.apply(a["id"])
    other = next(a for a in state.legal_actions if a.id != step["id"])
    changed = edit(edit(doc, f"actions.{i}.id", other.id), f"actions.{i}.move", other.text)
    with pytest.raises(SerializationError, match=rf"replay: step {i + 1}|step \d+"):
        load_doc(changed, tmp_path)


def test_not_json_and_wrong_types(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{ nope")
    with pytest.raises(SerializationError, match="not valid JSON"):
        load_replay(path)
    path.write_text("[]")
    with pytest.raises(SerializationError, match="must be a JSON object"):
        load_replay(path)
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(SerializationError, match="cannot read replay"):
        load_replay(path)
    with pytest.raises(ActionTypeError):
        Replay.from_json(b"{}")  # type: ignore[arg-type]
    with pytest.raises(ActionTypeError):
        write_replay(tmp_path / "x.json", "not a state")  # type: ignore[arg-type]


def test_recorder_follows_a_live_game() -> None:
    state = henchmen.new_game(SSS, seed=5)
    recorder = ReplayRecorder(state, seed=5)
    setup = recorder.sync()
    assert setup and all(s.is_chance for s in setup)
    assert recorder.sync() == []
    state.apply(state.legal_action_ids[0])
    new = recorder.sync()
    assert new[0].player == 0 and new[0].step == len(setup) + 1
    replay = recorder.replay()
    assert not replay.terminal and replay.returns == (0.0, 0.0)
    assert replay.verify() == state
    assert make_replay(state, seed=5).steps == replay.steps
    with pytest.raises(SerializationError, match="needs 2 players"):
        ReplayRecorder(state, players=[ReplayPlayer("solo")])


def test_a_resampled_state_cannot_be_recorded() -> None:
    state = henchmen.new_game(SSS, seed=6)
    for _ in range(30):
        state.apply(state.legal_action_ids[-1])
    other = state.resample(0, seed=1)
    with pytest.raises(SerializationError, match="does not reach the same position"):
        make_replay(other)


# ------------------------------------------------------------------ abandoned games
def test_an_abandoned_game_is_marked_and_reads_back(tmp_path: Path) -> None:
    from test_replay_schema import schema_errors  # the schema's own validator

    state = henchmen.new_game(SSS, seed=7)
    plain = make_replay(state, seed=7)
    assert "abandoned" not in json.loads(plain.to_json())["result"]  # as before the field
    abandoned = dataclasses.replace(plain, abandoned=True)
    doc = json.loads(abandoned.to_json())
    assert doc["result"] == {
        "terminal": False,
        "returns": [0.0, 0.0],
        "winners": [],
        "abandoned": True,
    }
    assert schema_errors(doc, SCHEMA) == []
    path = write_replay(tmp_path / "a.json", abandoned)
    loaded = load_replay(path)
    assert loaded.abandoned and loaded == abandoned and loaded.final_state == state
    assert not load_replay(write_replay(tmp_path / "p.json", plain)).abandoned


@pytest.mark.parametrize(
    ("result", "message"),
    [
        ({"terminal": True, "abandoned": True}, "both over and abandoned"),
        ({"abandoned": "yes"}, "'abandoned' has the wrong type"),
        ({"abandoned": 1}, "'abandoned' has the wrong type"),
    ],
)
def test_a_bad_abandoned_mark_is_refused(
    doc: dict[str, Any], tmp_path: Path, result: dict[str, Any], message: str
) -> None:
    doc["result"].update(result)
    with pytest.raises(SerializationError, match=message):
        load_doc(doc, tmp_path)


# ------------------------------------------------------------------ reading files
def test_a_replay_larger_than_the_limit_is_refused_unread(
    doc: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import henchmen.replay as replay_module

    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc))
    monkeypatch.setattr(replay_module, "MAX_REPLAY_BYTES", path.stat().st_size - 1)
    with pytest.raises(SerializationError, match=r"bytes, more than the .* a replay may have"):
        load_replay(path)
    monkeypatch.setattr(replay_module, "MAX_REPLAY_BYTES", path.stat().st_size)
    assert load_replay(path).terminal


def test_a_replay_that_is_not_text_or_not_a_file(tmp_path: Path) -> None:
    (tmp_path / "bin.json").write_bytes(b'{"format": "\xff\xfe"}')
    with pytest.raises(SerializationError, match="not UTF-8 text"):
        load_replay(tmp_path / "bin.json")
    with pytest.raises(SerializationError, match="it is a directory"):
        load_replay(tmp_path)
    with pytest.raises(SerializationError, match="it is a character device"):
        load_replay("/dev/null")


def test_more_actions_than_the_game_can_last_are_refused_before_replaying(
    doc: dict[str, Any], tmp_path: Path
) -> None:
    limit = henchmen.Game(SSS).max_game_length
    doc["actions"] = [dict(doc["actions"][0], step=i + 1) for i in range(limit + 1)]
    with pytest.raises(SerializationError, match=f"has {limit + 1} actions, more than any game"):
        load_doc(doc, tmp_path)
