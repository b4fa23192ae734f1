"""Stopping long native work: a cancellation token and interruption by Ctrl-C.

Every long native call (random playouts, searches, bots' moves, matches,
batched steps) checks many times a second whether to stop.  Ctrl-C raises
:class:`KeyboardInterrupt` in the calling thread within a few tens of
milliseconds; a :class:`CancelToken` given to a call, and cancelled from any
thread, raises :class:`~henchmen.errors.Cancelled`.  Either way nothing is
left half-changed: states are untouched, and a batch interrupted mid-step
asks for a reset.

>>> import threading, henchmen
>>> token = henchmen.CancelToken()
>>> game = henchmen.Game("seven-secret-supervillains")
>>> timer = threading.Timer(0.05, token.cancel)
>>> timer.start()
>>> try:
...     game.random_playouts(10**9, cancel=token)
... except henchmen.errors.Cancelled:
...     print("cancelled")
cancelled
"""

from __future__ import annotations

from henchmen import _core
from henchmen.errors import ActionTypeError


class CancelToken:
    """A flag that cancels the native calls it is given (``cancel=token``).

    Safe to cancel from any thread; once cancelled it stays cancelled, so use
    a fresh token for the next piece of work.

    >>> import henchmen
    >>> token = henchmen.CancelToken()
    >>> token.cancelled
    False
    >>> token.cancel()
    >>> token.cancelled
    True
    """

    __slots__ = ("_core",)

    def __init__(self) -> None:
        self._core = _core.CancelToken()

    def cancel(self) -> None:
        """Ask every call holding this token to stop as soon as it can.

        >>> import henchmen
        >>> token = henchmen.CancelToken()
        >>> token.cancel()
        >>> token.cancelled, repr(token)
        (True, '<CancelToken cancelled>')
        """
        self._core.cancel()

    @property
    def cancelled(self) -> bool:
        """True once :meth:`cancel` has been called (it never goes back to False).

        >>> import henchmen
        >>> token = henchmen.CancelToken()
        >>> token.cancelled
        False
        >>> token.cancel(); token.cancel()
        >>> token.cancelled
        True
        """
        return self._core.cancelled

    def __repr__(self) -> str:
        return f"<CancelToken {'cancelled' if self.cancelled else 'live'}>"


def native_token(cancel: object) -> _core.CancelToken | None:
    """The native token of ``cancel`` (None stays None); ActionTypeError otherwise."""
    if cancel is None:
        return None
    if isinstance(cancel, CancelToken):
        return cancel._core
    raise ActionTypeError(
        f"cancel must be a henchmen.CancelToken or None, got {type(cancel).__name__}"
    )


__all__ = ["CancelToken"]
