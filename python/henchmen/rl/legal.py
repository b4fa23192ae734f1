"""Sampling legal moves from the flat legal actions of a :class:`~henchmen.rl.VectorEnv`.

With ``VectorEnv(..., legal="flat")`` (or ``"both"``) every step writes each
game's legal actions end to end: game ``i``'s are
``legal_ids[legal_offsets[i]:legal_offsets[i + 1]]``, ascending (the
CSR layout of a sparse matrix).  Choosing a move is then a few numpy
operations on some tens of entries a game, where the mask makes a policy scan
the whole action space (3,064 entries a game in Seven Secret Supervillains).

>>> import numpy as np
>>> offsets = np.array([0, 2, 5], np.int32)   # game 0: ids 3 and 7; game 1: 1, 4, 9
>>> ids = np.array([3, 7, 1, 4, 9], np.int32)
>>> actions = sample_legal(offsets, ids, np.random.default_rng(0))
>>> actions.dtype, bool(actions[0] in (3, 7)), bool(actions[1] in (1, 4, 9))
(dtype('int32'), True, True)
>>> logits = np.zeros((2, 10), np.float32)
>>> logits[0, 7] = logits[1, 1] = 50.0             # a near-certain preference
>>> sample_legal(offsets, ids, np.random.default_rng(0), logits=logits).tolist()
[7, 1]
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from henchmen.errors import OptionError

__all__ = ["legal_games", "sample_legal"]


_INT32 = np.dtype(np.int32)  # compared with a dtype, not the type: faster, once a step


def _int32_vector(value: Any, what: str) -> npt.NDArray[np.int32]:
    if not isinstance(value, np.ndarray) or value.ndim != 1 or value.dtype != _INT32:
        raise OptionError(
            f"{what} must be a 1-d int32 numpy array (as VectorEnv writes it), "
            f"got {type(value).__name__} {getattr(value, 'dtype', '')} "
            f"of shape {getattr(value, 'shape', '')}"
        )
    return value


def _checked(
    legal_offsets: Any, legal_ids: Any
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """offsets, ids and the count of each game, after the layout's checks."""
    offsets = _int32_vector(legal_offsets, "legal_offsets")
    ids = _int32_vector(legal_ids, "legal_ids")
    if offsets.size < 2 or offsets[0] != 0 or offsets[-1] != ids.size:
        raise OptionError(
            "legal_offsets must run from 0 to len(legal_ids), one more entry than games, "
            f"got {offsets.size} offsets ending at {int(offsets[-1]) if offsets.size else None} "
            f"for {ids.size} ids"
        )
    counts = offsets[1:] - offsets[:-1]
    if counts.min() < 1:
        raise OptionError("every game needs at least one legal action: legal_offsets must rise")
    return offsets, ids, counts


def legal_games(legal_offsets: Any, legal_ids: Any) -> npt.NDArray[np.intp]:
    """The game of each entry of ``legal_ids`` (to gather a policy's scores).

    >>> legal_games(np.array([0, 2, 5], np.int32), np.array([3, 7, 1, 4, 9], np.int32)).tolist()
    [0, 0, 1, 1, 1]
    """
    counts = _checked(legal_offsets, legal_ids)[2]
    return np.repeat(np.arange(counts.size), counts)


def sample_legal(
    legal_offsets: Any,
    legal_ids: Any,
    rng: np.random.Generator,
    logits: Any = None,
) -> npt.NDArray[np.int32]:
    """One legal action per game, int32 [games], ready for ``VectorEnv.step``.

    Uniform among each game's legal actions; with ``logits`` ([games,
    num_distinct_actions], a policy's scores) from the softmax of the legal
    entries' scores (Gumbel-max: the argmax of score plus Gumbel noise per
    game), never an illegal action whatever the scores.  Cost is in the
    number of legal entries, not the action space.

    >>> from henchmen.rl import VectorEnv
    >>> env = VectorEnv("parry", num_envs=4, seed=1, threads=1, legal="both")
    >>> obs, _ = env.reset()
    >>> actions = sample_legal(obs["legal_offsets"], obs["legal_ids"], np.random.default_rng(1))
    >>> bool(obs["action_mask"][np.arange(4), actions].all())
    True
    """
    if not isinstance(rng, np.random.Generator):
        raise OptionError(f"rng must be a numpy.random.Generator, got {type(rng).__name__}")
    offsets, ids, counts = _checked(legal_offsets, legal_ids)
    games = counts.size
    if logits is None:
        # random() < 1 so random() * count < count exactly in float64: never the next game's.
        # In place: this runs once a step, and each numpy temporary costs a microsecond or two.
        draw = rng.random(games)
        draw *= counts
        pick = draw.astype(np.int32)
        pick += offsets[:-1]
        return ids[pick]
    scores = np.asarray(logits)
    if scores.ndim != 2 or scores.shape[0] != games or not np.issubdtype(scores.dtype, np.floating):
        raise OptionError(
            f"logits must be a float array [games={games}, actions], "
            f"got shape {scores.shape} of {scores.dtype}"
        )
    if ids.size and int(ids.max()) >= scores.shape[1]:
        raise OptionError(
            f"logits has {scores.shape[1]} columns but a legal action id is {int(ids.max())}"
        )
    rows = np.repeat(np.arange(games), counts)
    noisy = scores[rows, ids] - np.log(-np.log(rng.random(ids.size)))
    best = np.maximum.reduceat(noisy, offsets[:-1])
    # The first entry of each game reaching its maximum (ties have probability 0).
    where = np.where(noisy == best[rows], np.arange(ids.size), ids.size)
    return ids[np.minimum.reduceat(where, offsets[:-1])]
