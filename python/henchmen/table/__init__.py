"""The terminal table people play at: ``henchmen play GAME --bots human,ismcts``.

- :mod:`~henchmen.table.screen` draws a layout (``State.layout``) as a compact screen;
- :mod:`~henchmen.table.seat` is the person's seat: screen, keyed moves, commands;
- :mod:`~henchmen.table.session` runs a game between people and bots, with undo;
- :mod:`~henchmen.table.keys`, :mod:`~henchmen.table.cards`, :mod:`~henchmen.table.lines`:
  the move keys, ``help CARD``, and line editing;
- :mod:`~henchmen.table.panels` and ``henchmen.table._tui``: the full-screen
  table (Textual, the ``tui`` extra), used on a terminal when installed.

The line mode needs nothing beyond the standard library (readline, where the
platform has it, edits the line); it stays for pipes and screen readers
(``henchmen play --plain``).
"""

from __future__ import annotations

from henchmen.table.seat import HumanSeat, Quit, UndoRequest
from henchmen.table.session import Session

__all__ = ["HumanSeat", "Quit", "Session", "UndoRequest"]
