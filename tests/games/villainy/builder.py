"""Build any Villainy position from a compact spec, for tests.

Name what matters to the test; every card of a player's deck not named
anywhere goes to that player's draw pile, so all cards are conserved. The
builder writes the position JSON of ``cpp/games/villainy/serialize.cpp`` and
loads it through ``henchmen.deserialize`` (which runs ``validate()``). Chance
stays explicit: apply ``"draw Silverback"`` yourself, or :func:`resolve`.

Seats play the card table's decks in turn (Mugga Mugga, Mallory Maleficarum,
Dr. Oblongata, ...) unless ``decks`` says otherwise.

>>> s = position(hands={0: ["Silverback"]})
>>> "play Silverback at front left" in moves(s)
True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

# Re-exported: every game's tests take the notation helpers from their builder.
from tests.games.notation import moves, outcomes, play, pos, resolve  # noqa: F401

import henchmen

GAME = "villainy"
TABLE: dict[str, Any] = henchmen.Game(GAME).card_table()
DECKS: list[str] = [d["name"] for d in TABLE["decks"]]
SPOTS = ("front left", "front center", "front right", "back left", "back center", "back right")

PerPlayer = Mapping[int, Sequence[str]]


def deck(name: str) -> dict[str, Any]:
    """A deck of the card table by its villain's name."""
    return next(d for d in TABLE["decks"] if d["name"] == name)


def card(name: str) -> dict[str, Any]:
    """The card-table entry of a card by name."""
    for d in TABLE["decks"]:
        for c in d["cards"]:
            if c["name"] == name:
                return dict(c)
    raise KeyError(f"no card named {name!r}")


def _spot(entry: str | Mapping[str, Any] | None) -> dict[str, Any] | None:
    if entry is None:
        return None
    if isinstance(entry, str):
        return {"minion": entry, "gear": None, "gear_owner": 0, "temp": None}
    return {
        "minion": entry.get("minion"),
        "gear": entry.get("gear"),
        "gear_owner": entry.get("gear_owner", 0),
        "temp": entry.get("temp"),
    }


