"""A game's rules with its options fixed: what the game is, before any position.

:class:`~henchmen.Game` is these rules plus making states; it lives beside
:class:`~henchmen.State` (in :mod:`henchmen.state`) because each names the
other, so this module needs neither and nothing here imports in a circle.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from henchmen import _checks, _core, game_names
from henchmen.cancel import CancelToken, native_token
from henchmen.registry import GameInfo, PlayoutStats, check_name, game_info

R = TypeVar("R", bound="Rules")


class Rules:
    """A rule set with its options fixed: everything a :class:`~henchmen.Game` is but its states.

    :class:`~henchmen.Game` (the class to use) adds making states; see it for
    how names and options are given.

    >>> import henchmen
    >>> rules = henchmen.Game("parry", players=3)
    >>> isinstance(rules, Rules), rules.num_players
    (True, 3)
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
        check_name(name)
        base, named = game_names.parse(name)
        checked = game_names.merge(named, _checks.options(options))
        self._setup(_core.Game(base, json.dumps(checked)))

    def _setup(self, core: _core.Game) -> None:
        self._core = core
        self._name = core.name
        self._options: dict[str, Any] = json.loads(core.options_json)
        self._num_players = core.num_players
        self._num_distinct_actions = core.num_distinct_actions
        self._observation_shape = tuple(core.observation_shape)
        self._max_game_length = core.max_game_length

    @classmethod
    def _wrap(cls: type[R], core: _core.Game) -> R:
        game: R = object.__new__(cls)
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
    def name_with_options(self) -> str:
        """The name with every option that is not the default, in OpenSpiel's form.

        ``str(game)`` gives it too, and :class:`~henchmen.Game` takes it back
        (see :mod:`henchmen.game_names`).

        >>> import henchmen
        >>> game = henchmen.Game("parry(players=3,health=5)")
        >>> game.name_with_options, str(henchmen.Game("parry"))
        ('parry(players=3,health=5)', 'parry')
        >>> henchmen.Game(game.name_with_options) == game
        True
        """
        return game_names.write(self._name, self._options)

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
        >>> all(0 <= a < game.num_distinct_actions for a in state.legal_action_ids)
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
        ...     state.apply(state.legal_action_ids[-1])
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
        if not isinstance(other, Rules):
            return NotImplemented
        return self._name == other._name and self._options == other._options

    def __hash__(self) -> int:
        return hash((self._name, json.dumps(self._options, sort_keys=True)))

    def __str__(self) -> str:
        return self.name_with_options

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self._options.items())
        return f"Game({self._name!r}{opts})"


__all__ = ["Rules"]
