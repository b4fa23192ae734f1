"""The command line tool's output streams: escaped, and failing in one clear way.

Writing to a pipe whose reader went away (``henchmen games | head -1``) or
to a full disk (``> /dev/full``) raises :class:`OutputFailed` from the one
place that writes, so the tool can stop cleanly (writing the replay so far)
and say so in one line, instead of a traceback from wherever the write
happened to be.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import time

from henchmen.printable import PrintableStream, TextOut, printable

#: ``--color``'s choices: ``auto`` colours a terminal unless ``NO_COLOR`` is set.
COLOR_CHOICES = ("auto", "always", "never")

#: The SGR codes the tool paints with, by what they mark.
STYLES = {"error": "1;31", "ok": "1;32", "name": "1;36", "head": "1", "note": "2"}


def colour_wanted(stream: TextOut, choice: str = "auto") -> bool:
    """Whether to colour ``stream``: ``--color always``/``never`` as said; ``auto``
    on a terminal (not ``TERM=dumb``) unless ``NO_COLOR`` is set to anything but
    the empty string (https://no-color.org: a flag overrides it, so ``always`` wins).

    >>> import io
    >>> colour_wanted(io.StringIO()), colour_wanted(io.StringIO(), "always")
    (False, True)
    """
    if choice != "auto":
        return choice == "always"
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (OSError, ValueError):  # a closed stream
        return False


class OutputFailed(Exception):
    """Standard output (or error) could not be written; ``error`` says why.

    ``note`` is filled in by whoever stopped because of it (where the
    replay so far went).
    """

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error
        self.note = ""


class OutputStream(PrintableStream):
    """A :class:`~henchmen.printable.PrintableStream` whose failures are :class:`OutputFailed`.

    A stream that is not there at all (``sys.stdout`` is None when the tool
    was started with standard output closed) fails as a closed file.

    >>> import io
    >>> raw = io.StringIO()
    >>> OutputStream(raw).write("\\x1b[2J") and raw.getvalue()
    '\\\\x1b[2J'
    """

    def __init__(self, stream: TextOut | None, keep: str = "\n") -> None:
        super().__init__(stream if stream is not None else _Closed(), keep)
        #: True while the last line written is unfinished (or a write was cut short).
        self.mid_line = False
        #: Whether :meth:`paint` colours (see :func:`colour_wanted`).
        self.colour = False

    def write(self, text: str) -> int:
        """Write ``text``, escaped; OutputFailed if it cannot be written."""
        if text:
            self.mid_line = True  # until the write is through: Ctrl-C may cut it
        try:
            written = super().write(text)
        except OSError as e:
            raise OutputFailed(e) from None
        if text:
            self.mid_line = not text.endswith("\n")
        return written

    def paint(self, text: str, style: str) -> int:
        """Write ``text`` escaped, in the colour of ``style`` (a key of :data:`STYLES`)
        when :attr:`colour` is on: the codes go out around it in one write, so an
        interrupt never leaves the terminal coloured.

        >>> import io
        >>> raw = io.StringIO()
        >>> out = OutputStream(raw)
        >>> out.colour = True
        >>> out.paint("ok", "ok") and raw.getvalue()
        '\\x1b[1;32mok\\x1b[0m'
        """
        if not self.colour or not text:
            return self.write(text)
        self.mid_line = True
        try:
            self.stream.write(f"\x1b[{STYLES[style]}m{printable(text, self.keep)}\x1b[0m")
        except OSError as e:
            raise OutputFailed(e) from None
        self.mid_line = not text.endswith("\n")
        return len(text)

    def end_line(self) -> None:
        """Finish a line cut short, so that what is said next starts on its own."""
        if self.mid_line:
            self.say("")

    def flush(self) -> None:
        """Flush; OutputFailed if the data cannot be written."""
        try:
            super().flush()
        except OSError as e:
            raise OutputFailed(e) from None
        except BaseException:
            # Ctrl-C in the middle: part of a line may have reached the reader.
            self.mid_line = True
            raise

    def say(self, line: str) -> None:
        """Write one line for people, where a failure has nowhere left to be told."""
        with contextlib.suppress(OutputFailed):
            self.write(line + "\n")
            self.flush()


class Highlighted:
    """A narrated log on an :class:`OutputStream`, its headings and result in colour.

    Whole lines are matched by how they start (``== Turn 3 ==`` a heading,
    ``Result after`` the result); the rest, and any line written in pieces,
    passes as it is.  With colour off it is the stream itself.

    >>> import io
    >>> raw = io.StringIO()
    >>> out = OutputStream(raw)
    >>> out.colour = True
    >>> Highlighted(out).write("== Setup ==\\n  Ann draws 3 cards\\n") and raw.getvalue()
    '\\x1b[1m== Setup ==\\x1b[0m\\n  Ann draws 3 cards\\n'
    """

    #: A line's start, and its style.
    LINES = (("== ", "head"), ("Result after ", "ok"), ("Replay written to ", "note"))

    def __init__(self, stream: OutputStream) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        """Write ``text``, painting the whole lines :attr:`LINES` names."""
        for line in text.splitlines(keepends=True):
            whole = not self.stream.mid_line and line.endswith("\n")
            style = next((s for start, s in self.LINES if line.startswith(start)), None)
            if whole and style is not None and self.stream.colour:
                self.stream.paint(line[:-1], style)
                self.stream.write("\n")
            else:
                self.stream.write(line)
        return len(text)

    def flush(self) -> None:
        """Flush the stream."""
        self.stream.flush()

    def isatty(self) -> bool:
        """Whether the stream is a terminal."""
        return self.stream.isatty()


class _Closed:
    def write(self, text: str, /) -> int:
        raise OSError(errno.EBADF, "the stream is closed")

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def silence_stdout() -> None:
    """Point standard output at the null device, so its last flush at exit meets no error.

    Without this, Python prints "Exception ignored ... BrokenPipeError" at
    exit, flushing what the failed write left in the buffer.
    """
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real file (captured in a test, or absent): nothing is flushed at exit
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


__all__ = [
    "COLOR_CHOICES",
    "STYLES",
    "Highlighted",
    "OutputFailed",
    "OutputStream",
    "colour_wanted",
    "silence_stdout",
]


class ProgressBar:
    """Progress on stderr: a bar redrawn in place on a terminal, else a line per tenth.

    Each line says how many of ``what`` are done, the rate since the first call
    (the games a resumed run finds already played do not count) and the time left.

    >>> import io
    >>> out = io.StringIO()
    >>> bar = ProgressBar(out, "games")
    >>> bar(0, 4); bar(4, 4)
    >>> out.getvalue().splitlines()[-1].startswith("henchmen: 4/4 games, ")
    True
    """

    def __init__(self, stream: TextOut, what: str) -> None:
        self.stream = stream
        self.what = what
        self.tty = stream.isatty()
        self.start = time.perf_counter()
        self.first: int | None = None
        self.last_tenth = -1

    def __call__(self, done: int, total: int) -> None:
        if self.first is None:
            self.first = done
        secs = time.perf_counter() - self.start
        rate = (done - self.first) / secs if secs > 0 else 0.0
        left = f"~{(total - done) / rate:.0f}s left" if rate > 0 else "time left unknown"
        line = f"{done}/{total} {self.what}, {rate:.1f} {self.what}/s, {secs:.0f}s, {left}"
        if self.tty:
            fill = 30 * done // max(total, 1)
            self.stream.write(f"\r[{'#' * fill}{'.' * (30 - fill)}] {line} ")
            if done >= total:
                self.stream.write("\n")
        else:
            tenth = 10 * done // max(total, 1)
            if tenth > self.last_tenth:
                self.last_tenth = tenth
                self.stream.write(f"henchmen: {line}\n")
        self.stream.flush()
