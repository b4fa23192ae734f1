"""The learned leaf value (henchmen.learn) as a search evaluator.

:class:`LearnedEvaluator` gives each player the learned value of the
position from their own observation tensor. It has a native twin
(``cpp/search/learned.h``), so a search that uses it runs in C++; called from
Python it evaluates the same network with numpy.

>>> import henchmen
>>> from henchmen.search import ISMCTS
>>> from henchmen.search.learned import LearnedEvaluator
>>> state = henchmen.new_game("parry", seed=1)
>>> ISMCTS(iterations=10, evaluator=LearnedEvaluator()).search(state)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
henchmen.errors.OptionError: no learned evaluator is shipped for 'parry'; ...
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from henchmen import _checks
from henchmen.errors import OptionError
from henchmen.learn import weights_file
from henchmen.learn.model import ValueNet
from henchmen.state import State
from henchmen.state import checked as checked_state


@dataclass(frozen=True)
class LearnedEvaluator:
    """The learned value of each player; ``weights`` a file, or None for the
    one shipped for the state's game.

    >>> LearnedEvaluator("super.json").weights
    'super.json'
    """

    weights: str | None = None

    def native_settings(self) -> dict[str, Any]:
        """The native search's settings for this leaf.

        >>> LearnedEvaluator("x.json").native_settings()["leaf"]
        'learned'
        """
        out: dict[str, Any] = {"leaf": "learned", "rollout_depth": 0}
        if self.weights is not None:
            out["weights"] = self.weights
        return out

    def __call__(self, state: State) -> Sequence[float]:
        checked_state(state, "LearnedEvaluator")
        if state.is_terminal:
            return list(state.returns)
        net = _net(self.weights or weights_file(state.game.name))
        n = state.game.num_players
        rows = [
            np.append(state._s.observation_tensor(p).reshape(-1), [state._s.heuristic(p)])
            if net.heuristic_input
            else state._s.observation_tensor(p).reshape(-1)
            for p in range(n)
        ]
        return [float(v) for v in net.predict(rows)]


LEAVES = ("heuristic", "learned")
_kept: dict[tuple[str, int], ValueNet] = {}


def _net(path: str) -> ValueNet:
    # Read once per version of the file: a Python search asks at every leaf.
    key = (path, Path(path).stat().st_mtime_ns if Path(path).exists() else 0)
    if key not in _kept:
        _kept.clear()
        _kept[key] = ValueNet.load(path)
    return _kept[key]


def leaf_settings(leaf: object, weights: object, rollout_depth: int) -> tuple[str, str | None]:
    """A search bot's ``leaf`` and ``weights``, checked.

    >>> leaf_settings("learned", None, 0)
    ('learned', None)
    >>> leaf_settings("heuristic", "x.json", 0)
    Traceback (most recent call last):
    ...
    henchmen.errors.OptionError: weights is for leaf=learned; this bot has leaf='heuristic'
    """
    chosen = _checks.one_of(leaf, LEAVES, "leaf")
    if weights is not None and not isinstance(weights, str):
        raise OptionError(f"weights must be a file name (str), got {_checks.describe(weights)}")
    if weights is not None and chosen != "learned":
        raise OptionError(f"weights is for leaf=learned; this bot has leaf={chosen!r}")
    if chosen == "learned" and rollout_depth != 0:
        raise OptionError(
            f"leaf=learned evaluates the leaf itself: rollout_depth must be 0, got {rollout_depth}"
        )
    return chosen, weights
