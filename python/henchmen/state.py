"""State: one position of a game, the object you play and search with."""

from __future__ import annotations

import json
import math
import secrets
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from henchmen import _checks, _core
from henchmen._deprecated import HistoryIds, LegalActionIds
from henchmen.action import Action
from henchmen.errors import (
    ActionTypeError,
    IllegalActionError,
    OptionTypeError,
    PlayerError,
    SerializationTypeError,
)
from henchmen.events import Event
from henchmen.events import read as read_events
from henchmen.events import reader_id as _reader_id
from henchmen.legal import LegalActions
from henchmen.rules import Rules

#: What :meth:`State.apply` accepts: an action id, an Action, or move notation.
ActionLike = int | Action | str

_new = object.__new__


def _action_id(action: object) -> int:
    """The id of an action given as an int-like, an Action (strings handled by callers)."""
    if isinstance(action, Action):
        return action.id
    return _checks.integer(
        action, "action", "an int id, an Action or a move string (e.g. from state.legal_actions)"
    )


def _reader(viewer: object, players: int, allow_omniscient: bool = True) -> int:
    who = _reader_id(viewer, players)
    if who == _core.OMNISCIENT and not allow_omniscient:
        raise PlayerError(
            f"a layout is drawn for a player (0 to {players - 1}) or 'spectator', "
            f"got {_checks.quote(viewer)}"
        )
    return who


def _outside(action: int, game: Game) -> IllegalActionError:
    return IllegalActionError(
        f"action id {action} is outside the action space 0..{game.num_distinct_actions - 1}"
    )


#: The first line of ``str(state)``: it is a debugging view, with every hidden card.
DEBUG_HEADER = (
    "[debugging board: shows every hidden card; state.render(viewer) draws one seat's table]"
)


