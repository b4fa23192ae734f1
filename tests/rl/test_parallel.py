"""The PettingZoo parallel environment: PettingZoo's own tests, the one-actor rule, bad input."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test
from tests.rl.modes import IDS, MODES

from henchmen.errors import ActionTypeError, IllegalActionError, UsageError
from henchmen.rl import aec_env, parallel_env
from henchmen.rl.parallel import HenchmenParallelEnv


@pytest.mark.parametrize(("name", "options"), MODES, ids=IDS)
def test_pettingzoo_parallel_api_test(name: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        parallel_api_test(parallel_env(name, **options), num_cycles=300)
    assert not [str(w.message) for w in seen]


@pytest.mark.parametrize(("name", "options"), MODES, ids=IDS)
def test_pettingzoo_parallel_seed_test(name: str, options: dict[str, Any]) -> None:
    parallel_seed_test(lambda: parallel_env(name, **options), num_cycles=300)


def actor(observations: dict[str, Any]) -> str:
    (who,) = [a for a, o in observations.items() if o["action_mask"].any()]
    return who


def test_only_the_acting_agents_action_is_applied_as_in_the_aec_game() -> None:
    """Every step: one agent has a mask, its action is the AEC step, the others' are ignored."""
    par, aec = parallel_env("villainy", players=3), aec_env("villainy", players=3)
    observations, _ = par.reset(seed=6)
    aec.reset(seed=6)
    rng = np.random.default_rng(1)
    for _ in range(200):
        who = actor(observations)
        assert who == aec.agent_selection
        legal = np.flatnonzero(observations[who]["action_mask"])
        move = int(rng.choice(legal))
        # The others send actions their (all-zero) masks do not allow: ignored, not refused.
        actions = {a: (move if a == who else 10**6) for a in par.agents}
        observations = par.step(actions)[0]
        aec.step(move)
        assert par.state_.serialize() == aec.state_.serialize()
        for a in observations:
            seen = observations[a]["observation"]
            np.testing.assert_array_equal(seen, aec.observe(a)["observation"])
        if not par.agents:
            break


def test_the_end_rewards_every_agent_with_its_return_and_all_leave() -> None:
    env = parallel_env("parry", players=3)
    observations, _ = env.reset(seed=4)
    rewards: dict[str, float] = {}
    while env.agents:
        who = actor(observations)
        move = int(np.flatnonzero(observations[who]["action_mask"])[0])
        observations, rewards, terminations, truncations, _ = env.step({who: move})
    assert env.state_.is_terminal and all(terminations.values()) and not any(truncations.values())
    assert rewards == {f"player_{p}": r for p, r in enumerate(env.state_.returns)}


def test_truncation_after_max_steps() -> None:
    env = parallel_env("seven-secret-supervillains", max_steps=3)
    observations, _ = env.reset(seed=1)
    for _ in range(3):
        who = actor(observations)
        observations, rewards, terminations, truncations, _ = env.step(
            {who: int(np.flatnonzero(observations[who]["action_mask"])[0])}
        )
    assert all(truncations.values()) and not any(terminations.values())
    assert set(rewards.values()) == {0.0} and env.agents == []


def test_bad_input_raises_henchmen_errors_and_changes_nothing() -> None:
    env = HenchmenParallelEnv("seven-secret-supervillains", illegal_action="raise")
    with pytest.raises(UsageError, match="reset"):
        env.step({})
    observations, _ = env.reset(seed=3)
    before = env.state_.serialize()
    who = actor(observations)
    other = next(a for a in env.agents if a != who)
    illegal = int(np.flatnonzero(observations[who]["action_mask"] == 0)[0])
    for bad, error, match in [
        ({other: 0}, UsageError, f"{who} is to act"),
        ({}, UsageError, f"{who} is to act"),
        ({who: 0, "player_7": 0}, UsageError, "no agent in the game named 'player_7'"),
        ({who: illegal}, IllegalActionError, "not legal now"),
        ({who: "end turn"}, ActionTypeError, "int action id"),
        ([0, 0], ActionTypeError, "dict from agent name"),
    ]:
        with pytest.raises(error, match=match):
            env.step(bad)  # type: ignore[arg-type]
        assert env.state_.serialize() == before
    short = parallel_env("parry", max_steps=1)
    observations, _ = short.reset(seed=1)
    who = actor(observations)
    short.step({who: int(np.flatnonzero(observations[who]["action_mask"])[0])})
    with pytest.raises(UsageError, match="reset"):
        short.step({who: 0})  # the episode is over: everyone left


def test_an_illegal_action_loses_by_default() -> None:
    """parallel_seed_test steps unmasked random actions: the default takes them as a loss."""
    env = parallel_env("parry", players=3)
    observations, _ = env.reset(seed=3)
    before = env.state_.serialize()
    who = actor(observations)
    illegal = int(np.flatnonzero(observations[who]["action_mask"] == 0)[0])
    observations, rewards, terminations, truncations, infos = env.step({who: illegal})
    assert rewards == {a: (-1.0 if a == who else 0.0) for a in env.possible_agents}
    assert all(terminations.values()) and not any(truncations.values())
    assert infos[who] == {"illegal_action": True} and env.agents == []
    assert env.state_.serialize() == before
