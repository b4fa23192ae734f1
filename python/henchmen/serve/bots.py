"""Bots behind the protocol: a seat's bot with its budget, cancellable, run off the event loop.

A bot is asked for by name with a budget and settings, as a seat of
``create_game`` or in ``ask_bot``::

    {"bot": "ismcts", "iterations": 2000}
    {"bot": "ismcts", "seconds": 0.5, "settings": {"exploration": 0.5}}
    {"bot": "greedy", "settings": {"samples": 3}}

The search bots take their budget natively and stop within milliseconds
when their :class:`~henchmen.CancelToken` is cancelled; the others answer in
well under a millisecond, so they are only checked before and after.

>>> import henchmen
>>> from henchmen.serve.protocol import Limits
>>> bot = SeatBot.from_spec({"bot": "ismcts", "iterations": 50}, seed=1, limits=Limits())
>>> state = henchmen.new_game("parry", seed=1)
>>> bot.choose(state, henchmen.CancelToken()) in state.legal_action_ids
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from henchmen import _core
from henchmen.bots import Bot, bot_names, make_bot
from henchmen.bots.search_bot import DEFAULT_ITERATIONS, search_defaults
from henchmen.cancel import CancelToken
from henchmen.errors import Cancelled, HenchmenError
from henchmen.matches import BOT_SETTINGS, BotSpec
from henchmen.search import ISMCTS, MCTS, HeuristicEvaluator, RandomRollout, SearchResult
from henchmen.search.learned import LearnedEvaluator, leaf_settings
from henchmen.serve.protocol import Limits, ProtocolError
from henchmen.state import State

_SEARCH = ("ismcts", "mcts")
# Not settings a client gives: the budget has its own fields, and a client
# never names a file on the server (a learned leaf uses the shipped weights).
_NOT_SETTINGS = ("iterations", "max_seconds", "weights")


@dataclass
class SeatBot:
    """One bot: its spec, its budget and its own generator (so a seed replays its choices).

    >>> import henchmen
    >>> state = henchmen.new_game("parry", seed=2)
    >>> def bot():
    ...     return SeatBot.from_spec({"bot": "mcts", "iterations": 40}, seed=5, limits=Limits())
    >>> first, again = bot(), bot()
    >>> moves = [first.choose(state, CancelToken()) for _ in range(3)]
    >>> moves == [again.choose(state, CancelToken()) for _ in range(3)]
    True
    """

    name: str
    settings: dict[str, Any]
    iterations: int
    seconds: float
    seed: int
    _bot: Bot | None = None
    _rng: _core.Rng | None = None

    @classmethod
    def from_spec(cls, spec: object, seed: int, limits: Limits, where: str = "bot") -> SeatBot:
        """A bot from its protocol form; a ProtocolError naming the field if it is bad.

        >>> SeatBot.from_spec({"bot": "greedy"}, seed=1, limits=Limits()).name
        'greedy'
        >>> try:
        ...     SeatBot.from_spec({"bot": "ismcts", "iterations": 0}, 1, Limits(), "seats[1]")
        ... except ProtocolError as e:
        ...     print(e.code, e.details)
        bad_option {'field': 'seats[1].iterations'}
        """
        if not isinstance(spec, dict):
            raise ProtocolError("bad_request", f"{where} must be an object", {"field": where})
        name = spec.get("bot", "ismcts")
        if not isinstance(name, str) or name not in bot_names():
            raise ProtocolError(
                "bad_option",
                f"{where}: no bot named {name!r}; known bots: {', '.join(bot_names())}",
                {"field": f"{where}.bot", "bots": bot_names()},
            )
        settings = spec.get("settings", {})
        if not isinstance(settings, dict):
            raise ProtocolError(
                "bad_request", f"{where}.settings must be an object", {"field": f"{where}.settings"}
            )
        known = BOT_SETTINGS.get(name, {})
        for key, value in settings.items():
            kind = known.get(key)
            if kind is None or key in _NOT_SETTINGS:
                allowed = ", ".join(k for k in known if k not in _NOT_SETTINGS)
                raise ProtocolError(
                    "bad_option",
                    f"{where}: bot '{name}' has no setting '{key}' (the budget is 'iterations' "
                    f"or 'seconds' beside 'bot'); its settings are: {allowed or 'none'}",
                    {"field": f"{where}.settings.{key}"},
                )
            if not _fits(value, kind):
                raise ProtocolError(
                    "bad_option",
                    f"{where}: setting '{key}' of bot '{name}' must be {kind.__name__}",
                    {"field": f"{where}.settings.{key}"},
                )
        iterations = spec.get("iterations")
        seconds = spec.get("seconds", 0.0)
        cap = limits.max_bot_iterations
        if iterations is not None and (type(iterations) is not int or not 1 <= iterations <= cap):
            raise ProtocolError(
                "bad_option",
                f"{where}.iterations must be an integer from 1 to {cap}",
                {"field": f"{where}.iterations"},
            )
        if (
            isinstance(seconds, bool)
            or not isinstance(seconds, int | float)
            or not 0 <= seconds <= limits.max_bot_seconds
        ):
            raise ProtocolError(
                "bad_option",
                f"{where}.seconds must be a number from 0 to {limits.max_bot_seconds:g}",
                {"field": f"{where}.seconds"},
            )
        if iterations is None:
            # A time budget alone: as many iterations as fit, up to the cap.
            iterations = cap if seconds > 0 else min(DEFAULT_ITERATIONS, cap)
        bot = cls(name, dict(settings), iterations, float(seconds), seed)
        try:
            bot._make()
        except HenchmenError as e:
            raise ProtocolError("bad_option", f"{where}: {e}", {"field": where}) from None
        return bot

    def _make(self) -> None:
        if self.name in _SEARCH:
            self._rng = _core.Rng(self.seed)
            self._search(0, "")  # checks the settings now
        else:
            self._bot = (
                BotSpec(self.name, self.settings).make(self.seed)
                if self.settings
                else (make_bot(self.name, self.seed))
            )

    def _search(self, seed: int, game: str) -> MCTS:
        # Settings left out take the game's defaults, as SearchBot's do (a
        # learned leaf plays no steps before it).
        leaf = self.settings.get("leaf", "heuristic")
        learned = {"rollout_depth": 0} if leaf == "learned" else {}
        s = {**search_defaults(game), **learned, **self.settings}
        depth = int(s["rollout_depth"])
        leaf, _ = leaf_settings(leaf, None, depth)
        cls = ISMCTS if self.name == "ismcts" else MCTS
        return cls(
            iterations=self.iterations,
            max_seconds=self.seconds,
            exploration=float(s["exploration"]),
            puct=bool(s["puct"]),
            evaluator=LearnedEvaluator()
            if leaf == "learned"
            else HeuristicEvaluator()
            if depth == 0
            else RandomRollout(depth),
            seed=seed,
            exact_knowledge=bool(self.settings.get("exact", True)),
            greedy_prior=int(s["greedy_prior"]),
            threads=int(self.settings.get("threads", 1)),
            # The hint explains a whole search (its statistics over every
            # iteration asked for): no early stop unless asked.
            early_stop=float(self.settings.get("early_stop", 0.0)),
        )

    def choose(self, state: State, cancel: CancelToken) -> int:
        """The bot's move for ``state`` (not changed); Cancelled once ``cancel`` is cancelled.

        Called from a worker thread: the search releases the GIL, so the
        server's event loop goes on meanwhile.

        >>> import henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> bot = SeatBot.from_spec({"bot": "random"}, seed=1, limits=Limits())
        >>> step = state.move_number
        >>> bot.choose(state, CancelToken()) in state.legal_action_ids, state.move_number == step
        (True, True)
        >>> token = CancelToken()
        >>> token.cancel()
        >>> bot.choose(state, token)
        Traceback (most recent call last):
        ...
        henchmen.errors.Cancelled: cancelled before the bot started
        """
        return self.think(state, cancel)[0]

    def think(self, state: State, cancel: CancelToken) -> tuple[int, dict[str, Any] | None]:
        """The bot's move and, for a search bot that searched, why (:func:`explanation`).

        >>> import henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> bot = SeatBot.from_spec({"bot": "ismcts", "iterations": 60}, seed=1, limits=Limits())
        >>> action, why = bot.think(state, CancelToken())
        >>> why is not None and why["moves"][0]["move"] == state.action_to_string(action)
        True
        """
        if cancel.cancelled:
            raise Cancelled("cancelled before the bot started")
        ids = state.legal_action_ids
        if self._rng is not None:
            if len(ids) == 1:
                return ids[0], None  # nothing to weigh: no search
            search = self._search(self._rng.next_u64(), state.game.name)
            result = search.search(state, cancel=cancel)
            return result.best.id, explanation(result)
        assert self._bot is not None
        action = self._bot.choose(state)
        if cancel.cancelled:
            raise Cancelled("cancelled while the bot chose")
        return action, None

    def describe(self) -> dict[str, Any]:
        """The bot as a seat shows it: name, budget and settings.

        >>> spec = {"bot": "ismcts", "iterations": 50, "settings": {"exploration": 0.5}}
        >>> SeatBot.from_spec(spec, seed=1, limits=Limits()).describe()
        {'bot': 'ismcts', 'iterations': 50, 'settings': {'exploration': 0.5}}
        """
        out: dict[str, Any] = {"bot": self.name}
        if self.name in _SEARCH:
            out["iterations"] = self.iterations
            if self.seconds:
                out["seconds"] = self.seconds
        if self.settings:
            out["settings"] = dict(self.settings)
        return out

    @property
    def searches(self) -> bool:
        """Whether the bot searches (with a budget); the others answer in about a millisecond.

        >>> SeatBot.from_spec({"bot": "greedy"}, seed=1, limits=Limits()).searches
        False
        """
        return self.name in _SEARCH

    @property
    def label(self) -> str:
        """How a replay names the bot: ``ismcts:iterations=800``.

        >>> SeatBot.from_spec({"bot": "ismcts", "seconds": 0.5}, seed=1, limits=Limits()).label
        'ismcts:iterations=200000:max_seconds=0.5'
        """
        parts = [self.name]
        if self.name in _SEARCH:
            parts.append(f"iterations={self.iterations}")
            if self.seconds:
                parts.append(f"max_seconds={self.seconds:g}")
        parts += [f"{k}={v}" for k, v in self.settings.items()]
        return ":".join(parts)


#: How many of the most visited moves an explanation lists.
EXPLAINED_MOVES = 5


def explanation(result: SearchResult) -> dict[str, Any]:
    """Why a search chose its move, for a hint: its iterations, the most visited moves with
    their visits and mean value for the searching player (in [-1, 1]), most visited first,
    the chosen move first among equals, and the principal line as far as the position
    shows it (a draw or a hidden card ends it: see :attr:`SearchResult.line`).

    >>> import henchmen
    >>> from henchmen.search import ISMCTS
    >>> state = henchmen.new_game("parry", seed=1)
    >>> why = explanation(ISMCTS(iterations=100, seed=2).search(state))
    >>> why["iterations"], sum(m["visits"] for m in why["moves"]) <= 100
    (100, True)
    >>> why["line"][0] == why["moves"][0]["move"]
    True
    """
    best = result.best.id
    ranked = sorted(result.children, key=lambda c: (-c[1], c[0].id != best, c[0].id))
    line: list[str] = []
    for _, _, name in result.line:
        if name is None:
            break
        line.append(name)
    return {
        "iterations": result.iterations,
        "moves": [
            {"move": a.text, "visits": visits, "value": round(value, 4)}
            for a, visits, value in ranked[:EXPLAINED_MOVES]
        ],
        "line": line,
    }


def _fits(value: object, kind: type) -> bool:
    if kind is str:
        return isinstance(value, str)
    if kind is bool:
        return isinstance(value, bool)
    if kind is int:
        return type(value) is int
    return isinstance(value, int | float) and not isinstance(value, bool)


def bot_catalogue() -> list[dict[str, Any]]:
    """Every bot the server can seat, with the settings each takes and their types.

    >>> catalogue = {b["name"]: b for b in bot_catalogue()}
    >>> catalogue["ismcts"]["budget"], catalogue["random"]["budget"]
    (True, False)
    >>> catalogue["ismcts"]["settings"]["exploration"]
    'float'
    """
    out = []
    for name in bot_names():
        known = BOT_SETTINGS.get(name, {})
        settings = {k: t.__name__ for k, t in known.items() if k not in _NOT_SETTINGS}
        out.append({"name": name, "budget": name in _SEARCH, "settings": settings})
    return out


__all__ = ["SeatBot", "bot_catalogue", "explanation"]
