"""Positions saved by an older engine keep loading (issue 36, item 5).

tests/fixtures/positions/ holds one position per game saved by the engine of
6 December (serialized state version 2, no knowledge, no history; see make.py
there) and a Seven Secret Supervillains position whose options predate mode,
chaos_dice, goal and goal_target. Each must load, validate, keep its hash and
play on exactly as that engine played it (or, for a game whose rules changed
since, as today's engine plays it: expected.json's ``plies_pinned`` says why).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import henchmen
from henchmen.errors import SerializationError

FIXTURES = Path(__file__).parent / "fixtures" / "positions"
EXPECTED: dict[str, Any] = json.loads((FIXTURES / "expected.json").read_text())
SSS = "seven-secret-supervillains"


def _text(name: str) -> str:
    return (FIXTURES / f"{name}.json").read_text()


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_position_saved_by_an_older_engine_loads_and_plays_on_alike(name: str) -> None:
    state = henchmen.deserialize(_text(name))
    state.validate()
    assert state.position_hash == EXPECTED[name]["hash"]
    assert henchmen.Game(name).deserialize(_text(name)) == state
    for ply in EXPECTED[name]["plies"]:
        state.apply(ply["move"])  # auto chance goes on from the saved generator
        state.validate()
        assert state.position_hash == ply["hash_after"], ply["move"]


def test_a_position_saved_before_an_option_existed_loads_with_its_default() -> None:
    old = _text("sss-old-options")
    assert "mode" not in json.loads(old)["options"]
    state = henchmen.deserialize(old)
    same = henchmen.deserialize(_text(SSS))
    assert state == same and state.game == same.game
    assert state.game.options["mode"] == "duel" and state.game.options["chaos_dice"] == 2
    assert henchmen.Game(SSS).deserialize(old) == same  # through the game, too
    for ply in EXPECTED[SSS]["plies"]:
        state.apply(ply["move"])
        assert state.position_hash == ply["hash_after"]


def test_a_position_with_a_really_different_option_is_refused_by_name() -> None:
    old = _text("sss-old-options")
    with pytest.raises(SerializationError, match=r"max_turns \(saved 200, this game 20\)"):
        henchmen.Game(SSS, max_turns=20).deserialize(old)
    with pytest.raises(SerializationError, match=r"mode \(saved \"duel\", this game \"classic\"\)"):
        henchmen.Game(SSS, mode="classic").deserialize(_text(SSS))
    doc = json.loads(old)
    doc["options"]["goal"] = "fame"
    with pytest.raises(SerializationError, match="goal"):
        henchmen.Game(SSS).deserialize(json.dumps(doc))


def _knowledge(state: henchmen.State) -> list[str]:
    return list(json.loads(state.serialize())["knowledge"])


def _replayed(state: henchmen.State) -> henchmen.State:
    """The same game played again from the start: knowledge written afresh."""
    fresh = state.game.new_initial_state(auto_chance=False)
    for a in state.history_ids:
        fresh.apply(a)
    return fresh


def test_the_knowledge_saved_follows_the_game_through_saves_clones_and_undos() -> None:
    """A state keeps the knowledge text it writes and adds each step's facts to it; a
    clone that moves on, an undo and a different step after it must each write what
    the same game played afresh writes."""
    import random

    rng = random.Random(3)
    state = henchmen.Game("seven-secret-supervillains").new_initial_state(auto_chance=False)

    def step(s: henchmen.State) -> None:
        ids = s.legal_action_ids
        s.apply(ids[rng.randrange(len(ids))])

    for n in range(240):
        step(state)
        if n % 40 == 0:
            assert _knowledge(state) == _knowledge(_replayed(state))
    saved = _knowledge(state)
    clone = state.clone()
    for _ in range(30):
        step(clone)
    assert _knowledge(clone) == _knowledge(_replayed(clone))
    assert _knowledge(state) == saved, "a clone moving on changed the original's knowledge"
    for _ in range(5):
        step(state)
    _knowledge(state)  # written at the longer history, then taken back
    for _ in range(5):
        state.undo()
    assert _knowledge(state) == saved
    for _ in range(7):
        step(state)
    assert _knowledge(state) == _knowledge(_replayed(state))


@pytest.mark.parametrize("name", [info.name for info in henchmen.games()])
def test_the_position_alone_is_the_saved_states_position(name: str) -> None:
    """The core's position_json (the infoset oracle's key) is exactly what a save
    writes as "position", at the start and after some play."""
    state = henchmen.new_game(name, seed=3)
    for _ in range(3):
        assert state._s.position_json() == json.dumps(
            json.loads(state.serialize())["position"], sort_keys=True, separators=(",", ":")
        )
        for _ in range(25):
            if state.is_terminal:
                break
            state.apply(state.legal_action_ids[0])
