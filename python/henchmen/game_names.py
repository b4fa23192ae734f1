"""Game names with options, in OpenSpiel's form: ``"legendary(players=3,final_showdown=true)"``.

Wherever a game's name is taken (:class:`~henchmen.Game`,
:func:`~henchmen.new_game`, the command line's game argument, the protocol's
``game`` field) it may carry options this way;
:attr:`~henchmen.Game.name_with_options` (and ``str(game)``) writes a game back
in the same form.

The grammar: ``NAME`` or ``NAME(KEY=VALUE,KEY=VALUE...)``, no nesting.  A
value is read by the option's kind: an integer, ``true`` or ``false``, a
name (a choice, or text), or names joined by ``+`` (a list of choices:
``crews=Royal Rule+Freezer Burn``).  A value holding ``,`` ``(`` ``)`` ``=``
``+`` or spaces at either end is written in double quotes
(``card_data="my cards, v2.json"``).  Everything is checked: a malformed
name, an unknown option or one given twice raises
:class:`~henchmen.errors.OptionError` saying what is allowed.

>>> parse("legendary(players=3,villains=Brotherhood+HYDRA+Skrulls)")
('legendary', {'players': 3, 'villains': ['Brotherhood', 'HYDRA', 'Skrulls']})
>>> parse("parry")
('parry', {})
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from henchmen import _checks
from henchmen.errors import OptionError
from henchmen.registry import GameInfo, game_info

#: What a value cannot hold unquoted: the separators of the grammar.
_SPECIAL = re.compile(r'[,()=+"]|^\s|\s$')
_INTEGER = re.compile(r"[+-]?[0-9]+")


def _split(inner: str, whole: str) -> list[str]:
    """The ``KEY=VALUE`` parts between the parentheses, split at commas outside quotes."""
    parts: list[str] = []
    current: list[str] = []
    quoted = False
    for ch in inner:
        if ch == '"':
            quoted = not quoted
        if ch == "," and not quoted:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    if quoted:
        raise OptionError(f"game name {_checks.quote(whole)}: a quoted value has no closing '\"'")
    parts.append("".join(current))
    return parts


def _unquote(raw: str, key: str, whole: str) -> tuple[str, bool]:
    """``raw`` without its quotes, and whether it had them."""
    if raw.startswith('"'):
        if len(raw) < 2 or not raw.endswith('"') or '"' in raw[1:-1]:
            raise OptionError(
                f"game name {_checks.quote(whole)}: the value of {key} must be one quoted "
                f'text ("like this"), got {_checks.quote(raw)}'
            )
        return raw[1:-1], True
    if '"' in raw:
        raise OptionError(
            f"game name {_checks.quote(whole)}: a '\"' may only open and close the value of {key}"
        )
    return raw, False


def _value(info: GameInfo, key: str, raw: str, whole: str) -> _checks.OptionValue:
    option = info.option(key)  # OptionError naming the game's options
    text, quoted = _unquote(raw, key, whole)
    if option.kind == "int":
        if quoted or not _INTEGER.fullmatch(text):
            raise OptionError(f"option '{key}' must be {option.allowed}, got {_checks.quote(raw)}")
        return int(text)
    if option.kind == "bool":
        if quoted or text.lower() not in ("true", "false"):
            raise OptionError(f"option '{key}' must be true or false, got {_checks.quote(raw)}")
        return text.lower() == "true"
    if option.kind == "choice-list":
        if quoted:
            return [text] if text else []
        return [item.strip() for item in text.split("+")] if text.strip() else []
    return text if quoted else text.strip()


def parse(text: str) -> tuple[str, dict[str, _checks.OptionValue]]:
    """A game name with options as (the game's name, its options as the API takes them).

    A plain name comes back as it is with no options (an unknown one is
    refused where the game is made, with the list of games).  A name no game
    has raises :class:`~henchmen.errors.UnknownGameError` whatever follows it;
    a malformed option part of a known game's name an OptionError.

    >>> parse("seven-secret-supervillains(mode=climb,goal=upgrades,goal_target=3)")
    ('seven-secret-supervillains', {'mode': 'climb', 'goal': 'upgrades', 'goal_target': 3})
    >>> parse("parry(players=two)")
    Traceback (most recent call last):
    ...
    henchmen.errors.OptionError: option 'players' must be an integer from 2 to 4, got 'two'
    """
    opening = text.find("(")
    if opening < 0:
        return text, {}
    name = text[:opening]
    info = game_info(name)  # first: a name no game has is an unknown game, whatever follows
    if not text.endswith(")"):
        raise OptionError(
            f"game name {_checks.quote(text)}: options go in one pair of parentheses at the "
            "end, as in 'parry(players=3,health=5)'"
        )
    inner = text[opening + 1 : -1]
    options: dict[str, _checks.OptionValue] = {}
    if not inner.strip():
        return name, options
    for part in _split(inner, text):
        key, sep, raw = part.partition("=")
        key = key.strip()
        if not sep or not key:
            raise OptionError(
                f"game name {_checks.quote(text)}: each option is KEY=VALUE, got "
                f"{_checks.quote(part)}; {name}'s options are: "
                + ", ".join(o.name for o in info.options)
            )
        if key in options:
            raise OptionError(f"game name {_checks.quote(text)} gives option '{key}' twice")
        options[key] = _value(info, key, raw, text)
    return name, options


def merge(
    named: Mapping[str, _checks.OptionValue], given: Mapping[str, _checks.OptionValue]
) -> dict[str, _checks.OptionValue]:
    """The options of a name and those given beside it; an option in both must agree.

    >>> merge({"players": 3}, {"health": 5})
    {'players': 3, 'health': 5}
    >>> merge({"players": 3}, {"players": 4})
    Traceback (most recent call last):
    ...
    henchmen.errors.OptionError: option 'players' is 3 in the game's name but 4 beside it; ...
    """
    out = dict(named)
    for key, value in given.items():
        if key in out and out[key] != value:
            raise OptionError(
                f"option '{key}' is {_checks.quote(out[key])} in the game's name but "
                f"{_checks.quote(value)} beside it; give it once"
            )
        out[key] = value
    return out


def _written(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        if len(value) == 1 and _SPECIAL.search(value[0]):
            return f'"{value[0]}"'
        return "+".join(str(v) for v in value)
    text = str(value)
    return f'"{text}"' if not text or _SPECIAL.search(text) else text


def write(name: str, options: Mapping[str, Any]) -> str:
    """``name`` with the options that differ from the game's defaults, in the game's order.

    :func:`parse` reads it back to the same game.

    >>> write("parry", {"players": 3, "strikes": 8, "health": 5})
    'parry(players=3,health=5)'
    >>> write("parry", {"players": 2})
    'parry'
    """
    info = game_info(name)
    parts = [
        f"{o.name}={_written(options[o.name])}"
        for o in info.options
        if o.name in options and options[o.name] != o.default
    ]
    return f"{name}({','.join(parts)})" if parts else name


def option_texts(text: str, given: list[str]) -> tuple[str, list[str]]:
    """For the command line: the game's name, and its options as ``KEY=VALUE`` texts joined
    to the ``--option`` ones (``given``); an option both in the name and given is refused.

    >>> option_texts("parry(players=3)", ["health=5"])
    ('parry', ['players=3', 'health=5'])
    """
    name, named = parse(text)
    keys = {t.partition("=")[0].strip() for t in given}
    twice = sorted(k for k in named if k in keys)
    if twice:
        raise OptionError(
            f"option '{twice[0]}' is in the game's name and in --option; give it once"
        )
    return name, [f"{k}={_as_typed(v)}" for k, v in named.items()] + list(given)


def _as_typed(value: _checks.OptionValue) -> str:
    """A value as ``--option`` takes it (lists comma-separated, no quotes)."""
    if isinstance(value, list):
        return ",".join(value)
    return _written(value) if isinstance(value, bool | int) else value


__all__ = ["merge", "option_texts", "parse", "write"]
