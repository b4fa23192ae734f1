"""Argument checks shared by the friendly API.

The native core validates values; these helpers make sure a value of the
wrong Python type never reaches pybind11 (whose TypeError would say nothing
useful) and turn it into a :class:`~henchmen.errors.ActionTypeError` that
names the argument and what it may be.
"""

from __future__ import annotations

import numbers
import os
from collections.abc import Mapping, Sequence
from typing import Any

from henchmen.errors import (
    ActionTypeError,
    HenchmenError,
    OptionError,
    OptionTypeError,
    PlayerError,
    PlayerTypeError,
)

U64_MAX = 2**64 - 1
INT32_MIN = -(2**31)
INT32_MAX = 2**31 - 1
INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1

#: The Python types an option value may have.
OptionValue = int | bool | str | list[str]


#: How much of a value a message quotes (a 10 MB string makes a short message).
SHOWN = 80


def clip(text: str) -> str:
    """``text`` whole up to 80 characters, else its first 80 and how many more there were.

    Every message that shows what the user gave goes through here (or
    :func:`quote`, :func:`describe`); the native core does the same
    (``henchmen::clip`` in cpp/core/error.h).

    >>> clip("abc"), clip("x" * 85)[78:]
    ('abc', 'xx... (5 more characters)')
    """
    if len(text) <= SHOWN:
        return text
    return f"{text[:SHOWN]}... ({len(text) - SHOWN} more characters)"


def quote(value: object) -> str:
    """A value as a message shows it: its repr, clipped (see :func:`clip`).

    >>> quote("greedy"), quote(3), quote("y" * 90)[80:]
    ("'greedy'", '3', "y'... (10 more characters)")
    """
    if isinstance(value, str) and len(value) > SHOWN:
        return f"{value[:SHOWN]!r}... ({len(value) - SHOWN} more characters)"
    return clip(repr(value))


def describe(value: object) -> str:
    """A short description of a value for error messages: its type and repr (clipped).

    >>> describe(None), describe("abc")
    ('NoneType None', "str 'abc'")
    """
    try:
        text = quote(value)
    except Exception:  # a repr that raises
        text = f"<{type(value).__name__} object>"
    return f"{type(value).__name__} {text}"


def one_of(value: object, allowed: Sequence[str], what: str) -> str:
    """``value`` if it is one of the strings ``allowed`` (an OptionError otherwise).

    Checks the type first, so a value that compares oddly (a numpy array) is refused,
    not compared.

    >>> one_of("mcts", ("ismcts", "mcts"), "algorithm")
    'mcts'
    """
    if not isinstance(value, str) or value not in allowed:
        names = ", ".join(repr(a) for a in allowed)
        raise OptionError(f"{what} must be one of {names}, got {describe(value)}")
    return value


def flag(value: object, what: str) -> bool:
    """``value`` if it is True or False (an OptionTypeError otherwise)."""
    if not isinstance(value, bool):
        raise OptionTypeError(f"{what} must be True or False, got {describe(value)}")
    return value


def items(value: object, kind: type, what: str, example: str = "") -> list[Any]:
    """``value`` as a list if it is a sequence (not a str) of ``kind``; ActionTypeError
    naming ``what`` or the first item that is not one otherwise.

    >>> items([1, 2], int, "seeds")
    [1, 2]
    """
    name = kind.__name__
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise ActionTypeError(f"{what} must be a list of {name}, got {describe(value)}")
    for i, item in enumerate(value):
        if not isinstance(item, kind):
            raise ActionTypeError(f"{what}[{i}] must be a {name}{example}, got {describe(item)}")
    return list(value)


def number(value: object, what: str, lo: float, hi: float, note: str = "") -> float:
    """A finite number from ``lo`` to ``hi`` as a float (an int or float; bool excluded).

    >>> number(2, "exploration", 0, 100)
    2.0
    """
    allowed = f"a number from {lo:g} to {hi:g}{note}"
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise OptionTypeError(f"{what} must be {allowed}, got {describe(value)}")
    try:
        x = float(value)
    except Exception as e:  # a misbehaving __float__
        raise OptionTypeError(f"{what} must be {allowed}; {describe(value)} gave {e}") from None
    if not lo <= x <= hi:  # NaN fails too
        raise OptionError(f"{what} must be {allowed}, got {quote(value)}")
    return x


