"""Action ids at the edges of the action space: -1, the space's size and one past it.

Each is refused with IllegalActionError naming the action space, never an
IndexError from reading the mask past its end (an ``a <= space`` bound), in
every RL adapter, and the environment is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import henchmen
from henchmen.errors import IllegalActionError
from henchmen.rl import SingleAgentEnv, VectorEnv, aec_env
from henchmen.rl._common import action_id

SPACE = 6


def edges(space: int) -> list[Any]:
    return [-1, space, space + 1, np.int64(space), np.array(space)]


@pytest.mark.parametrize("bad", edges(SPACE), ids=repr)
def test_action_id_refuses_the_edges_of_the_space(bad: Any) -> None:
    mask = np.ones(SPACE, dtype=np.int8)
    with pytest.raises(IllegalActionError, match=r"outside the action space 0\.\.5") as info:
        action_id(bad, mask, SPACE)
    assert not isinstance(info.value, IndexError)
    assert action_id(SPACE - 1, mask, SPACE) == SPACE - 1
    assert action_id(0, mask, SPACE) == 0


def _refuses_the_edges(env: Any, state: Callable[[], henchmen.State]) -> None:
    """Every id at or past the edges of the env's action space raises IllegalActionError
    (never an IndexError) and leaves the game as it was."""
    before = state().serialize()
    for bad in edges(env.game.num_distinct_actions):
        with pytest.raises(IllegalActionError, match="outside the action space") as info:
            env.step(bad)
        assert not isinstance(info.value, IndexError)
    assert state().serialize() == before


def test_the_aec_env_refuses_the_edges_and_is_unchanged() -> None:
    env = aec_env("parry", illegal_action="raise")
    env.reset(seed=3)
    _refuses_the_edges(env, lambda: env.state_)


def test_the_single_agent_env_refuses_the_edges_or_loses_the_episode() -> None:
    env = SingleAgentEnv("parry", opponents="random", illegal_action="raise")
    env.reset(seed=4)
    _refuses_the_edges(env, lambda: env.state)
    space = env.game.num_distinct_actions
    for bad in edges(space):
        losing = SingleAgentEnv("parry", opponents="random")  # "lose", the default
        losing.reset(seed=4)
        _, reward, terminated, truncated, info = losing.step(bad)
        assert (reward, terminated, truncated) == (-1.0, True, False)
        assert info == {"illegal_action": True}


def test_the_vector_env_refuses_the_edges_and_changes_no_game() -> None:
    env = VectorEnv("parry", num_envs=2, seed=1, threads=1)
    obs, _ = env.reset()
    space = env.game.num_distinct_actions
    legal = obs["action_mask"].argmax(axis=1)
    for bad in (-1, space, space + 1):
        with pytest.raises(IllegalActionError, match=rf"game 1: action id {bad} is outside"):
            env.step(np.array([legal[0], bad]))
    assert env.actions_applied == 0
