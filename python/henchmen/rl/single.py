"""A Gymnasium environment: one seat of a henchmen game against chosen bots.

The other seats are played by henchmen bots named by spec (``"random"``,
``"greedy"``, ``"ismcts:iterations=50"``; see :mod:`henchmen.matches`).
The observation is a dict: ``observation`` (the seat's observation tensor)
and ``action_mask`` (int8, the legal actions; :meth:`SingleAgentEnv.action_masks`
gives it as bools, for sb3-contrib's MaskablePPO).  The reward is the seat's
return when the game ends, 0 before.  ``gymnasium.make("henchmen/<game>-v0")``
makes one too (:mod:`henchmen.rl.registration`).

>>> from henchmen.rl import SingleAgentEnv
>>> env = SingleAgentEnv("seven-secret-supervillains", opponents="random")
>>> obs, info = env.reset(seed=3)
>>> action = int(obs["action_mask"].argmax())
>>> obs, reward, terminated, truncated, info = env.step(action)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from henchmen import _checks
from henchmen.bots import Bot
from henchmen.errors import ActionTypeError, IllegalActionError, OptionError, UsageError
from henchmen.matches import BotSpec, parse_bot_spec
from henchmen.rl import _common
from henchmen.state import State

ObsDict = dict[str, npt.NDArray[Any]]


def _specs(opponents: str | Sequence[str], count: int) -> list[BotSpec]:
    if isinstance(opponents, str):
        names = [opponents] * count
    elif isinstance(opponents, Sequence) and all(isinstance(o, str) for o in opponents):
        names = list(opponents)
    else:
        raise ActionTypeError(
            f"opponents must be a bot spec or a list of them, got {_checks.describe(opponents)}"
        )
    if len(names) != count:
        raise OptionError(f"this game has {count} other seats, got {len(names)} opponent specs")
    return [parse_bot_spec(n) for n in names]


class SingleAgentEnv(gym.Env[ObsDict, np.int64]):
    """Seat ``seat`` of game ``name`` against ``opponents`` (one spec, or one per other seat).

    ``illegal_action``: ``"lose"`` (default) ends the episode when the
    action is outside the mask, with reward -1 and
    ``info["illegal_action"] = True`` (PettingZoo's classic convention);
    Gymnasium's contract is that ``step`` takes every element of
    ``action_space``, and its ``check_env`` steps unmasked random ones.
    ``"raise"`` raises :class:`~henchmen.errors.IllegalActionError` instead
    and changes nothing (for debugging a policy that should never pick
    one).  A value that is not an integer action id raises
    :class:`~henchmen.errors.ActionTypeError` either way.  ``max_steps``
    truncates after that many of the seat's decisions.

    >>> env = SingleAgentEnv("parry", opponents="greedy")
    >>> obs, info = env.reset(seed=1)
    >>> illegal = int(obs["action_mask"].argmin())
    >>> obs, reward, terminated, truncated, info = env.step(illegal)
    >>> reward, terminated, info
    (-1.0, True, {'illegal_action': True})
    """

    # render_fps: how often "human" text may be redrawn; Gymnasium's checker asks for one.
    metadata: dict[str, Any] = {  # noqa: RUF012 (gymnasium's own attribute)
        "render_modes": ["ansi", "human"],
        "render_fps": 4,
    }

    def __init__(
        self,
        name: str,
        opponents: str | Sequence[str] = "random",
        seat: int = 0,
        max_steps: int | None = None,
        illegal_action: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game = _common.make_game(name, options)
        n = self.game.num_players
        self.seat = _checks.player(seat, n, "seat")
        self.specs = _specs(opponents, n - 1)
        self.illegal_action = _common.illegal_action(illegal_action)
        self.max_steps = _common.max_steps(max_steps)
        self.render_mode = _common.check_render_mode(render_mode, ("ansi", "human"))
        actions = self.game.num_distinct_actions
        self.observation_space: spaces.Dict = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(
                    _common.OBS_LOW, _common.OBS_HIGH, self.game.observation_shape, np.float32
                ),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(actions)
        self._state: State | None = None
        self._bots: dict[int, Bot] = {}
        self._base_seed: int | None = None
        self._episode = 0
        self._steps = 0
        self._over = True

    @property
    def state(self) -> State:
        """The game's current :class:`~henchmen.State` (live: clone to keep).

        >>> env = SingleAgentEnv("parry", opponents="random", seat=1)
        >>> _ = env.reset(seed=4)
        >>> env.state.current_player  # the opponents have played up to this seat's turn
        1
        """
        if self._state is None:
            raise UsageError("call reset() before using the environment")
        return self._state

    def _observe(self) -> ObsDict:
        s = self.state
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if not self._over:
            mask[s._s.legal_actions()] = 1
        if self.render_mode == "human":
            print(self.state)
        return {"observation": s._s.observation_tensor(self.seat), "action_mask": mask}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as bools over the action space (all False once over).

        sb3-contrib's ``MaskablePPO`` asks the environment this by name.

        >>> env = SingleAgentEnv("parry")
        >>> obs, _ = env.reset(seed=1)
        >>> bool((env.action_masks() == obs["action_mask"].astype(bool)).all())
        True
        """
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.bool_)
        if not self._over:
            mask[self.state._s.legal_actions()] = True
        return mask

    def _play_others(self) -> None:
        s = self.state
        while not s.is_terminal and s.current_player != self.seat:
            s.apply(self._bots[s.current_player].choose(s))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        """Start a game and play the opponents up to the seat's first decision.

        ``seed`` fixes this game and every later reset given no seed.

        >>> env = SingleAgentEnv("parry")
        >>> first, _ = env.reset(seed=7)
        >>> again, _ = env.reset(seed=7)
        >>> bool((first["observation"] == again["observation"]).all())
        True
        """
        if seed is not None:
            seed = _checks.seed(seed)  # before gymnasium sees it: its error is not ours
        super().reset(seed=seed)
        if seed is not None:
            self._base_seed = seed
            self._episode = 0
        elif self._base_seed is None:
            self._base_seed = _common.fresh_seed()
        self._state, next_episode = _common.new_episode(self.game, self._base_seed, self._episode)
        episode_seed = _common.episode_seed(self._base_seed, next_episode - 1)
        self._episode = next_episode
        others = [p for p in range(self.game.num_players) if p != self.seat]
        self._bots = {
            p: spec.make(_common.episode_seed(episode_seed, p + 1))
            for p, spec in zip(others, self.specs, strict=False)
        }
        self._steps = 0
        self._over = False
        self._play_others()
        self._over = self.state.is_terminal
        return self._observe(), {}

    def step(self, action: Any) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        """The seat's move, then the opponents' up to its next turn; reward at the end.

        >>> env = SingleAgentEnv("parry", opponents="random")
        >>> obs, _ = env.reset(seed=2)
        >>> terminated = truncated = False
        >>> while not (terminated or truncated):
        ...     obs, reward, terminated, truncated, _ = env.step(int(obs["action_mask"].argmax()))
        >>> terminated, reward == env.state.returns[0], int(obs["action_mask"].sum())
        (True, True, 0)
        """
        if self._state is None:
            raise UsageError("call reset() before step()")
        if self._over:
            raise UsageError("the episode is over (terminated or truncated): call reset()")
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        mask[self.state._s.legal_actions()] = 1
        try:
            a = _common.action_id(action, mask, self.game.num_distinct_actions)
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self._over = True
            return self._observe(), -1.0, True, False, {"illegal_action": True}
        s = self.state
        s.apply(a)
        self._steps += 1
        self._play_others()
        terminated = s.is_terminal
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        self._over = terminated or truncated
        reward = float(s.returns[self.seat]) if terminated else 0.0
        return self._observe(), reward, terminated, truncated, {}

    def render(self) -> str | None:
        """The game as text with ``render_mode="ansi"``; printed with ``"human"`` (as every
        reset and step does then); else None.

        >>> env = SingleAgentEnv("parry", render_mode="ansi")
        >>> _ = env.reset(seed=1)
        >>> env.render() == str(env.state)
        True
        """
        if self.render_mode == "human":
            print(self.state)
        return str(self.state) if self.render_mode == "ansi" else None
