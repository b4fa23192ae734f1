"""env.run(policies): whole episodes RLCard-style, trajectories and payoffs."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import henchmen
from henchmen.bots import make_bot
from henchmen.errors import ActionTypeError, IllegalActionError, OptionError
from henchmen.rl import aec_env, parallel_env


def last_legal(obs: dict[str, Any]) -> int:
    return int(np.flatnonzero(obs["action_mask"])[-1])


def test_trajectories_alternate_observations_and_actions_and_replay_the_game() -> None:
    env = aec_env("seven-secret-supervillains")
    trajectories, payoffs = env.run([last_legal, "random"], seed=4)
    state = env.state_
    assert state.is_terminal and payoffs.tolist() == list(state.returns)
    assert sum(payoffs) == 0  # zero-sum, two players
    # RLCard's shape: obs, action, obs, action, ..., the seat's observation at the end.
    for seat, trajectory in enumerate(trajectories):
        assert len(trajectory) % 2 == 1
        observations, actions = trajectory[0::2], trajectory[1::2]
        pairs = zip(observations, actions, strict=False)  # the last observation has no action
        assert all(isinstance(a, int) and o["action_mask"][a] for o, a in pairs)
        final = observations[-1]["observation"]
        np.testing.assert_array_equal(final, state.observation_tensor(seat))
        assert not observations[-1]["action_mask"].any()
    seat0 = trajectories[0]
    assert seat0[1::2] == [last_legal(o) for o in seat0[0:-1:2]]
    # The decisions, in seat order of who made them, are exactly the game's decisions.
    replay = henchmen.new_game("seven-secret-supervillains", seed=env._episode_seed)
    positions = [0, 0]
    while not replay.is_terminal:
        p = replay.current_player
        replay.apply(trajectories[p][2 * positions[p] + 1])
        positions[p] += 1
    assert replay.serialize() == state.serialize()
    assert positions == [len(t) // 2 for t in trajectories]  # every action recorded was made


def test_one_seed_fixes_an_episode_bots_included() -> None:
    def play(seed: int) -> list[Any]:
        trajectories, payoffs = aec_env("parry", players=3).run(
            ["random", make_bot("random", seed=1), "greedy"], seed=seed
        )
        return [t[1::2] for t in trajectories] + [payoffs.tolist()]

    assert play(5) == play(5)
    assert play(5) != play(6)


def test_policies_by_agent_name_bots_and_the_parallel_env() -> None:
    by_name = {"player_1": "greedy", "player_0": last_legal}
    a = aec_env("suet").run(by_name, seed=2)
    b = parallel_env("suet").run([last_legal, "greedy"], seed=2)
    assert [t[1::2] for t in a.trajectories] == [t[1::2] for t in b.trajectories]
    assert a.payoffs.tolist() == b.payoffs.tolist()


def test_a_truncated_episode_pays_zero() -> None:
    trajectories, payoffs = aec_env("legendary", max_steps=10).run([last_legal] * 2, seed=1)
    assert payoffs.tolist() == [0.0, 0.0]
    assert sum(len(t) // 2 for t in trajectories) == 10


def test_an_illegal_policy_loses_or_raises_as_the_env_says() -> None:
    def illegal(obs: dict[str, Any]) -> int:
        return int(np.flatnonzero(obs["action_mask"] == 0)[0])

    trajectories, payoffs = aec_env("parry").run([illegal, last_legal], seed=1)
    assert payoffs.tolist() == [-1.0, 0.0]
    assert trajectories[0][1] == illegal(trajectories[0][0]) and len(trajectories[0]) == 3
    with pytest.raises(IllegalActionError):
        aec_env("parry", illegal_action="raise").run([illegal, last_legal], seed=1)


def test_wrong_policies_are_henchmen_errors() -> None:
    env = aec_env("parry", players=3)
    with pytest.raises(OptionError, match=r"3 agents .* got 2"):
        env.run(["random", "random"])
    with pytest.raises(OptionError, match="got 4"):
        env.run(["random"] * 4)
    with pytest.raises(OptionError, match="name every agent once"):
        env.run({"player_0": "random", "player_1": "random", "player_9": "random"})
    with pytest.raises(ActionTypeError, match="one policy per agent"):
        env.run("random")  # type: ignore[arg-type]
    with pytest.raises(ActionTypeError, match="policy for player_1 must be a callable"):
        env.run(["random", 3, "random"])  # type: ignore[list-item]
    with pytest.raises(OptionError):
        env.run(["random", "nobody", "random"])
    with pytest.raises(ActionTypeError):
        env.run([lambda obs: "strike", "random", "random"], seed=1)
