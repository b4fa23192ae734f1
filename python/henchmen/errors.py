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

# Show them as henchmen.errors.X in tracebacks and reprs, where users import them.
for _cls in (
    Cancelled,
    HenchmenError,
    IllegalActionError,
    NotationError,
    OptionError,
    PlayerError,
    SerializationError,
    UnknownGameError,
    UsageError,
):
    _cls.__module__ = __name__

__all__ = [
    "ActionIndexError",
    "ActionTypeError",
    "Cancelled",
    "EvaluatorError",
    "HenchmenError",
    "IllegalActionError",
    "NotationError",
    "OptionError",
    "PlayerError",
    "SerializationError",
    "UnknownGameError",
    "UsageError",
]


class ActionTypeError(HenchmenError, TypeError):
    """A value of the wrong Python type was passed in.

    Raised for an action that is not an int id, an :class:`~henchmen.Action`
    or a move string, a player or seed that is not an int, an option value
    that is not an int, bool, str or list of str, and the like.  It is both a
    :class:`HenchmenError` (so a :class:`ValueError`) and a :class:`TypeError`.

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
