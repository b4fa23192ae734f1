"""Whole episodes in one call, RLCard-style: ``trajectories, payoffs = env.run(policies)``.

A policy is one of:

- a callable taking the agent's observation dict (``observation`` and
  ``action_mask``, as ``observe`` gives it) and returning an action id;
- a henchmen bot (anything with ``choose(state)``, :mod:`henchmen.bots`);
- a bot spec string (``"random"``, ``"greedy"``, ``"ismcts:iterations=50"``),
  made afresh for the episode with a seed derived from the episode's seed.

``trajectories[p]`` is RLCard's list for seat ``p``: the observation at each
of its decisions and the action it took, alternating, then its observation
at the end, ``[obs, action, obs, action, ..., obs]``. ``payoffs`` holds
each seat's total reward: the game's returns, or zeros for an episode cut
short by ``max_steps``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias

import numpy as np
import numpy.typing as npt

from henchmen import _checks
from henchmen.bots import Bot
from henchmen.errors import ActionTypeError, OptionError
from henchmen.game import Game
from henchmen.matches import parse_bot_spec
from henchmen.rl import _common
from henchmen.state import State


class _AECTable(Protocol):
    """What :func:`run` asks of an environment (:class:`~henchmen.rl.aec._AECTable` has it).

    Named here, not imported from :mod:`henchmen.rl.aec`, which imports this module.
    """

    possible_agents: list[str]
    game: Game
    _episode_seed: int

    @property
    def state_(self) -> State: ...

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None: ...

    def agent_iter(self, max_iter: int = ...) -> Iterator[str]: ...

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]: ...

    def step(self, action: Any) -> None: ...


#: A policy: a callable from an observation dict to an action id, a bot, or a bot spec.
Policy: TypeAlias = Callable[[dict[str, npt.NDArray[Any]]], Any] | Bot | str
#: One policy per agent in seat order, or a dict from agent name to policy.
Policies: TypeAlias = Sequence[Policy] | Mapping[str, Policy]


@dataclass(frozen=True)
class Episode:
    """What ``env.run(policies)`` returns: ``trajectories, payoffs = env.run(policies)``.

    >>> from henchmen.rl import aec_env
    >>> episode = aec_env("parry").run(["random", "random"], seed=5)
    >>> trajectories, payoffs = episode
    >>> payoffs is episode.payoffs, len(trajectories)
    (True, 2)
    """

    #: Per seat: ``[obs, action, obs, action, ..., final obs]``.
    trajectories: list[list[Any]]
    #: Per seat: its total reward (the game's returns; zeros if truncated).
    payoffs: npt.NDArray[np.float64]

    def __iter__(self) -> Iterator[Any]:
        # Unpacks as RLCard's pair does: trajectories, payoffs = env.run(...).
        return iter((self.trajectories, self.payoffs))


def _chooser(policy: object, agent: str, env: _AECTable, seed: int) -> Callable[[Any], Any]:
    if isinstance(policy, str):
        policy = parse_bot_spec(policy).make(seed)
    if isinstance(policy, Bot):
        bot = policy
        return lambda _obs: bot.choose(env.state_)
    if callable(policy):
        return policy
    raise ActionTypeError(
        f"the policy for {agent} must be a callable (observation dict -> action id), "
        f"a henchmen bot or a bot spec string, got {_checks.describe(policy)}"
    )


def _by_agent(env: _AECTable, policies: object) -> dict[str, object]:
    agents = env.possible_agents
    if isinstance(policies, Mapping):
        if set(policies) != set(agents):
            raise OptionError(
                f"policies must name every agent once: {agents}; got {sorted(map(str, policies))}"
            )
        return {a: policies[a] for a in agents}
    if isinstance(policies, (str, bytes)) or not isinstance(policies, Sequence):
        raise ActionTypeError(
            "policies must be a list with one policy per agent, in seat order, or a dict "
            f"from agent name to policy; got {_checks.describe(policies)}"
        )
    if len(policies) != len(agents):
        raise OptionError(
            f"{env.game.name} here has {len(agents)} agents ({', '.join(agents)}): "
            f"give one policy each, got {len(policies)}"
        )
    return dict(zip(agents, policies, strict=True))


def run(env: _AECTable, policies: Policies, seed: int | None = None) -> Episode:
    """Reset ``env`` (with ``seed``, if given) and play one whole episode with ``policies``.

    >>> from henchmen.rl import aec_env
    >>> env = aec_env("parry")
    >>> trajectories, payoffs = env.run(["greedy", "random"], seed=3)
    >>> payoffs.tolist() == list(env.state_.returns)
    True
    >>> obs, action = trajectories[0][:2]
    >>> bool(obs["action_mask"][action])
    True
    """
    chosen = _by_agent(env, policies)
    env.reset(seed=seed)
    base = env._episode_seed
    choosers = {
        a: _chooser(p, a, env, _common.episode_seed(base, i + 1))
        for i, (a, p) in enumerate(chosen.items())
    }
    trajectories: list[list[Any]] = [[] for _ in env.possible_agents]
    payoffs = np.zeros(len(env.possible_agents))
    seat = {a: i for i, a in enumerate(env.possible_agents)}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        payoffs[seat[agent]] += reward
        trajectories[seat[agent]].append(obs)
        if terminated or truncated:
            env.step(None)
            continue
        action = choosers[agent](obs)
        env.step(action)  # the env's rules: an action outside the mask raises or loses
        trajectories[seat[agent]].append(operator.index(action))
    return Episode(trajectories, payoffs)
