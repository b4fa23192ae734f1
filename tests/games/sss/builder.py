"""Build any Seven Secret Supervillains position from a compact spec, for tests.

Name what matters to the test; the builder puts every other card somewhere
legal so that all cards are conserved, writes the position JSON of
``cpp/games/sss/serialize.cpp`` and loads it through ``henchmen.deserialize``
(which runs ``validate()``).  Chance stays explicit: apply ``"draw Tiny Bot"``
or ``"reveal King Cobra"`` yourself.

Where the unspecified cards go:

- Minions not named anywhere: the unknown part of the Minion deck (or the
  expelled pile with ``rest_minions="expelled"``).  ``row=None`` takes the
  first five of them in card-table order.
- Tiny and Junky Bots: each player owns 8 and 2; those not named go to the
  unknown part of their owner's deck (unless that deck is given, then to the
  other player's deck).
- Scaredy Bots not named: the Scaredy pile.  Explodey Bots not named:
  expelled (as if already played), except that in a game with Experiment
  (Pandamonium) the Explodey pile is filled first (or holds ``explodey_bots``):
  11 Bots in all, less those the mode deals (10 in the duel).  In a hand they
  are public by default.
- Upgrades: ``upgrade_row`` defaults to the first one not named; the rest go
  to the unknown part of the Upgrade deck.
- Supervillains not in a slot, the Danger Zone or ``won_by``: the deck.
- Chaos Spells (only in games where a card gives Discombobulate, Gizzard Wizards):
  those not in a ``spell_book``, ``spells_aside`` or ``chaos_deck_bottom``: the
  unknown part of the Chaos Spell deck (or exactly ``chaos_deck``).

>>> s = position(hands={0: ["Freezer Burn 3", "Tiny Bot"]}, power={0: 2})
>>> s.legal_actions.ids == s.legal_action_ids
True
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

# Re-exported: every game's tests take the notation helpers from their builder.
from tests.games.notation import moves, outcomes, play, pos, resolve  # noqa: F401

import henchmen

GAME = "seven-secret-supervillains"
_GAME = henchmen.Game(GAME)
OPTIONS: dict[str, Any] = _GAME.options
TABLE: dict[str, Any] = _GAME.card_table()
CREWS: list[dict[str, Any]] = [
    next(c for c in TABLE["crews"] if c["name"] == name) for name in OPTIONS["crews"]
]
MINIONS: list[str] = [f"{c['name']} {m['reputation']}" for c in CREWS for m in c["minions"]]
UPGRADES: list[str] = [c["upgrade"]["name"] for c in CREWS]
SUPERVILLAINS: list[str] = [c["supervillain"] for c in CREWS]
BOTS_PER_PLAYER = {"Tiny Bot": 8, "Junky Bot": 2}
EXPLODEY_BOTS = 1  # dealt to the hands: the duel's one; the Brawl deals three at 4 players
EXPLODEY_IN_ALL = 11  # the base game's 1 and the expansion's 10, in games with Experiment
SCAREDY_BOTS = 10


SPELLS: list[str] = [s["name"] for s in TABLE["chaos_spells"]]


def _chaos_spells() -> bool:
    """Whether the crews in force have the Chaos Spells: a card gives Discombobulate."""
    return any(
        c["ability"] == "Discombobulate" or c["upgrade"]["ability"] == "Discombobulate"
        for c in CREWS
    )


def _explodey_pile() -> int:
    """The Explodey pile of the crews in force: when a Minion or Upgrade gives Experiment, the
    11 Explodey Bots less those dealt to the hands (10 in the duel)."""
    gives = any(
        c["ability"] == "Experiment" or c["upgrade"]["ability"] == "Experiment" for c in CREWS
    )
    return EXPLODEY_IN_ALL - EXPLODEY_BOTS if gives else 0


PerPlayer = Mapping[int, Sequence[str]]
_ZONES = (
    "hands",
    "decks",
    "deck_bottom",
    "deck_top",
    "discard",
    "in_play",
    "bought",
    "stash",
    "frozen",
)


def card(name: str) -> dict[str, Any]:
    """The card-table entry of a Minion ("Fire Starters 4"), Bot or Upgrade."""
    if name in TABLE["bots"]:
        return dict(TABLE["bots"][name])
    for sp in TABLE["chaos_spells"]:
        if sp["name"] == name:
            return dict(sp)
    for c in CREWS:
        if c["upgrade"]["name"] == name:
            return dict(c["upgrade"])
        for m in c["minions"]:
            if name == f"{c['name']} {m['reputation']}":
                return dict(m)
    raise KeyError(f"no card named {name!r}")


def health(name: str) -> int:
    """What a card costs to buy (its health; an Upgrade's cost)."""
    entry = card(name)
    return int(entry["cost"] if "cost" in entry else entry["health"])


def power(name: str) -> int:
    """The power a card gives when played."""
    return int(card(name)["power"])


def position_doc(
    *,
    turn_player: int = 0,
    turn: int | None = None,
    hands: PerPlayer | None = None,
    hand_public: PerPlayer | None = None,
    decks: PerPlayer | None = None,
    deck_bottom: PerPlayer | None = None,
    deck_top: Mapping[int, Sequence[str | tuple[str, Sequence[int]]]] | None = None,
    discard: PerPlayer | None = None,
    in_play: PerPlayer | None = None,
    bought: PerPlayer | None = None,
    stash: PerPlayer | None = None,
    frozen: PerPlayer | None = None,
    frozen_public: PerPlayer | None = None,
    upgrades: PerPlayer | None = None,
    upgrades_pending: PerPlayer | None = None,
    upgrades_used: PerPlayer | None = None,
    power: Mapping[int, int] | None = None,
    abilities: Mapping[int, Mapping[str, int]] | None = None,
    supervillains: Sequence[str | None] = ("King Cobra", "Ice-Cold Cream", "Killer Kiwi"),
    danger_zone: Iterable[str] = (),
    won_by: Mapping[str, int] | None = None,
    attached: Mapping[str, PerPlayer] | None = None,
    row: Sequence[str | None] | None = None,
    minion_deck: Sequence[str] | None = None,
    minion_deck_bottom: Sequence[str] = (),
    minion_deck_top: Sequence[tuple[str, Sequence[int]]] = (),
    upgrade_row: str | None = "",
    upgrade_deck_bottom: Sequence[str] = (),
    scaredy_bots: int | None = None,
    explodey_bots: int | None = None,
    repeatable: str | None = None,
    minion_abilities: Mapping[str, int] | None = None,
    expelled: Sequence[str] = (),
    pending: str = "none",
    tasks: Sequence[Mapping[str, Any]] = (),
    over: bool = False,
    winner: int = -1,
    rest_minions: str = "deck",
    spell_book: PerPlayer | None = None,
    spell_book_public: PerPlayer | None = None,
    spells_aside: PerPlayer | None = None,
    spells_aside_public: PerPlayer | None = None,
    chaos_deck: Sequence[str] | None = None,
    chaos_deck_bottom: Sequence[str] = (),
) -> dict[str, Any]:
    """The serialized-state document (a dict) for the spec; see :func:`position`."""
    n = OPTIONS["players"]
    if turn is None:
        turn = turn_player + 1  # seat 0 takes turn 1 and the seats alternate
    per = {
        "hands": hands or {},
        "decks": decks or {},
        "deck_bottom": deck_bottom or {},
        # A known top card: a name (known to its owner alone) or (name, players who know it).
        "deck_top": {
            p: [c if isinstance(c, str) else c[0] for c in cards]
            for p, cards in (deck_top or {}).items()
        },
        "discard": discard or {},
        "in_play": in_play or {},
        "bought": bought or {},
        "stash": stash or {},
        "frozen": frozen or {},
    }
    upgrades = upgrades or {}
    upgrades_pending = upgrades_pending or {}
    attached = attached or {}
    won_by = dict(won_by or {})
    expelled = list(expelled)

    placed: Counter[str] = Counter()
    own: list[Counter[str]] = [Counter() for _ in range(n)]
    for zone in _ZONES:
        for p, cards in per[zone].items():
            own[p].update(cards)
            placed.update(cards)
    for sides in attached.values():
        for cards in sides.values():
            placed.update(cards)
    placed.update(c for c in (row or ()) if c)
    placed.update(minion_deck or ())
    placed.update(minion_deck_bottom)
    placed.update(name for name, _ in minion_deck_top)
    placed.update(expelled)
    for ups in (upgrades, upgrades_pending):
        for cards in ups.values():
            placed.update(cards)
    placed.update(upgrade_deck_bottom)
    if upgrade_row:
        placed[upgrade_row] += 1
    for name, k in placed.items():
        if name in MINIONS or name in UPGRADES:
            if k > 1:
                raise ValueError(f"{name} is placed {k} times; there is one")
    pile = _explodey_pile()
    explodey_total = EXPLODEY_BOTS + pile
    if placed["Explodey Bot"] > explodey_total:
        raise ValueError(
            f"{placed['Explodey Bot']} Explodey Bots are placed; there are {explodey_total}"
        )

    # Minions.
    rest = [m for m in MINIONS if not placed[m]]
    if row is None:
        row = rest[:5] + [None] * (5 - len(rest[:5]))
        rest = rest[5:]
    unknown_minions = list(minion_deck or ())
    if minion_deck is None and rest_minions == "deck":
        unknown_minions += rest
    elif rest_minions == "expelled":
        expelled += rest
    elif rest:
        raise ValueError(
            f"minion_deck is given; {len(rest)} Minions are placed nowhere: {rest[:5]}..."
        )

    # Upgrades.
    free_upgrades = [u for u in UPGRADES if not placed[u]]
    if upgrade_row == "":
        upgrade_row = free_upgrades.pop(0) if free_upgrades else None

    # Bots.
    deck_unknown: list[list[str]] = [list(per["decks"].get(p, ())) for p in range(n)]
    defaults = [p for p in range(n) if p not in per["decks"]]
    for bot, each in BOTS_PER_PLAYER.items():
        left = each * n - placed[bot]
        if left < 0:
            raise ValueError(f"{placed[bot]} {bot}s are placed; there are {each * n}")
        for p in defaults:
            give = min(left, max(0, each - own[p][bot]))
            deck_unknown[p] += [bot] * give
            left -= give
        if left and defaults:
            deck_unknown[defaults[0]] += [bot] * left
        elif left:
            raise ValueError(f"{left} {bot}s are placed nowhere and every deck is given")
    unplaced = explodey_total - placed["Explodey Bot"]
    if explodey_bots is None:
        explodey_bots = min(pile, unplaced)
    if explodey_bots > unplaced or (explodey_bots and not pile):
        raise ValueError(f"{explodey_bots} Explodey Bots in the pile; {unplaced} are free")
    expelled += ["Explodey Bot"] * (unplaced - explodey_bots)
    if scaredy_bots is None:
        scaredy_bots = SCAREDY_BOTS - placed["Scaredy Bot"]

    # Supervillains.
    if not SUPERVILLAINS:
        supervillains = ()  # none in the mode, whatever the default names
    slots = list(supervillains) + [None] * (3 - len(supervillains))
    danger = list(danger_zone)
    used_sv = {s for s in slots if s} | set(danger) | set(won_by)
    sv_deck = [s for s in SUPERVILLAINS if s not in used_sv]

    # Chaos Spells.
    spells = _chaos_spells()
    books = {p: list(v) for p, v in (spell_book or {}).items()}
    asides = {p: list(v) for p, v in (spells_aside or {}).items()}
    named = [c for v in (*books.values(), *asides.values()) for c in v] + list(chaos_deck_bottom)
    if (named or chaos_deck) and not spells:
        raise ValueError("no crew of this game gives Discombobulate: there are no Chaos Spells")
    spell_unknown = (
        list(chaos_deck) if chaos_deck is not None else [c for c in SPELLS if c not in named]
    )

    players = []
    for p in range(n):
        hand = list(per["hands"].get(p, ()))
        if hand_public is not None and p in hand_public:
            public = list(hand_public[p])
        else:
            public = [c for c in hand if c == "Explodey Bot"]
        players.append(
            {
                "hand": hand,
                "hand_public": public,
                "deck": {
                    "unknown": deck_unknown[p],
                    "known_from_top": list(per["deck_bottom"].get(p, ())),
                    **_deck_top(p, (deck_top or {}).get(p, ())),
                },
                "discard": list(per["discard"].get(p, ())),
                "in_play": list(per["in_play"].get(p, ())),
                "bought": list(per["bought"].get(p, ())),
                "stash": list(per["stash"].get(p, ())),
                "frozen": list(per["frozen"].get(p, ())),
                "frozen_public": list((frozen_public or {}).get(p, ())),
                "upgrades": list(upgrades.get(p, ())),
                "upgrades_pending": list(upgrades_pending.get(p, ())),
                "upgrades_used": list((upgrades_used or {}).get(p, ())),
                "power": (power or {}).get(p, 0),
                "abilities": dict((abilities or {}).get(p, {})),
                "won": sum(1 for w in won_by.values() if w == p),
                **(
                    {
                        "spell_book": books.get(p, []),
                        "spell_book_public": list((spell_book_public or {}).get(p, ())),
                        "spells_aside": asides.get(p, []),
                        "spells_aside_public": list((spells_aside_public or {}).get(p, ())),
                    }
                    if spells
                    else {}
                ),
            }
        )
    pos = {
        "turn": turn,
        "turn_player": turn_player,
        "pending": pending,
        "over": over,
        "winner": winner,
        "supervillain_deck": sv_deck,
        "supervillain_slots": slots,
        "danger_zone": danger,
        "won_by": won_by,
        "attached": {
            sv: [list(sides.get(p, ())) for p in range(n)] for sv, sides in attached.items()
        },
        "minion_row": list(row),
        "minion_deck": {
            "unknown": unknown_minions,
            "known_from_top": list(minion_deck_bottom),
            # A known top Minion: (name, players who know it); omitted when there is none.
            **(
                {"top": [{"card": c, "known_to": sorted(w)} for c, w in minion_deck_top]}
                if minion_deck_top
                else {}
            ),
        },
        "upgrade_row": upgrade_row,
        "upgrade_deck": {"unknown": free_upgrades, "known_from_top": list(upgrade_deck_bottom)},
        "scaredy_bots": scaredy_bots,
        **({"explodey_bots": explodey_bots} if pile else {}),
        **(
            {
                "chaos_spell_deck": {
                    "unknown": spell_unknown,
                    "known_from_top": list(chaos_deck_bottom),
                }
            }
            if spells
            else {}
        ),
        **({"repeatable": repeatable} if repeatable else {}),
        **({"minion_abilities": dict(minion_abilities)} if minion_abilities else {}),
        "expelled": expelled,
        "tasks": [dict(t) for t in tasks],
        "players": players,
    }
    return {
        "format": "henchmen-state",
        "version": 1,
        "game": GAME,
        "options": OPTIONS,
        "position": pos,
        "history": [],
    }


def _deck_top(owner: int, cards: Sequence[str | tuple[str, Sequence[int]]]) -> dict[str, Any]:
    """The position JSON's known top segment of a deck (omitted when empty)."""
    if not cards:
        return {}
    top = []
    for c in cards:
        name, who = (c, [owner]) if isinstance(c, str) else (c[0], sorted({owner, *c[1]}))
        top.append({"card": name, "known_to": list(who)})
    return {"top": top}


def position(**spec: Any) -> henchmen.State:
    """A state with chance explicit, built from the spec (keywords of :func:`position_doc`).

    Per-player arguments are dicts ``{player: [card names]}``; ``attached``
    is ``{supervillain: {player: [minions]}}``; ``abilities`` is
    ``{player: {"Freeze": 1}}``.
    """
    return henchmen.deserialize(json.dumps(position_doc(**spec)))


def me(state: henchmen.State, player: int) -> dict[str, Any]:
    """One player's part of the position JSON."""
    return pos(state)["players"][player]  # type: ignore[no-any-return]


def looked(s: henchmen.State, viewer: int) -> list[str | None]:
    """The cards the viewer sees looked at, top first (None: not shown to them)."""
    seen = s.observation(viewer)["looked"]
    return [] if seen is None else list(seen["cards"])


#: The setup's chance outcomes for :func:`from_start`: three Supervillains, five Minions for
#: the row, the Upgrade, then each player's five cards (player 1 draws both Junky Bots).
OPENING: tuple[str, ...] = (
    "reveal King Cobra",
    "reveal Ice-Cold Cream",
    "reveal Killer Kiwi",
    "reveal Freezer Burn 3",
    "reveal Royal Rule 9",
    "reveal Health Hazards 3",
    "reveal Sleuths N' Sniffs 3",
    "reveal Royal Rule 1",
    "reveal Golden Throne",
    *["draw Tiny Bot"] * 3,
    *["draw Junky Bot"] * 2,
    *["draw Tiny Bot"] * 5,
)


def from_start(*played: str, opening: Sequence[str] = OPENING) -> henchmen.State:
    """A real game from the initial state with chance explicit: the ``opening`` chance
    outcomes, then ``played`` (decisions and chance outcomes alike, in notation).

    Unlike :func:`position`, the state has its whole history, so every player's knowledge
    follows what they saw and ``resample`` draws exactly from what they cannot rule out.

    >>> s = from_start("play Tiny Bot")
    >>> s.move_number, me(s, 0)["power"]
    (20, 1)
    """
    state = henchmen.Game(GAME).new_initial_state(auto_chance=False)
    for text in (*opening, *played):
        state.apply(text)
    return state


#: Seven crews with both expel crews (Llamaristas, Pig Out) in play: their tests and the
#: infoset oracle's SSS expansion configuration use them.
EXPEL_CREWS = (
    "Royal Rule",
    "Freezer Burn",
    "Health Hazards",
    "Hoppy Hunters",
    "Llamaristas",
    "Pig Out",
    "Fire Starters",
)

#: Seven crews with Cocoon Conquest (Pupate) and Pig Out (Consume, which gains a pupated
#: card's doubled power): the Pupate tests use them.
PUPATE_CREWS = (
    "Royal Rule",
    "Freezer Burn",
    "Health Hazards",
    "Hoppy Hunters",
    "Cocoon Conquest",
    "Pig Out",
    "Fire Starters",
)

#: Seven crews, as many of sss-crews-b's as are built (the rest base crews): the
#: conformance suite and the infoset oracle play them.
# The crews that look at the top or bottom of a deck (sss-crews-d), with the
# base crews that move cards through decks and discard piles.
CREWS_D = (
    "Royal Rule",
    "Freezer Burn",
    "Health Hazards",
    "Croc Docs",
    "Water Divination",
    "Pig Out",
    "Fire Starters",
)
CREWS_B = (
    "Royal Rule",
    "Freezer Burn",
    "Health Hazards",
    "Sleep Slayers",
    "Cocoon Conquest",
    "Pig Out",
    "Fire Starters",
)

#: Seven crews, as many of sss-crews-c's as are built (the rest base crews; Tourist Trap's
#: Replicate copies their abilities): the conformance suite and the infoset oracle play them.
#: Monkey Mischief (Gamble) with base crews: its tests and the conformance suite.
MONKEY_CREWS = (
    "Royal Rule",
    "Freezer Burn",
    "Health Hazards",
    "Hoppy Hunters",
    "Monkey Mischief",
    "Fire Starters",
    "Tourist Trap",
)
CREWS_C = (
    "Deadly Deliveries",
    "Brutal Builders",
    "Musical Madness",
    "Yard-Sailers",
    "Gale Force",
    "Raccoon Rebellion",
    "Tourist Trap",
)

# sss-panda: Experiment (an Explodey pile, expelled Bots reused) and Repeat (the most recent
# Minion ability used), beside Freeze, Replicate, Fetch and Incinerate, which meet them.
CREWS_PANDA = (
    "Royal Rule",
    "Freezer Burn",
    "Pandamonium",
    "Telemacawters",
    "Tourist Trap",
    "Fire Starters",
    "Sleuths N' Sniffs",
)


@contextmanager
def mode(**options: Any) -> Iterator[None]:
    """Within the block, :func:`position` builds games with these options
    (``mode="brawl", players=4``): the options, card lists, the number of
    Explodey Bots and whether Supervillains are on the table follow them."""
    global OPTIONS, CREWS, MINIONS, UPGRADES, SUPERVILLAINS, EXPLODEY_BOTS
    saved = OPTIONS, CREWS, MINIONS, UPGRADES, SUPERVILLAINS, EXPLODEY_BOTS
    OPTIONS = henchmen.Game(GAME, **options).options
    CREWS = [next(c for c in TABLE["crews"] if c["name"] == name) for name in OPTIONS["crews"]]
    MINIONS = [f"{c['name']} {m['reputation']}" for c in CREWS for m in c["minions"]]
    UPGRADES = [c["upgrade"]["name"] for c in CREWS]
    SUPERVILLAINS = [c["supervillain"] for c in CREWS]
    start = json.loads(henchmen.new_game(GAME, seed=0, **options).serialize())["position"]
    EXPLODEY_BOTS = sum(p["hand"].count("Explodey Bot") for p in start["players"])
    if not start["supervillain_deck"] and not any(start["supervillain_slots"]):
        SUPERVILLAINS = []  # a mode without Supervillains on the table (the Secretive)
    try:
        yield
    finally:
        OPTIONS, CREWS, MINIONS, UPGRADES, SUPERVILLAINS, EXPLODEY_BOTS = saved


@contextmanager
def crews(*names: str) -> Iterator[None]:
    """Within the block, :func:`position` builds games of these seven crews (the expansion
    crews' tests use it): the options and the card lists above follow them."""
    global OPTIONS, CREWS, MINIONS, UPGRADES, SUPERVILLAINS
    saved = OPTIONS, CREWS, MINIONS, UPGRADES, SUPERVILLAINS
    OPTIONS = {**OPTIONS, "crews": list(names)}
    CREWS = [next(c for c in TABLE["crews"] if c["name"] == name) for name in names]
    MINIONS = [f"{c['name']} {m['reputation']}" for c in CREWS for m in c["minions"]]
    UPGRADES = [c["upgrade"]["name"] for c in CREWS]
    SUPERVILLAINS = [c["supervillain"] for c in CREWS]
    try:
        yield
    finally:
        OPTIONS, CREWS, MINIONS, UPGRADES, SUPERVILLAINS = saved


#: The crews that look at the top cards of a deck (sss-tales: Rewrite, Sell), beside the ones
#: that leave known cards on top (Prophecize, for everyone) or at the bottom (Harvest), take
#: the top card (Freeze) and copy an ability (Replicate): their tests and the conformance suite.
CREWS_TALES = (
    "Royal Rule",
    "Freezer Burn",
    "Health Hazards",
    "Tall Tales",
    "Salesweasels",
    "Water Divination",
    "Tourist Trap",
)

# Pandamonium, Telemacawters and Monkey Mischief together, with Engineer and Hack.
CREWS_REPEAT_GAMBLE = (
    "Royal Rule",
    "Pandamonium",
    "Telemacawters",
    "Monkey Mischief",
    "Musical Madness",
    "Raccoon Rebellion",
    "Brutal Builders",
)

# sss-gizzard: Discombobulate (a private spell book fed from a face-down Chaos Spell deck),
# beside Repeat and Replicate (which never copy a spell), Incinerate, Consume and Fetch (which
# never reach a spell: it is not in the hand).
CREWS_GIZZARD = (
    "Royal Rule",
    "Gizzard Wizards",
    "Telemacawters",
    "Tourist Trap",
    "Fire Starters",
    "Pig Out",
    "Sleuths N' Sniffs",
)

# sss-trendset: Trendset (the top 2 cards of the Minion deck looked at, then each bought,
# topped or bottomed) beside the crews that put Minions under the Minion deck in view (Gust,
# Haggle, Replicate's leftmost) and Haggle's cheaper replacements.
CREWS_TRENDSET = (
    "Royal Rule",
    "Freezer Burn",
    "Health Hazards",
    "Dinomite Dressers",
    "Gale Force",
    "Yard-Sailers",
    "Tourist Trap",
)

# Issue 36, item 6: an outside review's set, where Sell (Salesweasels) discards an Explodey Bot
# (Pandamonium's Experiment makes more of them), a reshuffle deals it back into the deck, and
# drawn unseen it is kept, and so shown, at cleanup; Repeat copies Sell. Its resamples once
# gave positions validate() refused.
CREWS_SELL_EXPLODEY = (
    "Pandamonium",
    "Salesweasels",
    "Dinomite Dressers",
    "Telemacawters",
    "Raccoon Rebellion",
    "Yard-Sailers",
    "Gizzard Wizards",
)


def keen_step(
    state: henchmen.State, rng: random.Random, verbs: Sequence[str], names: Sequence[str]
) -> tuple[int, str | None]:
    """One step of seeded random play (explicit chance) that prefers the moves starting with
    one of ``verbs`` or naming one of ``names``: a chance outcome drawn by its probability, or
    a move; the action id and the move's text (None at chance). The walks that steer play
    toward a crew's abilities are made of these."""
    if state.is_chance:
        x, acc = rng.random(), 0.0
        for o, p in state.chance_outcomes:
            acc += p
            if x < acc:
                return o.id, None
        return state.chance_outcomes[-1][0].id, None
    legal = list(state.legal_actions)
    keen = [m for m in legal if str(m).split()[0] in verbs or any(n in str(m) for n in names)]
    move = rng.choice(keen or legal)
    return move.id, str(move)


def attaching(player: int, card: str, sides: dict[int, list[str]], **spec: Any) -> henchmen.State:
    """``player`` (0-based), on their turn, attaches the Minion ``card`` from their hand to
    King Cobra, whose sides hold ``sides`` (``spec``: the rest of the position): how the
    modes' sides and winning reputations are tested."""
    s = position(
        hands={player: [card]},
        turn_player=player,
        turn=player + 1,
        attached={"King Cobra": sides},
        **spec,
    )
    return play(s, f"attach {card}")


def attached_to_king_cobra(player: int, card: str, side: Sequence[str]) -> henchmen.State:
    """:func:`attaching` with King Cobra in the Danger Zone, ``side`` on player 2's side and
    the other three Supervillains in their slots."""
    supervillains = ["Mr. Shadow", "Ice-Cold Cream", "Killer Kiwi"]
    return attaching(
        player, card, {1: list(side)}, danger_zone=["King Cobra"], supervillains=supervillains
    )
