"""The PettingZoo AEC environment: PettingZoo's own tests, seeding, no leaks, bad input."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from tests.rl.modes import IDS, MODES

import henchmen
from henchmen.errors import ActionTypeError, IllegalActionError, OptionError, UsageError
from henchmen.rl import aec_env

# api_test's advice that holds for every masked game (PettingZoo's own classic
# games are listed as exceptions to it): the space is a dict of observation
# and mask, and the mask of an agent who is not to act is all zeros.
ADVISORY = (
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
    "Observation is not a NumPy array",  # it is the dict; its arrays are checked too
    "Action mask numpy array is all zeros (no legal actions).",
)


@pytest.mark.parametrize(("name", "options"), MODES, ids=IDS)
def test_pettingzoo_api_test(name: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        api_test(aec_env(name, **options), num_cycles=300)
    assert {str(w.message) for w in seen} <= set(ADVISORY)


@pytest.mark.parametrize(("name", "options"), MODES, ids=IDS)
def test_pettingzoo_seed_test(name: str, options: dict[str, Any]) -> None:
    seed_test(lambda: aec_env(name, **options), num_cycles=300)


def play(env: Any, episodes: int, seed: int | None) -> list[tuple[str, int, float, bytes]]:
    """A whole run: a reset seeded once, then episodes of first-legal moves."""
    trace = []
    env.reset(seed=seed)
    for _ in range(episodes):
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            action = None if term or trunc else int(np.flatnonzero(obs["action_mask"])[-1])
            seen = obs["observation"].tobytes()
            trace.append((agent, -1 if action is None else action, reward, seen))
            env.step(action)
        env.reset()
    return trace


def test_one_seed_fixes_the_whole_run() -> None:
    kw = {"max_steps": 60}
    a = play(aec_env("seven-secret-supervillains", **kw), 3, seed=11)
    b = play(aec_env("seven-secret-supervillains", **kw), 3, seed=11)
    c = play(aec_env("seven-secret-supervillains", **kw), 3, seed=12)
    assert a == b
    assert a != c


def test_rewards_are_the_games_returns_at_the_end() -> None:
    env = aec_env("parry", players=3)
    env.reset(seed=4)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    returns = env.state_.returns
    assert env.state_.is_terminal
    assert totals == {f"player_{p}": returns[p] for p in range(3)}


def test_observation_is_the_engines_view_and_only_the_actor_has_a_mask() -> None:
    env = aec_env("seven-secret-supervillains")
    env.reset(seed=2)
    for _ in range(40):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    s = env.state_
    actor = s.current_player
    for p, agent in enumerate(env.possible_agents):
        obs = env.observe(agent)
        np.testing.assert_array_equal(obs["observation"], s.observation_tensor(p))
        expected = s.legal_actions_mask() if p == actor else np.zeros_like(obs["action_mask"])
        np.testing.assert_array_equal(obs["action_mask"].astype(bool), expected)


def test_no_leak_a_resampled_world_looks_the_same() -> None:
    """What the observer cannot see, redrawn, changes nothing it is handed."""
    env = aec_env("legendary", players=2)
    env.reset(seed=5)
    for _ in range(30):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    s = env.state_
    for p, agent in enumerate(env.possible_agents):
        twin = s.resample(p, seed=9)
        assert twin.serialize() != s.serialize()
        np.testing.assert_array_equal(env.observe(agent)["observation"], twin.observation_tensor(p))


def test_truncation_after_max_steps() -> None:
    env = aec_env("seven-secret-supervillains", max_steps=5)
    env.reset(seed=1)
    for _ in range(5):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert env.rewards == dict.fromkeys(env.agents, 0.0)
    for agent in list(env.agents):
        assert env.observe(agent)["action_mask"].sum() == 0
        env.step(None)
    assert env.agents == []


def live(env: Any) -> tuple[Any, str]:
    env.reset(seed=3)
    return env, env.state_.serialize()


def test_bad_input_raises_henchmen_errors_and_changes_nothing() -> None:
    env = aec_env("seven-secret-supervillains", illegal_action="raise")
    with pytest.raises(UsageError):
        env.step(0)
    with pytest.raises(UsageError):
        env.observe("player_0")
    env, before = live(env)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    for bad, error in [
        (illegal, IllegalActionError),
        (-1, IllegalActionError),
        (10**9, IllegalActionError),
        ("end turn", ActionTypeError),
        (1.0, ActionTypeError),
        (None, ActionTypeError),
        (np.array([1, 2]), ActionTypeError),
    ]:
        with pytest.raises(error):
            env.step(bad)
        assert env.state_.serialize() == before
    env.step(np.int64(np.flatnonzero(mask)[0]))  # numpy integers are actions
    with pytest.raises(UsageError):
        env.observe("player_9")
    with pytest.raises(OptionError):
        aec_env("seven-secret-supervillains", render_mode="rgb_array")
    with pytest.raises(OptionError):
        aec_env("seven-secret-supervillains", max_steps=0)
    with pytest.raises(OptionError, match="illegal_action must be one of 'lose', 'raise'"):
        aec_env("seven-secret-supervillains", illegal_action="ignore")
    with pytest.raises(henchmen.errors.UnknownGameError):
        aec_env("no-such-game")


def test_calls_out_of_order_after_the_end() -> None:
    env = aec_env("parry", max_steps=1)
    env.reset(seed=1)
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    with pytest.raises(UsageError):
        env.step(0)  # a done agent's step takes None
    env.step(None)
    env.step(None)
    with pytest.raises(UsageError):
        env.step(None)  # everyone has left


def test_an_illegal_action_loses_by_default_and_ends_the_episode() -> None:
    """PettingZoo's classic convention: the offender gets -1, the others 0, everyone is done."""
    env = aec_env("parry", players=3)
    env.reset(seed=3)
    before = env.state_.serialize()
    offender = env.agent_selection
    mask = env.observe(offender)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.state_.serialize() == before  # the game itself is left as it was
    assert all(env.terminations.values()) and not any(env.truncations.values())
    assert env.infos[offender] == {"illegal_action": True}
    totals = {}
    for agent in env.agent_iter():
        obs, reward, term, _, _ = env.last()
        assert term and obs["action_mask"].sum() == 0
        totals[agent] = reward
        env.step(None)
    assert totals == {a: (-1.0 if a == offender else 0.0) for a in env.possible_agents}
    with pytest.raises(ActionTypeError):  # not an action id at all: raised, never a loss
        live(aec_env("parry"))[0].step("strike")


def test_the_modes_tested_include_every_games_default_settings() -> None:
    """api_test, seed_test and the parallel tests run on MODES: defaults included, every game."""
    for info in henchmen.games():
        default = henchmen.Game(info.name).options
        assert any(
            name == info.name and henchmen.Game(name, **options).options == default
            for name, options in MODES
        ), info.name