def position_doc(
    *,
    players: int = 2,
    decks: Sequence[str] | None = None,
    turn_player: int = 0,
    actions: int = 3,
    round_: int = 1,
    hands: PerPlayer | None = None,
    discards: PerPlayer | None = None,
    grids: Mapping[int, Mapping[str, str | Mapping[str, Any]]] | None = None,
    monsters: Mapping[int, Sequence[Sequence[str] | tuple[Sequence[str], bool]]] | None = None,
    setups: Mapping[int, Sequence[str | None]] | None = None,
    lefts: Mapping[int, str] | None = None,
    rights: Mapping[int, str] | None = None,
    hits: Mapping[int, int] | None = None,
    hideouts: Mapping[int, str] | None = None,
    master_columns: Mapping[int, int] | None = None,
    lasting: PerPlayer | None = None,
    dead: Sequence[int] = (),
    draws: PerPlayer | None = None,
    max_rounds: int = 15,
) -> dict[str, Any]:
    """The position JSON (a ``henchmen-state`` document) for the spec.

    ``grids`` is ``{player: {"front left": "Silverback", "back left":
    {"minion": "Gorilla Grunt", "gear": "Big Stick"}}}``; ``monsters`` is
    ``{player: [[head cards], [part 2 cards], ...]}`` with a part given as
    ``(cards, False)`` when flipped. ``draws`` fixes a draw pile (the
    unnamed rest of the deck then must be empty: give it in ``discards``).
    """
    names = list(decks) if decks is not None else [DECKS[p % len(DECKS)] for p in range(players)]
    options: dict[str, Any] = {"players": players, "first_player": 1, "max_rounds": max_rounds}
    for p, n in enumerate(names):
        options[f"deck_{p + 1}"] = n
    options = dict(henchmen.Game(GAME, **options).options)
    doc_players = []
    for p in range(players):
        remaining: Counter[str] = Counter()
        for c in deck(names[p])["cards"]:
            remaining[c["name"]] += c["count"]

        def take(name: str, player: int = p, pool: Counter[str] = remaining) -> str:
            if pool[name] <= 0:
                raise ValueError(f"player {player + 1} has no more {name!r} to place")
            pool[name] -= 1
            return name

        hand = [take(c) for c in (hands or {}).get(p, [])]
        discard = [take(c) for c in (discards or {}).get(p, [])]
        grid: list[dict[str, Any] | None] = [None] * 6
        for where, entry in (grids or {}).get(p, {}).items():
            s = _spot(entry)
            assert s is not None
            if s["minion"]:
                take(s["minion"])
            if s["temp"]:
                take(s["temp"])
            grid[SPOTS.index(where)] = s
        monster = []
        parts = list((monsters or {}).get(p, [[], [], [], []]))
        for part in parts:
            cards, active = (part[0], part[1]) if isinstance(part, tuple) else (part, bool(part))
            monster.append(
                {"cards": [take(c) for c in cards], "active": bool(active) and bool(cards)}
            )
        setup = [take(c) if c else None for c in (setups or {}).get(p, [None, None, None])]
        left = take(lefts[p]) if lefts and p in lefts else None
        right = take(rights[p]) if rights and p in rights else None
        last = [take(c) for c in (lasting or {}).get(p, [])]
        doc_players.append(
            {
                "alive": p not in dead,
                "hand": hand,
                "draw": [],
                "discard": discard,
                "grid": grid,
                "monster": monster,
                "setup": setup,
                "left": left,
                "right": right,
                "hits": (hits or {}).get(p, 6),
                "hideout": (hideouts or {}).get(p, "standing"),
                "master_column": (master_columns or {}).get(p, 1),
                "lasting": last,
                "_rest": remaining,
            }
        )
    # Gear placed on a Minion (anyone's) comes out of its owner's deck.
    for pl in doc_players:
        for s in pl["grid"]:
            if s and s["gear"]:
                owner = doc_players[s["gear_owner"]]["_rest"]
                if owner[s["gear"]] <= 0:
                    raise ValueError(f"no more {s['gear']!r} to place")
                owner[s["gear"]] -= 1
    for p, pl in enumerate(doc_players):
        rest: Counter[str] = pl.pop("_rest")
        if draws and p in draws:
            fixed = list(draws[p])
            left_over = rest - Counter(fixed)
            if sum(left_over.values()) or Counter(fixed) - rest:
                raise ValueError(
                    f"player {p + 1}'s draw pile must be the rest of the deck: {dict(rest)}"
                )
            pl["draw"] = fixed
        else:
            pl["draw"] = sorted(rest.elements())
        if p in dead:
            pl.update(
                hand=[],
                draw=[],
                discard=[],
                grid=[None] * 6,
                setup=[None] * 3,
                left=None,
                right=None,
            )
            pl.update(
                monster=[{"cards": [], "active": False}] * 4, hits=0, hideout="removed", lasting=[]
            )
    pos = {
        "turn": round_,
        "round": round_,
        "round_leader": 0,
        "turn_player": turn_player,
        "actions": actions,
        "specials": 0,
        "phase": "main",
        "absorber": 0,
        "declared": {
            "card": None,
            "spot": 0,
            "attack": False,
            "free": False,
            "attacker": 0,
            "target_player": 0,
            "target": 0,
            "bonus": 0,
        },
        "choice": {"card": None, "stage": 0, "player": 0, "spot": 0},
        "last_attack": {
            "player": -1,
            "attacker": 0,
            "target_player": 0,
            "target": 0,
            "attack": 0,
            "defense": 0,
        },
        "tasks": [],
        "windows": [],
        "over": False,
        "winner": -1,
        "players": doc_players,
    }
    return {
        "format": "henchmen-state",
        "version": 1,
        "game": GAME,
        "options": options,
        "position": pos,
        "history": [],
    }


def position(**spec: Any) -> henchmen.State:
    """A state built from the spec (keywords of :func:`position_doc`)."""
    return henchmen.deserialize(json.dumps(position_doc(**spec)))


def me(state: henchmen.State, player: int) -> dict[str, Any]:
    """One player's part of the position JSON."""
    return pos(state)["players"][player]  # type: ignore[no-any-return]


def grid(state: henchmen.State, player: int) -> dict[str, str]:
    """A player's Minions by spot name."""
    return {
        SPOTS[i]: s["minion"] for i, s in enumerate(me(state, player)["grid"]) if s and s["minion"]
    }


def attacks(state: henchmen.State) -> list[str]:
    """The legal attacks in notation."""
    return [m for m in moves(state) if m.startswith("attack ")]


def pass_all(state: henchmen.State) -> henchmen.State:
    """Every asked player passes the open Segue window (if any)."""
    while pos(state)["phase"] == "window":
        state.apply("pass")
    return state


def master_attacked(**spec: Any) -> henchmen.State:
    """Three players, Mugga Mugga every Master; player 2's Hideout removed, their Master
    exposed (no hits left): player 1's front left attacks it (``spec``: the grids and the
    rest)."""
    s = position(
        players=3,
        decks=["Mugga Mugga"] * 3,
        hands={0: [], 1: [], 2: []},
        hits={1: 0},
        hideouts={1: "removed"},
        **spec,
    )
    return play(s, "attack player 2 Master with front left")
