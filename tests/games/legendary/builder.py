"""Build any Legendary position from a compact spec, for tests.

Name what matters to the test; the builder puts every other card somewhere
legal so that all cards are conserved, writes the position JSON of
``cpp/games/legendary/serialize.cpp`` and loads it through
``henchmen.deserialize`` (which runs ``validate()``).  Chance stays explicit:
apply ``"draw Wolverine: Keen Senses"`` or ``"villain deck: Blob"`` yourself.

Where the unspecified cards go:

- S.H.I.E.L.D. Agents and Troopers (8 and 4 per player): the unknown part of
  the decks of players whose deck is not given, in turn; else the KO pile.
- Hero cards of the heroes in play: the HQ (if not given, the first five left
  in card-table order), then the Hero Deck.
- Villain, henchman, Twist and Master Strike cards: the Villain Deck, unless
  ``villain_deck`` is given (then the KO pile).
- Officers, Wounds and Bystanders: their stacks.  Tactics: under the mastermind.

>>> s = position(hands={0: ["Wolverine: Keen Senses"]}, heroes=["Wolverine"])
>>> "play Wolverine: Keen Senses" in [str(a) for a in s.legal_actions]
True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

# Re-exported: every game's tests take the notation helpers from their builder.
from tests.games.notation import moves, play  # noqa: F401

import henchmen

GAME = "legendary"
TABLE: dict[str, Any] = henchmen.Game(GAME).card_table()
HEROES = [h["name"] for h in TABLE["heroes"]]
GROUPS = [g["name"] for g in TABLE["villains"]]
HENCHMEN = [h["name"] for h in TABLE["henchmen"]]
MASTERMINDS = {m["name"]: m for m in TABLE["masterminds"]}
SCHEMES = {s["name"]: s for s in TABLE["schemes"]}
SETUP = {row["players"]: row for row in TABLE["setup"]["players"]}
CITY = TABLE["city"]
AGENT, TROOPER, OFFICER = (b["name"] for b in TABLE["basics"])

PerPlayer = Mapping[int, Sequence[str]]


def hero_cards(hero: str) -> list[tuple[str, int]]:
    """(name, copies) of each card of a hero."""
    h = next(x for x in TABLE["heroes"] if x["name"] == hero)
    return [(f"{hero}: {c['name']}", c["count"]) for c in h["cards"]]


def hero_card(name: str) -> dict[str, Any]:
    hero, card = name.split(": ", 1)
    h = next(x for x in TABLE["heroes"] if x["name"] == hero)
    return next(c for c in h["cards"] if c["name"] == card)


def cost(name: str) -> int:
    if name == OFFICER:
        return 3
    if name in (AGENT, TROOPER):
        return 0
    return int(hero_card(name)["cost"])


def villain_cards(group: str) -> list[tuple[str, int]]:
    g = next(x for x in TABLE["villains"] if x["name"] == group)
    return [(c["name"], c["count"]) for c in g["cards"]]


def default_groups(players: int, mastermind: str, scheme: str) -> tuple[list[str], list[str]]:
    row = SETUP[players]
    lead = MASTERMINDS[mastermind]["always_leads"]
    groups: list[str] = []
    hench: list[str] = []
    need = SCHEMES[scheme].get("requires")
    if need:
        groups.append(need)
    if players > 1:
        if lead in GROUPS and lead not in groups:
            groups.append(lead)
        if lead in HENCHMEN:
            hench.append(lead)
    for g in GROUPS:
        if len(groups) < row["villain_groups"] and g not in groups:
            groups.append(g)
    want_h = row["henchmen_groups"] + SCHEMES[scheme].get("extra_henchmen", 0)
    for h in HENCHMEN:
        if len(hench) < want_h and h not in hench:
            hench.append(h)
    return groups[: row["villain_groups"]], hench


def heroes_needed(players: int, scheme: str) -> int:
    sd = SCHEMES[scheme]
    if players == 1:
        return SETUP[1]["heroes"]
    if players == 2 and sd.get("heroes_2_players"):
        return int(sd["heroes_2_players"])
    return int(sd.get("heroes") or SETUP[players]["heroes"])


def game(players: int = 2, **options: Any) -> henchmen.Game:
    return henchmen.Game(GAME, players=players, **options)


def position(
    *,
    players: int = 2,
    scheme: str = "Unleash the Power of the Cosmic Cube",
    mastermind: str = "Red Skull",
    villains: Sequence[str] | None = None,
    henchmen_groups: Sequence[str] | None = None,
    heroes: Sequence[str] | None = None,
    turn_player: int = 0,
    hands: PerPlayer | None = None,
    decks: PerPlayer | None = None,
    deck_top: PerPlayer | None = None,
    discards: PerPlayer | None = None,
    victory: PerPlayer | None = None,
    hq: Sequence[str | None] | None = None,
    city: Mapping[str, Any] | None = None,
    villain_deck: Sequence[str] | None = None,
    hero_deck: Sequence[str] | None = None,
    ko: Sequence[str] = (),
    escaped: Sequence[str] = (),
    tactics: Sequence[str] | None = None,
    mastermind_bystanders: int = 0,
    played: Sequence[str] = (),
    attack: int = 0,
    recruit: int = 0,
    counters: Mapping[str, int] | None = None,
    turn: Mapping[str, Any] | None = None,
    end: Mapping[str, Any] | None = None,
    wounds_left: int | None = None,
    officers_left: int | None = None,
    bystanders_left: int | None = None,
    options: Mapping[str, Any] | None = None,
    explicit_chance: bool = False,
) -> henchmen.State:
    """A position with the named cards where given and every other card conserved.

    ``city`` maps a space name ("Sewers" .. "Bridge") to a card name or to
    ``{"card": ..., "bystanders": n, "under": hero}``.
    """
    hands, decks, deck_top = dict(hands or {}), dict(decks or {}), dict(deck_top or {})
    discards, victory = dict(discards or {}), dict(victory or {})
    groups, hench = default_groups(players, mastermind, scheme)
    if villains is not None:
        groups = list(villains)
    if henchmen_groups is not None:
        hench = list(henchmen_groups)
    need = heroes_needed(players, scheme)
    hero_list = list(heroes or [])
    for h in HEROES:
        if len(hero_list) < need and h not in hero_list:
            hero_list.append(h)
    hero_list = sorted(hero_list, key=HEROES.index)
    opts = {
        "scheme": scheme,
        "mastermind": mastermind,
        "villains": groups,
        "henchmen": hench,
        "heroes": hero_list,
        **(options or {}),
    }
    g = game(players, **opts)
    sd = SCHEMES[scheme]
    row = SETUP[players]

    # How many of each card the game holds.
    total: Counter[str] = Counter()
    for h in hero_list:
        for name, k in hero_cards(h):
            total[name] += k
    total[AGENT] = 8 * players
    total[TROOPER] = 4 * players
    for grp in groups:
        for name, k in villain_cards(grp):
            total[name] += k
    for h in hench:
        total[h] += row["henchmen_cards"]
    twists = sd["twists"]
    if players >= 4 and sd.get("twists_4_5_players") is not None:
        twists = sd["twists_4_5_players"]
    extra = ["normal", "heroic", "champion", "legendary"].index(g.options["difficulty"])
    total["Scheme Twist"] = twists + extra + sd.get("twists_beside", 0)
    total["Master Strike"] = row["master_strikes"]
    mm = MASTERMINDS[mastermind]
    tactic_names = [f"{mastermind}: {t['name']}" for t in mm["tactics"]]
    for t in tactic_names:
        total[t] = 1

    used: Counter[str] = Counter()

    def use(names: Sequence[str]) -> list[str]:
        for n_ in names:
            used[n_] += 1
        return list(names)

    cnt = dict(counters or {})
    players_json = []
    for p in range(players):
        players_json.append(
            {
                "hand": use(hands.get(p, [])),
                "deck_top": use(deck_top.get(p, [])),
                "deck_top_private": [False] * len(deck_top.get(p, [])),
                "deck": use(decks.get(p, [])),
                "discard": use(discards.get(p, [])),
                "victory": use(victory.get(p, [])),
                "pass": None,
            }
        )
    city_json = []
    for space in CITY:
        spec = (city or {}).get(space)
        if spec is None:
            city_json.append({"card": None, "bystanders": 0, "under": None})
            continue
        if isinstance(spec, str):
            spec = {"card": spec}
        card = spec["card"]
        used[card if card != "Killbot" else "Bystander"] += 1
        if spec.get("under"):
            used[spec["under"]] += 1
        used["Bystander"] += spec.get("bystanders", 0)
        city_json.append(
            {
                "card": card if card != "Killbot" else "Bystander",
                "bystanders": spec.get("bystanders", 0),
                "under": spec.get("under"),
            }
        )
    used["Bystander"] += mastermind_bystanders
    played_json = [{"card": c, "as": c, "copied": False} for c in use(played)]
    ko_list = list(ko)
    use(ko_list)
    use(escaped)
    hq_list: list[str | None] | None = list(hq) if hq is not None else None
    if hq_list is not None:
        use([x for x in hq_list if x])
    vdeck = list(villain_deck) if villain_deck is not None else None
    if vdeck is not None:
        use(vdeck)
    hdeck = list(hero_deck) if hero_deck is not None else None
    if hdeck is not None:
        use(hdeck)
    tac = list(tactics) if tactics is not None else None
    if tac is not None:
        use(tac)
    beside = cnt.get("twists_beside", sd.get("twists_beside", 0))
    used["Scheme Twist"] += beside - cnt.get("mystique_twists", 0)

    # Leftovers.
    left = {name: total[name] - used[name] for name in total}
    for name, k in left.items():
        if k < 0 and name not in (AGENT, TROOPER):
            raise ValueError(f"too many {name}: {used[name]} named, the game has {total[name]}")
    free_decks = [p for p in range(players) if p not in decks]
    for basic in (AGENT, TROOPER):
        k = left.pop(basic, 0)
        if k < 0:
            raise ValueError(f"too many {basic}")
        i = 0
        while k > 0:
            if free_decks:
                players_json[free_decks[i % len(free_decks)]]["deck"].append(basic)
            else:
                ko_list.append(basic)
            i += 1
            k -= 1
    hero_left: list[str] = []
    for h in hero_list:
        for name, _ in hero_cards(h):
            hero_left += [name] * left.pop(name, 0)
    if hq_list is None:
        hq_list = hero_left[:5]
        hero_left = hero_left[5:]
    while len(hq_list) < 5:
        hq_list.append(None)
    if hdeck is None:
        hdeck = hero_left
    else:
        ko_list += hero_left
    tac_left = [t for t in tactic_names for _ in range(left.pop(t, 0))]
    if tac is None:
        tac = tac_left
    else:
        ko_list += tac_left
    villain_left: list[str] = []
    for name in list(left):
        villain_left += [name] * left.pop(name)
    if vdeck is None:
        vdeck = villain_left
    else:
        ko_list += villain_left
    wounds_total = (
        min(30, sd.get("wounds_per_player", 0) * players) if sd.get("wounds_per_player") else 30
    )
    w_used = used["Wound"]
    b_used = used["Bystander"]
    o_used = used[OFFICER]
    counters_json = {
        "wounds_left": wounds_left if wounds_left is not None else wounds_total - w_used,
        "bystanders_left": bystanders_left if bystanders_left is not None else 30 - b_used,
        "officers_left": officers_left if officers_left is not None else 30 - o_used,
        "mastermind_bystanders": mastermind_bystanders,
        "twists_played": 0,
        "twists_beside": beside,
        "mystique_twists": 0,
        "portals": 0,
        "villains_escaped": 0,
        "bystanders_carried": 0,
        "killbots_escaped": 0,
        "heroes_escaped": 0,
    }
    counters_json.update(cnt)
    ko_counts = Counter(ko_list)
    if wounds_left is not None:
        ko_counts["Wound"] += wounds_total - w_used - wounds_left
    if officers_left is not None:
        ko_counts[OFFICER] += 30 - o_used - officers_left
    if bystanders_left is not None:
        ko_counts["Bystander"] += 30 - b_used - bystanders_left
    turn_json: dict[str, Any] = {
        "player": turn_player,
        # Every turn plays a card of the Villain Deck: with the deck whole, no
        # turn has been played yet (validate() bounds the turn number by it).
        "number": 1 if villain_deck is not None else 0,
        "played": played_json,
        "attack": attack,
        "recruit": recruit,
        "recruit_made": recruit,
        "extra_draws": 0,
        "recruit_as_attack": False,
        "healed": False,
        "acted": False,
        "extra_turn": False,
        "on_defeat_recruit": 0,
        "on_defeat_rescue": 0,
        "space_minus": [0, 0, 0, 0, 0],
        "mastermind_minus": 0,
        "extra_draw": 0,
        "bubble": None,
        "look": [],
        "look_owner": 0,
        "look_private": False,
        "steal": [],
        "limbo": None,
    }
    turn_json.update(turn or {})
    end_json: dict[str, Any] = {
        "mastermind_defeated": not tac,
        "deck_ran_out": False,
        "over": False,
        "result": 0,
        "showdown": False,
        "showdown_mask": 0,
        "showdown_done": 0,
        "showdown_round": 0,
        "showdown_totals": [0] * players,
        "showdown_winner": -1,
    }
    end_json.update(end or {})
    pos = {
        "scheme": scheme,
        "mastermind": mastermind,
        "villain_groups": sorted(groups, key=GROUPS.index),
        "henchmen_groups": sorted(hench, key=HENCHMEN.index),
        "heroes": hero_list,
        "built": True,
        "players": players_json,
        "villain_deck": vdeck,
        "hero_deck": hdeck,
        "hq": hq_list,
        "city": city_json,
        "ko": dict(ko_counts),
        "escaped": dict(Counter(escaped)),
        "counters": counters_json,
        "tactics": tac,
        "turn": turn_json,
        "end": end_json,
        "tasks": [],
    }
    doc = {
        "format": "henchmen-state",
        "version": 1,
        "game": GAME,
        "options": g.options,
        "position": pos,
        "history": [],
    }
    state = henchmen.deserialize(json.dumps(doc))
    if not explicit_chance:
        state.__class__ = Scenario
    _INITIAL_KO[id(state)] = Counter(state.observation(0)["ko_pile"])
    return state


class Scenario(henchmen.State):
    """A position for scenario tests of effects: after each move, a chance step with one
    outcome (a deck of one kind drawn, the last card of a deck revealed) resolves itself,
    so a test names only the draws that could go more than one way. Such steps stay chance
    nodes in the game (whether chance comes must not depend on hidden cards);
    ``position(..., explicit_chance=True)`` keeps them for the tests of chance itself.
    """

    __slots__ = ()

    def apply(self, action: Any) -> None:
        super().apply(action)
        while self.is_chance and len(self.chance_outcomes) == 1:
            super().apply(self.chance_outcomes[0][0].id)


_INITIAL_KO: dict[int, Counter[str]] = {}


def ko_added(state: henchmen.State) -> dict[str, int]:
    """The cards KO'd since the position was built.

    (The builder parks spare cards in the KO pile.)
    """
    return dict(Counter(state.observation(0)["ko_pile"]) - _INITIAL_KO.get(id(state), Counter()))


def obs(state: henchmen.State, player: int = 0) -> dict[str, Any]:
    return state.observation(player)


def me(state: henchmen.State, player: int = 0) -> dict[str, Any]:
    """A player's entry in their own observation."""
    return state.observation(player)["players"][player]


#: The legal moves in notation, in action-id order.
legal = moves


def amazing_spider_man_played() -> henchmen.State:
    """The Amazing Spider-Man played on a deck of exactly Hulk Smash!, Berserker Rage and an
    S.H.I.E.L.D. Agent: the Agent drawn, the other two to put back in an order."""
    s = position(
        heroes=["Spider-Man", "Hulk", "Wolverine"],
        hands={0: ["Spider-Man: The Amazing Spider-Man"]},
        deck_top={0: ["Hulk: Hulk Smash!", "Wolverine: Berserker Rage", AGENT]},
        decks={0: []},
    )
    s.apply("play Spider-Man: The Amazing Spider-Man")
    return s
