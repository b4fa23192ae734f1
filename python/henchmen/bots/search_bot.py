"""SearchBot: a bot that thinks with MCTS or ISMCTS each move."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from henchmen import _checks, _core
from henchmen.bots.base import decision_player
from henchmen.search.evaluators import Evaluator, HeuristicEvaluator, RandomRollout
from henchmen.search.learned import LearnedEvaluator, leaf_settings
from henchmen.search.mcts import ISMCTS, MAX_EXPLORATION, MAX_SECONDS, MCTS

if TYPE_CHECKING:
    from henchmen.state import State

#: The defaults of a game without a row of its own in the native table
#: (cpp/search/defaults.h); :func:`search_defaults` gives a game's.
DEFAULT_ITERATIONS = 1000
DEFAULT_EXPLORATION = 0.3

#: The settings a game's defaults fill in where a bot leaves them out.
DEFAULTED = (
    "iterations",
    "exploration",
    "rollout_depth",
    "puct",
    "greedy_prior",
    "early_stop",
    "bank",
    "reuse",
)


def search_defaults(game: str) -> dict[str, Any]:
    """The default search bot's settings in the game named ``game``: its row in
    cpp/search/defaults.h, measured in docs/strength.md ("The default bot, game by game").

    >>> search_defaults("super")["rollout_depth"]
    10
    >>> search_defaults("parry") == {"iterations": 1000, "exploration": 0.3,
    ...     "rollout_depth": 0, "puct": False, "greedy_prior": 0, "early_stop": 1.0,
    ...     "bank": 0.0, "reuse": False}
    True
    """
    return dict(_core.search_defaults(game))


class SearchBot:
    """Chooses by a fresh search each move; deterministic for its seed.

    ``algorithm`` is "ismcts" (honest: never sees hidden cards) or "mcts"
    (searches the true state: it peeks, so use it only as a yardstick).
    ``rollout_depth`` 0 evaluates leaves with the game's heuristic, -1 plays
    random rollouts to the end, n plays n random steps then asks the heuristic.
    ``leaf`` "learned" asks the learned value (henchmen.learn) instead of the
    heuristic (with no playout steps before it): the file ``weights``, or the
    one shipped for the game.
    ``threads`` > 1 searches that many independent trees on as many
    threads and merges them at the root by visits (root parallelism).
    ``greedy_prior`` > 0 starts every root move with that many visits valued
    where the rest of the turn after it, played one ply at a time, ends.
    ``early_stop`` > 0 plays a single legal move without searching and ends a
    search once the runner-up cannot catch the leader (1) or is that far behind
    (below 1: sooner). ``bank`` (the share of the budget saved so far that a
    decision may add to its own) and ``reuse`` (search on from the last tree
    within a turn) manage a bot's budget over a whole game: the native matches
    (``run_matches``, ``simulate``, the tables of docs/strength.md) play them;
    ``choose`` searches each position afresh, with ``early_stop`` alone.
    ``iterations``, ``exploration``, ``rollout_depth``, ``puct``,
    ``greedy_prior``, ``early_stop``, ``bank`` and ``reuse`` left as None take the
    defaults of the game being played
    (:func:`~henchmen.bots.search_bot.search_defaults`: Super! plays 10 random steps
    before the heuristic, docs/strength.md);
    a value given always wins.
    Every move draws the search seed from the bot's own generator, so the
    same seed and the same positions give the same choices, whatever the
    machine; a time budget (``max_seconds`` > 0) gives that up, since how
    many iterations fit depends on the machine and its load.

    >>> import henchmen
    >>> from henchmen.bots import SearchBot
    >>> state = henchmen.new_game("seven-secret-supervillains", seed=1)
    >>> SearchBot(seed=3, iterations=50).choose(state) in state.legal_action_ids
    True
    """

    def __init__(
        self,
        seed: int = 0,
        algorithm: str = "ismcts",
        iterations: int | None = None,
        rollout_depth: int | None = None,
        exploration: float | None = None,
        puct: bool | None = None,
        max_seconds: float = 0.0,
        exact: bool = True,
        leaf: str = "heuristic",
        weights: str | None = None,
        greedy_prior: int | None = None,
        threads: int = 1,
        early_stop: float | None = None,
        bank: float | None = None,
        reuse: bool | None = None,
    ) -> None:
        self.algorithm = _checks.one_of(algorithm, ("ismcts", "mcts"), "algorithm")
        self.name = self.algorithm
        self.iterations = _maybe(
            iterations, lambda v: _checks.count(v, "iterations", 1, 100_000_000)
        )
        self.rollout_depth = _maybe(
            rollout_depth, lambda v: _checks.count(v, "rollout_depth", -1, 1_000_000)
        )
        self.puct = _maybe(puct, lambda v: _checks.flag(v, "puct"))
        self.exact = _checks.flag(exact, "exact")
        self.threads = _checks.count(threads, "threads", 1, _core.MAX_THREADS)
        self.greedy_prior = _maybe(
            greedy_prior, lambda v: _checks.count(v, "greedy_prior", 0, 1_000_000)
        )
        self.exploration = _maybe(
            exploration, lambda v: _checks.number(v, "exploration", 0, MAX_EXPLORATION)
        )
        self.early_stop = _maybe(early_stop, lambda v: _checks.number(v, "early_stop", 0, 1))
        self.bank = _maybe(bank, lambda v: _checks.number(v, "bank", 0, 1))
        self.reuse = _maybe(reuse, lambda v: _checks.flag(v, "reuse"))
        self.max_seconds = _checks.number(
            max_seconds, "max_seconds", 0, MAX_SECONDS, " (0: no time limit)"
        )
        self.seed = _checks.seed(seed)
        self.leaf, self.weights = leaf_settings(leaf, weights, self.rollout_depth or 0)
        self._rng = _core.Rng(self.seed)
        self._search(0, "")  # checks exploration and max_seconds now, not at the first move

    def given(self) -> dict[str, Any]:
        """The settings given (not left to the game's defaults).

        >>> SearchBot(iterations=200).given()
        {'iterations': 200}
        """
        return {key: getattr(self, key) for key in DEFAULTED if getattr(self, key) is not None}

    def settings(self, game: str) -> dict[str, Any]:
        """The settings this bot searches with in the game named ``game``: those given,
        the game's defaults for the rest (a learned leaf plays no steps before it).

        >>> SearchBot(iterations=200).settings("super")["rollout_depth"]
        10
        >>> SearchBot(rollout_depth=0).settings("super")["rollout_depth"]
        0
        >>> SearchBot(leaf="learned").settings("super")["rollout_depth"]
        0
        """
        learned = {"rollout_depth": 0} if self.leaf == "learned" else {}
        return {**search_defaults(game), **learned, **self.given()}

    def _search(self, seed: int, game: str) -> MCTS:
        s = self.settings(game)
        depth = s["rollout_depth"]
        evaluator: Evaluator = (
            LearnedEvaluator(self.weights)
            if self.leaf == "learned"
            else HeuristicEvaluator()
            if depth == 0
            else RandomRollout(depth)
        )
        cls = ISMCTS if self.algorithm == "ismcts" else MCTS
        return cls(
            iterations=s["iterations"],
            seed=seed,
            evaluator=evaluator,
            exploration=s["exploration"],
            puct=s["puct"],
            max_seconds=self.max_seconds,
            exact_knowledge=self.exact,
            greedy_prior=s["greedy_prior"],
            threads=self.threads,
            early_stop=s["early_stop"],
        )

    def native_spec(self) -> dict[str, Any]:
        """These settings as a native bot for ``Game._core.play_matches``; the settings
        left out take the defaults of the game it plays (the native side fills them in).

        >>> SearchBot(iterations=200).native_spec()["iterations"]
        200
        >>> "rollout_depth" in SearchBot().native_spec()
        False
        """
        return {
            "kind": self.algorithm,
            **self.given(),
            "max_seconds": self.max_seconds,
            "exact_knowledge": self.exact,
            **(LearnedEvaluator(self.weights).native_settings() if self.leaf == "learned" else {}),
            "threads": self.threads,
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
        ids = state.legal_action_ids
        if len(ids) == 1:
            return ids[0]
        return self._search(self._rng.next_u64(), state.game.name).search(state).best.id

    def __repr__(self) -> str:
        return (
            f"SearchBot(seed={self.seed}, algorithm={self.algorithm!r}, "
            f"iterations={self.iterations}, rollout_depth={self.rollout_depth}, "
            f"exploration={self.exploration}, puct={self.puct}, max_seconds={self.max_seconds}, "
            f"exact={self.exact}, leaf={self.leaf!r}, weights={self.weights!r}, "
            f"greedy_prior={self.greedy_prior}, threads={self.threads}, "
            f"early_stop={self.early_stop}, bank={self.bank}, reuse={self.reuse})"
        )


def _maybe(value: Any, check: Callable[[Any], Any]) -> Any:
    """None (the game's default) or ``value`` checked."""
    return None if value is None else check(value)
