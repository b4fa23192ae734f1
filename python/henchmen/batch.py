"""Many games at once: the batched, zero-copy, GIL-free simulation API.

A :class:`VectorGame` steps ``num_games`` games natively on a thread pool and
writes the results straight into numpy arrays that it owns and reuses (in the
manner of EnvPool): the Python boundary is crossed once per batch, not once
per game. Chance is resolved by each game's own seeded generator and a game
that ends restarts at once, so every game always has a player to move.
Results depend only on the seed, never on the number of threads.

>>> import numpy as np
>>> from henchmen.batch import VectorGame
>>> games = VectorGame("seven-secret-supervillains", num_games=8, seed=1, threads=2)
>>> step = games.reset()
>>> step.observations.shape == (8, *games.game.observation_shape)
True
>>> actions = np.array([np.flatnonzero(m)[0] for m in step.legal_mask], dtype=np.int32)
>>> step = games.step(actions)
>>> step.done.dtype == np.bool_ and step.rewards.shape == (8, 2)
True
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from henchmen import _checks, _core
from henchmen.errors import IllegalActionError, OptionError
from henchmen.game import Game
from henchmen.state import State


@dataclass(frozen=True)
class BatchStep:
    """The arrays after a reset or a step; views of buffers the next call overwrites
    (``.copy()`` what you keep)."""

    #: [games, *observation_shape] float32: each game's player to move's view.
    observations: npt.NDArray[np.float32]
    #: [games, num_distinct_actions] bool: the legal actions of each game.
    legal_mask: npt.NDArray[np.bool_]
    #: [games, players] float32: the returns of games that ended in this step, else 0.
    rewards: npt.NDArray[np.float32]
    #: [games] bool: the game ended in this step (it has been restarted).
    done: npt.NDArray[np.bool_]
    #: [games] int32: the player to move in each game.
    current_player: npt.NDArray[np.int32]


class VectorGame:
    """``num_games`` games of one kind, stepped together natively.

    ``threads`` defaults to the number of cores. Set ``observations=False`` or
    ``legal_mask=False`` to skip writing those arrays when you do not need
    them (they dominate the cost for small games).
    """

    def __init__(
        self,
        name: str,
        num_games: int,
        seed: int = 0,
        threads: int | None = None,
        observations: bool = True,
        legal_mask: bool = True,
        **options: Any,
    ) -> None:
        self.game = Game(name, **options)
        self.num_games = _checks.count(num_games, "num_games", 1, 10_000_000)
        self.threads = _checks.count(
            threads if threads is not None else min(os.cpu_count() or 1, _core.MAX_THREADS),
            "threads",
            1,
            _core.MAX_THREADS,
        )
        for flag, value in (("observations", observations), ("legal_mask", legal_mask)):
            if not isinstance(value, bool):
                raise OptionError(f"{flag} must be True or False, got {value!r}")
        self._batch = self.game._core.make_batch(self.num_games, _checks.seed(seed), self.threads)
        n, players = self.num_games, self.game.num_players
        shape = (n, *self.game.observation_shape)
        self._obs = np.zeros(shape, dtype=np.float32) if observations else None
        self._mask = (
            np.zeros((n, self.game.num_distinct_actions), dtype=np.bool_) if legal_mask else None
        )
        self._rewards = np.zeros((n, players), dtype=np.float32)
        self._done = np.zeros(n, dtype=np.bool_)
        self._player = np.zeros(n, dtype=np.int32)
        self._actions = np.zeros(n, dtype=np.int32)

    def _flat_obs(self) -> npt.NDArray[np.float32] | None:
        return None if self._obs is None else self._obs.reshape(self.num_games, -1)

    def _result(self) -> BatchStep:
        empty_obs = np.zeros((self.num_games, 0), dtype=np.float32)
        empty_mask = np.zeros((self.num_games, 0), dtype=np.bool_)
        return BatchStep(
            self._obs if self._obs is not None else empty_obs,
            self._mask if self._mask is not None else empty_mask,
            self._rewards,
            self._done,
            self._player,
        )

    def reset(self) -> BatchStep:
        """Start every game afresh from the seed; the first observations.

        Call it before anything else (step, step_random and state raise
        :class:`~henchmen.errors.UsageError` until then), and again after a
        step was interrupted by Ctrl-C.  A VectorGame is for one thread at a
        time: a call while another thread is inside one raises UsageError.

        >>> from henchmen.batch import VectorGame
        >>> games = VectorGame("seven-secret-supervillains", num_games=3, seed=2)
        >>> step = games.reset()
        >>> step.current_player.tolist()
        [0, 0, 0]
        """
        self._batch.reset(
            self.game._core, self._flat_obs(), self._mask, self._rewards, self._done, self._player
        )
        return self._result()

    def step(self, actions: npt.ArrayLike) -> BatchStep:
        """Apply one action per game (ids, any integer array of length ``num_games``).

        An illegal action raises :class:`~henchmen.errors.IllegalActionError`
        naming the game, and then no game has changed.
        """
        arr = np.asarray(actions)
        if arr.shape != (self.num_games,) or not np.issubdtype(arr.dtype, np.integer):
            raise OptionError(
                f"actions must be {self.num_games} integer action ids, "
                f"got shape {arr.shape} of {arr.dtype}"
            )
        # Check the range before narrowing to int32: a cast would wrap
        # legal + 2**32 onto the legal id.
        space = self.game.num_distinct_actions
        bad = np.flatnonzero((arr < 0) | (arr >= space))
        if bad.size:
            i = int(bad[0])
            raise IllegalActionError(
                f"game {i}: action id {int(arr[i])} is outside the action space 0..{space - 1}; "
                "no game was changed"
            )
        np.copyto(self._actions, arr, casting="unsafe")
        self._batch.step(
            self.game._core,
            self._actions,
            self._flat_obs(),
            self._mask,
            self._rewards,
            self._done,
            self._player,
        )
        return self._result()

    def step_random(self) -> tuple[npt.NDArray[np.int32], BatchStep]:
        """Every game takes a uniformly random legal action; the actions and the step."""
        self._batch.step_random(
            self.game._core,
            self._actions,
            self._flat_obs(),
            self._mask,
            self._rewards,
            self._done,
            self._player,
        )
        return self._actions, self._result()

    def state(self, index: int) -> State:
        """A copy of game ``index`` as an ordinary :class:`~henchmen.State` (auto chance off)."""
        i = _checks.count(index, "index", 0, self.num_games - 1)
        return State._wrap(self._batch.state(i), self.game)

    @property
    def actions_applied(self) -> int:
        """Decisions and chance outcomes applied by the steps since the last reset.

        >>> from henchmen.batch import VectorGame
        >>> games = VectorGame("seven-secret-supervillains", num_games=4, seed=1)
        >>> _ = games.reset()
        >>> _ = games.step_random()
        >>> games.actions_applied >= 4
        True
        """
        return int(self._batch.actions_applied)

    @property
    def episodes_finished(self) -> int:
        """How many games have ended (and restarted) since the last reset."""
        return int(self._batch.episodes_finished)
