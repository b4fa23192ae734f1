"""Leaf evaluators and priors for :mod:`henchmen.search`.

An evaluator turns a position into one value per player, each in [-1, 1].
The two built-ins have native twins, so a search that uses them can run
entirely in C++; any other callable runs in Python.

>>> import henchmen
>>> from henchmen.search import HeuristicEvaluator
>>> state = henchmen.new_game("seven-secret-supervillains", seed=1)
>>> values = HeuristicEvaluator()(state)
>>> len(values) == state.game.num_players and all(-1 <= v <= 1 for v in values)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from henchmen import _checks, _core
from henchmen.state import State
from henchmen.state import checked as checked_state

#: A user evaluator: a position -> one value per player in [-1, 1].
Evaluator = Callable[[State], Sequence[float]]
#: A user prior: a position -> a probability per legal action id (PUCT only).
Prior = Callable[[State], Mapping[int, float]]


@dataclass(frozen=True)
class RandomRollout:
    """Play uniformly random moves (chance sampled) for ``depth`` steps, or to
    the end when ``depth`` is -1; then the returns, or the heuristic if the
    game is not over.

    The default evaluator of :class:`~henchmen.search.MCTS`; the state
    given is not changed.

    >>> import henchmen
    >>> from henchmen.search import MCTS, RandomRollout
    >>> state = henchmen.new_game("parry", seed=1)
    >>> RandomRollout()(state) in ([1.0, -1.0], [-1.0, 1.0])  # played to the end
    True
    >>> before = state.clone()
    >>> values = RandomRollout(depth=2)(state)  # two moves, then the heuristic
    >>> len(values), all(-1 <= v <= 1 for v in values), state == before
    (2, True, True)
    >>> MCTS(iterations=20, evaluator=RandomRollout(depth=4)).search(state).native
    True
    """

    depth: int = -1

    def __post_init__(self) -> None:
        _checks.count(self.depth, "depth", -1, 1_000_000)

    def __call__(self, state: State) -> Sequence[float]:
        core = checked_state(state, "RandomRollout")._s.clone()
        core.set_auto_chance(False, 0)
        return _rollout(core, _core.Rng(0), self.depth)[0]


@dataclass(frozen=True)
class HeuristicEvaluator:
    """The game's own heuristic for each player, without any rollout.

    Cheap and deterministic: :meth:`~henchmen.State.heuristic` of every
    player (the returns once the game is over).

    >>> import henchmen
    >>> from henchmen.search import ISMCTS, HeuristicEvaluator
    >>> state = henchmen.new_game("parry", seed=1)
    >>> HeuristicEvaluator()(state) == [state.heuristic(0), state.heuristic(1)]
    True
    >>> ISMCTS(iterations=20, evaluator=HeuristicEvaluator()).search(state).native
    True
    """

    def __call__(self, state: State) -> Sequence[float]:
        checked_state(state, "HeuristicEvaluator")
        if state.is_terminal:
            return list(state.returns)
        return [state.heuristic(p) for p in range(state.game.num_players)]


def _rollout(core: _core.State, rng: _core.Rng, depth: int) -> tuple[list[float], int]:
    """Random playout of ``core`` in place; the values and the steps taken.

    Draws from ``rng`` in exactly the order the native search does.
    """
    steps = 0
    while not core.is_terminal and (depth < 0 or steps < depth):
        if core.is_chance:
            core.apply(core.sample_chance(rng))
        else:
            legal = core.legal_actions()
            core.apply(legal[rng.below(len(legal))])
        steps += 1
    if core.is_terminal:
        return list(core.returns()), steps
    return [core.heuristic(p) for p in range(core.game.num_players)], steps
