"""The registry: which games this build knows, and each one's options.

A leaf of the friendly API (it imports only the native core and the argument
checks), so :mod:`henchmen.rules`, :mod:`henchmen.state` and the command line
read it without importing one another.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from typing import Any, TypedDict

from henchmen import _checks, _core
from henchmen.errors import GameNameTypeError, OptionError, UnknownGameError


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
    check_name(name)
    for info in _registry():
        if info.name == name:
            return info
    known = ", ".join(g.name for g in _registry())
    if "(" in name:
        raise UnknownGameError(
            f"game_info takes a game's name without options, got {_checks.quote(name)}; "
            f"known games: {known}"
        )
    raise UnknownGameError(f"no game named '{name}'; known games: {known}")


def check_name(name: object) -> None:
    """``name`` is a str (an ActionTypeError listing the known games otherwise).

    >>> check_name(3)
    Traceback (most recent call last):
    ...
    henchmen.errors.GameNameTypeError: the game name must be a str, got int 3; known games: ...
    """
    if not isinstance(name, str):
        known = ", ".join(g.name for g in _registry())
        raise GameNameTypeError(
            f"the game name must be a str, got {_checks.describe(name)}; known games: {known}"
        )


__all__ = ["GameInfo", "OptionInfo", "PlayoutStats", "check_name", "game_info", "games"]
