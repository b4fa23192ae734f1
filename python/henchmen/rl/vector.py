"""A vector environment: thousands of games per call over the native batch API.

:class:`VectorEnv` steps ``num_envs`` games of one kind natively (threads,
GIL released), numpy in and out, in the manner of EnvPool.  Every game
always has a player to move: chance is resolved by each game's own seeded
generator, and a game that ends (``terminated``) or reaches ``max_steps``
decisions (``truncated``) restarts at once, its final observation for every
player kept in ``info["final_observation"]`` (rows where the game ended).

Observations come as ``encoding="float"`` (the engine's tensor, float32),
``"compact"`` (the tensor's nonzero entries; :func:`decode_compact` turns
them back into the tensor, exactly) or ``"none"``.

>>> import numpy as np
>>> from henchmen.rl import VectorEnv
>>> env = VectorEnv("seven-secret-supervillains", num_envs=4, seed=1, threads=1)
>>> obs, info = env.reset()
>>> obs["observation"].shape == (4, *env.game.observation_shape)
True
>>> obs["current_player"].tolist()
[0, 0, 0, 0]
>>> actions = np.array([np.flatnonzero(m)[0] for m in obs["action_mask"]])
>>> obs, rewards, terminated, truncated, info = env.step(actions)
>>> rewards.shape, terminated.dtype
((4, 2), dtype('bool'))
"""

from __future__ import annotations

import os
import threading
from typing import Any

import numpy as np
import numpy.typing as npt

from henchmen import _checks, _core, _memory
from henchmen.batch import read_only
from henchmen.errors import IllegalActionError, OptionError, UsageError
from henchmen.rl import _common

Arrays = dict[str, npt.NDArray[Any]]
StepResult = tuple[
    Arrays, npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], Arrays
]

ENCODINGS = ("float", "compact", "none")

#: How the legal actions come: the bool mask, the flat ids (henchmen.rl.legal), or both.
LEGAL = ("mask", "flat", "both")

#: The flat ids' first capacity, entries per game; it doubles when a step needs more.
LEGAL_CAPACITY = 32

#: Default compact capacities (entries per game), twice the most seen in
#: random play (tests/rl/test_vector.py checks the margin).
COMPACT_CAPACITY = {"seven-secret-supervillains": 256, "legendary": 768}


def decode_compact(
    index: npt.NDArray[np.uint16],
    value: npt.NDArray[np.float32],
    count: npt.NDArray[np.int32],
    length: int,
) -> npt.NDArray[np.float32]:
    """The dense tensors [games, length] from compact ones (entries at one index add up).

    >>> import numpy as np
    >>> decode_compact(np.array([[1, 3, 1]], np.uint16), np.array([[2, 5, 1]], np.float32),
    ...                np.array([3], np.int32), 4).tolist()
    [[0.0, 3.0, 0.0, 5.0]]
    """
    index, value, count = np.asarray(index), np.asarray(value), np.asarray(count)
    games, capacity = index.shape
    if (count > capacity).any():
        raise UsageError("some rows overflowed their compact capacity; they cannot be decoded")
    out = np.zeros((games, length), dtype=np.float32)
    used = np.arange(capacity)[None, :] < count[:, None]
    rows = np.broadcast_to(np.arange(games)[:, None], index.shape)[used]
    np.add.at(out, (rows, index[used].astype(np.intp)), value[used])
    return out


