"""How a narrated log reads as a story: runs of draws told as one line, a
summary at the end of each turn, and every line within :data:`WIDTH`.

The narrator (:mod:`henchmen.narration`) decides what a reader saw; this
module only shapes the lines.  A run of one player's draws (or reveals) is
one line: "Player 2 draws 5 cards" for another player's hidden draws, "You
draw a Strike, a Parry and a Strike" for the reader's own.  An event that
announces draws (Super!'s reload: "Player 1 reloads: 5 new cards") takes the
draws that follow into its own line.

>>> run = Run.start(Line("draw", 1, "Player 2 draws a card"), "  ")
>>> for _ in range(4):
...     run.add(Line("draw", 1, "Player 2 draws a card"))
True
True
True
True
>>> run.text()
'Player 2 draws 5 cards'
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

#: The longest line a log writes; longer sentences wrap under their first line.
WIDTH = 100
#: Event kinds told together when one player has several in a row.
RUN_KINDS = ("draw", "reveal")
#: Event kinds that announce the draws right after them (the draws join their line).
ANNOUNCES_DRAWS = ("reload",)
_ARTICLES = ("a ", "an ", "the ")


@dataclass(frozen=True)
class Line:
    """One event as the log tells it: its kind, subject, sentence and the card it names.

    >>> Line("draw", 0, "You draw a Strike", "Strike").card
    'Strike'
    """

    kind: str
    player: int | None
    text: str
    card: str | None = None


def _key_and_item(line: Line) -> tuple[tuple[Any, ...], str | None] | None:
    """What a line groups by, and the part of it that differs in a run (None if it cannot join one).

    >>> _key_and_item(Line("draw", 0, "You draw a Strike", "Strike"))
    (('draw', 0, 'You draw '), 'a Strike')
    >>> _key_and_item(Line("draw", 1, "Player 2 draws a card"))
    (('draw', 1, 'Player 2 draws a card'), None)
    """
    if line.kind not in RUN_KINDS:
        return None
    if line.card and line.card in line.text:
        head = line.text[: line.text.index(line.card)]
        for article in _ARTICLES:
            if head.endswith(" " + article) or head == article:
                head = head[: len(head) - len(article)]
                break
        return (line.kind, line.player, head), line.text[len(head) :]
    if " a card" in line.text:
        return (line.kind, line.player, line.text), None
    return None


def joined(items: Sequence[str]) -> str:
    """``a, b and c``.

    >>> joined(["X"]), joined(["X", "Y"]), joined(["X", "Y", "Z"])
    ('X', 'X and Y', 'X, Y and Z')
    """
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


@dataclass
class Run:
    """Lines held back until the run they start ends: told then as one line.

    ``prefix`` is what the first line would have been written after (its
    step number, in a numbered log).

    >>> run = Run.start(Line("draw", 0, "You draw a Strike", "Strike"), "   7. ")
    >>> run.add(Line("draw", 0, "You draw a Parry", "Parry")), run.prefix
    (True, '   7. ')
    """

    key: tuple[Any, ...] | None
    prefix: str
    head: str
    items: list[str | None] = field(default_factory=list)
    announced: bool = False  # the head is an announcing event's sentence (a reload)

    @staticmethod
    def start(line: Line, prefix: str) -> Run:
        """A run begun by ``line`` (an announcing event, or a draw).

        >>> Run.start(Line("reload", 1, "Player 2 reloads: 5 new cards"), "  ").announced
        True
        """
        if line.kind in ANNOUNCES_DRAWS:
            return Run(("announce", line.player), prefix, line.text, announced=True)
        found = _key_and_item(line)
        key, item = found if found is not None else (None, None)
        return Run(key, prefix, line.text, [item])

    @staticmethod
    def can_start(line: Line) -> bool:
        """Whether ``line`` is held back: it may be told with the lines after it.

        >>> Run.can_start(Line("draw", 1, "Player 2 draws a card"))
        True
        >>> Run.can_start(Line("buy", 1, "Player 2 buys a Gust", "Gust"))
        False
        """
        return line.kind in ANNOUNCES_DRAWS or _key_and_item(line) is not None

    def add(self, line: Line) -> bool:
        """Take ``line`` into the run if it belongs there; False if the run ends before it.

        >>> run = Run.start(Line("reload", 0, "You reload: 2 new cards"), "  ")
        >>> run.add(Line("draw", 0, "You draw Gust", "Gust"))
        True
        >>> run.add(Line("draw", 0, "You draw Hex", "Hex"))
        True
        >>> run.text()
        'You reload: 2 new cards (Gust and Hex)'
        """
        found = _key_and_item(line)
        if found is None:
            return False
        key, item = found
        if self.announced:
            mine = self.key is not None and line.player == self.key[1] and line.kind == "draw"
            if not mine or (self.items and (self.items[0] is None) != (item is None)):
                return False
            self.items.append(item)
            return True
        if key != self.key:
            return False
        self.items.append(item)
        return True

    def text(self) -> str:
        """The run as one sentence.

        >>> run = Run.start(Line("draw", 0, "You draw a Strike", "Strike"), "  ")
        >>> run.add(Line("draw", 0, "You draw a Parry", "Parry"))
        True
        >>> run.text()
        'You draw a Strike and a Parry'
        """
        if self.announced:
            shown = [i for i in self.items if i is not None]
            return f"{self.head} ({joined(shown)})" if shown else self.head
        n = len(self.items)
        if n == 1:
            return self.head
        if self.items[0] is None:  # another player's hidden draws: one sentence, counted
            return self.head.replace(" a card", f" {n} cards", 1)
        assert self.key is not None
        return str(self.key[2]) + joined([i for i in self.items if i is not None])


def wrapped(prefix: str, text: str, width: int = WIDTH) -> str:
    """``prefix + text`` within ``width`` characters a line, later lines indented under it.

    >>> print(wrapped("  ", "one two three four", width=12))
      one two
        three
        four
    """
    lines = textwrap.wrap(
        text,
        width,
        initial_indent=prefix,
        subsequent_indent=" " * (len(prefix) + 2),
        break_on_hyphens=False,
    )
    return "\n".join(lines) if lines else prefix.rstrip()


def wrapped_parts(prefix: str, parts: Sequence[str], sep: str = " | ", width: int = WIDTH) -> str:
    """Parts joined by ``sep``, a new line (indented) where the next would pass ``width``.

    >>> print(wrapped_parts("  ", ["Health: you 3/3", "Deck 7", "Wounds 30"], width=30))
      Health: you 3/3 | Deck 7
        Wounds 30
    """
    lines: list[str] = []
    line = prefix
    for part in parts:
        start = line in (prefix, " " * (len(prefix) + 2))
        candidate = line + part if start else line + sep + part
        if not start and len(candidate) > width:
            lines.append(line)
            line = " " * (len(prefix) + 2) + part
        else:
            line = candidate
    lines.append(line)
    return "\n".join(wrapped(ln[: len(ln) - len(ln.lstrip())], ln.lstrip(), width) for ln in lines)


def score_changes(
    before: dict[tuple[str, int | None], Any],
    after: dict[tuple[str, int | None], Any],
    who: Any,
) -> list[str]:
    """The score counters that changed, as ``Player 2 Health 35 -> 37``.

    ``who(owner)`` names a counter's owner ("" for a shared counter).

    >>> score_changes({("Health", 1): 35}, {("Health", 1): 37}, lambda o: f"P{o}")
    ['P1 Health 35 -> 37']
    """
    out = []
    for key, value in after.items():
        old = before.get(key)
        if old is not None and old != value:
            name, owner = key
            owner_name = who(owner)
            out.append(f"{owner_name} {name} {old} -> {value}".strip())
    return out


__all__ = ["ANNOUNCES_DRAWS", "RUN_KINDS", "WIDTH", "Line", "Run", "joined", "score_changes",
           "wrapped", "wrapped_parts"]  # fmt: skip
