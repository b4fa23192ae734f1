"""Games: the registry of rule sets, and a game (rules plus options) to play."""

from __future__ import annotations

import functools
import json
import secrets
from dataclasses import dataclass, field
from typing import Any, TypedDict

from henchmen import _checks, _core
from henchmen.cancel import CancelToken, native_token
from henchmen.errors import (
    ActionTypeError,
    OptionError,
    SerializationError,
    UnknownGameError,
)
from henchmen.state import State


@dataclass(frozen=True)
class OptionInfo:
    """One option of a game: its name, kind, default, what is allowed, and what it does.

    ``kind`` is one of ``"int"``, ``"bool"``, ``"choice"``, ``"choice-list"``
    and ``"text"``; ``choices`` lists the names a choice (or choice list) takes.

    >>> import henchmen
    >>> players = henchmen.game_info("seven-secret-supervillains").options[0]
    >>> players.name, players.kind
    ('players', 'int')
    """

    name: str
    kind: str
    default: Any
    allowed: str
    doc: str
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameInfo:
    """What a registered game is: name, title, summary, player counts and options.

    ``zero_sum`` says whether the returns always sum to zero (None when the
    game does not say).  ``observation_keys`` maps each key of
    :meth:`State.observation` to what it holds (see also
    :attr:`Game.observation_keys`).

    >>> import henchmen
    >>> info = henchmen.game_info("seven-secret-supervillains")
    >>> info.title, info.min_players <= 2 <= info.max_players
    ('Seven Secret Supervillains', True)
    """

    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    options: tuple[OptionInfo, ...]
    zero_sum: bool | None = None
    observation_keys: dict[str, str] = field(default_factory=dict, hash=False)

    def option(self, name: str) -> OptionInfo:
        """The option called ``name``; OptionError naming the options if there is none.

        >>> import henchmen
        >>> henchmen.game_info("seven-secret-supervillains").option("players").default
        2
        """
        for o in self.options:
            if o.name == name:
                return o
        known = ", ".join(o.name for o in self.options)
        raise OptionError(f"{self.name} has no option '{name}'; its options are: {known}")


class PlayoutStats(TypedDict):
    """Totals from :meth:`Game.random_playouts`.

    >>> import henchmen
    >>> stats = henchmen.Game("seven-secret-supervillains").random_playouts(4)
    >>> sorted(stats)  # doctest: +NORMALIZE_WHITESPACE
    ['actions', 'decisions', 'games', 'mean_returns', 'seconds', 'truncated', 'wins']
    """

    games: int
    actions: int
    decisions: int
    truncated: int
    mean_returns: list[float]
    wins: list[int]
    seconds: float


@functools.lru_cache(maxsize=1)
def _registry() -> tuple[GameInfo, ...]:
    out = []
    for g in json.loads(_core.games_json()):
        options = tuple(
            OptionInfo(o["name"], o["kind"], o["default"], o["allowed"], o["doc"], choices)
            for o in g["options"]
            for choices in [tuple(o.get("choices", ()))]
        )
        out.append(
            GameInfo(
                g["name"],
                g["title"],
                g["summary"],
                g["min_players"],
                g["max_players"],
                options,
                g.get("zero_sum"),
                dict(g.get("observation_keys", {})),
            )
        )
    return tuple(out)


def games() -> list[GameInfo]:
    """Every game this build knows, with its options.

    >>> import henchmen
    >>> "seven-secret-supervillains" in [g.name for g in henchmen.games()]
    True
    """
    return list(_registry())


def game_info(name: str) -> GameInfo:
    """The :class:`GameInfo` of the game called ``name``.

    Raises :class:`~henchmen.errors.UnknownGameError` listing the known games.

    >>> import henchmen
    >>> henchmen.game_info("seven-secret-supervillains").max_players
    4
    """
    _check_name(name)
    for info in _registry():
        if info.name == name:
            return info
    known = ", ".join(g.name for g in _registry())
    raise UnknownGameError(f"no game named '{name}'; known games: {known}")


def _check_name(name: object) -> None:
    if not isinstance(name, str):
        known = ", ".join(g.name for g in _registry())
        raise ActionTypeError(
            f"the game name must be a str, got {_checks.describe(name)}; known games: {known}"
        )