class VectorEnv:
    """``num_envs`` games of ``name`` stepped together; see the module docs.

    ``step(actions)`` takes one action id per game (for its player to move)
    and returns ``(obs, rewards, terminated, truncated, info)``: ``obs`` a
    dict of ``observation`` (or ``compact_index``/``compact_value``/
    ``compact_count``), ``action_mask`` (bool [games, actions]) and
    ``current_player`` (int32 [games]); ``rewards`` float32 [games, players]
    (returns of games that ended this step, else 0).  ``legal="flat"``
    gives ``legal_offsets`` (int32 [games + 1]) and ``legal_ids`` (int32)
    instead of the mask, ``legal="both"`` both: game ``i``'s legal actions
    are ``legal_ids[legal_offsets[i]:legal_offsets[i + 1]]``, and
    :func:`~henchmen.rl.legal.sample_legal` picks one per game without
    scanning the action space (the fast path for a numpy policy).

    A step allocates no arrays: the returned dicts and arrays are the
    environment's own buffers (``legal_ids`` a view of one), overwritten by
    the next step, reset or recv: copy what you keep. ``action_mask`` is
    read-only, since a step rewrites only its entries that change.
    ``send``/``recv`` run a step in the background.

    Compact observations decode to exactly the float ones:

    >>> dense = VectorEnv("parry", num_envs=3, seed=1, threads=1)
    >>> compact = VectorEnv("parry", num_envs=3, seed=1, threads=1, encoding="compact")
    >>> (a, _), (b, _) = dense.reset(), compact.reset()
    >>> sorted(b)
    ['action_mask', 'compact_count', 'compact_index', 'compact_value', 'current_player']
    >>> bool((compact.decode(b) == a["observation"]).all())
    True
    """

    def __init__(
        self,
        name: str,
        num_envs: int,
        seed: int = 0,
        threads: int | None = None,
        encoding: str = "float",
        compact_capacity: int | None = None,
        max_steps: int | None = None,
        final_observation: bool = True,
        legal: str = "mask",
        **options: Any,
    ) -> None:
        self.game = _common.make_game(name, options)
        self.num_envs = _checks.count(num_envs, "num_envs", 1, 10_000_000)
        cores = min(os.cpu_count() or 1, _core.MAX_THREADS)
        self.threads = _checks.count(
            threads if threads is not None else cores, "threads", 1, _core.MAX_THREADS
        )
        self.encoding = _checks.one_of(encoding, tuple(ENCODINGS), "encoding")
        _checks.flag(final_observation, "final_observation")
        self.legal = _checks.one_of(legal, LEGAL, "legal")
        self.max_steps = _common.max_steps(max_steps)
        self._seed = _checks.seed(seed)
        self._resets = 0
        n, players = self.num_envs, self.game.num_players
        self.observation_length = int(np.prod(self.game.observation_shape))
        length = self.observation_length
        if encoding == "compact":
            default = COMPACT_CAPACITY.get(self.game.name, length)
            cap = _checks.count(
                compact_capacity if compact_capacity is not None else min(default, length),
                "compact_capacity",
                1,
                1 << 30,
            )
            self.compact_capacity = cap
        else:
            self.compact_capacity = 0
        compact = self.compact_capacity
        flat = legal != "mask"
        extra = (
            6 * compact
            + 4
            + 1
            + (4 * players * length if final_observation else 0)
            + (4 + 4 * LEGAL_CAPACITY if flat else 0)
        )
        per_game = _memory.batch_bytes(
            self.game._core.new_initial_state().native_size_bytes(),
            length,
            self.game.num_distinct_actions,
            players,
            observations=encoding == "float",
            legal_mask=legal != "flat",
            extra_bytes=extra,
        )
        _memory.check_fits(
            self.game.name, n, per_game, "num_envs", "final_observation=False, encoding='compact'"
        )
        if encoding == "compact":
            self._index = np.zeros((n, compact), dtype=np.uint16)
            self._value = np.zeros((n, compact), dtype=np.float32)
            self._count = np.zeros(n, dtype=np.int32)
        self._obs = np.zeros((n, length), dtype=np.float32) if encoding == "float" else None
        self._space = self.game.num_distinct_actions
        self._mask = np.zeros((n, self._space), dtype=np.bool_) if legal != "flat" else None
        self._offsets = np.zeros(n + 1, dtype=np.int32) if flat else None
        self._ids = np.zeros(n * LEGAL_CAPACITY if flat else 0, dtype=np.int32)
        self._rewards = np.zeros((n, players), dtype=np.float32)
        self._terminated = np.zeros(n, dtype=np.bool_)
        self._truncated = np.zeros(n, dtype=np.bool_)
        self._player = np.zeros(n, dtype=np.int32)
        self._final = (
            np.zeros((n, players, length), dtype=np.float32) if final_observation else None
        )
        self._actions = np.zeros(n, dtype=np.int32)
        # The dicts a step returns, made once: a step only refreshes legal_ids' view.
        self._obs_dict: Arrays = {}
        if self._mask is not None:
            self._obs_dict["action_mask"] = read_only(self._mask)
        self._obs_dict["current_player"] = self._player
        if self._obs is not None:
            self._obs_dict["observation"] = self._obs.reshape(n, *self.game.observation_shape)
        if encoding == "compact":
            self._obs_dict.update(
                compact_index=self._index, compact_value=self._value, compact_count=self._count
            )
        if self._offsets is not None:
            self._obs_dict.update(legal_offsets=self._offsets, legal_ids=self._ids[:0])
        self._info_dict: Arrays = {}
        if self._final is not None:
            self._info_dict["final_observation"] = self._final.reshape(
                n, players, *self.game.observation_shape
            )
        self._buffers = self._extra()
        self._batch: Any = None
        self._total = 0  # the flat legal entries the last native call needed
        self._pending: threading.Thread | None = None
        self._pending_error: BaseException | None = None

    # -- the buffers ------------------------------------------------------

    def _extra(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "truncated": self._truncated,
            "final_observations": self._final,
        }
        if self.encoding == "compact":
            out.update(
                compact_index=self._index, compact_value=self._value, compact_count=self._count
            )
        if self._offsets is not None:
            out.update(legal_offsets=self._offsets, legal_ids=self._ids)
        return out

    def _legal(self, total: int) -> None:
        """Points ``legal_ids`` at this step's entries (its buffer grown if they did not fit)."""
        if self._offsets is None:
            return
        if total > self._ids.size:
            # Rare (the capacity doubles): the batch still holds every list, so refill.
            self._ids = np.zeros(max(total, 2 * self._ids.size), dtype=np.int32)
            self._buffers["legal_ids"] = self._ids
            self._batch.write_legal(self._offsets, self._ids)
        self._obs_dict["legal_ids"] = self._ids[:total]

    def _observations(self) -> Arrays:
        if self.encoding == "compact":
            if int(self._count.max()) > self.compact_capacity:
                worst = int(self._count.max())
                self._batch = None
                raise UsageError(
                    f"a game needed {worst} compact entries but compact_capacity is "
                    f"{self.compact_capacity}: make the VectorEnv with "
                    f"compact_capacity >= {worst}; "
                    "this step's observations are incomplete, so the environment needs reset()"
                )
        return self._obs_dict

    # -- the calls ---------------------------------------------------------

    def reset(self, seed: int | None = None) -> tuple[Arrays, Arrays]:
        """Start every game afresh; ``seed`` (or the constructor's) fixes the whole run.

        >>> env = VectorEnv("parry", num_envs=2, threads=1)
        >>> first = env.reset(seed=3)[0]["observation"].copy()
        >>> _ = env.step_random()
        >>> bool((env.reset(seed=3)[0]["observation"] == first).all())
        True
        """
        self._wait()
        if seed is not None:
            self._seed = _checks.seed(seed)
            self._resets = 0
        batch_seed = _common.episode_seed(self._seed, self._resets)
        self._resets += 1
        self._batch = self.game._core.make_batch(self.num_envs, batch_seed, self.threads)
        self._batch.set_max_steps(self.max_steps or 0)
        self._legal(
            self._batch.reset(
                self.game._core,
                self._obs,
                self._mask,
                self._rewards,
                self._terminated,
                self._player,
                **self._buffers,
            )
        )
        return self._observations(), {}

    def _check_actions(self, actions: npt.ArrayLike) -> None:
        if self._batch is None:
            raise UsageError("call reset() before step()")
        arr = actions if isinstance(actions, np.ndarray) else np.asarray(actions)
        if arr.shape != (self.num_envs,) or arr.dtype.kind not in "iu":
            raise OptionError(
                f"actions must be {self.num_envs} integer action ids, "
                f"got shape {arr.shape} of {arr.dtype}"
            )
        space = self._space
        # Two reductions on the happy path; the offending game is looked for only on failure.
        if arr.min() < 0 or arr.max() >= space:
            bad = np.flatnonzero((arr < 0) | (arr >= space))
            i = int(bad[0])
            raise IllegalActionError(
                f"game {i}: action id {int(arr[i])} is outside the action space 0..{space - 1}; "
                "no game was changed"
            )
        np.copyto(self._actions, arr, casting="unsafe")

    def _step_arrays(self) -> tuple[Any, ...]:
        """What every native step takes first, in order: the game, the actions to apply and
        the arrays the step is written into."""
        return (
            self.game._core,
            self._actions,
            self._obs,
            self._mask,
            self._rewards,
            self._terminated,
            self._player,
        )

    def _native_step(self) -> None:
        self._total = self._batch.step(*self._step_arrays(), **self._buffers)

    def step(self, actions: npt.ArrayLike) -> StepResult:
        """One action per game; an illegal one raises IllegalActionError and changes no game.

        >>> env = VectorEnv("parry", num_envs=2, seed=1, threads=1)
        >>> obs, _ = env.reset()
        >>> env.step(np.array([0, 10**6]))
        Traceback (most recent call last):
        ...
        henchmen.errors.IllegalActionError: game 1: action id 1000000 is outside the action
        space ...; no game was changed
        >>> legal = obs["action_mask"].argmax(axis=1)
        >>> obs, rewards, terminated, truncated, info = env.step(legal)
        >>> env.actions_applied >= 2, rewards.shape
        (True, (2, 2))
        """
        self._wait()
        self._check_actions(actions)
        self._native_step()
        return self._result()

    def step_random(self) -> tuple[npt.NDArray[np.int32], StepResult]:
        """Every game takes a uniformly random legal action: the actions and the step.

        >>> env = VectorEnv("parry", num_envs=4, seed=2, threads=1)
        >>> mask = env.reset()[0]["action_mask"].copy()
        >>> actions, (obs, rewards, terminated, truncated, info) = env.step_random()
        >>> bool(mask[np.arange(4), actions].all())
        True
        """
        self._wait()
        if self._batch is None:
            raise UsageError("call reset() before step_random()")
        self._total = self._batch.step_random(*self._step_arrays(), **self._buffers)
        return self._actions, self._result()

    def _result(self) -> StepResult:
        self._legal(self._total)
        obs = self._observations()
        return obs, self._rewards, self._terminated, self._truncated, self._info_dict

    def send(self, actions: npt.ArrayLike) -> None:
        """Start a step in the background (the native call releases the GIL).

        :meth:`recv` waits for it and returns what :meth:`step` would have.

        >>> a = VectorEnv("parry", num_envs=2, seed=4, threads=1)
        >>> b = VectorEnv("parry", num_envs=2, seed=4, threads=1)
        >>> actions = a.reset()[0]["action_mask"].argmax(axis=1)
        >>> _ = b.reset()
        >>> a.send(actions)
        >>> background = a.recv()[0]["observation"]
        >>> bool((background == b.step(actions)[0]["observation"]).all())
        True
        """
        if self._pending is not None:
            raise UsageError("a step is already in flight: call recv() before send() again")
        self._check_actions(actions)
        self._pending_error = None

        def run() -> None:
            try:
                self._native_step()
            except BaseException as e:  # handed to recv()
                self._pending_error = e

        self._pending = threading.Thread(target=run, daemon=True)
        self._pending.start()

    def recv(self) -> StepResult:
        """The result of the step :meth:`send` started (its errors are raised here).

        >>> env = VectorEnv("parry", num_envs=2, seed=1, threads=1)
        >>> env.recv()
        Traceback (most recent call last):
        ...
        henchmen.errors.UsageError: no step in flight: call send(actions) first
        >>> env.send(env.reset()[0]["action_mask"].argmax(axis=1))
        >>> obs, rewards, terminated, truncated, info = env.recv()
        >>> obs["current_player"].shape
        (2,)
        """
        if self._pending is None:
            raise UsageError("no step in flight: call send(actions) first")
        self._wait()
        error, self._pending_error = self._pending_error, None
        if error is not None:
            raise error
        return self._result()

    def _wait(self) -> None:
        if self._pending is not None:
            self._pending.join()
            self._pending = None

    def decode(self, obs: Arrays) -> npt.NDArray[np.float32]:
        """The dense observation tensors ``[games, *shape]`` of a compact ``obs``.

        >>> env = VectorEnv("parry", num_envs=2, seed=1, threads=1, encoding="compact")
        >>> obs, _ = env.reset()
        >>> dense = env.decode(obs)
        >>> dense.shape == (2, *env.game.observation_shape)
        True
        >>> bool((dense[0] == env.state(0).observation_tensor(int(obs["current_player"][0]))).all())
        True
        """
        if "observation" in obs:
            return obs["observation"]
        if "compact_index" not in obs:
            raise UsageError("this environment writes no observations (encoding='none')")
        dense = decode_compact(
            obs["compact_index"],
            obs["compact_value"],
            obs["compact_count"],
            self.observation_length,
        )
        return dense.reshape(self.num_envs, *self.game.observation_shape)

    def state(self, index: int) -> Any:
        """A copy of game ``index`` as a :class:`~henchmen.State`.

        >>> env = VectorEnv("parry", num_envs=2, seed=1, threads=1)
        >>> obs, _ = env.reset()
        >>> game = env.state(1)
        >>> game.current_player == int(obs["current_player"][1]), game.is_terminal
        (True, False)
        """
        from henchmen.state import State

        if self._batch is None:
            raise UsageError("call reset() before state()")
        self._wait()
        i = _checks.count(index, "index", 0, self.num_envs - 1)
        return State._wrap(self._batch.state(i), self.game)

    @property
    def actions_applied(self) -> int:
        """Decisions and chance outcomes applied since the last reset.

        >>> env = VectorEnv("parry", num_envs=3, seed=1, threads=1)
        >>> env.actions_applied
        0
        >>> _ = env.reset()
        >>> before = env.actions_applied
        >>> _ = env.step_random()
        >>> env.actions_applied - before >= 3
        True
        """
        return 0 if self._batch is None else int(self._batch.actions_applied)

    def close(self) -> None:
        """Drop the games (a step in flight is finished first); reset() starts them again.

        >>> env = VectorEnv("parry", num_envs=2, seed=1, threads=1)
        >>> _ = env.reset()
        >>> env.close()
        >>> env.step_random()
        Traceback (most recent call last):
        ...
        henchmen.errors.UsageError: call reset() before step_random()
        """
        self._wait()
        self._batch = None
