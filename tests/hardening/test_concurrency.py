"""Concurrency: states used from many Python threads (one state per thread)
and the native batch routines (random_playouts, play_matches, VectorGame,
State.search) called concurrently give exactly the results of serial runs.
The rules these tests back are in docs/reliability.md."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import numpy as np
import pytest

import henchmen
from henchmen.batch import VectorGame
from henchmen.search import MCTS

from .support import COUNTS, config_params, scaled

THREADS = 6
T = TypeVar("T")


def _both(jobs: Sequence[Callable[[], T]]) -> tuple[list[T], list[T]]:
    """The jobs run one after another, then all at once on THREADS threads."""
    serial = [job() for job in jobs]
    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        parallel = list(pool.map(lambda job: job(), jobs))
    return serial, parallel


def _play(name: str, players: int, seed: int) -> tuple[str, list[int]]:
    state = henchmen.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        ids = state.legal_action_ids
        state.apply(ids[rng.randrange(len(ids))])
        if state.move_number % 50 == 0:
            state.clone().validate()
            state.observation_tensor(0)
    return state.serialize(), state.history_ids


@pytest.mark.parametrize(("name", "players"), config_params("concurrency-states"))
def test_one_state_per_thread_matches_serial(name: str, players: int) -> None:
    seeds = range(scaled(12, 60))
    serial, parallel = _both([functools.partial(_play, name, players, s) for s in seeds])
    assert serial == parallel
    COUNTS["concurrency: games played in threads"] += len(parallel)


#: What a native routine reports of its clock: it differs from run to run.
TIMES = ("seconds", "decision_seconds", "decision_cpu_seconds")


def _stats(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if k not in TIMES}


@pytest.mark.parametrize(("name", "players"), config_params("concurrency-native"))
def test_native_batch_routines_concurrently(name: str, players: int) -> None:
    game = henchmen.Game(name, players=players)
    core = game._core
    games = scaled(40, 400)
    # Greedy seats average two chance playouts (their default is four): the
    # same code, at half the cost (most of this test's under the sanitizers).
    bots = [{"kind": "random"}, {"kind": "greedy", "chance_samples": 2}] * players
    jobs: list[Callable[[], Any]] = []

    def playouts(seed: int, threads: int) -> dict[str, Any]:
        return _stats(core.random_playouts(games, seed, threads))

    def matches(seed: int) -> dict[str, Any]:
        return _stats(core.play_matches(bots[:players], games // 4, seed, 2))

    for seed in range(3):
        jobs.append(functools.partial(playouts, seed, 2))
        jobs.append(functools.partial(playouts, seed, 1))
        jobs.append(functools.partial(matches, seed))
    serial, parallel = _both(jobs)
    assert serial == parallel
    # The thread count inside a routine changes nothing but the order in which
    # mean returns are summed (floating point: the last bits may differ).
    one, two = dict(serial[0]), dict(serial[1])
    means = one.pop("mean_returns"), two.pop("mean_returns")
    assert means[0] == pytest.approx(means[1], rel=1e-12, abs=1e-12)
    assert one == two
    COUNTS["concurrency: native games in concurrent batches"] += 3 * (2 * games + games // 4)


def _vector_run(name: str, players: int, seed: int, threads: int, steps: int) -> list[bytes]:
    vec = VectorGame(name, 16, seed=seed, threads=threads, players=players)
    out = [vec.reset().observations.tobytes()]
    for _ in range(steps):
        actions, step = vec.step_random()
        out += [actions.tobytes(), step.observations.tobytes(), step.rewards.tobytes()]
        out.append(step.legal_mask.tobytes())
    return out


@pytest.mark.parametrize(("name", "players"), config_params("concurrency-vector"))
def test_vector_games_concurrently(name: str, players: int) -> None:
    steps = scaled(60, 600)
    jobs = [
        functools.partial(_vector_run, name, players, s, t, steps) for s in range(3) for t in (1, 2)
    ]
    serial, parallel = _both(jobs)
    assert serial == parallel
    assert serial[0] == serial[1]  # the thread count does not matter
    COUNTS["concurrency: vector game steps"] += len(jobs) * 16 * steps


@pytest.mark.parametrize(("name", "players"), config_params("concurrency-search"))
def test_search_concurrently(name: str, players: int) -> None:
    state = henchmen.new_game(name, players=players, seed=4)
    for _ in range(7):
        state.apply(state.legal_action_ids[-1])
    if state.is_terminal:
        pytest.fail("the position for search ended too early")
    iterations = scaled(60, 400)

    def search(seed: int, shared: bool) -> tuple[int, list[tuple[int, int]]]:
        # One shared state searched from many threads (search does not change
        # it), or a clone per thread.
        s = state if shared else state.clone()
        r = MCTS(iterations=iterations, seed=seed, determinize=True).search(s)
        return r.best.id, [(a.id, n) for a, n, _ in r.children]

    before = state.serialize()
    jobs = [functools.partial(search, k, sh) for k in range(4) for sh in (True, False)]
    serial, parallel = _both(jobs)
    assert serial == parallel
    assert state.serialize() == before
    COUNTS["concurrency: searches"] += len(jobs) * 2


def test_vector_game_arrays_are_independent() -> None:
    a = _vector_run(henchmen.games()[0].name, henchmen.games()[0].min_players, 9, 2, 5)
    b = _vector_run(henchmen.games()[0].name, henchmen.games()[0].min_players, 9, 2, 5)
    assert a == b and np.frombuffer(a[0], dtype=np.float32).size > 0
