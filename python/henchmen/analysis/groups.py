"""Each game's groups of cards, from its card table: crews, heroes, powers, geniuses, decks.

A *grouping* renames a tournament's features (``"buy Royal Rule 3"``) to a
group (``"crew Royal Rule"``) for :func:`~henchmen.analysis.stats.regroup`,
so contributions are read per crew, hero or deck rather than per card.
Names come from the game's own card table (a ``card_data`` table brings its
own crews and heroes), and each grouping reads the events that say a seat
has the group:

- Seven Secret Supervillains, **crew**: the crew's Minions a player bought.
- Legendary, **hero**, **mastermind**, **scheme**, **villain group**,
  **henchmen group**: what the setup put in the game (a table feature), and
  for a hero also the cards of it each player recruited.
- Super!, **power**: the Super Power a player chose.
- S.U.E.T., **genius**: the evil genius a player was dealt.
- Villainy, **deck**: the villain deck a player plays.
- Parry, **card**: the cards a player drew (its card table has nothing else).

>>> from henchmen.game import Game
>>> crew = groupings(Game("seven-secret-supervillains"))["crew"]
>>> crew("buy Royal Rule 3"), crew("draw Royal Rule 3"), crew("buy Tiny Bot")
('crew Royal Rule', None, None)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from henchmen.game import Game

#: A feature's group, or None when the feature belongs to none.
Group = Callable[[str], "str | None"]


def groupings(game: Game) -> dict[str, Group]:
    """The game's groupings by name (none for a game without groups).

    >>> from henchmen.game import Game
    >>> sorted(groupings(Game("legendary")))
    ['henchmen group', 'hero', 'mastermind', 'scheme', 'villain group']
    >>> groupings(Game("legendary"))["hero"]("recruit Cyclops: Optic Blast")
    'hero Cyclops'
    """
    table = game.card_table()
    name = game.info.name
    if name == "seven-secret-supervillains":
        return {"crew": _prefixed("crew", _names(table["crews"]), {"buy"}, " ")}
    if name == "legendary":
        heroes = _names(table["heroes"])
        out = {
            "hero": _either(
                _exact("hero", heroes, {"setup"}), _prefixed("hero", heroes, {"recruit"}, ": ")
            )
        }
        for group, key in (
            ("mastermind", "masterminds"),
            ("scheme", "schemes"),
            ("villain group", "villains"),
            ("henchmen group", "henchmen"),
        ):
            out[group] = _exact(group, _names(table[key]), {"setup"})
        return out
    if name == "super":
        return {"power": _exact("power", _names(table["powers"]), {"power"})}
    if name == "suet":
        return {"genius": _exact("genius", _names(table["geniuses"]), {"genius"})}
    if name == "villainy":
        return {"deck": _exact("deck", _names(table["decks"]), {"setup"})}
    if name == "parry":
        return {"card": _exact("card", _names(table["cards"]), {"draw"})}
    return {}


def _names(entries: Iterable[Any]) -> list[str]:
    return [str(e["name"]) for e in entries]


def _split(feature: str, kinds: set[str]) -> str | None:
    kind, _, name = feature.partition(" ")
    return name if kind in kinds and name else None


def _exact(group: str, names: list[str], kinds: set[str]) -> Group:
    known = set(names)

    def of(feature: str) -> str | None:
        name = _split(feature, kinds)
        return f"{group} {name}" if name in known else None

    return of


def _prefixed(group: str, names: list[str], kinds: set[str], sep: str) -> Group:
    # The longest name that starts the card's ("Royal Rule 3", "Cyclops: Optic Blast").
    ordered = sorted(names, key=len, reverse=True)

    def of(feature: str) -> str | None:
        card = _split(feature, kinds)
        if card is None:
            return None
        owner = next((n for n in ordered if card.startswith(n + sep)), None)
        return None if owner is None else f"{group} {owner}"

    return of


def _either(first: Group, second: Group) -> Group:
    def of(feature: str) -> str | None:
        return first(feature) or second(feature)

    return of


__all__ = ["Group", "groupings"]
