"""Argument checks shared by the friendly API.

The native core validates values; these helpers make sure a value of the
wrong Python type never reaches pybind11 (whose TypeError would say nothing
useful) and turn it into a :class:`~henchmen.errors.ActionTypeError` that
names the argument and what it may be.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping

from henchmen.errors import ActionTypeError, OptionError, PlayerError

U64_MAX = 2**64 - 1
INT32_MIN = -(2**31)
INT32_MAX = 2**31 - 1
INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1

#: The Python types an option value may have.
OptionValue = int | bool | str | list[str]


def describe(value: object) -> str:
    """A short description of a value for error messages: its type and repr."""
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{type(value).__name__} {text}"


def integer(value: object, what: str, allowed: str) -> int:
    """``value`` as an int (bool excluded), or ActionTypeError naming ``what``."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ActionTypeError(f"{what} must be {allowed}, got {describe(value)}")
    try:
        n = int(value)
    except Exception as e:  # a misbehaving __int__ / __index__
        raise ActionTypeError(
            f"{what} must be {allowed}; converting {describe(value)} to int failed: {e}"
        ) from None
    if type(n) is not int:
        raise ActionTypeError(f"{what} must be {allowed}; {describe(value)} did not give an int")
    return n


def seed(value: object, what: str = "seed") -> int:
    """A seed: an int from 0 to 2**64-1."""
    allowed = "an int from 0 to 2**64-1"
    n = integer(value, what, allowed)
    if not 0 <= n <= U64_MAX:
        raise OptionError(f"{what} must be {allowed}, got {n}")
    return n


def seconds(value: object, what: str = "max_seconds") -> float:
    """A time limit in seconds: None (no limit) or a number from 0 to 1e9 (0: none)."""
    if value is None:
        return 0.0
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ActionTypeError(f"{what} must be a number of seconds or None, got {describe(value)}")
    x = float(value)
    if not 0.0 <= x <= 1e9:
        raise OptionError(f"{what} must be from 0 to 1e9 seconds, got {value!r}")
    return x


def player(value: object, num_players: int, what: str = "player") -> int:
    """A player index from 0 to num_players-1."""
    allowed = f"an int from 0 to {num_players - 1}"
    n = integer(value, what, allowed)
    if not 0 <= n < num_players:
        raise PlayerError(f"{what} must be from 0 to {num_players - 1}, got {n}")
    return n


def count(value: object, what: str, lo: int, hi: int) -> int:
    """An int in [lo, hi] (e.g. a number of games or threads)."""
    allowed = f"an int from {lo} to {hi}"
    n = integer(value, what, allowed)
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
                raise ActionTypeError(
                    f"option '{name}' must be {allowed}; its list holds {describe(item)}"
                )
            items.append(item)
        return items
    raise ActionTypeError(f"option '{name}' must be {allowed}, got {describe(value)}")


def options(given: Mapping[str, object]) -> dict[str, OptionValue]:
    """Checks the Python types of a mapping of options (values are checked in C++)."""
    out: dict[str, OptionValue] = {}
    for key, value in given.items():
        if not isinstance(key, str):
            raise ActionTypeError(f"option names must be str, got {describe(key)}")
        out[key] = option_value(key, value)
    return out
