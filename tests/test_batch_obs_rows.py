"""Every observation and mask row a batch writes equals the game's own
(``State.observation_tensor`` of the player to move, ``legal_action_ids``)
after every step, in every game and mode (tests/rl/modes.py): through resets,
games that end and restart, steps chosen from Python and at random, and a
caller's writes into the rows (a step into other buffers, in every game:
tests/test_batch_rows.py). The batch
hands games to its threads a few at a time (core/native_batch.h, Chunks), so
two threads step the same games as one."""

from __future__ import annotations

import numpy as np
import pytest
from tests.rl.modes import IDS, MODES

from henchmen.batch import VectorGame
from henchmen.rl import VectorEnv


def _assert_rows_match(
    games: VectorGame, observations: np.ndarray, mask: np.ndarray, when: str
) -> None:
    for i in range(games.num_games):
        state = games.state(i)
        np.testing.assert_array_equal(
            observations[i],
            state.observation_tensor(state.current_player),
            err_msg=f"game {i} {when}",
        )
        assert np.flatnonzero(mask[i]).tolist() == state.legal_action_ids, f"game {i} {when}"


def _first_legal(mask: np.ndarray) -> np.ndarray:
    return mask.argmax(axis=1).astype(np.int32)


@pytest.mark.parametrize(("name", "options"), MODES, ids=IDS)
def test_every_row_equals_the_states_tensor_after_every_step(name: str, options: dict) -> None:
    games = VectorGame(name, num_games=3, seed=5, threads=1, **options)
    ended = 0
    for episode in range(2):
        # The second pass cuts every game at 25 decisions, so each one's row
        # is also written after a restart, whatever the game's length.
        games._batch.set_max_steps(25 * episode)
        step = games.reset()
        _assert_rows_match(games, step.observations, step.legal_mask, f"after reset {episode}")
        for n in range(60):
            if n % 3 == 2:
                step = games.step(_first_legal(step.legal_mask))
            else:
                step = games.step_random()[1]
            ended += int(step.done.sum())
            _assert_rows_match(games, step.observations, step.legal_mask, f"after step {n}")
    if name == "parry":
        assert ended > 0, "no game ended: restarts went untested"


@pytest.mark.parametrize("name", sorted({name for name, _ in MODES}))
def test_rows_stay_right_after_a_caller_writes(name: str) -> None:
    games = VectorGame(name, num_games=3, seed=2, threads=2)
    games.reset()
    step = games.step_random()[1]
    # Observation rows are written whole every step, so a caller's write is
    # simply overwritten; mask rows are rewritten where they change, so a
    # write is refused (the error names the cause; .copy() is the caller's).
    step.observations[0, 0] = 5.0
    step.observations[1] *= 0
    with pytest.raises(ValueError, match="read-only"):
        step.legal_mask[1, 0] = True
    with pytest.raises(ValueError, match="read-only"):
        step.legal_mask[2] |= True
    mine = step.legal_mask.copy()
    mine[0] = True
    step = games.step_random()[1]
    _assert_rows_match(games, step.observations, step.legal_mask, "after a caller's writes")
    for n_step in range(20):
        step = games.step_random()[1]
        _assert_rows_match(games, step.observations, step.legal_mask, f"later, step {n_step}")


@pytest.mark.parametrize(("name", "options"), MODES, ids=IDS)
def test_vector_env_rows_equal_the_states_tensor(name: str, options: dict) -> None:
    env = VectorEnv(name, num_envs=2, seed=3, threads=1, **options)
    obs, _ = env.reset()
    rng = np.random.default_rng(0)
    for n in range(40):
        for i in range(env.num_envs):
            state = env.state(i)
            np.testing.assert_array_equal(
                obs["observation"][i].reshape(-1),
                state.observation_tensor(state.current_player).reshape(-1),
                err_msg=f"env {i} step {n}",
            )
        actions = np.array(
            [rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]], dtype=np.int32
        )
        obs = env.step(actions)[0]


@pytest.mark.parametrize("name", ["seven-secret-supervillains", "villainy"])
def test_two_threads_step_the_same_games_as_one(name: str) -> None:
    # More games than one chunk per thread, so the threads share them out.
    one = VectorGame(name, num_games=37, seed=8, threads=1)
    two = VectorGame(name, num_games=37, seed=8, threads=2)
    a, b = one.reset(), two.reset()
    for n in range(30):
        np.testing.assert_array_equal(a.observations, b.observations, err_msg=f"step {n}")
        np.testing.assert_array_equal(a.legal_mask, b.legal_mask, err_msg=f"step {n}")
        np.testing.assert_array_equal(a.rewards, b.rewards, err_msg=f"step {n}")
        actions_a, a = one.step_random()
        actions_b, b = two.step_random()
        np.testing.assert_array_equal(actions_a, actions_b, err_msg=f"step {n}")
    assert one.actions_applied == two.actions_applied
