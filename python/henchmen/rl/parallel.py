"""A PettingZoo parallel environment over any henchmen game.

Every henchmen game is decided one player at a time: turns, and reaction
windows that ask one player at a time (a Segue, a defense, a Block, a
guess). So a parallel step applies exactly one action, the acting agent's:
the one agent whose ``action_mask`` allows anything. The other agents'
entries in ``actions`` are ignored and may be left out (PettingZoo's own
tests send whatever their all-zero masks sample). Leaving out the acting
agent's action is a :class:`~henchmen.errors.UsageError` naming it.
Observations, rewards (the returns, at the end), terminations, truncations,
infos and ``illegal_action`` (an action outside the acting agent's mask
loses, by default) are the AEC environment's (:func:`henchmen.rl.aec_env`),
whose game this environment plays; when the game ends every agent leaves
at once.

>>> from henchmen.rl import parallel_env
>>> env = parallel_env("parry")
>>> observations, infos = env.reset(seed=1)
>>> actor = next(a for a, o in observations.items() if o["action_mask"].any())
>>> actions = {actor: int(observations[actor]["action_mask"].argmax())}
>>> observations, rewards, terminations, truncations, infos = env.step(actions)
>>> sorted(observations) == env.agents
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from henchmen import _checks
from henchmen.errors import ActionTypeError, UsageError
from henchmen.rl.aec import HenchmenAECEnv, ObsDict
from henchmen.rl.episode import Episode, Policies
from henchmen.state import State

StepResult = tuple[
    dict[str, ObsDict],
    dict[str, float],
    dict[str, bool],
    dict[str, bool],
    dict[str, dict[str, Any]],
]


class HenchmenParallelEnv(ParallelEnv):  # type: ignore[misc]
    """One henchmen game as a PettingZoo parallel environment; see the module docs.

    ``render_mode``, ``max_steps`` (decisions) and ``illegal_action`` as in the AEC
    environment.

    >>> env = HenchmenParallelEnv("suet", players=3)
    >>> env.possible_agents
    ['player_0', 'player_1', 'player_2']
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's own attribute)
        "render_modes": ["ansi", "human"],
    }

    def __init__(
        self,
        name: str,
        render_mode: str | None = None,
        max_steps: int | None = None,
        illegal_action: str = "lose",
        **options: Any,
    ) -> None:
        self.aec = HenchmenAECEnv(
            name,
            render_mode=render_mode,
            max_steps=max_steps,
            illegal_action=illegal_action,
            **options,
        )
        self.game = self.aec.game
        self.render_mode = self.aec.render_mode
        self.metadata = {**self.metadata, "name": f"henchmen_{self.game.name}_parallel_v0"}
        self.possible_agents = list(self.aec.possible_agents)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of an agent's observation: its tensor and its mask.

        >>> env = parallel_env("parry")
        >>> space = env.observation_space("player_0")
        >>> space["action_mask"].shape == (env.game.num_distinct_actions,)
        True
        """
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's actions: the game's whole fixed action space.

        >>> int(parallel_env("parry").action_space("player_1").n)
        9
        """
        return self.aec.action_space(agent)

    @property
    def state_(self) -> State:
        """The game's current :class:`~henchmen.State` (live: clone to keep).

        >>> env = parallel_env("parry")
        >>> _ = env.reset(seed=1)
        >>> env.state_.move_number > 0  # the deal
        True
        """
        return self.aec.state_

    def _observations(self) -> dict[str, ObsDict]:
        return {a: self.aec.observe(a) for a in self.agents}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, ObsDict], dict[str, dict[str, Any]]]:
        """Start a new game; ``seed`` fixes it and every later reset without a seed.

        >>> env = parallel_env("parry")
        >>> first, _ = env.reset(seed=4)
        >>> again, _ = env.reset(seed=4)
        >>> bool((first["player_1"]["observation"] == again["player_1"]["observation"]).all())
        True
        """
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: Mapping[str, Any]) -> StepResult:
        """Apply the acting agent's entry of ``actions``; the others' are ignored.

        >>> env = parallel_env("parry")
        >>> _ = env.reset(seed=1)
        >>> env.step({})
        Traceback (most recent call last):
        ...
        henchmen.errors.UsageError: player_0 is to act (the one agent whose action_mask allows ...
        """
        if not self.agents:
            raise UsageError("no agent is in a game: call reset() first (again after the end)")
        if not isinstance(actions, Mapping):
            raise ActionTypeError(
                f"actions must be a dict from agent name to action id, got "
                f"{_checks.describe(actions)}"
            )
        strangers = [a for a in actions if a not in self.agents]
        if strangers:
            raise UsageError(f"no agent in the game named {strangers[0]!r}; agents: {self.agents}")
        actor = self.aec.agent_selection
        if actor not in actions:
            raise UsageError(
                f"{actor} is to act (the one agent whose action_mask allows anything; "
                "these games are decided one player at a time): actions must hold its action"
            )
        self.aec.step(actions[actor])
        live = self.agents
        observations = self._observations()
        rewards = {a: float(self.aec.rewards[a]) for a in live}
        terminations = {a: bool(self.aec.terminations[a]) for a in live}
        truncations = {a: bool(self.aec.truncations[a]) for a in live}
        infos = {a: dict(self.aec.infos[a]) for a in live}
        if any(terminations.values()) or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def run(self, policies: Policies, seed: int | None = None) -> Episode:
        """One whole episode, as :meth:`HenchmenAECEnv.run` (the same game, the same rules).

        >>> trajectories, payoffs = parallel_env("parry").run(["greedy", "greedy"], seed=2)
        >>> len(trajectories[0]) % 2  # obs, action, ..., obs
        1
        """
        result = self.aec.run(policies, seed)
        self.agents = []
        return result

    def render(self) -> str | None:
        """The game as text: returned (``"ansi"``) or printed (``"human"``).

        >>> env = parallel_env("parry", render_mode="ansi")
        >>> _ = env.reset(seed=1)
        >>> env.render() == str(env.state_)
        True
        """
        return self.aec.render()

    def close(self) -> None:
        """Nothing to release; a reset may follow.

        >>> env = parallel_env("parry")
        >>> env.close()
        >>> sorted(env.reset(seed=1)[0])
        ['player_0', 'player_1']
        """


def parallel_env(name: str, **options: Any) -> HenchmenParallelEnv:
    """A PettingZoo parallel environment for game ``name`` (any game, any options).

    >>> from henchmen.rl import parallel_env
    >>> parallel_env("legendary", players=1).possible_agents
    ['player_0']
    """
    return HenchmenParallelEnv(name, **options)
