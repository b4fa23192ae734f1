"""The batched API: shapes, dtypes, determinism across thread counts, and
equality with the single-game path."""

from __future__ import annotations

import numpy as np
import pytest

import henchmen
from henchmen import _core
from henchmen.batch import VectorGame
from henchmen.errors import IllegalActionError, OptionError

GAMES = [g.name for g in henchmen.games()]


@pytest.mark.parametrize("name", GAMES)
def test_shapes_and_dtypes(name: str) -> None:
    games = VectorGame(name, num_games=5, seed=3, threads=2)
    step = games.reset()
    game = games.game
    assert step.observations.shape == (5, *game.observation_shape)
    assert step.observations.dtype == np.float32
    assert step.legal_mask.shape == (5, game.num_distinct_actions)
    assert step.legal_mask.dtype == np.bool_
    assert step.rewards.shape == (5, game.num_players) and step.rewards.dtype == np.float32
    assert step.done.shape == (5,) and step.done.dtype == np.bool_
    assert step.current_player.shape == (5,) and step.current_player.dtype == np.int32
    assert (step.current_player >= 0).all() and step.legal_mask.any(axis=1).all()
    assert np.isfinite(step.observations).all()


def _run(name: str, threads: int, steps: int) -> list[tuple[bytes, ...]]:
    games = VectorGame(name, num_games=16, seed=11, threads=threads)
    games.reset()
    trace = []
    for _ in range(steps):
        actions, step = games.step_random()
        trace.append(
            (
                actions.tobytes(),
                step.observations.tobytes(),
                step.legal_mask.tobytes(),
                step.rewards.tobytes(),
                step.done.tobytes(),
            )
        )
    return trace


@pytest.mark.parametrize("name", GAMES)
def test_same_results_whatever_the_thread_count(name: str) -> None:
    assert _run(name, 1, 60) == _run(name, 2, 60) == _run(name, 3, 60)


@pytest.mark.parametrize("name", GAMES)
def test_each_game_matches_the_single_game_path(name: str) -> None:
    seed = 5
    games = VectorGame(name, num_games=4, seed=seed, threads=2)
    step = games.reset()
    singles = [henchmen.new_game(name, seed=_core.derive_seed(seed, i)) for i in range(4)]
    for _ in range(40):
        for i, single in enumerate(singles):
            assert single.current_player == step.current_player[i]
            np.testing.assert_array_equal(
                single.observation_tensor(single.current_player), step.observations[i]
            )
            assert np.flatnonzero(step.legal_mask[i]).tolist() == single.legal_action_ids
            assert games.state(i) == single
        actions = np.array([s.legal_action_ids[-1] for s in singles], dtype=np.int32)
        for single, a in zip(singles, actions, strict=True):
            single.apply(int(a))
        step = games.step(actions)
        if step.done.any():
            break


def test_games_that_end_restart_and_report_their_returns() -> None:
    games = VectorGame(
        "seven-secret-supervillains", num_games=8, seed=2, observations=False, legal_mask=False
    )
    games.reset()
    ended = 0
    for _ in range(20000):
        _, step = games.step_random()
        for i in np.flatnonzero(step.done):
            ended += 1
            assert sorted(step.rewards[i].tolist()) == [-1.0, 1.0] or step.rewards[i].tolist() == [
                0.0,
                0.0,
            ]
        assert not step.rewards[~step.done].any()
        if ended >= 8:
            break
    assert ended >= 8 and games.episodes_finished == ended


def test_an_illegal_action_names_the_game_and_changes_nothing() -> None:
    games = VectorGame("seven-secret-supervillains", num_games=3, seed=1)
    step = games.reset()
    before = [games.state(i).serialize() for i in range(3)]
    actions = np.array([np.flatnonzero(m)[0] for m in step.legal_mask], dtype=np.int32)
    actions[2] = 0 if not step.legal_mask[2, 0] else games.game.num_distinct_actions - 1
    with pytest.raises(IllegalActionError, match="game 2"):
        games.step(actions)
    assert [games.state(i).serialize() for i in range(3)] == before


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_games": 0}, "num_games"),
        ({"num_games": 2, "threads": 0}, "threads"),
        ({"num_games": 2, "observations": "yes"}, "observations"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        VectorGame("seven-secret-supervillains", **kwargs)  # type: ignore[arg-type]


def test_actions_of_the_wrong_shape() -> None:
    games = VectorGame("seven-secret-supervillains", num_games=3, seed=1)
    games.reset()
    with pytest.raises(IllegalActionError, match="3 integer action ids"):
        games.step([1, 2])
