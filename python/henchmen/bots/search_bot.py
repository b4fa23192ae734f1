"""SearchBot: a bot that thinks with MCTS or ISMCTS each move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from henchmen import _checks, _core
from henchmen.bots.base import decision_player
from henchmen.search.mcts import ISMCTS, MCTS

if TYPE_CHECKING:
    from henchmen.state import State


class SearchBot:
    """Chooses by a fresh search each move; deterministic for its seed.

    ``algorithm`` is "ismcts" (honest: never sees hidden cards) or "mcts"
    (searches the true state: it peeks, so use it only as a yardstick).

    >>> import henchmen
    >>> from henchmen.bots import SearchBot
    >>> state = henchmen.new_game("seven-secret-supervillains", seed=1)
    >>> SearchBot(seed=3, iterations=50).choose(state) in state.legal_action_ids()
    True
    """

    def __init__(
        self,
        seed: int = 0,
        algorithm: str = "ismcts",
        iterations: int = 400,
        rollout_depth: int = 0,
    ) -> None:
        if algorithm not in ("ismcts", "mcts"):
            from henchmen.errors import OptionError

            raise OptionError(f"algorithm must be 'ismcts' or 'mcts', got {algorithm!r}")
        self.name = algorithm
        self.algorithm = algorithm
        self.iterations = _checks.count(iterations, "iterations", 1, 100_000_000)
        self.rollout_depth = rollout_depth
        self._rng = _core.Rng(_checks.seed(seed))

    def choose(self, state: State) -> int:
        """The action the search prefers for ``state.current_player``.

        >>> import henchmen
        >>> from henchmen.bots import SearchBot
        >>> state = henchmen.new_game("seven-secret-supervillains", seed=2)
        >>> bot = SearchBot(seed=1, iterations=30)
        >>> bot.choose(state) == SearchBot(seed=1, iterations=30).choose(state)
        True
        """
        decision_player(state, self.name)
        ids = state.legal_action_ids()
        if len(ids) == 1:
            return ids[0]
        from henchmen.search.evaluators import HeuristicEvaluator, RandomRollout

        evaluator = (
            HeuristicEvaluator() if self.rollout_depth == 0 else RandomRollout(self.rollout_depth)
        )
        cls = ISMCTS if self.algorithm == "ismcts" else MCTS
        search = cls(iterations=self.iterations, seed=self._rng.next_u64(), evaluator=evaluator)
        return search.search(state).best.id