class Game:
    """A game: a rule set with its options fixed.  It makes states.

    Options are keyword arguments (``players`` and the game's own, see
    :func:`henchmen.games`); bad ones raise
    :class:`~henchmen.errors.OptionError` naming the option and what is
    allowed.

    >>> import henchmen
    >>> game = henchmen.Game("seven-secret-supervillains", players=2)
    >>> game.num_players
    2
    >>> state = game.new_initial_state(seed=1)
    >>> state.is_chance
    False
    """

    __slots__ = (
        "_core",
        "_max_game_length",
        "_name",
        "_num_distinct_actions",
        "_num_players",
        "_observation_shape",
        "_options",
    )

    def __init__(self, name: str, /, **options: object) -> None:
        _check_name(name)
        checked = _checks.options(options)
        self._setup(_core.Game(name, json.dumps(checked)))

    def _setup(self, core: _core.Game) -> None:
        self._core = core
        self._name = core.name
        self._options: dict[str, Any] = json.loads(core.options_json)
        self._num_players = core.num_players
        self._num_distinct_actions = core.num_distinct_actions
        self._observation_shape = tuple(core.observation_shape)
        self._max_game_length = core.max_game_length

    @classmethod
    def _wrap(cls, core: _core.Game) -> Game:
        game: Game = object.__new__(cls)
        game._setup(core)
        return game

    @property
    def name(self) -> str:
        """The registry name, e.g. ``"seven-secret-supervillains"``.

        >>> import henchmen
        >>> henchmen.Game("parry").name
        'parry'
        """
        return self._name

    @property
    def info(self) -> GameInfo:
        """The :class:`GameInfo` of this game's rule set (the same for any options).

        >>> import henchmen
        >>> info = henchmen.Game("seven-secret-supervillains").info
        >>> info.title, [o.name for o in info.options][0]
        ('Seven Secret Supervillains', 'players')
        """
        return game_info(self._name)

    @property
    def options(self) -> dict[str, Any]:
        """Every option with its value (defaults filled in); a fresh dict.

        >>> import henchmen
        >>> options = henchmen.Game("seven-secret-supervillains").options
        >>> options["players"]
        2
        >>> henchmen.Game("seven-secret-supervillains", **options) == henchmen.Game(
        ...     "seven-secret-supervillains")
        True
        """
        return dict(self._options)

    @property
    def num_players(self) -> int:
        """The number of players (the ``players`` option).

        Players are numbered from 0 in the API (``current_player``,
        ``returns[p]``, ``observation(p)``).

        >>> import henchmen
        >>> henchmen.Game("parry").num_players
        2
        """
        return self._num_players

    @property
    def num_distinct_actions(self) -> int:
        """The size of the fixed action space (action ids are 0..num_distinct_actions-1).

        It is the length of :meth:`State.legal_actions_mask`, the same in
        every position of the game.

        >>> import henchmen
        >>> game = henchmen.Game("seven-secret-supervillains")
        >>> state = game.new_initial_state(seed=1)
        >>> state.legal_actions_mask().shape == (game.num_distinct_actions,)
        True
        >>> all(0 <= a < game.num_distinct_actions for a in state.legal_action_ids())
        True
        """
        return self._num_distinct_actions

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of :meth:`State.observation_tensor` (the same for every player and position).

        >>> import henchmen
        >>> game = henchmen.Game("seven-secret-supervillains")
        >>> shape = game.observation_shape
        >>> type(shape), game.new_initial_state(seed=1).observation_tensor(0).shape == shape
        (<class 'tuple'>, True)
        """
        return self._observation_shape

    @property
    def max_game_length(self) -> int:
        """An upper bound on the number of actions in a game, chance included.

        A loop that plays a game to its end can stop there as a guard.

        >>> import henchmen
        >>> game = henchmen.Game("parry")
        >>> state = game.new_initial_state(seed=1)
        >>> while not state.is_terminal:
        ...     state.apply(state.legal_action_ids()[-1])
        >>> state.move_number <= game.max_game_length
        True
        """
        return self._max_game_length

    @property
    def measure_name(self) -> str | None:
        """The name of the number a finished game yields beside its returns, or None.

        Options define it where a result is a count to compare across runs:
        the Seven Secret Supervillains Climb gives ``"turns"``, taken to reach
        its goal (:attr:`State.measure`).

        >>> import henchmen
        >>> henchmen.Game("seven-secret-supervillains", mode="climb").measure_name
        'turns'
        >>> henchmen.Game("parry").measure_name is None
        True
        """
        return self._core.measure_name or None

    @property
    def observation_keys(self) -> dict[str, str]:
        """Each key of :meth:`State.observation` with what it holds; a fresh dict.

        The observation is what one player may see, as a JSON-ready dict.
        ``players[].KEY`` names a key of each entry of its ``players`` list
        (one entry per seat, in seat order).  Some keys are held only in
        some positions or entries (your own ``hand``); all are explained.
        docs/guide.md lists the keys of every game.

        >>> import henchmen
        >>> game = henchmen.Game("parry")
        >>> keys = game.observation_keys
        >>> obs = game.new_initial_state(seed=1).observation(0)
        >>> print(keys["hand"])
        the viewer's own hand, as a count of each card
        >>> obs["hand"]
        {'Parry': 1, 'Strike': 3}
        >>> print(keys["players[].health"])
        each player's health
        >>> [player["health"] for player in obs["players"]]
        [3, 3]
        >>> all(key in keys for key in obs)  # every key is explained
        True
        """
        return dict(game_info(self._name).observation_keys)

    def card_table(self) -> dict[str, Any]:
        """The card table (card data, counts and abilities) this game uses.

        >>> import henchmen
        >>> table = henchmen.Game("seven-secret-supervillains").card_table()
        >>> isinstance(table, dict)
        True
        """
        table: dict[str, Any] = json.loads(self._core.card_table_json())
        return table

    def new_initial_state(self, seed: int | None = None, auto_chance: bool = True) -> State:
        """The starting position.

        With ``auto_chance`` (the default) chance is resolved for you by a
        generator seeded with ``seed``; ``seed=None`` draws a fresh seed from
        the operating system, which :attr:`State.seed` shows (and replays
        record), so any game can be dealt again.  ``auto_chance=False`` is the
        way to resolve chance nodes yourself (the seed is then unused).

        >>> import henchmen
        >>> game = henchmen.Game("seven-secret-supervillains")
        >>> game.new_initial_state(seed=3) == game.new_initial_state(seed=3)
        True
        >>> game.new_initial_state(auto_chance=False).is_chance
        True
        """
        if not isinstance(auto_chance, bool):
            raise ActionTypeError(
                f"auto_chance must be True or False, got {_checks.describe(auto_chance)}"
            )
        chosen = secrets.randbits(64) if seed is None else _checks.seed(seed)
        core = self._core.new_initial_state()
        if auto_chance:
            core.set_auto_chance(True, chosen)
        return State._wrap(core, self)

    def deserialize(self, text: str) -> State:
        """A state of this game from :meth:`State.serialize` text.

        >>> import henchmen
        >>> game = henchmen.Game("seven-secret-supervillains")
        >>> state = game.new_initial_state()
        >>> game.deserialize(state.serialize()) == state
        True
        """
        if not isinstance(text, str):
            raise ActionTypeError(f"serialized text must be a str, got {_checks.describe(text)}")
        return State._wrap(self._core.deserialize(text), self)

    def random_playouts(
        self,
        games: int,
        seed: int = 0,
        threads: int = 1,
        *,
        cancel: CancelToken | None = None,
        max_seconds: float | None = None,
    ) -> PlayoutStats:
        """Play ``games`` uniformly random games natively (GIL released) and total them.

        Returns games, actions, decisions, truncated, mean_returns, wins (games
        a player finished alone on top) and seconds.  ``threads`` may be up
        to ``henchmen.MAX_THREADS`` (four per core).  Ctrl-C raises
        KeyboardInterrupt at once; a ``cancel`` token that is cancelled, or
        ``max_seconds`` passing, raises :class:`~henchmen.errors.Cancelled`.

        >>> import henchmen
        >>> stats = henchmen.Game("seven-secret-supervillains").random_playouts(10, seed=1)
        >>> stats["games"], stats["truncated"]
        (10, 0)
        """
        n = _checks.count(games, "games", 0, 2**62)
        s = _checks.seed(seed)
        t = _checks.count(threads, "threads", 1, _core.MAX_THREADS)
        token = native_token(cancel)
        limit = _checks.seconds(max_seconds)
        stats: PlayoutStats = self._core.random_playouts(n, s, t, token, limit)  # type: ignore[assignment]
        return stats

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._name == other._name and self._options == other._options

    def __hash__(self) -> int:
        return hash((self._name, json.dumps(self._options, sort_keys=True)))

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self._options.items())
        return f"Game({self._name!r}{opts})"

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return (_game_from_json, (self._name, self._core.options_json))


def _game_from_json(name: str, options_json: str) -> Game:
    return Game._wrap(_core.Game(name, options_json))


def new_game(
    name: str,
    players: int | None = None,
    seed: int | None = None,
    auto_chance: bool = True,
    **options: object,
) -> State:
    """Start a game and return its first position, ready for the first decision.

    ``players`` and the other keyword arguments are the game's options (see
    :func:`games`); ``players=None`` takes the game's default.  Values may be
    int, bool, str or a list of str.  With ``auto_chance`` (the default)
    shuffles and draws are resolved by a generator seeded with ``seed``, so
    the same seed and actions always give the same game; ``seed=None`` draws
    a fresh seed and records it in :attr:`State.seed`.  Pass
    ``auto_chance=False`` to resolve chance yourself.

    >>> import henchmen
    >>> state = henchmen.new_game("seven-secret-supervillains", players=2, seed=1)
    >>> state.is_terminal, state.is_chance
    (False, False)
    >>> state.apply(state.legal_action_ids()[0])
    """
    if players is not None:
        options = {"players": players, **options}
    return Game(name, **options).new_initial_state(seed=seed, auto_chance=auto_chance)


def deserialize(text: str, seed: int | None = None) -> State:
    """A state from :meth:`State.serialize` text (the game is named inside it).

    The state continues exactly as the saved one would: with automatic
    chance, the generator goes on from where it was, so later draws are the
    same.  A ``seed`` restarts automatic chance from that seed instead.
    Anything wrong with the text raises
    :class:`~henchmen.errors.SerializationError`.

    >>> import henchmen
    >>> state = henchmen.new_game("seven-secret-supervillains")
    >>> copy = henchmen.deserialize(state.serialize())
    >>> copy == state and copy.serialize() == state.serialize()
    True
    """
    if not isinstance(text, str):
        raise ActionTypeError(f"serialized text must be a str, got {_checks.describe(text)}")
    try:
        core = _core.deserialize(text)
    except (UnknownGameError, OptionError) as e:
        raise SerializationError(f"serialized state: {e}") from e
    state = State._wrap(core, Game._wrap(core.game))
    if seed is not None:
        state.set_auto_chance(True, seed)
    return state
