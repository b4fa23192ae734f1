"""SearchBot: a bot that thinks with MCTS or ISMCTS each move."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from henchmen import _checks, _core
from henchmen.bots.base import decision_player
from henchmen.search.evaluators import Evaluator, HeuristicEvaluator, RandomRollout
from henchmen.search.learned import LearnedEvaluator, leaf_settings
from henchmen.search.mcts import ISMCTS, MAX_EXPLORATION, MAX_SECONDS, MCTS

if TYPE_CHECKING:
    from henchmen.state import State

#: The defaults, tuned in docs/strength.md: a few milliseconds a move natively.
DEFAULT_ITERATIONS = 1000
DEFAULT_EXPLORATION = 0.3


class SearchBot:
    """Chooses by a fresh search each move; deterministic for its seed.

    ``algorithm`` is "ismcts" (honest: never sees hidden cards) or "mcts"
    (searches the true state: it peeks, so use it only as a yardstick).
    ``rollout_depth`` 0 evaluates leaves with the game's heuristic (the
    default, and the strongest in every game but Super!, where 10 random
    steps beat it: docs/strength.md, "Bounds"), -1 plays random rollouts to
    the end, n plays n random steps then asks the heuristic. ``leaf``
    "learned" asks the learned value (henchmen.learn) instead of the
    heuristic: the file ``weights``, or the one shipped for the game.
    Every move draws the search seed from the bot's own generator, so the
    same seed and the same positions give the same choices, whatever the
    machine; a time budget (``max_seconds`` > 0) gives that up, since how
    many iterations fit depends on the machine and its load.

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
        iterations: int = DEFAULT_ITERATIONS,
        rollout_depth: int = 0,
        exploration: float = DEFAULT_EXPLORATION,
        puct: bool = False,
        max_seconds: float = 0.0,
        exact: bool = True,
        leaf: str = "heuristic",
        weights: str | None = None,
    ) -> None:
        self.algorithm = _checks.one_of(algorithm, ("ismcts", "mcts"), "algorithm")
        self.name = self.algorithm
        self.iterations = _checks.count(iterations, "iterations", 1, 100_000_000)
        self.rollout_depth = _checks.count(rollout_depth, "rollout_depth", -1, 1_000_000)
        self.puct = _checks.flag(puct, "puct")
        self.exact = _checks.flag(exact, "exact")
        self.exploration = _checks.number(exploration, "exploration", 0, MAX_EXPLORATION)
        self.max_seconds = _checks.number(
            max_seconds, "max_seconds", 0, MAX_SECONDS, " (0: no time limit)"
        )
        self.seed = _checks.seed(seed)
        self.leaf, self.weights = leaf_settings(leaf, weights, self.rollout_depth)
        self._rng = _core.Rng(self.seed)
        self._search(0)  # checks exploration and max_seconds now, not at the first move

    def _search(self, seed: int) -> MCTS:
        evaluator: Evaluator = (
            LearnedEvaluator(self.weights)
            if self.leaf == "learned"
            else HeuristicEvaluator()
            if self.rollout_depth == 0
            else RandomRollout(self.rollout_depth)
        )
        cls = ISMCTS if self.algorithm == "ismcts" else MCTS
        return cls(
            iterations=self.iterations,
            seed=seed,
            evaluator=evaluator,
            exploration=self.exploration,
            puct=self.puct,
            max_seconds=self.max_seconds,
            exact_knowledge=self.exact,
        )

    def native_spec(self) -> dict[str, Any]:
        """These settings as a native bot for ``Game._core.play_matches``.

        >>> SearchBot(iterations=200).native_spec()["iterations"]
        200
        """
        return {
            "kind": self.algorithm,
            "iterations": self.iterations,
            "exploration": self.exploration,
            "rollout_depth": self.rollout_depth,
            "puct": self.puct,
            "max_seconds": self.max_seconds,
            "exact_knowledge": self.exact,
            **(LearnedEvaluator(self.weights).native_settings() if self.leaf == "learned" else {}),
        }

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
        return self._search(self._rng.next_u64()).search(state).best.id

    def __repr__(self) -> str:
        return (
            f"SearchBot(seed={self.seed}, algorithm={self.algorithm!r}, "
            f"iterations={self.iterations}, rollout_depth={self.rollout_depth}, "
            f"exploration={self.exploration}, puct={self.puct}, max_seconds={self.max_seconds}, "
            f"exact={self.exact}, leaf={self.leaf!r}, weights={self.weights!r})"
        )
