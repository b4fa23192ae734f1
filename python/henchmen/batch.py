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

from henchmen import _checks, _core, _memory
from henchmen.errors import ActionTypeError, IllegalActionError
from henchmen.game import Game
from henchmen.state import State


def read_only(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """A view of a batch buffer that the caller cannot write into.

    The batch rewrites a legal-mask row only where it changes (it unsets the
    actions it set last and sets the new ones), so a row changed from Python
    would stay wrong; writing into the view raises instead.
    ``.copy()`` gives an array of your own.

    >>> import numpy as np
    >>> view = read_only(np.zeros(3, dtype=np.float32))
    >>> view[0] = 1.0
    Traceback (most recent call last):
    ...
    ValueError: assignment destination is read-only
    """
    view = array.view()
    view.flags.writeable = False
    return view


@dataclass(frozen=True)
class BatchStep:
    """The arrays after a reset or a step; views of buffers the next call overwrites
    (``.copy()`` what you keep). ``legal_mask`` is read-only: the next step
    rewrites only its entries that change.

    >>> from henchmen.batch import VectorGame
    >>> games = VectorGame("parry", num_games=4, seed=1, threads=1)
    >>> step = games.reset()
    >>> step.observations.shape, step.observations.dtype
    ((4, ...), dtype('float32'))
    >>> step.legal_mask.shape == (4, games.game.num_distinct_actions)
    True
    >>> step.rewards.tolist(), step.done.tolist(), step.current_player.tolist()
    ([[0.0, 0.0], [0.0, 0.0], [0.0, 0.0], [0.0, 0.0]], [False, False, False, False], [0, 0, 0, 0])
    >>> kept = step.observations.copy()  # the next step overwrites step.observations
    """

    #: ``[games, *observation_shape]`` float32: each game's player to move's view.
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

    Every game always waits on a player: a game that ends restarts at once,
    and a deal over at setup (a card table can make some) is dealt again.
    ``threads`` defaults to the number of cores. Set ``observations=False`` or
    ``legal_mask=False`` to skip writing those arrays when you do not need
    them (they dominate the cost for small games).  Other keyword arguments
    are the game's options.  A batch that would not fit in the memory free
    now is refused with an OptionError saying how much it needs.

    >>> from henchmen.batch import VectorGame
    >>> games = VectorGame("parry", num_games=16, seed=3, threads=2, observations=False)
    >>> _ = games.reset()
    >>> for _ in range(50):
    ...     _, step = games.step_random()
    >>> step.observations.shape, games.episodes_finished > 0
    ((16, 0), True)
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
        _checks.flag(observations, "observations")
        _checks.flag(legal_mask, "legal_mask")
        n, players = self.num_games, self.game.num_players
        per_game = _memory.batch_bytes(
            self.game._core.new_initial_state().native_size_bytes(),
            int(np.prod(self.game.observation_shape)),
            self.game.num_distinct_actions,
            players,
            observations,
            legal_mask,
        )
        _memory.check_fits(self.game.name, n, per_game)
        self._batch = self.game._core.make_batch(n, _checks.seed(seed), self.threads)
        shape = (n, *self.game.observation_shape)
        self._obs = np.zeros(shape, dtype=np.float32) if observations else None
        self._mask = (
            np.zeros((n, self.game.num_distinct_actions), dtype=np.bool_) if legal_mask else None
        )
        self._rewards = np.zeros((n, players), dtype=np.float32)
        self._done = np.zeros(n, dtype=np.bool_)
        self._player = np.zeros(n, dtype=np.int32)
        self._actions = np.zeros(n, dtype=np.int32)
        self._mask_view = None if self._mask is None else read_only(self._mask)

    def _flat_obs(self) -> npt.NDArray[np.float32] | None:
        return None if self._obs is None else self._obs.reshape(self.num_games, -1)

    def _step_arrays(self) -> tuple[Any, ...]:
        """What every native step takes, in order: the game, the actions to apply and the
        arrays the step is written into."""
        return (
            self.game._core,
            self._actions,
            self._flat_obs(),
            self._mask,
            self._rewards,
            self._done,
            self._player,
        )

    def _result(self) -> BatchStep:
        empty_obs = np.zeros((self.num_games, 0), dtype=np.float32)
        empty_mask = np.zeros((self.num_games, 0), dtype=np.bool_)
        return BatchStep(
            self._obs if self._obs is not None else empty_obs,
            self._mask_view if self._mask_view is not None else empty_mask,
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
        naming the game, and then no game has changed.  A game that ends in
        this step has ``done`` set and its ``rewards`` row holds its returns;
        it has already restarted, so its observation is of the new game.

        >>> import numpy as np
        >>> from henchmen.batch import VectorGame
        >>> games = VectorGame("parry", num_games=2, seed=1, threads=1)
        >>> step = games.reset()
        >>> first_legal = step.legal_mask.argmax(axis=1)  # the lowest legal id of each game
        >>> step = games.step(first_legal)
        >>> step.current_player.tolist()
        [1, 1]
        >>> games.step(np.array([-1, 0]))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        henchmen.errors.IllegalActionError: game 0: action id -1 is outside the action space ...
        """
        wanted = f"actions must be {self.num_games} integer action ids (one per game)"
        try:
            arr = np.asarray(actions)
        except (ValueError, TypeError) as e:  # a ragged list: numpy names it
            raise ActionTypeError(f"{wanted}; {_checks.describe(actions)} gave {e}") from None
        if not np.issubdtype(arr.dtype, np.integer):
            raise ActionTypeError(f"{wanted}, got an array of {arr.dtype}")
        if arr.shape != (self.num_games,):
            raise IllegalActionError(f"{wanted}, got shape {arr.shape}")
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
        self._batch.step(*self._step_arrays())
        return self._result()

    def step_random(self) -> tuple[npt.NDArray[np.int32], BatchStep]:
        """Every game takes a uniformly random legal action; the actions and the step.

        The actions are drawn from each game's own generator, so they depend
        only on the seed (not on ``threads``).  The actions array is reused
        by the next call, as the step's arrays are.

        >>> from henchmen.batch import VectorGame
        >>> games = VectorGame("seven-secret-supervillains", num_games=3, seed=1, threads=1)
        >>> start = games.reset()
        >>> legal = start.legal_mask.copy()
        >>> actions, step = games.step_random()
        >>> actions.dtype, bool(all(legal[g, a] for g, a in enumerate(actions)))
        (dtype('int32'), True)
        """
        self._batch.step_random(*self._step_arrays())
        return self._actions, self._result()

    def state(self, index: int) -> State:
        """A copy of game ``index`` as an ordinary :class:`~henchmen.State` (auto chance off).

        Changing the copy does not change the batch.

        >>> from henchmen.batch import VectorGame
        >>> games = VectorGame("parry", num_games=2, seed=1, threads=1)
        >>> step = games.reset()
        >>> state = games.state(1)
        >>> state.current_player == int(step.current_player[1]), state.auto_chance
        (True, False)
        >>> bool((state.legal_actions_mask() == step.legal_mask[1]).all())
        True
        """
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
        """How many games have ended (and restarted) since the last reset.

        >>> from henchmen.batch import VectorGame
        >>> games = VectorGame("parry", num_games=4, seed=1, threads=1)
        >>> _ = games.reset()
        >>> ended = 0
        >>> for _ in range(60):
        ...     _, step = games.step_random()
        ...     ended += int(step.done.sum())
        >>> games.episodes_finished == ended > 0
        True
        """
        return int(self._batch.episodes_finished)
