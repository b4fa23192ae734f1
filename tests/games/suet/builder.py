"""Build any S.U.E.T. position from a compact spec, for tests.

Name what matters to the test; every other card of the game goes to the
deck, so all cards are conserved. The builder writes the position JSON of
``cpp/games/suet/serialize.cpp`` and loads it through ``henchmen.deserialize``
(which runs ``validate()``). Chance stays explicit: apply ``"draw Trade
Hands"`` yourself when a card is drawn.

- ``geniuses``: seat -> evil genius (default: the table's geniuses in order).
- ``hands``: player -> card names.
- ``labs``: player -> {colour: component name}; ``broken`` and ``cheat``:
  player -> colours.
- ``enhancements``: player -> Enhancement name; ``hindrance``: players whose
  Enhancement shows its Hindrance side.
- ``discard``, ``market`` (bottom first), ``waiting`` (player -> Setbacks),
  ``deck`` (default: everything not placed elsewhere).

>>> s = position(hands={0: ["Trade Hands"], 1: ["Minions"]})
>>> "play Trade Hands on player 2" in moves(s)
True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tests.games.cards_left import cards_left

# Re-exported: every game's tests take the notation helpers from their builder.
from tests.games.notation import moves, play, pos  # noqa: F401

import henchmen

GAME = "suet"
TABLE: dict[str, Any] = henchmen.Game(GAME).card_table()
CARDS: dict[str, dict[str, Any]] = {c["name"]: c for c in TABLE["cards"]}
GENIUSES: list[str] = [g["name"] for g in TABLE["geniuses"]]
COLOURS = ("Red", "Blue", "Purple", "Green")


def component(genius: str, colour: str) -> str:
    """The name of a genius's (or "Universal"'s first) component of a colour."""
    for c in TABLE["cards"]:
        if c["kind"] == "component" and c["genius"] == genius and c["colour"] == colour:
            return str(c["name"])
    raise KeyError((genius, colour))


def position_doc(
    *,
    players: int = 2,
    geniuses: Mapping[int, str] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    labs: Mapping[int, Mapping[str, str]] | None = None,
    broken: Mapping[int, Iterable[str]] | None = None,
    cheat: Mapping[int, Iterable[str]] | None = None,
    enhancements: Mapping[int, str] | None = None,
    hindrance: Iterable[int] = (),
    waiting: Mapping[int, Sequence[str]] | None = None,
    discard: Sequence[str] = (),
    market: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    turn_player: int = 0,
    actions_left: int = 1,
    round_colour: str | None = None,
    extra_turn: bool = False,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The serialized-state document (a dict) for the spec; see :func:`position`."""
    opts = dict(options or {})
    game = henchmen.Game(GAME, players=players, **opts)
    g = {p: (geniuses or {}).get(p, GENIUSES[p]) for p in range(players)}
    future = bool(game.options.get("future_cards"))

    def copies(name: str) -> int:
        c = CARDS[name]
        if c.get("future") and not future:
            return 0
        if (
            c["kind"] == "component"
            and c["genius"] != "Universal"
            and c["genius"] not in g.values()
        ):
            return 0
        return int(c["count"])

    hands = hands or {}
    labs = labs or {}
    placed: list[Iterable[str]] = [*hands.values(), discard, market, deck or ()]
    placed += [lab.values() for lab in labs.values()]
    placed += [[e] for e in (enhancements or {}).values()]
    placed += [list(w) for w in (waiting or {}).values()]
    cheats = {p: list(cheat.get(p, ())) if cheat else [] for p in range(players)}
    placed += [["Cheat Card"] * len(c) for c in cheats.values()]
    left = cards_left({name: copies(name) for name in CARDS}, placed)
    deck_counts = +left if deck is None else Counter(deck)
    discard_counts = Counter(discard)
    if deck is not None:
        discard_counts += +left
    hind = set(hindrance)
    pos = {
        "phase": "playing",
        "players": [
            {
                "genius": g[p],
                "hand": dict(Counter(hands.get(p, ()))),
                "lab": [labs.get(p, {}).get(c) for c in COLOURS],
                "broken": list((broken or {}).get(p, ())),
                "cheat": cheats[p],
                "enhancement": (enhancements or {}).get(p),
                "hindrance": p in hind,
                "waiting": dict(Counter((waiting or {}).get(p, ()))),
                "owed": 0,
            }
            for p in range(players)
        ],
        "deck": dict(deck_counts),
        "discard": dict(+discard_counts),
        "in_play": {},
        "black_market": list(market),
        "turn_player": turn_player,
        "turn": 1,
        "round": 1,
        "round_colour": round_colour if opts.get("long_game") else None,
        "actions_left": actions_left,
        "free_place_used": False,
        "free_repair_used": False,
        "extra_turn": extra_turn,
        "again": False,
        "starting": False,
        "ending": False,
        "rolling": False,
        "first_draw": False,
        "play": None,
        "windows": [],
        "setback": None,
        "pick": None,
        "choice": "none",
        "chooser": 0,
        "discarders": [],
        "winner": -1,
        "win_reason": 0,
    }
    return {
        "format": "henchmen-state",
        "version": 1,
        "game": GAME,
        "options": game.options,
        "position": pos,
        "history": [],
    }


def position(**spec: Any) -> henchmen.State:
    """A S.U.E.T. position built from the spec (see the module docstring), chance explicit."""
    state = henchmen.deserialize(json.dumps(position_doc(**spec)))
    state.set_auto_chance(False)
    return state


def at_turn_start(**spec: Any) -> henchmen.State:
    """A position whose turn has just begun: the turn player's first draw is owed."""
    doc = position_doc(**spec)
    tp = doc["position"]["turn_player"]
    doc["position"]["players"][tp]["owed"] = 1
    doc["position"]["first_draw"] = True
    state = henchmen.deserialize(json.dumps(doc))
    state.set_auto_chance(False)
    return state


def hand(state: henchmen.State, player: int) -> dict[str, int]:
    """A player's hand, name to count."""
    return dict(pos(state)["players"][player]["hand"])


def lab(state: henchmen.State, player: int) -> list[str | None]:
    """A player's Lab places, Red, Blue, Purple, Green."""
    return list(pos(state)["players"][player]["lab"])


def player(state: henchmen.State, p: int) -> dict[str, Any]:
    """A player's entry of the position JSON."""
    entry: dict[str, Any] = pos(state)["players"][p]
    return entry
