"""The screen of the terminal table, drawn from a layout (``State.layout``).

One drawing for every game: the game's layout names the zones (hands, row,
HQ, city, piles), the cards in them (faces with name, cost, power and text,
or backs), the counters and the status; this module only arranges them in a
compact screen.  The viewer's hand is shown in full (text included), the
other zones with cards face up one card a line (text wrapped, never cut),
piles and face-down zones as counts.

>>> import henchmen
>>> state = henchmen.new_game("parry", seed=1)
>>> print("\\n".join(draw(state.layout(0), 0, width=72)))
=== Parry -- Turn 1: Your turn ===
  Health: you 3/3, Player 2 3/3
  Player 2's hand: 3 cards   Deck: 7 cards   Discard pile: empty
  Your hand (4):
    Strike x3 [attack]: On your turn: choose another player; unless the
      strike is parried, they lose 1 health.
    Parry [reaction]: When a Strike or a Parry is played by someone
      else: cancel it. A Parry can itself be parried.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Sequence
from typing import Any

from henchmen.narration import score_line
from henchmen.printable import printable

#: Zone kinds drawn as a count and a tally of names, not card by card.
PILE_KINDS = ("deck", "pile", "discard")
#: Card fields shown first, in this order; the other numbers follow by name.
FIRST_STATS = ("cost", "power", "attack", "recruit", "health", "reputation", "vp")
_NOT_STATS = {"name", "text", "back", "kind", "id", "last", "empty", "label"}
#: Distinct names a pile's tally shows before "...".
TALLY = 6


def _text(value: object) -> str:
    return printable(str(value))


def stat_items(
    face: dict[str, Any], not_stats: frozenset[str] | set[str] = _NOT_STATS
) -> list[tuple[str, Any]]:
    """A face's numbers and flags worth showing, as (field, value) in showing order:
    :data:`FIRST_STATS` first, the rest by name; unset, false and nested fields left out.

    >>> stat_items({"name": "Hulk", "attack": 2, "cost": 5, "ranged": False, "text": "Smash."})
    [('cost', 5), ('attack', 2)]
    """
    keys = [k for k in FIRST_STATS if k in face]
    keys += sorted(k for k in face if k not in not_stats and k not in FIRST_STATS)
    return [(k, face[k]) for k in keys if not _unset(face[k])]


def _unset(value: object) -> bool:
    return value is None or value is False or isinstance(value, list | dict)


def stats(face: dict[str, Any]) -> str:
    """A card's numbers and flags, shortest first: ``cost 3, power 2``.

    >>> stats({"name": "Hulk", "cost": 5, "attack": 2, "team": "avengers", "designed": True})
    'cost 5, attack 2, designed, team avengers'
    """
    parts = []
    for k, v in stat_items(face):
        word = _text(k).replace("_", " ")
        parts.append(word if v is True else f"{word} {_text(v)}")
    return ", ".join(parts)


def card_title(face: dict[str, Any], copies: int = 1) -> str:
    """A face's name, how many, its kind and its numbers: ``Strike x3 [attack]``.

    >>> card_title({"name": "Hulk", "cost": 5, "kind": "hero"}, 2)
    'Hulk x2 [hero] (cost 5)'
    """
    head = _text(face.get("name", "?")) + (f" x{copies}" if copies > 1 else "")
    if face.get("kind"):
        head += f" [{_text(face['kind'])}]"
    numbers = stats(face)
    return head + (f" ({numbers})" if numbers else "")


def _is_face(card: object) -> bool:
    """A card face up: not a back, not an empty place (``{"empty": true}``)."""
    return isinstance(card, dict) and not card.get("back") and not card.get("empty")


def _grouped(cards: Sequence[Any]) -> list[tuple[dict[str, Any], int]]:
    """Identical faces together, in the order they first appear."""
    seen: dict[str, list[Any]] = {}
    for c in cards:
        if _is_face(c):
            key = json.dumps({k: v for k, v in c.items() if k != "last"}, sort_keys=True)
            seen.setdefault(key, [c, 0])[1] += 1
    return [(face, n) for face, n in seen.values()]


def _backs(cards: Sequence[Any]) -> int:
    """The face-down cards (an empty place, ``{"empty": true}``, is no card)."""
    return sum(1 for c in cards if isinstance(c, dict) and c.get("back"))


def _count(zone: dict[str, Any]) -> int:
    count = zone.get("count")
    return count if type(count) is int else len(zone.get("cards") or [])


def _cards(n: int) -> str:
    return "empty" if n == 0 else f"{n} card" + ("" if n == 1 else "s")


def _tally(faces: list[tuple[dict[str, Any], int]], hidden: int) -> str:
    names = [_text(f.get("name", "?")) + (f" x{n}" if n > 1 else "") for f, n in faces]
    shown = names[:TALLY] + (["..."] if len(names) > TALLY else [])
    if hidden:
        shown.append(f"{hidden} face down")
    return ", ".join(shown)


def _flow(items: Sequence[str], width: int, indent: str = "  ", gap: str = "   ") -> list[str]:
    """Short items on as few lines as fit ``width``."""
    lines: list[str] = []
    line = ""
    for item in items:
        if line and len(indent) + len(line) + len(gap) + len(item) > width:
            lines.append(indent + line)
            line = item
        else:
            line = f"{line}{gap}{item}" if line else item
    if line:
        lines.append(indent + line)
    return lines


def draw(layout: dict[str, Any], viewer: int, width: int = 100) -> list[str]:
    """The screen for ``viewer`` (a player) from their layout, as lines.

    A game whose layout is still its bare observation (no zones yet) is
    drawn from that observation.  The viewer's hand comes last, in full.

    >>> import henchmen
    >>> state = henchmen.new_game("parry", seed=1)
    >>> state.apply("end turn")
    >>> print("\\n".join(draw(state.layout(1), 1, width=60)))
    === Parry -- Turn 2: Your turn ===
      Health: Player 1 3/3, you 3/3
      Player 1's hand: 4 cards   Deck: 6 cards
      Discard pile: empty
      Your hand (4):
        Strike x3 [attack]: On your turn: choose another player;
          unless the strike is parried, they lose 1 health.
        Parry [reaction]: When a Strike or a Parry is played by
          someone else: cancel it. A Parry can itself be
          parried.
    """
    title = _text(layout.get("title") or "")
    status = layout.get("status")
    lines = [f"=== {title} -- {_text(status)} ===" if status else f"=== {title} ==="]
    score = score_line(layout, viewer)
    if score:  # one measure a line when they do not fit on one (4 players: 600 characters)
        lines += (
            [score_row]
            if len(score_row := f"  {score}") <= width
            else _flow(score.split(" | "), width, gap=" | ")
        )
    zones = [z for z in layout.get("zones") or [] if isinstance(z, dict)]
    if not zones and isinstance(layout.get("observation"), dict):
        lines += render_observation(layout["observation"], "  ")
    counts: list[str] = []
    detail: list[str] = []
    mine: list[str] = []
    for z in zones:
        name = _text(z.get("name", z.get("id", "?")))
        cards = z.get("cards") or []
        faces = _grouped(cards)
        hidden = _backs(cards)
        n = _count(z)
        if not faces:
            counts.append(f"{name}: {_cards(n)}")
        elif z.get("kind") in PILE_KINDS:
            counts.append(f"{name}: {n} ({_tally(faces, hidden)})")
        elif z.get("owner") == viewer and z.get("kind") == "hand":
            mine.append(f"  {name} ({n}):")
            for face, copies in faces:
                head = card_title(face, copies)
                text = _text(face.get("text") or "")
                mine += textwrap.wrap(
                    f"{head}: {text}" if text else head,
                    width,
                    initial_indent="    ",
                    subsequent_indent="      ",
                )
        else:
            detail.append(f"  {name} ({n}):" + (f" and {hidden} face down" if hidden else ""))
            for face, copies in faces:
                text = _text(face.get("text") or "")
                row = card_title(face, copies) + (f": {text}" if text else "")
                detail += textwrap.wrap(  # never cut: the text is the card's rules
                    row, width, initial_indent="    ", subsequent_indent="      "
                )
    lines += _flow(counts, width)
    lines += detail + mine
    prompt = layout.get("prompt")
    if prompt:
        lines.append(f"  >> {_text(prompt)}")
    return lines


def move_lines(moves: Sequence[tuple[str, str]], width: int = 100) -> list[str]:
    """The moves as ``[key] notation``, flowed into as few lines as fit.

    >>> move_lines([("1", "strike player 2"), ("2", "end turn")])
    ['  Moves: [1] strike player 2   [2] end turn']
    """
    items = [f"[{key}] {printable(text)}" for key, text in moves]
    flowed = _flow(items, width - len("  Moves: "), indent="")
    return [("  Moves: " if i == 0 else "         ") + line for i, line in enumerate(flowed)]


def render_observation(value: Any, indent: str = "  ", key: str = "") -> list[str]:
    """A compact rendering of an observation (for a game whose layout has no zones yet).

    Players are numbered from 1, as everywhere in the command line tool:
    the ``players`` list, and a number held by a key that names a player.

    >>> render_observation({"turn_player": 0, "players": [{"hand": ["A", "B"]}]})
    ['  turn_player: Player 1', '  players:', '    [Player 1]', '      hand: A, B']
    """
    lines: list[str] = []
    if isinstance(value, dict):
        for k, item in value.items():
            name = _text(k)
            if item in (None, [], {}, ""):
                continue
            if isinstance(item, dict) or (
                isinstance(item, list) and any(isinstance(x, dict | list) for x in item)
            ):
                lines.append(f"{indent}{name}:")
                lines += render_observation(item, indent + "  ", str(k))
            elif isinstance(item, list):
                lines.append(f"{indent}{name}: {', '.join(_text(x) for x in item)}")
            elif (k == "player" or str(k).endswith("_player")) and type(item) is int and item >= 0:
                lines.append(f"{indent}{name}: Player {item + 1}")
            else:
                lines.append(f"{indent}{name}: {_text(json.dumps(item, ensure_ascii=False))}")
    elif isinstance(value, list):
        label = "Player " if key == "players" else ""
        for i, item in enumerate(value):
            lines.append(f"{indent}[{label}{i + 1}]")
            lines += render_observation(item, indent + "  ")
    else:
        lines.append(f"{indent}{_text(value)}")
    return lines


__all__ = ["card_title", "draw", "move_lines", "render_observation", "stats"]
