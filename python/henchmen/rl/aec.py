"""A PettingZoo AEC environment over any henchmen game.

Each seat is an agent (``player_0``...).  ``observe(agent)`` is a dict with
``observation``, the engine's per-player observation tensor (so nothing the
agent may not see can leak: the tensor obeys the engine's no-leak contract),
and ``action_mask``, int8 over the game's fixed action space (all zeros when
the agent is not the one to act).  Chance (shuffles, draws) is resolved by
the state's own seeded generator, so ``reset(seed=s)`` fixes the whole run:
every later ``reset()`` derives its seed from ``s``.

>>> from henchmen.rl import aec_env
>>> env = aec_env("seven-secret-supervillains")
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), int(obs["action_mask"].sum()) > 0
(['action_mask', 'observation'], True)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from henchmen import _checks
from henchmen.errors import IllegalActionError, UsageError
from henchmen.rl import _common, episode
from henchmen.rl.episode import Episode, Policies
from henchmen.state import State

ObsDict = dict[str, npt.NDArray[Any]]


class HenchmenAECEnv(AECEnv):  # type: ignore[misc]
    """One henchmen game as a PettingZoo AEC environment; see :func:`aec_env`.

    ``max_steps`` truncates an episode after that many decisions (every
    agent's ``truncation`` turns True; rewards stay 0).

    ``illegal_action``: ``"lose"`` (default, PettingZoo's classic
    convention) ends the episode when the acting agent's action is outside
    its mask: that agent's reward is -1, the others' 0, every agent
    terminates and ``infos[agent]["illegal_action"]`` is True (the game's
    state is left as it was). ``"raise"`` raises
    :class:`~henchmen.errors.IllegalActionError` instead and changes
    nothing. A value that is not an action id raises
    :class:`~henchmen.errors.ActionTypeError` either way.

    >>> env = HenchmenAECEnv("parry", max_steps=3)
    >>> env.reset(seed=2)
    >>> for _ in range(3):
    ...     env.step(int(env.observe(env.agent_selection)["action_mask"].argmax()))
    >>> all(env.truncations.values()), set(env.rewards.values())
    (True, {0.0})
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's own attribute)
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        name: str,
        render_mode: str | None = None,
        max_steps: int | None = None,
        illegal_action: str = "lose",
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = _common.make_game(name, options)
        self.render_mode = _common.check_render_mode(render_mode, ("ansi", "human"))
        self.max_steps = _common.max_steps(max_steps)
        self.illegal_action = _common.illegal_action(illegal_action)
        self.metadata = {**self.metadata, "name": f"henchmen_{self.game.name}_v0"}
        n = self.game.num_players
        self.possible_agents = [_common.agent_name(p) for p in range(n)]
        self._index = {a: p for p, a in enumerate(self.possible_agents)}
        shape = self.game.observation_shape
        actions = self.game.num_distinct_actions
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(_common.OBS_LOW, _common.OBS_HIGH, shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._state: State | None = None
        self._base_seed: int | None = None
        self._episode = 0
        self._episode_seed = 0
        self._over = False
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``observe(agent)``: the tensor and the mask.

        >>> env = aec_env("parry")
        >>> space = env.observation_space("player_0")
        >>> space["observation"].shape == env.game.observation_shape
        True
        >>> space["action_mask"].shape == (env.game.num_distinct_actions,)
        True
        """
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's actions: the game's whole fixed action space.

        >>> env = aec_env("parry")
        >>> int(env.action_space("player_1").n) == env.game.num_distinct_actions
        True
        """
        return self.action_spaces[agent]

    @property
    def state_(self) -> State:
        """The game's current :class:`~henchmen.State` (a live object: clone to keep).

        >>> env = aec_env("parry")
        >>> env.state_
        Traceback (most recent call last):
        ...
        henchmen.errors.UsageError: call reset() before using the environment
        >>> env.reset(seed=1)
        >>> env.agent_selection == f"player_{env.state_.current_player}"
        True
        """
        if self._state is None:
            raise UsageError("call reset() before using the environment")
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` fixes it and every later reset without a seed.

        >>> env = aec_env("parry")
        >>> env.reset(seed=5)
        >>> first = env.observe("player_0")["observation"].copy()
        >>> env.step(int(env.observe(env.agent_selection)["action_mask"].argmax()))
        >>> env.reset(seed=5)
        >>> bool((env.observe("player_0")["observation"] == first).all()), env.agents
        (True, ['player_0', 'player_1'])
        """
        if seed is not None:
            self._base_seed = _common.seed(seed)
            self._episode = 0
        elif self._base_seed is None:
            self._base_seed = _common.fresh_seed()
        self._state, self._episode = _common.new_episode(self.game, self._base_seed, self._episode)
        # The seed of this game's deal: what run() derives its bots' seeds from.
        self._episode_seed = _common.episode_seed(self._base_seed, self._episode - 1)
        self._steps = 0
        self._over = False
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._update()

    def _update(self) -> None:
        """Selects the agent to act, or, at the end, marks everyone done."""
        s = self.state_
        if s.is_terminal:
            returns = s.returns
            for a, p in self._index.items():
                self.rewards[a] = float(returns[p])
                self.terminations[a] = True
        elif self.max_steps is not None and self._steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        else:
            self.agent_selection = self.possible_agents[s.current_player]
            return
        self._end()

    def _end(self) -> None:
        # The episode is over: every agent takes one last (None) step in seat order.
        self._over = True
        self.agent_selection = self.agents[0]

    def _lose(self, agent: str) -> None:
        """``agent`` chose an action outside its mask: it loses, the episode ends."""
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = -1.0 if a == agent else 0.0
            self.terminations[a] = True
        self.infos[agent] = {**self.infos[agent], "illegal_action": True}
        self._end()
        self._accumulate_rewards()

    def observe(self, agent: str) -> ObsDict:
        """What ``agent`` sees: its tensor, and its mask (all zeros unless it is to act).

        >>> env = aec_env("parry")
        >>> env.reset(seed=1)
        >>> mover = env.agent_selection
        >>> other = next(a for a in env.agents if a != mover)
        >>> legal = [int(env.observe(a)["action_mask"].sum()) for a in (mover, other)]
        >>> legal[0] > 0, legal[1]
        (True, 0)
        """
        s = self.state_
        if not isinstance(agent, str) or agent not in self._index:
            raise UsageError(
                f"no agent named {_checks.quote(agent)}; agents: {self.possible_agents}"
            )
        p = self._index[agent]
        return {"observation": s._s.observation_tensor(p), "action_mask": self._mask(agent)}

    def _mask(self, agent: str) -> npt.NDArray[np.int8]:
        s = self.state_
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if not self._over and s.current_player == self._index[agent]:
            mask[s._s.legal_actions()] = 1
        return mask

    def step(self, action: Any) -> None:
        """The selected agent takes ``action`` (an id its mask allows; None once it is done).

        An action outside the mask loses the episode for the agent, or raises
        with ``illegal_action="raise"``:

        >>> env = aec_env("parry", illegal_action="raise")
        >>> env.reset(seed=1)
        >>> mask = env.observe(env.agent_selection)["action_mask"]
        >>> env.step(int(mask.argmin()))
        Traceback (most recent call last):
        ...
        henchmen.errors.IllegalActionError: action id ... is not legal now ...
        >>> env.step(int(mask.argmax()))
        >>> env.state_.move_number > 0
        True
        >>> losing = aec_env("parry")
        >>> losing.reset(seed=1)
        >>> losing.step(int(mask.argmin()))
        >>> losing.rewards, losing.infos["player_0"]
        ({'player_0': -1.0, 'player_1': 0.0}, {'illegal_action': True})
        """
        if self._state is None:
            raise UsageError("call reset() before step()")
        agent = self.agent_selection
        if not self.agents:
            raise UsageError("the episode is over and every agent has left: call reset()")
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise UsageError(
                    f"{agent} is done (terminated or truncated): its last step takes None, "
                    f"got {action!r}"
                )
            self._was_dead_step(action)
            return
        try:
            a = _common.action_id(action, self._mask(agent), self.game.num_distinct_actions)
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self._lose(agent)
            return
        self._state.apply(a)
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        for other in self.agents:
            self.rewards[other] = 0.0
        self._update()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The game as text: returned (``"ansi"``) or printed (``"human"``).

        >>> env = aec_env("parry", render_mode="ansi")
        >>> env.reset(seed=1)
        >>> env.render() == str(env.state_)
        True
        """
        text = str(self.state_)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def run(self, policies: Policies, seed: int | None = None) -> Episode:
        """Reset and play one whole episode, RLCard-style: ``(trajectories, payoffs)``.

        ``policies``: one per agent in seat order (or a dict by agent name),
        each a callable (observation dict -> action id), a henchmen bot or a
        bot spec string; see :mod:`henchmen.rl.episode`.

        >>> env = aec_env("parry", players=3)
        >>> trajectories, payoffs = env.run(["random", "greedy", "random"], seed=1)
        >>> len(trajectories), payoffs.tolist() == list(env.state_.returns)
        (3, True)
        >>> env.run(["random", "greedy"])
        Traceback (most recent call last):
        ...
        henchmen.errors.OptionError: parry here has 3 agents (player_0, player_1, player_2):
        give one policy each, got 2
        """
        return episode.run(self, policies, seed)

    def close(self) -> None:
        """Nothing to release (the game lives in the environment); a reset may follow.

        >>> env = aec_env("parry")
        >>> env.close()
        >>> env.reset(seed=1)
        >>> env.agents
        ['player_0', 'player_1']
        """


def aec_env(name: str, **options: Any) -> HenchmenAECEnv:
    """A PettingZoo AEC environment for game ``name`` (any registered game, any options).

    Options are the game's (``players=3``...) plus ``render_mode`` and
    ``max_steps``.

    >>> from henchmen.rl import aec_env
    >>> env = aec_env("legendary", players=1)
    >>> env.possible_agents
    ['player_0']
    """
    return HenchmenAECEnv(name, **options)
