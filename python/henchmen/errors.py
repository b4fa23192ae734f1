"""Every exception a user of henchmen can cause.

All of them derive from :class:`HenchmenError`, itself a :class:`ValueError`,
so ``except ValueError`` catches bad input of any kind.  The classes are the
ones the native core raises (``henchmen._core``), re-exported here, plus
:class:`ActionTypeError` for values of the wrong Python type.

Example:

>>> import henchmen
>>> from henchmen.errors import UnknownGameError
>>> try:
...     henchmen.new_game("no-such-game")
... except UnknownGameError as e:
...     print("unknown:", "known games" in str(e))
unknown: True
"""

from __future__ import annotations

from henchmen._core import (
    Cancelled,
    HenchmenError,
    IllegalActionError,
    NotationError,
    OptionError,
    PlayerError,
    SerializationError,
    UnknownGameError,
    UsageError,
)

# The native core raises these; here they get their public home (henchmen.errors.X
# in tracebacks and reprs, where users import them) and their documentation, which
# help() and the API reference read.
_NATIVE_DOCS: dict[type[HenchmenError], str] = {
    HenchmenError: """The base of every henchmen error, itself a :class:`ValueError`.

    >>> issubclass(OptionError, HenchmenError) and issubclass(HenchmenError, ValueError)
    True
    """,
    OptionError: """An option is unknown, of the wrong type or out of range; the message
    names the option and what it allows.

    >>> import henchmen
    >>> henchmen.new_game("parry", players=99)
    Traceback (most recent call last):
    ...
    henchmen.errors.OptionError: option 'players' of parry must be an integer from 2 to 4, got 99
    """,
    UnknownGameError: """No game has that name; the message lists the games there are.

    >>> import henchmen
    >>> henchmen.Game("chess")
    Traceback (most recent call last):
    ...
    henchmen.errors.UnknownGameError: no game named 'chess'; known games: ...
    """,
    IllegalActionError: """The action is not legal in this state, which is left as it was;
    the message says whose decision it is and what is legal.

    >>> import henchmen
    >>> henchmen.new_game("parry", seed=1).apply(10**6)
    Traceback (most recent call last):
    ...
    henchmen.errors.IllegalActionError: action id 1000000 is not legal here (player 0 to act); ...
    """,
    NotationError: """A move string does not name a legal action here; the message lists
    the legal moves.

    >>> import henchmen
    >>> henchmen.new_game("parry", seed=1).apply("fly away")
    Traceback (most recent call last):
    ...
    henchmen.errors.NotationError: 'fly away' is not a legal move here; legal moves: ...
    """,
    SerializationError: """A serialized state or a replay is malformed or inconsistent;
    the message names what is wrong and where.

    >>> import henchmen
    >>> henchmen.deserialize("{}")
    Traceback (most recent call last):
    ...
    henchmen.errors.SerializationError: serialized state is missing the field "game"
    """,
    PlayerError: """A player number out of range, or a question that needs a player to
    decide asked of a terminal or chance state.

    >>> import henchmen
    >>> henchmen.new_game("parry").observation(7)
    Traceback (most recent call last):
    ...
    henchmen.errors.PlayerError: player must be from 0 to 1, got 7
    """,
    UsageError: """A call made in the wrong order (undo with nothing to undo, a batch
    stepped before its reset) or on an object another thread is using.

    >>> import henchmen
    >>> henchmen.new_game("parry").undo()
    Traceback (most recent call last):
    ...
    henchmen.errors.UsageError: there is nothing to undo: ...
    """,
    Cancelled: """Long native work stopped through a :class:`~henchmen.CancelToken`,
    by Ctrl-C, or at its deadline.

    >>> import henchmen
    >>> token = henchmen.CancelToken()
    >>> token.cancel()
    >>> henchmen.Game("parry").random_playouts(1000, cancel=token)
    Traceback (most recent call last):
    ...
    henchmen.errors.Cancelled: cancelled through the CancelToken
    """,
}
for _cls, _doc in _NATIVE_DOCS.items():
    _cls.__module__ = __name__
    _cls.__doc__ = _doc

