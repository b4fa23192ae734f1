"""Opening files henchmen reads or writes by name: regular files only, never a pipe or a device.

Opening a named pipe waits for the other end, perhaps forever; a device
may act on being opened and reads or swallows without end (``/dev/zero``).
A symbolic link is followed, so a link to a device is refused as the device
is.  The check comes before opening (so a FIFO never blocks) and again on
the open file (so nothing swapped in between slips through), and the file
is opened non-blocking for the same reason.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> os.mkfifo(os.path.join(folder, "pipe"))
>>> open_regular(os.path.join(folder, "pipe"), os.O_RDONLY, lambda kind: ValueError(kind))
Traceback (most recent call last):
...
ValueError: a named pipe (FIFO)
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable

_NOT_REGULAR = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def special_kind(mode: int) -> str | None:
    """What a file of this ``st_mode`` is, if it is not a regular file (None if it is).

    >>> import os
    >>> special_kind(os.stat("/dev/null").st_mode), special_kind(os.stat(__file__).st_mode)
    ('a character device', None)
    """
    if stat.S_ISREG(mode):
        return None
    return next((what for test, what in _NOT_REGULAR if test(mode)), "not a regular file")


def open_regular(
    path: str | os.PathLike[str],
    flags: int,
    refused: Callable[[str], Exception],
    mode: int = 0o666,
) -> int:
    """``os.open`` of ``path`` (a descriptor) if it is, or becomes with O_CREAT, a regular file.

    ``refused(kind)`` is the error raised for anything else (``kind`` as
    :func:`special_kind` says it).  The system's own errors (no such file,
    no permission) pass through as OSError.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "new.txt")
    >>> fd = open_regular(path, os.O_WRONLY | os.O_CREAT, ValueError)
    >>> os.close(fd)
    >>> open_regular("/dev/zero", os.O_RDONLY, lambda kind: ValueError(f"it is {kind}"))
    Traceback (most recent call last):
    ...
    ValueError: it is a character device
    """
    try:
        before = os.stat(path)
    except FileNotFoundError:
        pass  # O_CREAT makes it, or os.open says it is missing
    else:
        kind = special_kind(before.st_mode)
        if kind is not None:
            raise refused(kind)
    fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0), mode)
    try:
        kind = special_kind(os.fstat(fd).st_mode)
    except OSError:
        os.close(fd)
        raise
    if kind is not None:
        os.close(fd)
        raise refused(kind)
    return fd


__all__ = ["open_regular", "special_kind"]
