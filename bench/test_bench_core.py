"""pytest-benchmark suites: run with ``pytest bench/ --benchmark-only``.

These time the same operations as ``bench/run.py`` under pytest-benchmark's
statistics (rounds, outliers), one test per game and operation.
"""

from __future__ import annotations

import random

import pytest

import henchmen
from run import midgame

GAMES = [g.name for g in henchmen.games()]


def _midgame(name: str) -> henchmen.State:
    return midgame(name, seed=3, steps=40)  # a player to move: search needs one


@pytest.mark.parametrize("name", GAMES)
def test_native_random_playouts(benchmark: pytest.FixtureRequest, name: str) -> None:
    game = henchmen.Game(name)
    stats = benchmark(game.random_playouts, 100, 1, 1)
    assert stats["games"] == 100 and stats["truncated"] == 0


@pytest.mark.parametrize("name", GAMES)
def test_python_driven_game(benchmark: pytest.FixtureRequest, name: str) -> None:
    def play() -> int:
        rng = random.Random(1)
        state = henchmen.new_game(name, seed=1)
        while not state.is_terminal:
            ids = state.legal_action_ids
            state.apply(ids[rng.randrange(len(ids))])
        return state.move_number

    assert benchmark(play) > 0


@pytest.mark.parametrize("name", GAMES)
def test_clone_from_python(benchmark: pytest.FixtureRequest, name: str) -> None:
    state = _midgame(name)
    assert benchmark(state.clone) == state


@pytest.mark.parametrize("name", GAMES)
def test_legal_actions_from_python(benchmark: pytest.FixtureRequest, name: str) -> None:
    state = _midgame(name)
    assert benchmark(lambda: state.legal_action_ids)


@pytest.mark.parametrize("name", GAMES)
def test_native_ismcts(benchmark: pytest.FixtureRequest, name: str) -> None:
    from henchmen.search import ISMCTS

    state = _midgame(name)
    result = benchmark(ISMCTS(iterations=200, seed=1).search, state)
    assert result.native and result.iterations == 200
