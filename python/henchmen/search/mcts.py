"""MCTS and single-observer ISMCTS, readable Python.

This is the reference implementation, and the one that accepts Python
evaluators and priors. ``cpp/search/mcts.h`` is its native twin: with a
built-in evaluator and a uniform prior, :meth:`MCTS.search` runs there with
the GIL released, and both draw from the engine's generator in the same order,
so they choose the same action for the same seed and iteration budget.

The algorithm (Cowling, Powley and Whitehouse, 2012, "SO-ISMCTS"): every
iteration redraws what the searching player cannot see
(:meth:`~henchmen.State.resample`), then walks one tree keyed by actions,
choosing among the children legal in this redraw by UCB over *availability*
counts. Chance is open-loop: outcomes are sampled during the walk and make no
tree nodes. With ``determinize=False`` the same code is plain MCTS on the true
state, which sees hidden cards: a cheat, useful as a yardstick.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field

from henchmen import _checks, _core
from henchmen.action import Action
from henchmen.cancel import CancelToken, native_token
from henchmen.errors import Cancelled, EvaluatorError, OptionError, PlayerError
from henchmen.search.evaluators import (
    Evaluator,
    HeuristicEvaluator,
    Prior,
    RandomRollout,
    _rollout,
)
from henchmen.search.learned import LearnedEvaluator
from henchmen.state import State
from henchmen.state import checked as checked_state

#: The largest exploration constant and time budget (seconds) a search takes,
#: the native search's bounds (cpp/bindings/search.cpp).
MAX_EXPLORATION = 100.0
MAX_SECONDS = 86_400.0
#: The longest principal line a search reports (cpp/search/mcts.h, kLineMax).
LINE_MAX = 12


def _is_auto(value: object) -> bool:
    return isinstance(value, str) and value == "auto"


@dataclass
class _Node:
    action: int = -1
    mover: int = -1
    visits: int = 0
    available: int = 0
    value: float = 0.0
    children: dict[int, _Node] = field(default_factory=dict)


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the chosen action and the root statistics.

    ``best`` is the most visited legal action at the root; ``children`` has
    one ``(action, visits, mean value)`` per root action, the value for the
    searching player in [-1, 1]; ``iterations`` were run (fewer than the
    budget when ``max_seconds`` stopped the search) with ``rollout_steps``
    random moves in all; ``native`` says whether C++ ran it.

    >>> import henchmen
    >>> from henchmen.search import ISMCTS
    >>> state = henchmen.new_game("parry", seed=1)
    >>> result = ISMCTS(iterations=60, seed=1).search(state)
    >>> result.iterations, result.native, result.best in state.legal_actions
    (60, True, True)
    >>> sum(visits for _, visits, _ in result.children) == result.iterations
    True
    >>> action, visits, value = result.children[0]
    >>> type(action).__name__, -1 <= value <= 1
    ('Action', True)
    """

    best: Action
    #: (action, visits, mean value for the searching player), ascending by id.
    children: list[tuple[Action, int, float]]
    iterations: int
    rollout_steps: int
    seconds: float
    native: bool
    #: The principal line, ``best`` first: at each step the most visited child (equal visits:
    #: the lower id), while it was visited at least twice, at most 12 steps, as (player, action
    #: id, notation). The notation is None from the first step the searched state cannot
    #: show: a draw comes first (chance makes no tree nodes) or the action is not legal there
    #: (it was found in a redraw of hidden cards).
    line: list[tuple[int, int, str | None]] = field(default_factory=list)


