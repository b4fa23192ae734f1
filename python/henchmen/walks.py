"""Seeded random walks into a game: a position some uniformly random moves in, the same for
a seed wherever it is asked for (tests, benchmarks, notebooks), so that a figure or a
finding names its position by game, seed and steps alone.

>>> from henchmen.walks import random_walk
>>> s = random_walk("parry", seed=1, steps=4)
>>> s == random_walk("parry", seed=1, steps=4)
True
"""

from __future__ import annotations

import random

from henchmen.game import new_game
from henchmen.state import State


def random_walk(game: str, seed: int, steps: int, **options: object) -> State:
    """The game ``game`` (with ``options``) dealt from ``seed``, then up to ``steps``
    uniformly random legal moves drawn from a ``random.Random(seed)`` (fewer where the game
    ends first; chance resolved by the game's own seeded generator).

    >>> random_walk("parry", seed=2, steps=0) == new_game("parry", seed=2)
    True
    """
    state = new_game(game, seed=seed, **options)  # type: ignore[arg-type]
    return walk_on(state, random.Random(seed), steps)


def walk_on(state: State, rng: random.Random, steps: int) -> State:
    """Applies up to ``steps`` uniformly random legal moves drawn from ``rng`` to ``state``
    (fewer where the game ends first) and returns it.

    >>> s = walk_on(new_game("parry", seed=1), random.Random(1), 4)
    >>> s == random_walk("parry", seed=1, steps=4)
    True
    """
    for _ in range(steps):
        if state.is_terminal:
            break
        ids = state.legal_action_ids
        state.apply(ids[rng.randrange(len(ids))])
    return state
