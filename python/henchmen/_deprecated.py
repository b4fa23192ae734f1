"""Old spellings kept for one release, each warning with the new one (CHANGELOG.md lists them).

Queries of a position are properties, in their object form and their id form
alike (docs/guide.md, "One convention").  ``state.legal_action_ids`` and
``state.history_ids`` were methods; their properties now give these lists,
which still answer a call, with a :class:`DeprecationWarning`, so old code
runs while it is moved.  Delete this module in 0.2.
"""

from __future__ import annotations

import warnings


def warn(old: str, new: str) -> None:
    """Warn, at the caller's caller, that ``old`` is deprecated in favour of ``new``."""
    warnings.warn(
        f"{old} is deprecated (removed in 0.2); use {new}",
        DeprecationWarning,
        stacklevel=3,
    )


class LegalActionIds(list[int]):
    """``State.legal_action_ids``: a list of ids, still callable as the old method was.

    >>> import henchmen, warnings
    >>> ids = henchmen.new_game("parry", seed=1).legal_action_ids
    >>> ids[:2] == ids.copy()[:2]
    True
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     ids() == ids
    True
    >>> print(caught[0].message)
    state.legal_action_ids() is deprecated (removed in 0.2); use state.legal_action_ids
    """

    __slots__ = ()

    def __call__(self) -> list[int]:
        warn("state.legal_action_ids()", "state.legal_action_ids")
        return list(self)


class HistoryIds(list[int]):
    """``State.history_ids``: a list of ids, still callable as the old method was.

    >>> import henchmen, warnings
    >>> ids = henchmen.new_game("parry", seed=1).history_ids
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     ids() == ids
    True
    >>> caught[0].category.__name__
    'DeprecationWarning'
    """

    __slots__ = ()

    def __call__(self) -> list[int]:
        warn("state.history_ids()", "state.history_ids")
        return list(self)