def path(value: object, what: str = "path") -> str | os.PathLike[str]:
    """A file path: a str or an os.PathLike giving a str, with no NUL character.

    >>> path("game.json")
    'game.json'
    """
    if not isinstance(value, str | os.PathLike):
        raise ActionTypeError(f"{what} must be a str or os.PathLike path, got {describe(value)}")
    try:
        text = os.fspath(value)
    except Exception as e:  # a misbehaving __fspath__
        raise ActionTypeError(f"{what}: {describe(value)} gave no path ({e})") from None
    if not isinstance(text, str):
        raise ActionTypeError(f"{what} must be a str path, got {describe(text)}")
    if "\0" in text:
        raise OptionError(f"{what} must not hold a NUL character, got {quote(text)}")
    try:
        os.fsencode(text)
    except UnicodeError:  # a lone surrogate: no file system can name it
        raise OptionError(f"{what} is not valid text for a file name, got {quote(text)}") from None
    return value


def integer(
    value: object, what: str, allowed: str, error: type[HenchmenError] = ActionTypeError
) -> int:
    """``value`` as an int (bool excluded), or ``error`` (a wrong-type class) naming ``what``."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise error(f"{what} must be {allowed}, got {describe(value)}")
    try:
        n = int(value)
    except Exception as e:  # a misbehaving __int__ / __index__
        raise error(
            f"{what} must be {allowed}; converting {describe(value)} to int failed: {e}"
        ) from None
    if type(n) is not int:
        raise error(f"{what} must be {allowed}; {describe(value)} did not give an int")
    return n


def seed(value: object, what: str = "seed") -> int:
    """A seed: an int from 0 to 2**64-1."""
    allowed = "an int from 0 to 2**64-1"
    n = integer(value, what, allowed, OptionTypeError)
    if not 0 <= n <= U64_MAX:
        raise OptionError(f"{what} must be {allowed}, got {n}")
    return n


def seconds(value: object, what: str = "max_seconds") -> float:
    """A time limit in seconds: None (no limit) or a number from 0 to 1e9 (0: none)."""
    if value is None:
        return 0.0
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise OptionTypeError(f"{what} must be a number of seconds or None, got {describe(value)}")
    x = float(value)
    if not 0.0 <= x <= 1e9:
        raise OptionError(f"{what} must be from 0 to 1e9 seconds, got {value!r}")
    return x


def player(value: object, num_players: int, what: str = "player") -> int:
    """A player index from 0 to num_players-1."""
    allowed = f"an int from 0 to {num_players - 1}"
    n = integer(value, what, allowed, PlayerTypeError)
    if not 0 <= n < num_players:
        raise PlayerError(f"{what} must be from 0 to {num_players - 1}, got {n}")
    return n


def count(value: object, what: str, lo: int, hi: int) -> int:
    """An int in [lo, hi] (e.g. a number of games or threads)."""
    allowed = f"an int from {lo} to {hi}"
    n = integer(value, what, allowed, OptionTypeError)
    if not lo <= n <= hi:
        raise OptionError(f"{what} must be {allowed}, got {n}")
    return n


def option_value(name: str, value: object) -> OptionValue:
    """A game option value as JSON-ready Python: int, bool, str or list[str]."""
    allowed = "an int, a bool, a str or a list of str"
    if isinstance(value, (bool, str)):
        return value
    if isinstance(value, numbers.Integral):
        n = int(value)
        if not INT64_MIN <= n <= INT64_MAX:
            raise OptionError(f"option '{name}' is out of range: {n}")
        return n
    if isinstance(value, (list, tuple)):
        items: list[str] = []
        for item in value:
            if not isinstance(item, str):
                raise OptionTypeError(
                    f"option '{name}' must be {allowed}; its list holds {describe(item)}"
                )
            items.append(item)
        return items
    raise OptionTypeError(f"option '{name}' must be {allowed}, got {describe(value)}")


def options(given: Mapping[str, object]) -> dict[str, OptionValue]:
    """Checks the Python types of a mapping of options (values are checked in C++)."""
    out: dict[str, OptionValue] = {}
    for key, value in given.items():
        if not isinstance(key, str):
            raise OptionTypeError(f"option names must be str, got {describe(key)}")
        out[key] = option_value(key, value)
    return out
