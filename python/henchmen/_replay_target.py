"""Where ``henchmen play`` writes its replay, settled before the game starts.

A replay file is never clobbered and never lost: a path given with
``--replay`` must not exist (unless ``--force``); the default path takes the
first free name (``-2``, ``-3``, ... before ``.json``); and the file is
claimed at the start, so a path that cannot be written fails before anyone
plays.  The command writes the replay so far (marked abandoned) into it as
soon as the game is set up, so even a game killed outright leaves a replay
that loads.  Each later write replaces the file in one step (written beside
it, then renamed), so it is never half written.  ``-`` is standard output,
and ``--no-replay`` writes nothing.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path

from henchmen.errors import OptionError, SerializationError
from henchmen.printable import TextOut
from henchmen.replay import Replay

#: How many numbered default names are tried before giving up.
MAX_SUFFIX = 1000


class ReplayTarget:
    """A settled replay destination: a claimed file, standard output, or nothing.

    >>> import tempfile
    >>> from pathlib import Path
    >>> folder = Path(tempfile.mkdtemp())
    >>> first = ReplayTarget.settle(None, default=folder / "g-seed1.json")
    >>> second = ReplayTarget.settle(None, default=folder / "g-seed1.json")
    >>> first.path.name, second.path.name
    ('g-seed1.json', 'g-seed1-2.json')
    """

    def __init__(self, path: Path | None, stream: TextOut | None = None) -> None:
        self.path = path
        self.stream = stream

    @classmethod
    def settle(
        cls,
        given: str | None,
        *,
        default: Path,
        force: bool = False,
        stdout: TextOut | None = None,
    ) -> ReplayTarget:
        """Claim the replay's file now (or standard output for ``-``).

        Raises :class:`~henchmen.errors.OptionError` for a path that exists
        without ``force``, :class:`~henchmen.errors.SerializationError` for
        one that cannot be written.
        """
        if given == "-":
            return cls(None, stdout)
        if given is not None:
            path = Path(given)
            if path.is_dir():
                raise OptionError(f"--replay {path} is a directory; give a file path")
            if not force and (path.exists() or path.is_symlink()):
                raise OptionError(
                    f"--replay {path} exists; add --force to overwrite it, or give another path"
                )
            try:
                _claim(path, exclusive=not force)
            except FileExistsError:  # made by someone else since the check
                raise OptionError(
                    f"--replay {path} exists; add --force to overwrite it, or give another path"
                ) from None
            return cls(path)
        for n in range(1, MAX_SUFFIX + 1):
            path = default if n == 1 else default.with_name(f"{default.stem}-{n}{default.suffix}")
            try:
                _claim(path, exclusive=True)
            except FileExistsError:
                continue
            return cls(path)
        raise SerializationError(
            f"cannot write replay: {default} and {MAX_SUFFIX - 1} numbered names beside it "
            "exist; give --replay PATH"
        )

    @property
    def where(self) -> str:
        """Where the replay goes, for people."""
        if self.path is not None:
            return str(self.path)
        return "standard output" if self.stream is not None else "nowhere (--no-replay)"

    def write(self, replay: Replay) -> None:
        """Write the replay (replacing what the file held), with Ctrl-C held off meanwhile."""
        text = replay.to_json()
        with holding_sigint():
            if self.path is not None:
                _replace(self.path, text)
            elif self.stream is not None:
                self.stream.write(text)
                self.stream.flush()


def _claim(path: Path, *, exclusive: bool) -> None:
    """Create ``path`` (empty) now; FileExistsError if ``exclusive`` and it exists."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_EXCL if exclusive else os.O_TRUNC)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        why = "not a folder" if isinstance(e, FileExistsError) else e.strerror or str(e)
        raise SerializationError(
            f"cannot write replay to {path}: cannot make the folder {path.parent} ({why})"
        ) from None
    try:
        fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0), 0o666)
    except FileExistsError:
        raise
    except OSError as e:
        raise SerializationError(f"cannot write replay to {path}: {e.strerror or e}") from None
    os.close(fd)


def _replace(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        try:
            mode = os.stat(path).st_mode & 0o777
        except OSError:
            mode = None  # removed meanwhile: the new file gets the default mode
        tmp.write_text(text, encoding="utf-8")
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except OSError as e:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise SerializationError(f"cannot write replay to {path}: {e.strerror or e}") from None


@contextlib.contextmanager
def holding_sigint() -> Iterator[None]:
    """Ignore Ctrl-C while the replay is written (a second Ctrl-C must not cut it short)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


__all__ = ["ReplayTarget", "holding_sigint"]
