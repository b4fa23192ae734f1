"""Reading a line at the table: with line editing, history and Tab completion at a terminal.

At a terminal the standard library's :mod:`readline` edits the line (arrows,
Ctrl-A/E, Ctrl-R through the history of this game) and completes moves,
commands and card names with Tab.  Elsewhere (a pipe, a test, a platform
without readline) lines are read plainly; nothing else changes.
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TextIO

from henchmen.printable import TextOut


def _readline() -> ModuleType | None:
    try:
        import readline
    except ImportError:  # not built on this platform (Windows without pyreadline)
        return None
    return readline


class LineReader:
    """Asks for a line; ``interactive`` (a terminal on both ends) turns readline on.

    >>> import io
    >>> reader = LineReader(io.StringIO("end turn\\n"), io.StringIO(), interactive=False)
    >>> reader.read("> ", lambda: []), reader.read("> ", lambda: [])
    ('end turn', None)
    """

    def __init__(self, stdin: TextIO, out: TextOut, *, interactive: bool) -> None:
        if isinstance(stdin, io.TextIOWrapper):
            # Bytes that are not text in its encoding (a Latin-1 terminal, a pasted
            # binary) read as U+FFFD and are refused as moves like any typo, instead
            # of ending the game with a UnicodeDecodeError; input() decodes with
            # sys.stdin's error handler too.
            stdin.reconfigure(errors="replace")
        self.stdin = stdin
        self.out = out
        self._readline = _readline() if interactive else None
        self._choices: Sequence[str] = ()
        if self._readline is not None:
            rl = self._readline
            rl.set_completer_delims("")  # complete the whole line: moves have spaces in them
            rl.set_completer(self._complete)
            libedit = "libedit" in (rl.__doc__ or "")
            rl.parse_and_bind("bind ^I rl_complete" if libedit else "tab: complete")
            with contextlib.suppress(AttributeError):
                rl.clear_history()  # a game's own history, not another program's

    @property
    def editing(self) -> bool:
        """True when lines are edited with readline.

        >>> import io
        >>> LineReader(io.StringIO(), io.StringIO(), interactive=False).editing
        False
        """
        return self._readline is not None

    def _complete(self, text: str, state: int) -> str | None:
        low = text.casefold()
        matches = [c for c in self._choices if c.casefold().startswith(low)]
        return matches[state] if state < len(matches) else None

    def read(self, prompt: str, completions: Callable[[], Sequence[str]]) -> str | None:
        """One line without its line break, or None at the end of input.

        ``completions`` gives what Tab completes (asked only when editing).

        >>> import io
        >>> out = io.StringIO()
        >>> reader = LineReader(io.StringIO("strike\\r\\n"), out, interactive=False)
        >>> reader.read("Ann> ", lambda: ["strike", "end turn"]), out.getvalue()
        ('strike', 'Ann> ')
        >>> reader.read("Ann> ", lambda: []) is None
        True
        """
        self.out.flush()
        if self._readline is not None:
            self._choices = completions()
            sys.stdout.flush()
            try:
                return input(prompt)
            except EOFError:
                return None
        self.out.write(prompt)
        self.out.flush()
        line = self.stdin.readline()
        return line.rstrip("\r\n") if line else None


__all__ = ["LineReader"]
