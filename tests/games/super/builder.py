"""Build any Super! position from a compact spec, for tests.

Name what matters to the test; every other card goes to the deck, so all
cards are conserved. The builder writes the position JSON of
``cpp/games/super/serialize.cpp`` and loads it through
``henchmen.deserialize`` (which runs ``validate()``). Chance stays explicit:
apply ``"dealt Fireball"`` yourself when a card is drawn from a deck of two
or more.

- ``hands``: player -> card names (a player not named holds nothing, so
  name at least one card for each live player you want asked to defend).
- ``discard``: the discard pile from the top down: its first card is the top
  discard, its second the one below; the rest lie beneath in any order.
- ``powers``: player -> Super Power name (default: the table's powers in
  order); ``power_states``: player -> "up", "active" or "down".
- ``health``: player -> health (default 40); 0 means eliminated.

>>> s = position(players=3, hands={0: ["Fireball"], 1: ["Fire Wall"], 2: ["Gust"]})
>>> "attack player 2 with Fireball" in moves(s)
True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tests.games.cards_left import cards_left

# Re-exported: every game's tests take the notation helpers from their builder.
from tests.games.notation import moves, play, pos  # noqa: F401

import henchmen

GAME = "super"
TABLE: dict[str, Any] = henchmen.Game(GAME).card_table()
CARDS: dict[str, dict[str, Any]] = {c["name"]: c for c in TABLE["cards"]}
POWERS: list[str] = [p["name"] for p in TABLE["powers"]]
PLAIN = ("Gust", "Water Jet", "Rock Throw")  # attack cards with no use in defense


def one_card_each(
    players: int, *, first: int = 1, taken: Sequence[str] = ()
) -> dict[int, list[str]]:
    """A one-card hand of a plain attack card for each player from ``first`` on.

    Enough for ten players: what the table has of ``PLAIN``, less the cards
    the test places elsewhere (``taken``). A rival holding a card stays
    askable, and holds nothing that could defend.

    >>> one_card_each(4, taken=["Gust", "Gust"])
    {1: ['Gust'], 2: ['Gust'], 3: ['Water Jet']}
    """
    left = Counter({name: int(CARDS[name]["count"]) for name in PLAIN}) - Counter(taken)
    spare = [name for name in PLAIN for _ in range(left[name])]
    return {p: [spare[p - first]] for p in range(first, players)}


def position_doc(
    *,
    players: int = 2,
    hands: Mapping[int, Sequence[str]] | None = None,
    discard: Sequence[str] = (),
    powers: Mapping[int, str] | None = None,
    power_states: Mapping[int, str] | None = None,
    health: Mapping[int, int] | None = None,
    turn_player: int = 0,
    turn: int = 1,
    phase: str = "draw",
    deck: Sequence[str] | None = None,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The serialized-state document (a dict) for the spec; see :func:`position`."""
    hands = hands or {}
    placed: list[Sequence[str]] = [*hands.values(), discard, deck or ()]
    left = cards_left({name: int(c["count"]) for name, c in CARDS.items()}, placed)
    discard_counts = Counter(discard)
    if deck is None:
        deck_counts = +left
    else:
        deck_counts = Counter(deck)
        # Whatever is placed nowhere goes under the discard pile.
        for name, n in (+left).items():
            discard_counts[name] += n
        if len(discard) < 2 and sum(discard_counts.values()) > len(discard):
            raise ValueError("with an explicit deck, name at least two discards")
    names = dict(enumerate(POWERS))
    chosen = {p: (powers or {}).get(p, names[p]) for p in range(players)}
    hp = {p: (health or {}).get(p, 40) for p in range(players)}
    states = {p: (power_states or {}).get(p, "up" if hp[p] > 0 else "down") for p in range(players)}
    top = list(discard[:2]) + [None] * (2 - min(2, len(discard)))
    pos = {
        "hands": [dict(Counter(hands.get(p, ()))) for p in range(players)],
        "deck": dict(deck_counts),
        "discard": dict(+discard_counts),
        "discard_top": top,
        "health": [hp[p] for p in range(players)],
        "powers": [chosen[p] for p in range(players)],
        "power_states": [states[p] for p in range(players)],
        "eliminated": [p for p in range(players) if hp[p] == 0],
        "eliminated_this_turn": [],
        "reload": [],
        "parting": [],
        "picked": list(range(players)),
        "turn_player": turn_player,
        "turn": turn,
        "phase": phase,
        "picker": None,
        "to_draw": 0,
        "draw_for": 0,
        "reloading": False,
        "choice": "none",
        "chooser": 0,
        "parting_top": None,
        "counter_at": -1,
        "counter_bonus": 0,
        "counter_most": 0,
        "battle": False,
        "countered": [],
        "hits": [],
        "windows": [],
        "over": False,
        "winner": -1,
    }
    opts = henchmen.Game(GAME, players=players, **dict(options or {})).options
    return {
        "format": "henchmen-state",
        "version": 1,
        "game": GAME,
        "options": opts,
        "position": pos,
        "history": [],
    }


def position(**spec: Any) -> henchmen.State:
    """A Super! position built from the spec (see the module docstring), chance explicit."""
    state = henchmen.deserialize(json.dumps(position_doc(**spec)))
    state.set_auto_chance(False)
    return state


def hp(state: henchmen.State) -> list[int]:
    """Every player's health."""
    return [int(h) for h in pos(state)["health"]]


def top(state: henchmen.State) -> list[str | None]:
    """The top discard and the one below it."""
    return list(pos(state)["discard_top"])


def hand(state: henchmen.State, player: int) -> dict[str, int]:
    """A player's hand, name to count."""
    return dict(pos(state)["hands"][player])
