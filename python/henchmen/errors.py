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
    HenchmenError,
    IllegalActionError,
    NotationError,
    OptionError,
    PlayerError,
    SerializationError,
    UnknownGameError,
)

# Show them as henchmen.errors.X in tracebacks and reprs, where users import them.
for _cls in (
    HenchmenError,
    IllegalActionError,
    NotationError,
    OptionError,
    PlayerError,
    SerializationError,
    UnknownGameError,
):
    _cls.__module__ = __name__

__all__ = [
    "ActionTypeError",
    "HenchmenError",
    "IllegalActionError",
    "NotationError",
    "OptionError",
    "PlayerError",
    "SerializationError",
    "UnknownGameError",
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
