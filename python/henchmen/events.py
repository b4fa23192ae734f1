"""What each player saw: the events of a game, phrased for people.

Every applied action, decisions and chance outcomes alike, produces events.
The game itself says what each reader perceived of them, so "you draw Hoppy
Hunters 2" reaches the drawer and "Player 2 draws a card" everyone else; a
:data:`SPECTATOR` reads only what every player sees, and :data:`OMNISCIENT`
reads everything (for debugging).  Logs, replay viewers and frontends speak
through events; none of them needs to guess what is hidden.

>>> import henchmen
>>> state = henchmen.new_game("parry", seed=1)
>>> state.apply("end turn")
>>> [str(e) for e in state.last_events(1)][:3]
['Player 1 ends the turn', 'Turn 2: your turn', 'You draw a Strike']
>>> [str(e) for e in state.last_events(0)][:3]
['You end the turn', "Turn 2: Player 2's turn", 'Player 2 draws a card']

Players are numbered from 0 in the API and from 1 in sentences for people.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from henchmen import _checks, _core
from henchmen.errors import PlayerError

#: The reader who sees only what every player sees.
SPECTATOR: int = _core.SPECTATOR
#: The reader who sees everything (debugging; never show it to a player).
OMNISCIENT: int = _core.OMNISCIENT


class _Seats(Protocol):
    @property
    def num_players(self) -> int: ...


class Played(Protocol):
    """What :func:`read` needs of a :class:`~henchmen.State`: its core and its game's seats.

    Named here, not imported from :mod:`henchmen.state`, which imports this module.
    """

    @property
    def _s(self) -> _core.State: ...

    @property
    def game(self) -> _Seats: ...


@dataclass(frozen=True)
class Event:
    """One thing that happened, as one reader perceived it.

    ``step`` is the index in :attr:`State.history` of the action that caused
    it (-1 for the game's setup); ``kind`` a short name ("draw", "buy",
    "attach", "escape", "game-over"); ``player`` the subject and ``other`` a
    second player (None when there is none); ``data`` the cards (by name) and
    numbers; ``text`` the sentence for this reader.

    >>> import henchmen
    >>> state = henchmen.new_game("parry", seed=1)
    >>> state.apply("end turn")
    >>> event = state.last_events(0)[0]
    >>> event.step >= 0 and isinstance(event.kind, str) and str(event) == event.text
    True
    """

    step: int
    kind: str
    player: int | None
    other: int | None
    data: dict[str, Any]
    text: str
    template: str = field(repr=False)
    facts: tuple[dict[str, Any], ...] = field(default=(), repr=False)

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of this event (players 0-based, as in the API).

        >>> import henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> state.apply("end turn")
        >>> sorted(state.last_events(1)[0].to_json())
        ['data', 'kind', 'other', 'player', 'step', 'text']
        """
        return {
            "step": self.step,
            "kind": self.kind,
            "player": self.player,
            "other": self.other,
            "data": self.data,
            "text": self.text,
        }


def reader_id(reader: object, players: int) -> int:
    """A reader as the core takes it: a player index, SPECTATOR or OMNISCIENT."""
    if reader in (SPECTATOR, OMNISCIENT) and type(reader) is int:
        return reader
    if isinstance(reader, str):
        named = {"spectator": SPECTATOR, "omniscient": OMNISCIENT}
        if reader.lower() in named:
            return named[reader.lower()]
        raise PlayerError(
            f"a reader is a player (0 to {players - 1}), 'spectator' or 'omniscient', "
            f"got {_checks.quote(reader)}"
        )
    return _checks.player(reader, players, "reader")


def read(
    state: Played,
    reader: object,
    start: int,
    end: int,
    names: Sequence[str] | None = None,
    facts: bool = False,
) -> list[Event]:
    """The events of ``state.history[start:end]`` as ``reader`` read them (start -1: setup too)."""
    who = reader_id(reader, state.game.num_players)
    raw = json.loads(state._s.events_json(who, start, end, list(names or []), facts))
    return [
        Event(
            e["step"],
            e["kind"],
            None if e["player"] < 0 else e["player"],
            None if e["other"] < 0 else e["other"],
            e["data"],
            e["text"],
            e["template"],
            tuple(e.get("facts", ())),
        )
        for e in raw
    ]


__all__ = ["OMNISCIENT", "SPECTATOR", "Event"]