@dataclass(frozen=True)
class MCTS:
    """Monte Carlo tree search for the player to move.

    >>> import henchmen
    >>> from henchmen.search import MCTS
    >>> state = henchmen.new_game("seven-secret-supervillains", seed=2)
    >>> result = MCTS(iterations=50, seed=1).search(state)
    >>> result.best.id in state.legal_action_ids
    True

    ``evaluator`` is a :class:`RandomRollout` (default: to the end), a
    :class:`HeuristicEvaluator`, or any callable giving one value per player.
    ``puct=True`` selects by PUCT with ``prior`` (uniform if None).
    ``native`` is "auto" (native when the evaluator and prior allow it),
    True (require it) or False (always Python).

    ``exploration`` is from 0 to 100 and ``max_seconds`` from 0 to 86,400 (the
    native search's bounds, checked when the search is made).
    ``iterations`` is the budget; ``max_seconds`` > 0 also stops the search
    when that much time has passed (checked every 16 iterations).  A time
    budget is not reproducible: how many iterations fit depends on the
    machine and its load, so the same seed can choose differently.  For
    reproducible play, budget by iterations only (the default).
    """

    iterations: int = 1000
    max_seconds: float = 0.0
    exploration: float = 1.0
    puct: bool = False
    evaluator: Evaluator = field(default_factory=RandomRollout)
    prior: Prior | None = None
    seed: int = 0
    native: bool | str = "auto"
    determinize: bool = False
    #: Redraw from everything the player saw (exact information sets, when
    #: the state has its history); False: from the position alone (the
    #: conservative tracking, kept to measure what exactness buys).
    exact_knowledge: bool = True
    #: > 0: every root move starts with this many visits valued where the rest of the turn
    #: after it, played one ply at a time (the greedy bot's look), ends; native search only.
    greedy_prior: int = 0
    #: Root parallelism: this many independent trees on as many threads, merged at the
    #: root by visits (native search only); 1: one tree.
    threads: int = 1
    #: > 0: a single legal move is played without searching, and the search ends once
    #: the most visited root move leads the runner-up by more than this share of the
    #: iterations left (1: the runner-up cannot catch it); native search only.
    early_stop: float = 0.0

    def __post_init__(self) -> None:
        _checks.count(self.iterations, "iterations", 1, 100_000_000)
        _checks.count(self.greedy_prior, "greedy_prior", 0, 1_000_000)
        _checks.count(self.threads, "threads", 1, _core.MAX_THREADS)
        _checks.number(self.early_stop, "early_stop", 0, 1)
        native_only = self.greedy_prior or self.threads > 1 or self.early_stop > 0
        if native_only and (self.native is False or not self._native_ok()):
            raise OptionError(
                "greedy_prior, threads and early_stop need the native search (a built-in "
                "evaluator, no prior, native not False)"
            )
        _checks.seed(self.seed)
        # The native search's own bounds (cpp/bindings/search.cpp), checked here so
        # that a value it would refuse fails now, not at the first search().
        _checks.number(self.max_seconds, "max_seconds", 0, MAX_SECONDS, " (0: no time limit)")
        _checks.number(self.exploration, "exploration", 0, MAX_EXPLORATION)
        for name in ("puct", "determinize", "exact_knowledge"):
            _checks.flag(getattr(self, name), name)
        if not (self.native is True or self.native is False or _is_auto(self.native)):
            raise OptionError(
                f"native must be True, False or 'auto', got {_checks.describe(self.native)}"
            )
        if self.native is True and not self._native_ok():
            raise OptionError(
                "native search needs a built-in evaluator (RandomRollout, HeuristicEvaluator) "
                "and no prior; use native='auto' or native=False for Python evaluators"
            )

    def _native_ok(self) -> bool:
        return self.prior is None and isinstance(
            self.evaluator, RandomRollout | HeuristicEvaluator | LearnedEvaluator
        )

    def _depth(self) -> int:
        if isinstance(self.evaluator, HeuristicEvaluator):
            return 0
        if isinstance(self.evaluator, RandomRollout):
            return self.evaluator.depth
        return -2  # a Python evaluator

    def search(self, state: State, cancel: CancelToken | None = None) -> SearchResult:
        """Search from ``state`` (not changed) for its current player.

        Ctrl-C raises KeyboardInterrupt within a few tens of milliseconds;
        a ``cancel`` token cancelled from another thread raises
        :class:`~henchmen.errors.Cancelled`.

        >>> import henchmen
        >>> from henchmen.search import ISMCTS
        >>> state = henchmen.new_game("seven-secret-supervillains", seed=4)
        >>> result = ISMCTS(iterations=64, seed=1).search(state)
        >>> result.iterations, result.best in state.legal_actions
        (64, True)
        """
        checked_state(state, "search")
        if state.current_player < 0:
            raise PlayerError("search needs a player to move (not chance, not the end of the game)")
        token = native_token(cancel)
        if self.native is not False and self._native_ok():
            return self._native(state, token)
        return self._python(state, token)

    def _native(self, state: State, token: _core.CancelToken | None) -> SearchResult:
        raw = state._s.search(
            {
                "iterations": self.iterations,
                "max_seconds": float(self.max_seconds),
                "exploration": float(self.exploration),
                "determinize": self.determinize,
                "puct": self.puct,
                "rollout_depth": self._depth(),
                "seed": self.seed,
                "exact_knowledge": self.exact_knowledge,
                **(
                    self.evaluator.native_settings()
                    if isinstance(self.evaluator, LearnedEvaluator)
                    else {}
                ),
                "greedy_prior": self.greedy_prior,
                "threads": self.threads,
                "early_stop": float(self.early_stop),
            },
            token,
        )
        core = state._s
        children = [
            (Action(a, core.action_to_string(a)), v, q)
            for a, v, q in zip(raw["actions"], raw["visits"], raw["values"], strict=True)
        ]
        best = raw["best"]
        return SearchResult(
            Action(best, core.action_to_string(best)),
            children,
            raw["iterations"],
            raw["rollout_steps"],
            raw["seconds"],
            native=True,
            line=_named_line(core, list(zip(raw["line_movers"], raw["line"], strict=True))),
        )

    def _python(self, state: State, token: _core.CancelToken | None) -> SearchResult:
        start = time.perf_counter()
        me = state.current_player
        players = state.game.num_players
        rng = _core.Rng(self.seed)
        root = _Node()
        depth = self._depth()
        rollout_steps = 0
        done = 0
        # The root the redraws start from: a position alone forgets the history.
        root_core = state._s if self.exact_knowledge else _position_alone(state._s)
        # One chain of draws for the whole search, as the native search carries.
        redraws = root_core.resampler(me)
        for it in range(self.iterations):
            if (
                self.max_seconds > 0
                and it % 16 == 0
                and time.perf_counter() - start >= self.max_seconds
            ):
                break
            if token is not None and token.cancelled:
                raise Cancelled("cancelled through the CancelToken")
            if self.determinize:
                s = redraws.resample(rng.next_u64())
            else:
                s = state._s.clone()
            s.set_auto_chance(False, 0)
            path = [root]
            node = root
            # Selection and expansion.
            while not s.is_terminal:
                if s.is_chance:
                    s.apply(s.sample_chance(rng))
                    continue
                legal = s.legal_actions()
                untried = []
                for a in legal:
                    child = node.children.get(a)
                    if child is None:
                        untried.append(a)
                    else:
                        child.available += 1
                if untried:
                    a = untried[rng.below(len(untried))]
                    child = _Node(action=a, mover=s.current_player, available=1)
                    node.children[a] = child
                    s.apply(a)
                    path.append(child)
                    break
                node = self._select(node, legal, s, state, rng)
                s.apply(node.action)
                path.append(node)
            # Evaluation.
            if depth >= -1:
                values, steps = _rollout(s, rng, depth)
                rollout_steps += steps
            else:
                values = _evaluate(self.evaluator, State._wrap(s, state.game), players)
            # Backpropagation.
            for n in path:
                n.visits += 1
                if n.mover >= 0:
                    n.value += values[n.mover]
            done += 1
        return self._result(root, state, done, rollout_steps, time.perf_counter() - start, rng)

    def _select(
        self, node: _Node, legal: list[int], s: _core.State, state: State, rng: _core.Rng
    ) -> _Node:
        best: _Node | None = None
        best_score = -math.inf
        ties = 0  # equal scores are broken at random, drawn as the native search draws
        priors = self._priors(s, state, legal) if self.puct else None
        parent_visits = float(node.visits)
        for a in legal:
            child = node.children[a]
            q = child.value / child.visits if child.visits else 0.0
            if priors is not None:
                score = q + self.exploration * priors[a] * math.sqrt(parent_visits) / (
                    1.0 + child.visits
                )
            else:
                score = q + self.exploration * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best_score, best, ties = score, child, 1
            elif score == best_score:
                ties += 1
                if rng.below(ties) == 0:
                    best = child
        if best is None:  # unreachable: values and priors are checked finite
            raise EvaluatorError("no child could be selected (a value or prior is not a number)")
        return best

    def _priors(self, s: _core.State, state: State, legal: list[int]) -> dict[int, float]:
        if self.prior is None:
            return dict.fromkeys(legal, 1.0 / len(legal))
        try:
            given = self.prior(State._wrap(s, state.game))
            out = {a: float(given.get(a, 0.0)) for a in legal}
        except Exception as e:
            raise EvaluatorError(f"the prior raised {type(e).__name__}: {e}") from e
        if not all(math.isfinite(p) and p >= 0 for p in out.values()):
            raise EvaluatorError(f"the prior must give finite non-negative numbers, got {out}")
        return out

    def _result(
        self, root: _Node, state: State, done: int, steps: int, seconds: float, rng: _core.Rng
    ) -> SearchResult:
        core = state._s
        children = []
        best_id, best_visits, ties = -1, -1, 0
        for a in sorted(root.children):
            child = root.children[a]
            children.append(
                (
                    Action(a, core.action_to_string(a)),
                    child.visits,
                    child.value / child.visits if child.visits else 0.0,
                )
            )
            if child.visits > best_visits:
                best_id, best_visits, ties = a, child.visits, 1
            elif child.visits == best_visits:
                ties += 1
                if rng.below(ties) == 0:
                    best_id = a
        line: list[tuple[int, int]] = []
        node = root.children.get(best_id)
        while node is not None and node.visits >= 2 and len(line) < LINE_MAX:
            line.append((node.mover, node.action))
            # Most visited; equal visits go to the lower action (the native order).
            node = max(node.children.values(), key=lambda c: (c.visits, -c.action), default=None)
        return SearchResult(
            Action(best_id, core.action_to_string(best_id)),
            children,
            done,
            steps,
            seconds,
            native=False,
            line=_named_line(core, line),
        )


