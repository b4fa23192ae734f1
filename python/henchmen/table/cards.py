"""``help CARD``: a card's text, found by name in the game's card table.

Card tables differ between games (a list of cards, a dict keyed by name,
heroes holding their cards), so the index walks the table as data: every
object with a ``name`` is an entry, a dict of objects is keyed by name, and
a named card inside a named group is found by its own name or as
``Group: Card`` (the way moves name Legendary's heroes).  The faces on the
table now (from the layout) are entries too, so a card is found under the
very name the screen shows.  A name matches ignoring case, spacing and punctuation; a
trailing number (SSS's "Health Hazards 7") falls back to its group; a typo
gets the closest names.

>>> import henchmen
>>> game = henchmen.Game("parry")
>>> index = CardIndex(game.card_table())
>>> print("\\n".join(index.describe("strike")))
Strike (count 8)
  On your turn: choose another player; unless the strike is parried, they lose 1 health.
>>> index.describe("Strik")[0]
"no card named 'Strik'; did you mean: Strike?"
"""

from __future__ import annotations

import difflib
import re
import textwrap
from collections.abc import Iterable
from typing import Any

from henchmen.printable import printable
from henchmen.table.screen import stats

#: Fields that hold a card's words.
TEXT_FIELDS = ("text", "ability_text", "strike_text", "rule_text")


def _key(name: str) -> str:
    # "Mr. Shadow", "mr shadow" and "MR SHADOW" are one name; so are "Spider-Man" and "spider man".
    return " ".join(re.sub(r"[^\w\s]", " ", name).split()).casefold()


def _scalar(value: object) -> bool:
    return isinstance(value, str | int | float | bool) or value is None


class CardIndex:
    """Every named card (and group of cards) of a card table, by name."""

    def __init__(self, table: dict[str, Any], faces: Iterable[dict[str, Any]] = ()) -> None:
        self._entries: dict[str, tuple[str, dict[str, Any]]] = {}
        # Names that are only a field of an entry (SSS's crew names its Supervillain).
        self._mentions: dict[str, tuple[str, list[str]]] = {}
        self._walk(table, None)
        for face in faces:
            self.add(face)

    def add(
        self, entry: dict[str, Any], name: str | None = None, parent: str | None = None
    ) -> None:
        """Index one card (kept if the name is already there: the card table comes first)."""
        name = name if name is not None else entry.get("name")
        if not isinstance(name, str) or not name:
            return
        for shown in (name, f"{parent}: {name}") if parent else (name,):
            self._entries.setdefault(_key(shown), (shown, entry))
        for k, v in entry.items():
            if isinstance(v, str) and k not in TEXT_FIELDS and k != "name" and len(v) > 2:
                self._mentions.setdefault(_key(v), (v, []))[1].append(f"{name} ({k})")

    def _walk(self, node: Any, parent: str | None) -> None:
        if isinstance(node, list):
            for item in node:
                self._walk(item, parent)
        elif isinstance(node, dict):
            name = node.get("name")
            if isinstance(name, str) and name:
                self.add(node, name, parent)
                parent = name
            for k, v in node.items():
                if isinstance(v, dict) and "name" not in v and _looks_like_card(v):
                    self.add(v, str(k), parent)  # a dict of cards keyed by their names
                self._walk(v, parent)

    @property
    def names(self) -> list[str]:
        """Every name the index knows, as spelled in the table."""
        return [shown for shown, _ in self._entries.values()]

    def find(self, name: str) -> tuple[str, dict[str, Any]] | None:
        """The entry named ``name`` (ignoring case and spacing), or None."""
        key = _key(name)
        if key in self._entries:
            return self._entries[key]
        group = re.sub(r"\s+\d+$", "", key)  # "health hazards 7": card 7 of its crew
        if group != key and group in self._entries:
            return self._entries[group]
        return None

    def describe(self, name: str, width: int = 100) -> list[str]:
        """Lines telling the card named ``name``, or naming the closest cards."""
        found = self.find(name)
        if found is None and _key(name) in self._mentions:
            shown, where = self._mentions[_key(name)]
            return [f"{printable(shown)} is named by: {printable(', '.join(where))}"]
        if found is None:
            known = {**{k: v[0] for k, v in self._mentions.items()},
                     **{k: v[0] for k, v in self._entries.items()}}  # fmt: skip
            close = difflib.get_close_matches(_key(name), list(known), n=4, cutoff=0.6)
            if not close:
                close = [k for k in known if _key(name) in k][:4]
            shown = ", ".join(printable(known[k]) for k in close)
            hint = f"; did you mean: {shown}?" if shown else "; `view` shows the cards in play"
            return [f"no card named '{printable(name)}'{hint}"]
        shown, entry = found
        numbers = stats({k: v for k, v in entry.items() if _scalar(v) and k not in TEXT_FIELDS})
        lines = [printable(shown) + (f" ({numbers})" if numbers else "")]
        for field in TEXT_FIELDS:
            text = entry.get(field)
            if isinstance(text, str) and text:
                lines += textwrap.wrap(printable(text), width, initial_indent="  ",
                                       subsequent_indent="  ")  # fmt: skip
        for k, v in entry.items():
            if isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
                named = [x["name"] for x in v if isinstance(x.get("name"), str)]
                if named:
                    lines.append(f"  {printable(k)}: {printable(', '.join(named))}")
                elif all(_looks_like_card(x) and not _has_words(x) for x in v):
                    lines.append(f"  {printable(k)}:")
                    lines += [f"    {stats(x)}" for x in v]
        return lines


def _has_words(node: dict[str, Any]) -> bool:
    # Effects are {"op": "draw", "n": 1}: the engine's own, not for players.
    return any(isinstance(v, str) for v in node.values())


def _looks_like_card(node: dict[str, Any]) -> bool:
    """A dict of plain fields with at least one number: a card's statistics."""
    return (
        bool(node)
        and all(_scalar(v) for v in node.values())
        and any(isinstance(v, int | float) and not isinstance(v, bool) for v in node.values())
    )


__all__ = ["CardIndex"]
