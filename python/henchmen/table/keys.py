"""Keys for moves that keep their meaning for the whole game.

A move is shown with a short key (``[3] end turn``) that it keeps from the
first time it is shown to the end of the game: a key never changes to mean
another move, so a number typed from a screen a moment old does what it
said.  Keys follow the move's notation (what the player reads), not its
action id: an id may name a place ("the third HQ slot") whose card changes.

>>> keys = MoveKeys()
>>> keys.assign(["strike player 2", "end turn"])
['1', '2']
>>> keys.assign(["parry", "pass"])
['3', '4']
>>> keys.assign(["end turn"]), keys.move("3")
(['2'], 'parry')
"""

from __future__ import annotations

from collections.abc import Sequence


def normal(text: str) -> str:
    """Notation compared as moves are: ignoring case and spacing."""
    return " ".join(text.split()).casefold()


class MoveKeys:
    """The keys of one seat's moves in one game."""

    def __init__(self) -> None:
        self._key: dict[str, str] = {}
        self._move: dict[str, str] = {}

    def assign(self, moves: Sequence[str]) -> list[str]:
        """The key of each move (in notation), giving new moves the next free keys."""
        out = []
        for text in moves:
            k = normal(text)
            if k not in self._key:
                key = str(len(self._key) + 1)
                self._key[k] = key
                self._move[key] = text
            out.append(self._key[k])
        return out

    def known(self, text: str) -> bool:
        """True for a move (in notation) that has been shown with a key."""
        return normal(text) in self._key

    def move(self, key: str) -> str | None:
        """The move a key was given to (None for a key never shown)."""
        return self._move.get(key.strip())


__all__ = ["MoveKeys", "normal"]
