"""What analysis reads of an event: its step, kind, players and the names its data carries.

Tournaments count features and first-to-X measures from every event of
every game.  They need neither the sentence nor the data's numbers, so a
game played natively hands its events over in this brief form straight from
C++ (``Game._core.play_recorded``), and a game played in Python has its
:class:`~henchmen.events.Event` objects cut down to it by :func:`brief`:
both count the same.

>>> import henchmen
>>> state = henchmen.new_game("parry", seed=1)
>>> state.apply("end turn")
>>> draw = next(brief(e) for e in state.events_for("omniscient") if e.kind == "draw")
>>> draw.kind, draw.player, draw.names
('draw', 0, ['Parry'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from henchmen.events import Event


class Seen(NamedTuple):
    """One event, briefly: ``player`` and ``other`` are None where the event has none.

    >>> Seen(4, "buy", 0, None, ["Tiny Bot"]).names
    ['Tiny Bot']
    """

    step: int
    kind: str
    player: int | None
    other: int | None
    names: list[str]


def event_names(data: Mapping[str, Any]) -> list[str]:
    """The names an event's data carries: its strings, and the strings of its lists.

    >>> event_names({"card": "Tiny Bot", "cost": 2, "cards": ["A", "B", 3]})
    ['Tiny Bot', 'A', 'B']
    """
    out: list[str] = []
    for value in data.values():
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, list):
            out += [v for v in value if isinstance(v, str)]
    return out


def brief(event: Event) -> Seen:
    """An :class:`~henchmen.events.Event` as analysis reads it.

    >>> from henchmen.events import Event
    >>> brief(Event(3, "buy", 1, None, {"card": "Tiny Bot", "cost": 2}, "", ""))
    Seen(step=3, kind='buy', player=1, other=None, names=['Tiny Bot'])
    """
    return Seen(event.step, event.kind, event.player, event.other, event_names(event.data))


def from_native(raw: tuple[int, str, int, int, list[str]]) -> Seen:
    """An event as ``play_recorded`` gives it (-1 for no player) as a :class:`Seen`.

    >>> from_native((-1, "setup", -1, -1, []))
    Seen(step=-1, kind='setup', player=None, other=None, names=[])
    """
    step, kind, player, other, names = raw
    return Seen(step, kind, None if player < 0 else player, None if other < 0 else other, names)


__all__ = ["Seen", "brief", "event_names", "from_native"]
