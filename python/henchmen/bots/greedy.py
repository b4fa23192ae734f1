"""GreedyBot: the action whose immediate result the game's heuristic likes best."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from henchmen import _checks
from henchmen.bots.base import decision_player

if TYPE_CHECKING:
    from henchmen.state import State

# A finished game outranks any heuristic value (heuristics lie in [-1, 1]).
_TERMINAL_WEIGHT = 2.0
_TIE = 1e-12


class GreedyBot:
    """One-ply greedy: scores each legal action with ``state.heuristic(player)``.

    For every legal action it looks at the position right after it.  If chance
    acts next (a draw, a reveal), the score is the expectation over the
    outcomes, weighted by their probabilities; when there are more than
    ``samples`` outcomes it averages ``samples`` draws instead, and any
    further chance is drawn with the bot's own generator.  The bot never
    peeks: it evaluates a :meth:`~henchmen.State.resample` of the position
    from its own point of view, and its chance draws never use the game's
    generator.  Ties are broken by its seeded generator.

    >>> import henchmen
    >>> from henchmen.bots import GreedyBot
    >>> state = henchmen.new_game("seven-secret-supervillains")
    >>> GreedyBot(seed=2).choose(state) in state.legal_action_ids()
    True
    """

    name = "greedy"

    def __init__(self, seed: int = 0, samples: int = 6) -> None:
        self.seed = _checks.seed(seed)
        self.samples = _checks.count(samples, "samples", 1, 10_000)
        self._rng = random.Random(self.seed)

    def choose(self, state: State) -> int:
        """The legal action id of ``state`` with the best heuristic score.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains", seed=2)
        >>> GreedyBot(seed=1).choose(state) == GreedyBot(seed=1).choose(state)
        True
        """
        me = decision_player(state, self.name)
        ids = state.legal_action_ids()
        if len(ids) == 1:
            return ids[0]
        base = state.resample(me, self._rng.getrandbits(64))
        if base.legal_action_ids() != ids:  # resampling must keep what `me` may do
            base = state.clone()
        base.set_auto_chance(False)
        scores = [self._value(base.child(a), me) for a in ids]
        best = max(scores)
        ties = [a for a, s in zip(ids, scores, strict=True) if s >= best - _TIE]
        return ties[0] if len(ties) == 1 else ties[self._rng.randrange(len(ties))]

    def _value(self, state: State, me: int) -> float:
        if not state.is_chance:
            return self._leaf(state, me)
        outcomes = state._s.chance_outcomes()
        if len(outcomes) <= self.samples:
            total = 0.0
            for outcome, p in outcomes:
                total += p * self._settled(state.child(outcome), me)
            return total
        total = 0.0
        for _ in range(self.samples):
            total += self._settled(state.clone(), me)
        return total / self.samples

    def _settled(self, state: State, me: int) -> float:
        if state.is_chance:
            state.set_auto_chance(True, self._rng.getrandbits(64))
        return self._leaf(state, me)

    @staticmethod
    def _leaf(state: State, me: int) -> float:
        if state.is_terminal:
            return _TERMINAL_WEIGHT * state.returns[me]
        return state.heuristic(me)

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed}, samples={self.samples})"
