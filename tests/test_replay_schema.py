"""Replays of every game: the JSON Schema, round trips, stepping back and forth.

The schema (docs/replay.schema.json) is checked with a small validator
written here for the keywords it uses, so the tests need no extra package.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import henchmen
from henchmen.bots import make_bot
from henchmen.errors import ActionTypeError, OptionError, SerializationError
from henchmen.replay import Replay, ReplayCursor, load_replay, make_replay, write_replay

ROOT = Path(__file__).resolve().parents[1]
SCHEMA: dict[str, Any] = json.loads((ROOT / "docs" / "replay.schema.json").read_text())
GAMES = [g.name for g in henchmen.games()]

_TYPES: dict[str, Any] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
}
_IGNORED = {"$schema", "$id", "$defs", "title", "description"}


def schema_errors(value: Any, schema: dict[str, Any], where: str = "$") -> list[str]:
    """Every way ``value`` breaks ``schema`` (the draft 2020-12 keywords the replay schema uses)."""
    errors: list[str] = []
    for key, rule in schema.items():
        if key in _IGNORED:
            continue
        if key == "$ref":
            assert rule.startswith("#/$defs/"), rule
            errors += schema_errors(value, SCHEMA["$defs"][rule.split("/")[-1]], where)
        elif key == "type":
            kinds = rule if isinstance(rule, list) else [rule]
            if not any(_TYPES[k](value) for k in kinds):
                errors.append(f"{where}: not {' or '.join(kinds)}")
        elif key == "const":
            if value != rule or type(value) is not type(rule):
                errors.append(f"{where}: must be {rule!r}")
        elif key == "oneOf":
            if sum(1 for s in rule if not schema_errors(value, s, where)) != 1:
                errors.append(f"{where}: must match exactly one of {rule}")
        elif key == "required":
            if isinstance(value, dict):
                errors += [f"{where}: no '{k}'" for k in rule if k not in value]
        elif key == "properties":
            if isinstance(value, dict):
                for k, sub in rule.items():
                    if k in value:
                        errors += schema_errors(value[k], sub, f"{where}.{k}")
        elif key == "additionalProperties":
            assert rule is False
            if isinstance(value, dict):
                extra = set(value) - set(schema.get("properties", {}))
                errors += [f"{where}: unexpected '{k}'" for k in sorted(extra)]
        elif key == "items":
            if isinstance(value, list):
                for i, item in enumerate(value):
                    errors += schema_errors(item, rule, f"{where}[{i}]")
        elif key == "minItems":
            if isinstance(value, list) and len(value) < rule:
                errors.append(f"{where}: fewer than {rule} items")
        elif key == "minLength":
            if isinstance(value, str) and len(value) < rule:
                errors.append(f"{where}: shorter than {rule}")
        elif key == "pattern":
            if isinstance(value, str) and not re.search(rule, value):
                errors.append(f"{where}: does not match {rule}")
        elif key == "minimum":
            if _TYPES["number"](value) and value < rule:
                errors.append(f"{where}: below {rule}")
        elif key == "maximum":
            if _TYPES["number"](value) and value > rule:
                errors.append(f"{where}: above {rule}")
        else:
            raise AssertionError(f"the test validator does not know the keyword {key!r}")
    return errors


def played(name: str, seed: int, steps: int | None = None) -> henchmen.State:
    """A game between the greedy and random bots, to the end or for ``steps`` decisions."""
    state = henchmen.new_game(name, seed=seed)
    n = state.game.num_players
    bots = [make_bot("greedy" if p % 2 == 0 else "random", seed=seed + p) for p in range(n)]
    decisions = 0
    while not state.is_terminal and (steps is None or decisions < steps):
        state.apply(bots[state.current_player].choose(state))
        decisions += 1
    return state


@pytest.fixture(scope="module", params=GAMES)
def finished(request: pytest.FixtureRequest) -> henchmen.State:
    return played(request.param, seed=11)


def test_the_validator_catches_what_the_schema_forbids() -> None:
    doc = json.loads(make_replay(henchmen.new_game(GAMES[0], seed=1), seed=1).to_json())
    assert schema_errors(doc, SCHEMA) == []
    bad = [
        {**doc, "version": 2},
        {**doc, "version": True},
        {**doc, "extra": 1},
        {k: v for k, v in doc.items() if k != "result"},
        {**doc, "checkpoints": [{"step": 0, "hash": "ABC"}]},
        {**doc, "actions": [{**doc["actions"][0], "player": "nobody"}]},
        {**doc, "actions": [{**doc["actions"][0], "step": 0}]},
        {**doc, "players": [{"name": "x", "bot": 3, "seed": None}]},
        {**doc, "seed": -1},
        {**doc, "result": {"terminal": "yes", "returns": [], "winners": []}},
    ]
    for b in bad:
        assert schema_errors(b, SCHEMA), b


def test_written_replays_match_the_schema(finished: henchmen.State, tmp_path: Path) -> None:
    path = write_replay(tmp_path / "r.json", finished, seed=11)
    doc = json.loads(path.read_text())
    assert schema_errors(doc, SCHEMA) == []
    unfinished = played(finished.game.name, seed=12, steps=5)
    doc = json.loads(make_replay(unfinished).to_json())
    assert schema_errors(doc, SCHEMA) == []
    assert doc["result"]["terminal"] is False


def test_round_trip_for_every_game(finished: henchmen.State, tmp_path: Path) -> None:
    path = write_replay(tmp_path / "r.json", finished, seed=11)
    replay = load_replay(path)
    assert replay.final_state == finished and replay.terminal
    assert replay.returns == finished.returns
    assert [s.id for s in replay.steps] == finished.history_ids
    assert Replay.from_json(replay.to_json()) == replay
    assert replay.to_json() == path.read_text()


def test_states_and_cursor_walk_the_game(finished: henchmen.State) -> None:
    replay = make_replay(finished)
    states = list(replay.states())
    n = len(replay.steps)
    assert len(states) == n + 1 and states[-1] == finished and states[0].move_number == 0
    assert all(not s.auto_chance for s in states)
    cursor = replay.cursor()
    assert isinstance(cursor, ReplayCursor) and len(cursor) == n
    assert cursor.at_start and cursor.last_step is None and cursor.state == states[0]
    # Forward one step at a time, then back, then jumps in both directions.
    for i in range(1, n + 1):
        step = cursor.next()
        assert step.step == i and cursor.position == i and cursor.last_step == step
        if i % 37 == 0 or i == n:
            assert cursor.state == states[i]
    assert cursor.at_end
    with pytest.raises(OptionError, match="at its end"):
        cursor.next()
    for i in range(n, max(n - 70, 0), -1):
        assert cursor.prev() == replay.steps[i - 1]
        assert cursor.position == i - 1 and cursor.state == states[i - 1]
    for target in (0, n, n // 3, 5, n - 1, -1, -(n + 1), n // 2):
        expected = target if target >= 0 else n + 1 + target
        assert cursor.seek(target) == states[expected] and cursor.position == expected
    cursor.seek(0)
    with pytest.raises(OptionError, match="at its start"):
        cursor.prev()
    with pytest.raises(OptionError, match=f"from 0 to {n}"):
        cursor.seek(n + 1)
    with pytest.raises(ActionTypeError):
        cursor.seek("3")  # type: ignore[arg-type]
    # The state handed out is a copy: changing it leaves the cursor alone.
    copy = cursor.state
    copy.apply(copy.chance_outcomes[0][0] if copy.is_chance else copy.legal_action_ids[0])
    assert cursor.state == states[0]


def test_cursor_on_a_tampered_replay_fails_with_the_step(tmp_path: Path) -> None:
    state = played(GAMES[0], seed=4, steps=30)
    doc = json.loads(make_replay(state).to_json())
    doc["checkpoints"][1]["hash"] = "0" * 16
    with pytest.raises(SerializationError, match="step 10: state hash"):
        Replay.from_json(json.dumps(doc)).cursor()
    with pytest.raises(ActionTypeError):
        ReplayCursor("not a replay")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", GAMES)
def test_cut_and_corrupted_files_name_the_first_bad_step(name: str, tmp_path: Path) -> None:
    state = played(name, seed=5, steps=40)
    text = make_replay(state).to_json()
    lines = text.splitlines(keepends=True)
    first_action = next(i for i, line in enumerate(lines) if '"step": 1,' in line)
    path = tmp_path / "r.json"
    # Cut in the middle of the line of step 13.
    line = lines[first_action + 12]
    path.write_text("".join(lines[: first_action + 12]) + line[: len(line) // 2])
    with pytest.raises(SerializationError, match="intact up to step 12; step 13 and the rest"):
        load_replay(path)
    # Cut after the actions, in the checkpoints.
    path.write_text(text[: len(text) - 40])
    with pytest.raises(SerializationError, match="ends early after its last step"):
        load_replay(path)
    # Step 7 garbled in the middle of the file.
    bad = [*lines]
    bad[first_action + 6] = bad[first_action + 6].replace('"move"', '"move" "', 1)
    path.write_text("".join(bad))
    with pytest.raises(SerializationError, match="step 7 is corrupt"):
        load_replay(path)
    # Cut in the header.
    path.write_text(text[:30])
    with pytest.raises(SerializationError, match="not valid JSON: the file ends early"):
        load_replay(path)
    path.write_text("")
    with pytest.raises(SerializationError, match="not valid JSON"):
        load_replay(path)


def test_an_engine_version_mismatch_is_named(tmp_path: Path) -> None:
    state = played(GAMES[0], seed=6, steps=20)
    doc = json.loads(make_replay(state).to_json())
    doc["engine"] = "0.0.1"
    doc["actions"][5]["move"] = "fly away"  # an id alone no longer fails: the notation rules
    with pytest.raises(SerializationError, match=r"written by henchmen 0\.0\.1; this is "):
        Replay.from_json(json.dumps(doc)).verify()


def test_a_replay_with_a_measure_matches_the_schema() -> None:
    """The Seven Secret Supervillains Climb records its turns to the goal in the result."""
    options = {"mode": "climb", "goal": "upgrades", "goal_target": 1}
    state = henchmen.new_game("seven-secret-supervillains", seed=3, **options)
    bot = make_bot("greedy", seed=3)
    doc = json.loads(make_replay(state).to_json())
    assert doc["result"]["measure"] == {"name": "turns", "value": None}
    assert schema_errors(doc, SCHEMA) == []
    while not state.is_terminal:
        state.apply(bot.choose(state))
    doc = json.loads(make_replay(state).to_json())
    assert isinstance(doc["result"]["measure"]["value"], int)
    assert schema_errors(doc, SCHEMA) == []
    doc["result"]["measure"]["value"] = "22"
    assert schema_errors(doc, SCHEMA)
