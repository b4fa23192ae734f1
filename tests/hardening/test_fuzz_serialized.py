"""Fuzzing deserialize with random and mutated serialized states.

Mutations of real positions: flip a field, delete a key, change a number
(by one or to an extreme), swap card names, replace a value with one of
another type, truncate the text, flip a byte. Every outcome is a
SerializationError (a henchmen error) or a state that passes validate(),
round-trips exactly, and keeps passing validate() through random play: the
only defence against a tampered state is the game's from_json + validate,
so anything they accept must be a position the rules can continue from.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st

import henchmen
from henchmen.errors import HenchmenError

from .support import (
    COUNTS,
    config_params,
    fuzz_settings,
    one_spot_edits,
    play_random,
    positions,
    two_shares,
)

# CI runs are derandomized (the same examples every run, so a pass or a
# known failure is stable); long runs explore afresh every time.
SETTINGS = fuzz_settings(150)

JsonPath = tuple[str | int, ...]


def _paths(doc: Any, prefix: JsonPath = ()) -> list[JsonPath]:
    out: list[JsonPath] = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, (*prefix, i))
    return out


def _strings(doc: Any) -> list[str]:
    if isinstance(doc, str):
        return [doc]
    if isinstance(doc, dict):
        return [*doc.keys(), *(s for v in doc.values() for s in _strings(v))]
    if isinstance(doc, list):
        return [s for v in doc for s in _strings(v)]
    return []


def _get(doc: Any, path: JsonPath) -> Any:
    for p in path:
        doc = doc[p]
    return doc


def _set(doc: Any, path: JsonPath, value: Any) -> Any:
    if not path:
        return value
    _get(doc, path[:-1])[path[-1]] = value
    return doc


json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**63), 2**63 - 1),
        st.integers(-3, 130),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=12),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """A serialized state with 1-3 tampered spots (or its text truncated or flipped)."""
    doc = json.loads(text)
    names = sorted(set(_strings(doc)))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths))
        value = _get(doc, path)
        how = draw(st.integers(0, 7))
        if how == 0 and path:  # delete a key or a list entry
            parent = _get(doc, path[:-1])
            del parent[path[-1]]
        elif how == 1 and isinstance(value, bool):
            doc = _set(doc, path, not value)
        elif how == 1 and isinstance(value, int):
            doc = _set(doc, path, value + draw(st.sampled_from([-1, 1, -100, 100, 2**40])))
        elif how == 2 and isinstance(value, str) and names:  # swap in another name
            doc = _set(doc, path, draw(st.sampled_from(names)))
        elif how == 3 and isinstance(value, list) and value:  # duplicate or drop an entry
            if draw(st.booleans()):
                value.append(draw(st.sampled_from(value)))
            else:
                value.pop(draw(st.integers(0, len(value) - 1)))
        elif how == 4 and isinstance(value, list) and names:  # add a card name
            value.insert(draw(st.integers(0, len(value))), draw(st.sampled_from(names)))
        elif how == 5 and isinstance(value, dict) and names:  # add a key
            value[draw(st.sampled_from(names))] = draw(json_values)
        elif how == 6 and isinstance(value, list) and len(value) > 1:
            i, j = draw(st.integers(0, len(value) - 1)), draw(st.integers(0, len(value) - 1))
            value[i], value[j] = value[j], value[i]
        else:  # a value of any type in its place
            doc = _set(doc, path, draw(json_values))
    out = json.dumps(doc, separators=(",", ":"), sort_keys=draw(st.booleans()))
    cut = draw(st.integers(0, 12))
    if cut == 0:
        out = out[: draw(st.integers(0, len(out)))]
    elif cut == 1:
        i = draw(st.integers(0, len(out) - 1))
        out = out[:i] + chr(draw(st.integers(0, 0x10FFFF)) or 1) + out[i + 1 :]
    return out


def _play_on(state: henchmen.State, seed: int, steps: int) -> None:
    """A state deserialize accepted must keep its invariants through random play."""
    s = state._s

    def still_valid() -> None:
        s.validate()
        state.observation_tensor(max(0, s.current_player))

    play_random(state, steps, random.Random(seed), still_valid)


def check_text(text: str, seed: int) -> henchmen.State | None:
    """deserialize(text) is a henchmen error or a fully valid state (returned)."""
    try:
        state = henchmen.deserialize(text)
    except HenchmenError:
        return None
    state.validate()
    again = henchmen.deserialize(state.serialize())
    assert again == state and again.serialize() == state.serialize()
    for p in range(state.game.num_players):
        json.dumps(state.observation(p))
    str(state)
    _play_on(state.clone(), seed, 150)
    return state


def _mutated_serialized_states(name: str, players: int, data: st.DataObject) -> None:
    for label, state in positions(name, players):
        text = data.draw(mutated(state.serialize()), label=label)
        before = state.serialize()
        accepted = check_text(text, data.draw(st.integers(0, 2**32), label="seed"))
        # Through the game object: the same verdict when the text names this
        # game with these options (other options make another game, refused).
        try:
            via_game = state.game.deserialize(text)
        except HenchmenError:
            via_game = None
        if accepted is not None and accepted.game == state.game:
            assert via_game == accepted
        if via_game is not None:
            assert accepted == via_game
        assert state.serialize() == before
        COUNTS[f"fuzz: mutated states ({'refused' if accepted is None else 'accepted'})"] += 1


test_mutated_serialized_states, test_mutated_serialized_states_afresh = two_shares(
    _mutated_serialized_states, "fuzz-serialized", 150
)


def _random_serialized_states(name: str, players: int, data: st.DataObject) -> None:
    doc = json.loads(positions(name, players)[0][1].serialize())
    random_doc = data.draw(json_values)
    # Random position bodies inside a well-formed envelope, and random text.
    doc["position"] = random_doc
    for text in (json.dumps(doc), json.dumps(random_doc), data.draw(st.text(max_size=200))):
        check_text(text, 0)
        COUNTS["fuzz: random states"] += 1


test_random_serialized_states, test_random_serialized_states_afresh = two_shares(
    _random_serialized_states, "fuzz-serialized-random", 150
)


def _single_tampers(doc: Any) -> Iterator[tuple[str, str]]:
    """Every one-spot tampering of a position, as the saved text: each boolean flipped,
    each number moved by one, each name swapped for the next name in the document, each
    list entry dropped or duplicated, each object key deleted."""
    names = sorted(set(_strings(doc)))
    position = doc["position"]
    # The rest of the save (the knowledge, two thirds of it) is written once, around the
    # position; each tampering is made in place, the position written, and undone.
    marker = json.dumps("\0position\0")
    head, tail = json.dumps({**doc, "position": "\0position\0"}).split(marker)

    def written(path: JsonPath, new: Any) -> str:
        if len(path) == 1:
            return head + json.dumps(new) + tail
        parent, key = _get(doc, path[:-1]), path[-1]
        old = parent[key]
        parent[key] = new
        try:
            return head + json.dumps(position) + tail
        finally:
            parent[key] = old

    for path in _paths(position, ("position",)):
        value = _get(doc, path)
        for how, new in one_spot_edits(value, names):
            yield f"{how} at {'.'.join(map(str, path))}", written(path, new)
        parent = _get(doc, path[:-1])
        if isinstance(parent, dict):
            # The object without the key, its other keys in their order.
            rest = {k: v for k, v in parent.items() if k != path[-1]}
            what = f"delete {'.'.join(map(str, path))}"
            yield what, json.dumps(rest) if len(path) == 1 else written(path[:-1], rest)


@pytest.mark.parametrize(("name", "players"), config_params("tamper-every-field"))
def test_every_single_field_tampering(name: str, players: int) -> None:
    """Deterministic and exhaustive: each one-spot tampering of each fixed
    position is refused, or accepted as a state that stays valid in play."""
    broken: list[str] = []
    for label, state in positions(name, players):
        if label in ("initial", "terminal"):
            continue  # setup-chance, midgame, midgame-chance and late cover every phase
        for what, text in _single_tampers(json.loads(state.serialize())):
            try:
                check_text(text, 0)
            except HenchmenError as e:
                broken.append(f"{label}: {what}: accepted, then play broke: {e}")
            COUNTS["fuzz: single-field tamperings"] += 1
    assert not broken, f"{len(broken)} tampered states accepted but invalid:\n" + "\n".join(
        broken[:20]
    )


REGRESSIONS = sorted(
    (Path(__file__).resolve().parents[2] / "cpp" / "fuzz" / "regressions").glob("*")
)


@pytest.mark.parametrize("path", REGRESSIONS, ids=[p.name for p in REGRESSIONS])
def test_fuzz_regressions(path: Path) -> None:
    """Inputs the fuzzers once broke the engine with: refused now, or valid in play."""
    for seed in range(20):
        check_text(path.read_text(encoding="utf-8", errors="replace"), seed)
