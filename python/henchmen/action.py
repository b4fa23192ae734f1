"""Actions: one move, as an id in the game's fixed action space plus notation."""

from __future__ import annotations

from typing import Any


class Action:
    """One move: an ``id`` in the game's fixed action space and its notation.

    An Action is a small immutable value, like ``chess.Move``.  ``str(action)``
    is the move notation, ``int(action)`` the id; an Action compares equal to
    its id (and to any Action with the same id), so it works wherever an id
    does, including as a numpy index.

    Actions come from a state (``state.legal_actions``, ``state.history``,
    ``state.chance_outcomes``); notation can depend on the position, so build
    them from the state you will apply them to.

    >>> import henchmen
    >>> state = henchmen.new_game("seven-secret-supervillains")
    >>> action = next(iter(state.legal_actions))
    >>> action == action.id and str(action) == action.text
    True
    >>> state.apply(action)
    """

    __slots__ = ("id", "text")

    id: int
    text: str

    def __init__(self, id: int, text: str) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "text", text)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("an Action is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("an Action is immutable")

    def __int__(self) -> int:
        return self.id

    def __index__(self) -> int:
        return self.id

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.id}, {self.text!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self.id == other.id
        if type(other) is int:
            return self.id == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.id)

    def __lt__(self, other: Action) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.id < other.id

    def __reduce__(self) -> tuple[type[Action], tuple[int, str]]:
        return (Action, (self.id, self.text))
