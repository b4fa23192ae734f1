"""The Gymnasium single-seat environment: the env checker, bots, seeding, bad input."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import henchmen
from henchmen.errors import ActionTypeError, IllegalActionError, OptionError, UsageError
from henchmen.rl import SingleAgentEnv


@pytest.mark.parametrize("name", [g.name for g in henchmen.games()])
def test_gymnasium_env_checker_passes_with_the_default_settings(name: str) -> None:
    # The checker steps unmasked random actions, which the default ("lose") accepts as
    # Gymnasium's contract asks; the old default raised at its first illegal one.
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        check_env(SingleAgentEnv(name), skip_render_check=True)
    assert not [str(w.message) for w in seen]


@pytest.mark.parametrize(
    ("name", "options"), [("legendary", {"players": 1}), ("parry", {"players": 3})]
)
def test_gymnasium_env_checker_in_other_modes(name: str, options: dict[str, int]) -> None:
    check_env(SingleAgentEnv(name, opponents="greedy", **options), skip_render_check=True)


def first_legal_episode(env: SingleAgentEnv, seed: int) -> tuple[list[int], float]:
    obs, _ = env.reset(seed=seed)
    actions, total, done = [], 0.0, False
    while not done:
        a = int(np.flatnonzero(obs["action_mask"])[0])
        actions.append(a)
        obs, reward, term, trunc, _ = env.step(a)
        total += reward
        done = term or trunc
    return actions, total


def test_plays_against_bot_specs_and_the_reward_is_the_seats_return() -> None:
    env = SingleAgentEnv("parry", opponents=["greedy", "ismcts:iterations=5"], seat=1, players=3)
    actions, total = first_legal_episode(env, seed=7)
    assert env.state.is_terminal and actions
    assert total == env.state.returns[1]
    assert first_legal_episode(env, seed=7) == (actions, total)


def test_the_agent_only_sees_its_own_seat() -> None:
    env = SingleAgentEnv("seven-secret-supervillains", seat=1)
    obs, _ = env.reset(seed=2)
    assert env.state.current_player == 1
    np.testing.assert_array_equal(obs["observation"], env.state.observation_tensor(1))
    np.testing.assert_array_equal(obs["action_mask"].astype(bool), env.state.legal_actions_mask())


def test_truncation_and_calls_out_of_order() -> None:
    env = SingleAgentEnv("seven-secret-supervillains", max_steps=3)
    with pytest.raises(UsageError):
        env.step(0)
    obs, _ = env.reset(seed=1)
    for _i in range(3):
        obs, reward, term, trunc, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert trunc and not term and reward == 0.0
    with pytest.raises(UsageError):
        env.step(0)


def test_bad_input() -> None:
    env = SingleAgentEnv("seven-secret-supervillains", illegal_action="raise")
    obs, _ = env.reset(seed=1)
    before = env.state.serialize()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    with pytest.raises(ActionTypeError):
        env.step("play")
    assert env.state.serialize() == before
    lose = SingleAgentEnv("seven-secret-supervillains")  # the default
    assert lose.illegal_action == "lose"
    lose.reset(seed=1)
    with pytest.raises(ActionTypeError):  # not an action id: raised, never a loss
        lose.step("play")
    obs, reward, term, trunc, info = lose.step(illegal)
    assert (reward, term, trunc, info) == (-1.0, True, False, {"illegal_action": True})
    assert obs["action_mask"].sum() == 0 and not lose.action_masks().any()
    with pytest.raises(UsageError):
        lose.step(illegal)
    with pytest.raises(OptionError):
        SingleAgentEnv("parry", opponents=["random", "random"], players=2)
    with pytest.raises(OptionError):
        SingleAgentEnv("parry", opponents="nobody")
    with pytest.raises(OptionError):
        SingleAgentEnv("parry", illegal_action="ignore")
    with pytest.raises(ActionTypeError):
        SingleAgentEnv("parry", opponents=3)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="render_mode"):
        SingleAgentEnv("parry", render_mode="rgb_array")


def test_action_masks_are_the_legal_actions_for_maskable_ppo() -> None:
    env = SingleAgentEnv("super", opponents="greedy")
    env.reset(seed=2)
    for _ in range(20):
        masks = env.action_masks()
        assert masks.dtype == np.bool_
        np.testing.assert_array_equal(masks, env.state.legal_actions_mask())
        _, _, term, trunc, _ = env.step(int(np.flatnonzero(masks)[-1]))
        if term or trunc:
            break


def test_human_render_mode_prints_every_reset_and_step(capsys: pytest.CaptureFixture[str]) -> None:
    env = SingleAgentEnv("parry", render_mode="human")
    obs, _ = env.reset(seed=1)
    assert capsys.readouterr().out == str(env.state) + "\n"
    env.step(int(obs["action_mask"].argmax()))
    assert capsys.readouterr().out == str(env.state) + "\n"
    assert env.render() is None
