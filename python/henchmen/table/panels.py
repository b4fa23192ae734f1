"""The full-screen table's panels, drawn from a layout (``State.layout``) with rich.

Pure functions from the presentation model to rich renderables, so the
Textual app (:mod:`henchmen.table._tui`) only places them: the opponents'
summaries, the shared centre, your cards in play, your hand.  Cards are
never cut: rich wraps their text to the panel's width.  A ``grid`` zone
(Villainy's 2x3 Minion grid) is drawn as a grid; empty places as dim
labels; cards the last move told of are marked with a yellow star.

Needs ``rich`` (installed with Textual: ``pip install henchmen[tui]``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from henchmen.printable import printable
from henchmen.table.screen import PILE_KINDS, stat_items

#: A card's short stat labels, as the games print them (Villainy's A!/D!).
_LABEL = {"attack": "A!", "defense": "D!", "attack_bonus": "+A!", "defense_bonus": "+D!"}
_SKIP = {"name", "text", "back", "kind", "id", "last", "empty", "label", "slot", "spot", "space"}
#: Colours for the crews, teams, elements and colours cards carry (any other: cyan).
_HUES = ("cyan", "magenta", "green", "yellow", "blue", "red", "bright_cyan", "bright_magenta")


def _t(value: object) -> str:
    return printable(str(value))


def hue(word: str) -> str:
    """A stable colour for a crew, team, element or colour name.

    >>> hue("Red"), hue("Fire") == hue("Fire")
    ('red', True)
    """
    named = word.casefold()
    if named in ("red", "blue", "green", "yellow", "magenta", "cyan"):
        return named
    if named == "purple":
        return "magenta"
    return _HUES[sum(map(ord, named)) % len(_HUES)]


def stat_words(face: dict[str, Any]) -> list[str]:
    """A face's stats as short words: ``['cost 3', 'A!4', 'D!1', 'ranged']``.

    >>> stat_words({"name": "Poo Flinger", "attack": 4, "defense": 1, "ranged": True})
    ['A!4', 'D!1', 'ranged']
    >>> stat_words({"name": "Hawkeye", "cost": 4, "attack": 2})  # Legendary's Attack
    ['cost 4', 'attack 2']
    """
    words = []
    for k, v in stat_items(face, _SKIP):
        if k in _LABEL and ("defense" in face or "defense_bonus" in face):  # Villainy's
            words.append(f"{_LABEL[k]}{_t(v)}")
        else:
            word = _t(k).replace("_", " ")
            words.append(word if v is True else f"{word} {_t(v)}")
    return words


def card(face: dict[str, Any], copies: int = 1, *, full: bool = True) -> Text:
    """One card: its name (coloured by crew, team, element or colour), stats and text.

    >>> print(card({"name": "Strike", "kind": "attack", "text": "Hit.", "last": True}).plain)
    * Strike [attack]
      Hit.
    """
    if face.get("back"):
        return Text("[face down]", style="dim")
    if face.get("empty"):
        return Text(f"({_t(face.get('label', 'empty'))})", style="dim")
    out = Text()
    if face.get("last"):
        out.append("* ", style="bold yellow")
    group = next((face[k] for k in ("crew", "team", "element", "colour") if k in face), None)
    out.append(_t(face.get("name", "?")), style=f"bold {hue(str(group))}" if group else "bold")
    if copies > 1:
        out.append(f" x{copies}", style="bold")
    if face.get("kind"):
        out.append(f" [{_t(face['kind'])}]", style="dim")
    words = stat_words(face)
    if words:
        out.append("  " + ", ".join(words), style="italic")
    if full and face.get("text"):
        out.append("\n  " + _t(face["text"]))
    return out


def _grouped(cards: Sequence[Any]) -> list[tuple[dict[str, Any], int]]:
    """Identical faces together (in a hand or a row: backs and empty places kept apart)."""
    out: list[tuple[dict[str, Any], int]] = []
    for c in cards:
        if not isinstance(c, dict):
            continue
        if out and out[-1][0] == c and not c.get("empty"):
            out[-1] = (c, out[-1][1] + 1)
        else:
            out.append((c, 1))
    return out


def _count(zone: dict[str, Any]) -> int:
    count = zone.get("count")
    return count if type(count) is int else len(zone.get("cards") or [])


def _grid(zone: dict[str, Any]) -> Table:
    cols = int(zone.get("columns") or 3)
    grid = Table(show_header=False, expand=True, padding=(0, 1), show_lines=True)
    for _ in range(cols):
        grid.add_column(ratio=1)
    cards = [c for c in zone.get("cards") or [] if isinstance(c, dict)]
    for r in range(0, len(cards), cols):
        row = [card(c) for c in cards[r : r + cols]]
        grid.add_row(*row, *[Text("")] * (cols - len(row)))
    return grid


def plain(renderable: RenderableType, width: int = 60) -> str:
    """A panel as plain text (no colour), as a terminal ``width`` wide shows it.

    >>> plain(Text("Player 2  Health 3/3"))
    'Player 2  Health 3/3'
    """
    console = Console(width=width, color_system=None)
    with console.capture() as out:
        console.print(renderable)
    return "\n".join(line.rstrip() for line in out.get().splitlines())


def zone(z: dict[str, Any], *, full: bool = True) -> RenderableType | None:
    """A zone: its name and count, then its cards; None for an empty zone with no places.

    Piles and decks are one line (count, and the top card's name when face
    up); a hand of backs says how many; a grid is a grid.

    >>> import henchmen
    >>> theirs = henchmen.new_game("parry", seed=1).layout(0)["zones"][1]
    >>> plain(zone(theirs))
    "Player 2's hand 3 cards face down"
    >>> zone({"name": "Stash", "kind": "row", "cards": []}) is None
    True
    """
    name = _t(z.get("name", z.get("id", "?")))
    cards = [c for c in z.get("cards") or [] if isinstance(c, dict)]
    n = _count(z)
    faces = [c for c in cards if not c.get("back") and not c.get("empty")]
    head = Text(f"{name} ", style="bold underline")
    if z.get("kind") in (*PILE_KINDS,) or (z.get("role") in ("deck", "discard", "supply")):
        head.append(f"{n} card" + ("" if n == 1 else "s"), style="")
        if faces:
            head.append("  top: ")
            head.append_text(card(faces[0], full=False))
        return head if (n or faces) else None
    if not cards:
        return None if not n else head.append(f"{n} cards")
    if not faces and all(c.get("back") for c in cards):
        return head.append(f"{n} card" + ("" if n == 1 else "s") + " face down", style="")
    if z.get("kind") == "grid":
        return Group(head, _grid(z))
    places = [c for c in cards if c.get("empty")]
    if places:  # the free places on one line, after the cards
        head.append(", ".join(_t(c.get("label", "empty")) for c in places) + " free", style="dim")
    if not faces:
        return head
    body = [card(c, k, full=full) for c, k in _grouped(cards) if not c.get("empty")]
    return Group(head, *body)


def zones(layout: dict[str, Any], pick: Any, *, full: bool = True) -> list[RenderableType]:
    """The drawn zones of ``layout`` that ``pick(zone)`` selects, empty ones left out.

    >>> import henchmen
    >>> layout = henchmen.new_game("parry", seed=1).layout(0)
    >>> [plain(z) for z in zones(layout, lambda z: z.get("role") == "deck")]
    ['Deck 7 cards']
    """
    out = []
    for z in layout.get("zones") or []:
        if isinstance(z, dict) and pick(z):
            drawn = zone(z, full=full)
            if drawn is not None:
                out.append(drawn)
    return out


def counters(layout: dict[str, Any], owner: int | None) -> Text:
    """The counters of one player (``owner``) or the shared ones (None), on one line.

    >>> import henchmen
    >>> counters(henchmen.new_game("parry", seed=1).layout(0), 1).plain
    'Health 3/3'
    """
    parts = []
    for c in layout.get("counters") or []:
        if isinstance(c, dict) and c.get("owner") == owner:
            v = f"{_t(c.get('value'))}" + (f"/{_t(c['max'])}" if "max" in c else "")
            parts.append(f"{_t(c.get('name', '?'))} {v}")
    return Text("  ".join(parts), style="bold green")


def player_name(layout: dict[str, Any], seat: int) -> str:
    for p in layout.get("players") or []:
        if isinstance(p, dict) and p.get("seat") == seat:
            return _t(p.get("name", f"Player {seat + 1}"))
    return f"Player {seat + 1}"


def opponents(layout: dict[str, Any], viewer: int) -> RenderableType:
    """Each opponent's summary: name (turn and deciding marks), counters, zones.

    Their hands are backs in ``layout`` (the model holds no more): counted.

    >>> import henchmen
    >>> print(plain(opponents(henchmen.new_game("parry", seed=1).layout(0), 0)))
    Player 2  Health 3/3
    Player 2's hand 3 cards face down
    """
    parts: list[RenderableType] = []
    for p in layout.get("players") or []:
        if not isinstance(p, dict) or p.get("seat") == viewer:
            continue
        seat = p.get("seat")
        head = Text()
        head.append(_t(p.get("name", "?")), style="bold reverse")
        if p.get("turn"):
            head.append("  (turn)", style="bold yellow")
        if p.get("deciding"):
            head.append("  (deciding)", style="yellow")
        head.append("  ")
        head.append_text(counters(layout, seat))
        parts.append(head)
        parts += zones(layout, lambda z, s=seat: z.get("owner") == s, full=False)
    return Group(*parts)


def centre(layout: dict[str, Any]) -> RenderableType:
    """The shared zones and counters: market, board, piles.

    >>> import henchmen
    >>> plain(centre(henchmen.new_game("parry", seed=1).layout(0)))
    'Deck 7 cards'
    """
    parts: list[RenderableType] = []
    shared = counters(layout, None)
    if shared.plain:
        parts.append(shared)
    parts += zones(layout, lambda z: "owner" not in z)
    return Group(*parts)


def mine(layout: dict[str, Any], viewer: int) -> RenderableType:
    """Your counters and your zones other than your hand.

    >>> import henchmen
    >>> plain(mine(henchmen.new_game("parry", seed=1).layout(0), 0))
    'Health 3/3'
    """
    parts: list[RenderableType] = [counters(layout, viewer)]
    parts += zones(layout, lambda z: z.get("owner") == viewer and z.get("role") != "hand")
    return Group(*parts)


def hand(layout: dict[str, Any], viewer: int) -> RenderableType:
    """Your hand(s), every card in full, its text wrapped (never cut).

    >>> import henchmen
    >>> print(plain(hand(henchmen.new_game("parry", seed=1).layout(0), 0), width=50))
    Your hand
    Strike x3 [attack]
      On your turn: choose another player; unless the
    strike is parried, they lose 1 health.
    Parry [reaction]
      When a Strike or a Parry is played by someone
    else: cancel it. A Parry can itself be parried.
    """
    drawn = zones(layout, lambda z: z.get("owner") == viewer and z.get("role") == "hand")
    return Group(*drawn) if drawn else Text("Your hand is empty", style="dim")


def last_move(layout: dict[str, Any]) -> Text:
    """The last move's sentences, on one line each.

    >>> import henchmen
    >>> state = henchmen.new_game("parry", seed=1)
    >>> state.apply("end turn")
    >>> print(last_move(state.layout(0)).plain)
    You end the turn
    Turn 2: Player 2's turn
    Player 2 draws a card
    """
    lines = (layout.get("last_move") or {}).get("lines") or []
    return Text("\n".join(_t(x) for x in lines), style="yellow")


__all__ = [
    "card", "centre", "counters", "hand", "hue", "last_move", "mine", "opponents", "plain",
    "stat_words", "zone", "zones",
]  # fmt: skip