__all__ = [
    "ActionIndexError",
    "ActionTypeError",
    "Cancelled",
    "EvaluatorError",
    "GameNameTypeError",
    "HenchmenError",
    "IllegalActionError",
    "NotationError",
    "OptionError",
    "OptionTypeError",
    "PlayerError",
    "PlayerTypeError",
    "SerializationError",
    "SerializationTypeError",
    "UnknownGameError",
    "UsageError",
]


class ActionTypeError(HenchmenError, TypeError):
    """A value of the wrong Python type was passed in.

    Raised as itself for an action that is not an int id, an
    :class:`~henchmen.Action` or a move string (and for arguments of no
    other kind: a bot factory that is not callable).  Every other wrong type
    raises the class of its argument's kind, which derives from this one:
    :class:`PlayerTypeError` for a player, :class:`OptionTypeError` for an
    option, seed, count or flag, :class:`GameNameTypeError` for a game name,
    :class:`SerializationTypeError` for serialized text.  So
    ``except ActionTypeError`` (or ``except TypeError``) still catches every
    wrong type.  It is both a :class:`HenchmenError` (so a
    :class:`ValueError`) and a :class:`TypeError`.

    >>> import henchmen
    >>> state = henchmen.new_game("seven-secret-supervillains")
    >>> try:
    ...     state.apply(3.5)
    ... except ActionTypeError as e:
    ...     print(type(e).__name__)
    ActionTypeError
    """


class ActionIndexError(HenchmenError, IndexError):
    """An index past the end of a sequence of legal actions (or other moves).

    Both a :class:`HenchmenError` and an :class:`IndexError`, so sequence
    protocols keep working.

    >>> import henchmen
    >>> state = henchmen.new_game("seven-secret-supervillains", seed=1)
    >>> try:
    ...     state.legal_actions[10**30]
    ... except ActionIndexError as e:
    ...     print("legal actions" in str(e))
    True
    """


class EvaluatorError(HenchmenError):
    """A user evaluator or prior given to a search raised or returned a bad value
    (not one finite number per player, a prior that is not a mapping of
    finite non-negative numbers).

    >>> import henchmen
    >>> from henchmen.search import ISMCTS
    >>> state = henchmen.new_game("seven-secret-supervillains", seed=1)
    >>> try:
    ...     ISMCTS(iterations=5, evaluator=lambda s: [float("nan")] * 2).search(state)
    ... except EvaluatorError as e:
    ...     print("finite" in str(e))
    True
    """


# A wrong type is an error of its argument's kind (caught by `except PlayerError`, as a
# wrong value is) and a TypeError; ActionTypeError, which every wrong type raised before,
# stays a base so that old `except` clauses still catch it.
class PlayerTypeError(PlayerError, ActionTypeError):
    """A player (or observer, reader, viewer) that is not an int.

    >>> import henchmen
    >>> henchmen.new_game("parry").observation("0")
    Traceback (most recent call last):
    ...
    henchmen.errors.PlayerTypeError: player must be an int from 0 to 1, got str '0'
    """


class OptionTypeError(OptionError, ActionTypeError):
    """An option, seed, count or flag of the wrong Python type.

    >>> import henchmen
    >>> henchmen.new_game("parry", seed="1")
    Traceback (most recent call last):
    ...
    henchmen.errors.OptionTypeError: seed must be an int from 0 to 2**64-1, got str '1'
    """


class GameNameTypeError(UnknownGameError, ActionTypeError):
    """A game name that is not a str.

    >>> import henchmen
    >>> henchmen.Game(None)
    Traceback (most recent call last):
    ...
    henchmen.errors.GameNameTypeError: the game name must be a str, got NoneType None; ...
    """


class SerializationTypeError(SerializationError, ActionTypeError):
    """Serialized text (a state, a replay) that is not a str.

    >>> import henchmen
    >>> henchmen.deserialize(b"{}")
    Traceback (most recent call last):
    ...
    henchmen.errors.SerializationTypeError: serialized text must be a str, got bytes b'{}'
    """
