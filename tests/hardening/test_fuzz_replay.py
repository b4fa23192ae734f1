"""Fuzzing replay files: random and mutated replays written with
henchmen.replay.write_replay and read back with load_replay. Every outcome is
a Replay whose final state validates, or a SerializationError."""

from __future__ import annotations

import functools
import json
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import henchmen
from henchmen.bots import make_bot
from henchmen.errors import HenchmenError, SerializationError
from henchmen.replay import Replay, load_replay, write_replay

from .support import COUNTS, config_params, fuzz_settings
from .test_fuzz_serialized import json_values, mutated

SETTINGS = fuzz_settings(60)

_DIR = Path(tempfile.mkdtemp(prefix="henchmen-fuzz-replay-"))


@functools.cache
def _replay_text(name: str, players: int) -> str:
    state = henchmen.new_game(name, players=players, seed=3)
    bots = [make_bot("random", seed=10 + i) for i in range(players)]
    for _ in range(40):
        if state.is_terminal:
            break
        state.apply(bots[state.current_player].choose(state))
    path = write_replay(_DIR / f"{name}-{players}.json", state, seed=3)
    return path.read_text(encoding="utf-8")


def _load(text: str) -> Replay | None:
    path = _DIR / f"case-{random.getrandbits(64):016x}.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        replay = load_replay(path)
    except SerializationError:
        return None
    finally:
        path.unlink()
    assert replay.final_state is not None
    replay.final_state.validate()
    return replay


@pytest.mark.parametrize(("name", "players"), config_params("fuzz-replay"))
def test_the_clean_replay_loads(name: str, players: int) -> None:
    replay = _load(_replay_text(name, players))
    assert replay is not None and len(replay.steps) > 0


@pytest.mark.parametrize(("name", "players"), config_params("fuzz-replay"))
@SETTINGS
@given(data=st.data())
def test_mutated_replays(name: str, players: int, data: st.DataObject) -> None:
    text = data.draw(mutated(_replay_text(name, players)))
    replay = _load(text)
    COUNTS[f"fuzz: mutated replays ({'loaded' if replay else 'refused'})"] += 1


@pytest.mark.parametrize(("name", "players"), config_params("fuzz-replay"))
@SETTINGS
@given(data=st.data())
def test_replays_with_text_edits(name: str, players: int, data: st.DataObject) -> None:
    lines = _replay_text(name, players).splitlines()
    i = data.draw(st.integers(0, len(lines) - 1))
    how = data.draw(st.integers(0, 3))
    if how == 0:
        del lines[i]
    elif how == 1:
        lines.insert(i, data.draw(st.sampled_from(lines)))
    elif how == 2:
        j = data.draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
    else:
        lines[i] = data.draw(st.text(max_size=80))
    _load("\n".join(lines))
    COUNTS["fuzz: replays with line edits"] += 1


@SETTINGS
@given(doc=json_values, text=st.text(max_size=300))
def test_random_replays(doc: object, text: str) -> None:
    for candidate in (json.dumps(doc), text, "[" * 5000, "1" * 5000):
        assert _load(candidate) is None
        COUNTS["fuzz: random replays"] += 1
    with pytest.raises(HenchmenError):
        Replay.from_json(json.dumps({"format": "henchmen-replay", "version": doc}))