class Game(Rules):
    """A game: a rule set with its options fixed.  It makes states.

    Options are keyword arguments (``players`` and the game's own, see
    :func:`henchmen.games`), or written into the name in OpenSpiel's form,
    ``"legendary(players=3)"`` (:mod:`henchmen.game_names`); bad ones raise
    :class:`~henchmen.errors.OptionError` naming the option and what is
    allowed.

    >>> import henchmen
    >>> game = henchmen.Game("seven-secret-supervillains", players=2)
    >>> game.num_players
    2
    >>> henchmen.Game("legendary(players=3)") == henchmen.Game("legendary", players=3)
    True
    >>> state = game.new_initial_state(seed=1)
    >>> state.is_chance
    False
    """

    __slots__ = ()

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
            raise OptionTypeError(
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
            raise SerializationTypeError(
                f"serialized text must be a str, got {_checks.describe(text)}"
            )
        return State._wrap(self._core.deserialize(text), self)

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return (_game_from_json, (self._name, self._core.options_json))


def _game_from_json(name: str, options_json: str) -> Game:
    return Game._wrap(_core.Game(name, options_json))


class State:
    """One position of a game: who acts, what is legal, and what each player sees.

    Get one from :func:`henchmen.new_game` (or :meth:`Game.new_initial_state`)
    and play it by applying actions; branch with :meth:`child` or
    :meth:`clone`.  By default chance (shuffles, draws) is resolved for you
    with the seed you gave, so :attr:`current_player` is always a player or
    :data:`henchmen.TERMINAL`; with ``auto_chance=False`` you see chance nodes
    (``current_player == henchmen.CHANCE``) and apply one of
    :attr:`chance_outcomes` yourself.

    >>> import henchmen
    >>> state = henchmen.new_game("seven-secret-supervillains", seed=1)
    >>> state.current_player
    0
    >>> state.apply(state.legal_action_ids[0])
    >>> state.move_number > 0
    True

    States compare equal when they hold the same position (history and the
    auto-chance generator are not compared), and hash by the stable 64-bit
    position hash.  A state is mutable: do not keep one in a set or dict
    while you apply actions to it.
    """

    __slots__ = ("__weakref__", "_game", "_s")

    _s: _core.State
    _game: Game

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise ActionTypeError(
            "State cannot be built directly; use henchmen.new_game(name, ...), "
            "Game.new_initial_state() or henchmen.deserialize(text)"
        )

    @classmethod
    def _wrap(cls, core: _core.State, game: Game) -> State:
        state: State = _new(cls)
        state._s = core
        state._game = game
        return state

    # ----------------------------------------------------------------- who acts
    @property
    def game(self) -> Game:
        """The :class:`~henchmen.Game` (rules and options) this state belongs to.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains", seed=1)
        >>> state.game
        Game('seven-secret-supervillains', ..., players=2)
        >>> state.game.num_players
        2
        """
        return self._game

    @property
    def current_player(self) -> int:
        """The player who must decide now, or :data:`~henchmen.CHANCE` / :data:`~henchmen.TERMINAL`.

        This is not always the player whose turn it is: a reaction or an
        opponent's guess hands the decision to someone else (see
        :attr:`turn_player`).  Players are numbered from 0.

        >>> import henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> state.current_player
        0
        >>> state.apply("end turn")
        >>> state.current_player
        1
        >>> while not state.is_terminal:
        ...     state.apply(state.legal_action_ids[0])
        >>> state.current_player == henchmen.TERMINAL
        True
        """
        return self._s.current_player

    @property
    def turn_player(self) -> int:
        """Whose turn it is, even while another player decides (a reaction, a guess).

        >>> import henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> state.turn_player, state.current_player
        (0, 0)
        >>> state.apply("strike player 2")
        >>> state.turn_player, state.current_player  # player 1 may answer with a Parry
        (0, 1)
        """
        return self._s.turn_player

    @property
    def is_terminal(self) -> bool:
        """True when the game is over; :attr:`returns` then holds the result.

        >>> import henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> state.is_terminal
        False
        >>> while not state.is_terminal:
        ...     state.apply(state.legal_action_ids[0])
        >>> state.returns
        (1.0, -1.0)
        """
        return self._s.is_terminal

    @property
    def is_chance(self) -> bool:
        """True when chance decides next (only seen with ``auto_chance=False``).

        >>> import henchmen
        >>> state = henchmen.new_game("parry", auto_chance=False)
        >>> state.is_chance, state.current_player == henchmen.CHANCE
        (True, True)
        >>> state.apply(state.chance_outcomes[0][0])
        >>> henchmen.new_game("parry", seed=1).is_chance
        False
        """
        return self._s.is_chance

    @property
    def move_number(self) -> int:
        """How many actions were applied since the start, chance outcomes included.

        >>> import henchmen
        >>> state = henchmen.new_game("parry", auto_chance=False)
        >>> state.move_number
        0
        >>> state.apply(state.chance_outcomes[0][0])
        >>> state.move_number == len(state.history) == 1
        True
        """
        return self._s.move_number

    @property
    def auto_chance(self) -> bool:
        """True when chance nodes are resolved automatically by the seeded generator.

        >>> import henchmen
        >>> henchmen.new_game("parry", seed=1).auto_chance
        True
        >>> henchmen.new_game("parry", auto_chance=False).auto_chance
        False
        """
        return self._s.auto_chance

    @property
    def seed(self) -> int:
        """The seed automatic chance started from (0 if it was never on).

        With ``seed=None`` the game drew a fresh one; give it back to
        :func:`henchmen.new_game` to deal the same game again.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains")
        >>> again = henchmen.new_game("seven-secret-supervillains", seed=state.seed)
        >>> again == state
        True
        """
        return self._s.seed

    def set_auto_chance(self, on: bool, seed: int = 0) -> None:
        """Turn automatic chance on (resolving any pending chance now) or off.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains", auto_chance=False)
        >>> state.is_chance
        True
        >>> state.set_auto_chance(True, seed=3)
        >>> state.is_chance
        False
        """
        if not isinstance(on, bool):
            raise OptionTypeError(f"on must be True or False, got {_checks.describe(on)}")
        self._s.set_auto_chance(on, _checks.seed(seed))

    # ------------------------------------------------------------------ actions
    @property
    def legal_actions(self) -> LegalActions:
        """The legal actions as a live, lazy sequence of :class:`~henchmen.Action`.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains")
        >>> moves = state.legal_actions
        >>> len(moves) == len(moves.ids) and moves.ids[0] in moves
        True
        """
        return LegalActions(self._s)

    @property
    def legal_action_ids(self) -> LegalActionIds:
        """The legal action ids, strictly ascending (the fast form of :attr:`legal_actions`).

        A fresh list.  It used to be a method: calling it still works, with a
        :class:`DeprecationWarning`, until 0.2.

        >>> import henchmen
        >>> ids = henchmen.new_game("seven-secret-supervillains").legal_action_ids
        >>> ids == sorted(set(ids)) and ids[:1] == [ids[0]]
        True
        """
        return self._s.legal_actions_as(LegalActionIds)

    def legal_actions_mask(self) -> npt.NDArray[np.bool_]:
        """A bool array over the whole action space, True where an action is legal.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains")
        >>> int(state.legal_actions_mask().sum()) == len(state.legal_action_ids)
        True
        """
        return self._s.legal_actions_mask()

    @property
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, each outcome with its probability; else an empty list.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains", auto_chance=False)
        >>> outcome, p = state.chance_outcomes[0]
        >>> 0 < p <= 1
        True
        """
        s = self._s
        return [(Action(a, s.action_to_string(a)), p) for a, p in s.chance_outcomes()]

    def apply(self, action: ActionLike) -> None:
        """Apply one action: an int id, an :class:`~henchmen.Action` or move notation.

        Move notation is matched ignoring case and extra spaces.  An illegal
        action raises :class:`~henchmen.errors.IllegalActionError` (or
        :class:`~henchmen.errors.NotationError` for a string) listing what is
        legal, and leaves the state exactly as it was.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains")
        >>> first = state.legal_actions[0]
        >>> state.apply(str(first).upper())
        """
        if type(action) is int:
            try:
                self._s.apply(action)
            except TypeError:  # beyond a C int: pybind11 refused it
                raise _outside(action, self._game) from None
            return
        self._s.apply(self._to_id(action))

    def _to_id(self, action: object) -> int:
        if isinstance(action, str):
            return self._s.string_to_action(action)
        a = _action_id(action)
        if not _checks.INT32_MIN <= a <= _checks.INT32_MAX:
            raise _outside(a, self._game)
        return a

    def undo(self) -> None:
        """Take back the last :meth:`apply` (and the chance it resolved).

        The generator goes back too, so applying the same action again deals
        the same cards.  Raises :class:`~henchmen.errors.UsageError` when
        nothing was applied to this state since it was made.  It replays the
        game from its start: well under a millisecond for a whole game.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains", seed=1)
        >>> before = state.clone()
        >>> state.apply("end turn")
        >>> state.undo()
        >>> state == before and state.history_ids == before.history_ids
        True
        """
        self._s.undo()

    @property
    def can_undo(self) -> bool:
        """True when :meth:`undo` has something to take back.

        >>> import henchmen
        >>> henchmen.new_game("seven-secret-supervillains", seed=1).can_undo
        False
        """
        return self._s.can_undo

    # ------------------------------------------------------------------ events
    def events_for(
        self, reader: int | str, since: int = -1, names: Sequence[str] | None = None
    ) -> list[Event]:
        """Everything ``reader`` saw, from history step ``since`` on (-1: the setup too).

        ``reader`` is a player index, ``"spectator"`` (what every player
        sees) or ``"omniscient"`` (everything: for debugging only).  ``names``
        name the players in the sentences ("Player N" by default).

        >>> import henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> state.apply("end turn")
        >>> len(state.events_for(0)) >= len(state.events_for("spectator")) > 0
        True
        """
        start = _checks.count(since, "since", -1, self.move_number)
        return read_events(self, reader, start, self.move_number, names)

    def last_events(self, reader: int | str, names: Sequence[str] | None = None) -> list[Event]:
        """What ``reader`` saw of the last :meth:`apply` (its action and the chance after it).

        >>> import henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> state.apply("end turn")
        >>> [e.kind for e in state.last_events(0)][0]
        'end-turn'
        """
        return read_events(self, reader, self._s.last_apply_start, self.move_number, names)

    def child(self, action: ActionLike) -> State:
        """A new state: a clone of this one with ``action`` applied (this one is unchanged).

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains")
        >>> after = state.child(state.legal_action_ids[0])
        >>> after.move_number > state.move_number
        True
        """
        core = self._s.clone()
        if type(action) is int:
            try:
                core.apply(action)
            except TypeError:
                raise _outside(action, self._game) from None
        else:
            core.apply(self._to_id(action))
        return State._wrap(core, self._game)

    def clone(self) -> State:
        """An independent copy (including the auto-chance generator's position).

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains")
        >>> copy = state.clone()
        >>> copy.apply(copy.legal_action_ids[0])
        >>> copy == state
        False
        """
        return State._wrap(self._s.clone(), self._game)

    def action_to_string(self, action: int | Action) -> str:
        """The move notation of an action id in this position.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains")
        >>> a = state.legal_action_ids[0]
        >>> state.string_to_action(state.action_to_string(a)) == a
        True
        """
        a = _action_id(action)
        if not _checks.INT32_MIN <= a <= _checks.INT32_MAX:
            raise _outside(a, self._game)
        return self._s.action_to_string(a)

    def string_to_action(self, text: str) -> Action:
        """The legal action that move notation names (case and spacing do not matter).

        Raises :class:`~henchmen.errors.NotationError` listing the legal moves.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains")
        >>> text = str(state.legal_actions[0])
        >>> state.string_to_action(" " + text.upper()).text == text
        True
        """
        if not isinstance(text, str):
            raise ActionTypeError(f"move notation must be a str, got {_checks.describe(text)}")
        a = self._s.string_to_action(text)
        return Action(a, self._s.action_to_string(a))

    # ---------------------------------------------------------------- the result
    @property
    def returns(self) -> tuple[float, ...]:
        """One number per player: the result when terminal, all zero before.

        >>> import henchmen
        >>> henchmen.new_game("seven-secret-supervillains").returns
        (0.0, 0.0)
        """
        return tuple(self._s.returns())

    @property
    def measure(self) -> float | None:
        """The game's measure (:attr:`Game.measure_name`) once it is over, else None.

        None too when the game has no measure, or ended without one (a Climb
        whose goal the turn limit beat).

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains", seed=1, mode="climb",
        ...                           goal="upgrades", goal_target=1)
        >>> state.measure is None
        True
        >>> while not state.is_terminal:
        ...     state.apply(state.legal_action_ids[-1])
        >>> state.measure == state.observation(0)["goal"]["turns"]
        True
        """
        value = self._s.measure()
        return None if math.isnan(value) else value

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the start, chance outcomes included, in order.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains", auto_chance=False)
        >>> outcome = state.chance_outcomes[0][0]
        >>> state.apply(outcome)
        >>> state.history == (outcome,)
        True
        """
        # Notation can depend on the position, so each action is named where it was
        # taken: the engine replays the history from where it starts (the game's
        # start, or a loaded position).
        ids, names = self._s.history(), self._s.history_notation()
        return tuple(Action(a, text) for a, text in zip(ids, names, strict=True))

    @property
    def history_ids(self) -> HistoryIds:
        """The ids of :attr:`history` (fast: no notation), a fresh list.

        It used to be a method: calling it still works, with a
        :class:`DeprecationWarning`, until 0.2.

        >>> import henchmen
        >>> henchmen.new_game("seven-secret-supervillains").history_ids != []
        True
        """
        return self._s.history_as(HistoryIds)

    # -------------------------------------------------------------- observation
    def observation(self, player: int) -> dict[str, Any]:
        """Exactly what ``player`` may see, as a JSON-ready dict.

        Each game has its own keys; :attr:`Game.observation_keys` says
        what each one holds, ``players[].KEY`` for each player's entry (and
        docs/guide.md lists them for every game).  Nothing hidden from
        ``player`` is in it: a pile they cannot look into is given as its
        size, or, when they know which cards it holds but not their order,
        as those cards in a fixed order that tells nothing of the real one.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains", seed=4)
        >>> obs = state.observation(0)
        >>> keys = state.game.observation_keys
        >>> all(key in keys for key in obs)  # every key is explained
        True
        >>> print(keys["players[].hand_known"])
        an opponent's cards in hand that you saw go there (public to you)
        >>> "hand" in obs["players"][1], obs["players"][1]["hand_known"]
        (False, ['Explodey Bot'])
        """
        result: dict[str, Any] = json.loads(self._s.observation_json(self._player(player)))
        return result

    def layout(self, viewer: int | str) -> dict[str, Any]:
        """What a table draws for ``viewer`` (a player or ``"spectator"``).

        Zones of cards (faces with name, cost, power and text, or backs),
        counters (health, reputation, VP) and ``prompt``: why the current
        decision is asked when it is asked off turn.  Never more than the
        viewer may see; one shape for every game (see docs/authoring.md).

        >>> import henchmen
        >>> layout = henchmen.new_game("parry", seed=1).layout(0)
        >>> [z["name"] for z in layout["zones"]][:2]
        ['Your hand', "Player 2's hand"]
        """
        who = _reader(viewer, self._game.num_players, allow_omniscient=False)
        result: dict[str, Any] = json.loads(self._s.layout_json(who))
        return result

    def render(
        self, viewer: int | str = "spectator", *, omniscient: bool = False, width: int = 100
    ) -> str:
        """The table ``viewer`` sees (a player or ``"spectator"``), as text.

        Drawn from :meth:`layout`, the way the terminal table draws it: it
        never shows what the viewer may not see.  ``omniscient=True`` shows
        every player's hand (for debugging and teaching; never for a player).

        >>> import henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> print(state.render(0, width=60).splitlines()[0])
        === Parry -- Turn 1: Your turn ===
        >>> "Strike" in state.render()  # the spectator sees no hand
        False
        >>> "Strike" in state.render(omniscient=True)
        True
        """
        from henchmen.notebook import omniscient_layout
        from henchmen.table.screen import draw

        if omniscient:
            return "\n".join(draw(omniscient_layout(self), -1, width))
        who = _reader(viewer, self._game.num_players, allow_omniscient=False)
        return "\n".join(draw(self.layout(viewer), who, width))

    def html(self, viewer: int | str = "spectator", *, omniscient: bool = False) -> str:
        """The table ``viewer`` sees, as one block of HTML (a notebook shows the spectator's).

        >>> import henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> 'class="hm-table"' in state.html(0) and "Your hand" in state.html(0)
        True
        """
        from henchmen.notebook import omniscient_layout, table_html

        return table_html(omniscient_layout(self) if omniscient else self.layout(viewer))

    def _repr_html_(self) -> str:
        return self.html("spectator")

    def action_info(self, action: int | Action) -> dict[str, Any]:
        """What a legal action is about, for a frontend: its text and, if any, the card.

        >>> import henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> state.action_info(state.legal_actions[0])["card"]
        'Strike'
        """
        a = _action_id(action)
        if not _checks.INT32_MIN <= a <= _checks.INT32_MAX:
            raise _outside(a, self._game)
        result: dict[str, Any] = json.loads(self._s.action_info_json(a))
        return result

    def observation_tensor(self, player: int) -> npt.NDArray[np.float32]:
        """What ``player`` may see as a float32 array of ``game.observation_shape``.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains")
        >>> state.observation_tensor(1).shape == state.game.observation_shape
        True
        """
        return self._s.observation_tensor(self._player(player))

    def information_state_tensor(self, player: int) -> npt.NDArray[np.float32]:
        """All ``player`` knows, as a flat float32 array (OpenSpiel's name).

        In these games it is the observation tensor: the engine folds what a
        player has seen into their observation (a card seen going into a hand,
        a deck's known top, the multiset of cards still unseen), so it is the
        same in every state the player cannot tell apart (a :meth:`resample`
        keeps it) and holds all they know of the hidden cards. It does not
        hold the order of past moves: it is not OpenSpiel's "perfect recall"
        history. :mod:`henchmen.rl.encodings` names its slices.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains", seed=2)
        >>> twin = state.resample(0, seed=9)
        >>> bool((twin.information_state_tensor(0) == state.information_state_tensor(0)).all())
        True
        >>> state.information_state_tensor(0).shape == state.game.observation_shape
        True
        """
        return self._s.observation_tensor(self._player(player)).reshape(-1)

    def observation_string(self, player: int) -> str:
        """What ``player`` may see as text (OpenSpiel's name): :meth:`observation` as JSON.

        Equal for states the player cannot tell apart; ``json.loads`` gives
        :meth:`observation` back.

        >>> import json, henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> json.loads(state.observation_string(1)) == state.observation(1)
        True
        """
        text: str = self._s.observation_json(self._player(player))
        return text

    def resample(self, observer: int, seed: int = 0) -> State:
        """A state ``observer`` cannot tell from this one, hidden cards redrawn.

        Everything hidden from ``observer`` is redrawn consistently with all
        they know (the basis of information-set search).  The new state's
        history is not meaningful.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains")
        >>> other = state.resample(0, seed=5)
        >>> other.observation(0) == state.observation(0)
        True
        """
        p = self._player(observer, "observer")
        return State._wrap(self._s.resample(p, _checks.seed(seed)), self._game)

    def heuristic(self, player: int) -> float:
        """A cheap estimate in [-1, 1] of how well ``player`` stands (used by bots).

        >>> import henchmen
        >>> -1 <= henchmen.new_game("seven-secret-supervillains").heuristic(0) <= 1
        True
        """
        return self._s.heuristic(self._player(player))

    def _player(self, player: object, what: str = "player") -> int:
        if type(player) is int and _checks.INT32_MIN <= player <= _checks.INT32_MAX:
            return player  # the core checks the range and raises PlayerError
        return _checks.player(player, self._game.num_players, what)

    # ------------------------------------------------------------ serialization
    def serialize(self) -> str:
        """The exact position and history as JSON text; see :func:`henchmen.deserialize`.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains")
        >>> henchmen.deserialize(state.serialize()) == state
        True
        """
        return self._s.serialize()

    @property
    def position_hash(self) -> int:
        """A stable 64-bit hash of the position: the same on every platform and run.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains")
        >>> state.position_hash == state.clone().position_hash
        True
        """
        return self._s.hash()

    def validate(self) -> None:
        """Check every invariant of the position; raises SerializationError naming a broken one.

        >>> import henchmen
        >>> henchmen.new_game("seven-secret-supervillains").validate()
        """
        self._s.validate()

    # ----------------------------------------------------------- python protocol
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self._s.same_position(other._s)

    def __hash__(self) -> int:
        return self._s.hash()

    def __str__(self) -> str:
        """The debugging board: every card, hidden ones included.

        :meth:`render` draws the table one seat sees.
        """
        return DEBUG_HEADER + "\n" + self._s.to_string()

    def __repr__(self) -> str:
        s = self._s
        p = s.current_player
        if p == _core.TERMINAL:
            who = f"game over, returns {tuple(s.returns())}"
        elif p == _core.CHANCE:
            who = "chance to act"
        else:
            who = f"player {p} to act"
        return f"<State {self._game.name} move {s.move_number}, {who}>"

    def __copy__(self) -> State:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, object]) -> State:
        return self.clone()

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # The serialization holds the auto-chance generator's position, so an
        # unpickled state goes on with the same draws.
        return (_unpickle, (self._s.serialize(),))


def checked(value: object, who: str) -> State:
    """``value`` if it is a henchmen State; ``who`` says what needed it ("greedy bot").

    >>> import henchmen
    >>> checked(henchmen.new_game("parry"), "a bot").game.name
    'parry'
    """
    if not isinstance(value, State):
        raise ActionTypeError(f"{who} needs a henchmen State, got {_checks.describe(value)}")
    return value


def _unpickle(text: str) -> State:
    core = _core.deserialize(text)
    return State._wrap(core, Game._wrap(core.game))


__all__ = ["ActionLike", "Game", "LegalActions", "State", "checked"]
