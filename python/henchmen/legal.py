"""The legal actions of a position, as a live sequence (``State.legal_actions``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

import numpy as np
import numpy.typing as npt

from henchmen import _checks, _core
from henchmen.action import Action
from henchmen.errors import ActionIndexError, NotationError


class LegalActions(Sequence[Action]):
    """The legal actions of a state: a live, lazy sequence of :class:`~henchmen.Action`.

    It always reflects the state's current position.  ``in`` accepts an id,
    an Action or move notation; ``.ids`` is the list of ids and ``.mask`` a
    bool array over the whole action space.

    >>> import henchmen
    >>> state = henchmen.new_game("seven-secret-supervillains")
    >>> moves = state.legal_actions
    >>> [str(m) for m in moves] == [state.action_to_string(i) for i in moves.ids]
    True
    >>> str(moves[0]) in moves and moves[0] in moves and -1 not in moves
    True
    """

    __slots__ = ("_s",)

    def __init__(self, core: _core.State) -> None:
        self._s = core

    @property
    def ids(self) -> list[int]:
        """The legal action ids, strictly ascending (a fresh list).

        >>> import henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> ids = state.legal_actions.ids
        >>> ids == state.legal_action_ids and ids == sorted(set(ids))
        True
        """
        return self._s.legal_actions()

    @property
    def mask(self) -> npt.NDArray[np.bool_]:
        """A bool array of ``num_distinct_actions`` entries, True where legal.

        >>> import henchmen, numpy as np
        >>> state = henchmen.new_game("parry", seed=1)
        >>> mask = state.legal_actions.mask
        >>> mask.dtype, mask.shape == (state.game.num_distinct_actions,)
        (dtype('bool'), True)
        >>> np.flatnonzero(mask).tolist() == state.legal_actions.ids
        True
        """
        return self._s.legal_actions_mask()

    def __len__(self) -> int:
        return len(self._s.legal_actions())

    def __iter__(self) -> Iterator[Action]:
        s = self._s
        for a in s.legal_actions():
            yield Action(a, s.action_to_string(a))

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        s = self._s
        ids = s.legal_actions()
        if isinstance(index, slice):
            return [Action(a, s.action_to_string(a)) for a in ids[index]]
        i = _checks.integer(index, "a legal action index", "an int or a slice")
        if not -len(ids) <= i < len(ids):
            raise ActionIndexError(
                f"there are {len(ids)} legal actions (indexes {-len(ids)} to {len(ids) - 1}), "
                f"no index {i}"
            )
        a = ids[i]
        return Action(a, s.action_to_string(a))

    def __contains__(self, item: object) -> bool:
        s = self._s
        if isinstance(item, str):
            try:
                s.string_to_action(item)
            except NotationError:
                return False
            return True
        if isinstance(item, Action):
            return item.id in s.legal_actions()
        if type(item) is int:
            return item in s.legal_actions()
        return False

    def __bool__(self) -> bool:
        return bool(self._s.legal_actions())

    def __repr__(self) -> str:
        names = ", ".join(str(a) for a in self)
        return f"<LegalActions ({names})>"


__all__ = ["LegalActions"]
