"""Text from a game or a replay made safe to print on a terminal.

A replay is a stranger's file: its player names, options and card names
(a ``card_data`` table names the cards) reach the screen, and an escape
sequence in one of them would move the cursor, clear the screen or set the
window title.  Everything printed from a game or a replay goes through
:func:`printable`, which spells each control character as a visible escape
(``\\x1b``, ``\\n``, ``\\u202e``) so the text reads the same and does nothing.

Escaped: the C0 and C1 control characters and DEL (ESC and CSI start
terminal sequences; BEL and BS act on the screen), lone surrogates (they
cannot be encoded, so printing them would fail), the line and paragraph
separators, and the bidirectional overrides and isolates (they reorder
what is shown, as in "Trojan Source").  Everything else, accents and emoji
included, is printed as it is.

>>> printable("Ann\\x1b]0;pwned\\x07")
'Ann\\\\x1b]0;pwned\\\\x07'
>>> printable("two\\nlines"), printable("two\\nlines", keep="\\n")
('two\\\\nlines', 'two\\nlines')
>>> printable("Spider-Man: Web-Shooters")
'Spider-Man: Web-Shooters'
"""

from __future__ import annotations

import re
from typing import Protocol

# C0, DEL and C1 (the Cc category), lone surrogates, the line and paragraph
# separators, and the format characters that reorder the text around them.
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(ch: str) -> str:
    named = _NAMED.get(ch)
    if named is not None:
        return named
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, keep: str = "") -> str:
    """``text`` with every control character spelled as a visible escape.

    ``keep`` names characters to leave alone (``"\\n"`` for text whose line
    breaks are ours).

    >>> printable("Killer Kiwi\\u202e"), printable("Tiny Bot")
    ('Killer Kiwi\\\\u202e', 'Tiny Bot')
    """
    return _UNSAFE.sub(lambda m: m[0] if m[0] in keep else _escape(m[0]), text)


class TextOut(Protocol):
    """What the command line tool writes to: ``sys.stdout``, a ``StringIO``, a stream below.

    Any object with these three methods will do (a structural type, for
    annotations: the narrator, the table and the CLI take one).

    >>> import io
    >>> out: TextOut = io.StringIO()
    >>> narrow: TextOut = PrintableStream(out)
    """

    def write(self, text: str, /) -> int:
        """Write ``text``; the number of characters written.

        >>> import io
        >>> io.StringIO().write("end turn")
        8
        """
        ...

    def flush(self) -> None:
        """Push what was written to its destination.

        >>> import sys
        >>> sys.stdout.flush()
        """
        ...

    def isatty(self) -> bool:
        """True when the stream is a terminal (colours, line editing).

        >>> import io
        >>> io.StringIO().isatty()
        False
        """
        ...


class PrintableStream:
    """A text stream that escapes control characters in everything written to it.

    The command line tool writes its output through one of these, so no
    field from a replay or a game reaches the terminal raw, whatever path it
    took there.  Line breaks (``keep``, by default ``"\\n"``) pass, since the
    output's own lines need them; fields that must not break a line are
    escaped with :func:`printable` where they are put into the text.

    >>> import io
    >>> raw = io.StringIO()
    >>> out = PrintableStream(raw)
    >>> _ = out.write("Player 1 (\\x1b[2J): end turn\\n")
    >>> raw.getvalue()
    'Player 1 (\\\\x1b[2J): end turn\\n'
    """

    def __init__(self, stream: TextOut, keep: str = "\n") -> None:
        self.stream = stream
        self.keep = keep

    def write(self, text: str) -> int:
        """Write ``text`` escaped; returns the length of ``text`` (as ``TextIO.write``).

        >>> import io
        >>> raw = io.StringIO()
        >>> PrintableStream(raw).write("Bob\\x07\\n"), raw.getvalue()
        (5, 'Bob\\\\x07\\n')
        """
        self.stream.write(printable(text, self.keep))
        return len(text)

    def flush(self) -> None:
        """Flush the underlying stream.

        >>> import sys
        >>> PrintableStream(sys.stdout).flush()
        """
        self.stream.flush()

    def isatty(self) -> bool:
        """Whether the underlying stream is a terminal.

        >>> import io
        >>> PrintableStream(io.StringIO()).isatty()
        False
        """
        return self.stream.isatty()


__all__ = ["PrintableStream", "TextOut", "printable"]