def _named_line(
    core: _core.State, line: list[tuple[int, int]]
) -> list[tuple[int, int, str | None]]:
    """The line's steps named where the searched position shows them (see SearchResult.line)."""
    start = core.clone()
    start.set_auto_chance(False, 0)  # a draw the line meets stays undrawn
    s: _core.State | None = start
    out: list[tuple[int, int, str | None]] = []
    for player, action in line:
        name = None
        if s is not None and s.current_player == player and action in s.legal_actions():
            name = s.action_to_string(action)
            s.apply(action)
        else:
            s = None  # from here on the line is in a redraw, or after a draw
        out.append((player, action, name))
    return out


def _position_alone(core: _core.State) -> _core.State:
    doc = json.loads(core.serialize())
    doc["history"] = []
    doc.pop("origin", None)
    doc.pop("knowledge", None)
    return _core.deserialize(json.dumps(doc))


def _evaluate(evaluator: Evaluator, state: State, players: int) -> list[float]:
    """The evaluator's values, checked: one finite number per player."""
    try:
        raw = evaluator(state)
        values = [float(v) for v in raw]
    except Exception as e:
        raise EvaluatorError(f"the evaluator raised {type(e).__name__}: {e}") from e
    if len(values) != players:
        raise EvaluatorError(f"the evaluator returned {len(values)} values for {players} players")
    if not all(math.isfinite(v) for v in values):
        raise EvaluatorError(f"the evaluator must return finite numbers, got {values}")
    return values


@dataclass(frozen=True)
class ISMCTS(MCTS):
    """Single-observer information-set MCTS: MCTS over redraws of what the
    searching player cannot see, so it never peeks at hidden cards.

    >>> import henchmen
    >>> from henchmen.search import ISMCTS
    >>> state = henchmen.new_game("seven-secret-supervillains", seed=2)
    >>> python = ISMCTS(iterations=40, seed=5, native=False).search(state)
    >>> native = ISMCTS(iterations=40, seed=5, native=True).search(state)
    >>> python.best == native.best and python.children == native.children
    True
    """

    determinize: bool = True
