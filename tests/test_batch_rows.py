"""A batch rewrites its legal-mask rows only where they change
(cpp/core/mask_rows.h): the rows (and the observations beside them) must
still equal each game's own after many steps and restarts and after a step
written into other buffers, and the masks are read-only from Python so that
nothing else changes them."""

from __future__ import annotations

import numpy as np
import pytest

import henchmen
from henchmen.batch import VectorGame
from henchmen.rl import VectorEnv

GAMES = [g.name for g in henchmen.games()]


def _assert_rows_match(games: VectorGame, observations: np.ndarray, mask: np.ndarray) -> None:
    for i in range(games.num_games):
        state = games.state(i)
        np.testing.assert_array_equal(
            observations[i], state.observation_tensor(state.current_player), err_msg=f"game {i}"
        )
        assert np.flatnonzero(mask[i]).tolist() == state.legal_action_ids, f"game {i}"


@pytest.mark.parametrize("name", GAMES)
def test_rows_stay_equal_to_each_games_tensor_and_mask(name: str) -> None:
    games = VectorGame(name, num_games=4, seed=9, threads=2)
    step = games.reset()
    ended = 0
    for _ in range(150):
        _assert_rows_match(games, step.observations, step.legal_mask)
        step = games.step_random()[1]
        ended += int(step.done.sum())
    _assert_rows_match(games, step.observations, step.legal_mask)
    # Restarts rewrite rows too: a short game must have ended by now.
    if name == "parry":
        assert ended > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_step_into_other_buffers_writes_them_whole(name: str) -> None:
    games = VectorGame(name, num_games=3, seed=4, threads=1)
    games.reset()
    games.step_random()
    n, game = games.num_games, games.game
    # Buffers full of what no row holds: a batch that assumed they were its
    # own rows would leave the garbage in place.
    obs = np.full((n, int(np.prod(game.observation_shape))), 7.0, dtype=np.float32)
    mask = np.ones((n, game.num_distinct_actions), dtype=np.bool_)
    rewards = np.zeros((n, game.num_players), dtype=np.float32)
    done = np.zeros(n, dtype=np.bool_)
    player = np.zeros(n, dtype=np.int32)
    actions = np.zeros(n, dtype=np.int32)
    games._batch.step_random(game._core, actions, obs, mask, rewards, done, player)
    _assert_rows_match(games, obs, mask)
    # Back to the VectorGame's own buffers, which missed that step.
    step = games.step_random()[1]
    _assert_rows_match(games, step.observations, step.legal_mask)


def test_the_masks_are_read_only() -> None:
    games = VectorGame("seven-secret-supervillains", num_games=2, seed=1, threads=1)
    step = games.reset()
    with pytest.raises(ValueError, match="read-only"):
        step.legal_mask[0, 0] = True
    env = VectorEnv("legendary", num_envs=2, seed=1, threads=1)
    obs, _ = env.reset()
    with pytest.raises(ValueError, match="read-only"):
        obs["action_mask"][0] &= False
    # A copy is the caller's own; the observations are written whole, so
    # they stay writable (torch.from_numpy takes them without a warning).
    mine = obs["action_mask"].copy()
    mine[0] = False
    obs["observation"][0] *= 0
    step.observations[0] *= 0
    step = games.step_random()[1]
    _assert_rows_match(games, step.observations, step.legal_mask)
