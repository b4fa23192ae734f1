"""A user-supplied card table is user input: refused with a clear OptionError,
or it makes games that play under the same invariants as the built-in table.

The targeted tests are the cases of the reliability review; the hypothesis
strategy builds tables (valid and invalid) by editing the built-in one, and
every table it builds must be refused at construction or play random games
to the end with validate() (every card conserved) after every step.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import henchmen
from henchmen import _core
from henchmen.errors import OptionError

TABLE: dict[str, Any] = henchmen.Game("legendary").card_table()
Table = dict[str, Any]


def edited(edit: Callable[[Table], None]) -> str:
    t = copy.deepcopy(TABLE)
    edit(t)
    return json.dumps(t)


def hero_card(t: Table, name: str) -> dict[str, Any]:
    hero, card = name.split(": ", 1)
    h = next(x for x in t["heroes"] if x["name"] == hero)
    return next(c for c in h["cards"] if c["name"] == card)


def villain(t: Table, name: str) -> dict[str, Any]:
    return next(c for g in t["villains"] for c in g["cards"] if c["name"] == name)


def refused(text: str, *words: str, players: int = 2) -> str:
    with pytest.raises(OptionError) as err:
        henchmen.Game("legendary", players=players, card_data=text)
    message = str(err.value)
    for w in words:
        assert w in message, message
    return message


def play_to_the_end(text: str, players: int, seed: int, max_steps: int = 3000) -> int:
    """Random games with validate() after every step; the steps played."""
    game = henchmen.Game("legendary", players=players, card_data=text)
    s = game._core.new_initial_state()
    rng = _core.Rng(seed)
    steps = 0
    s.validate()
    while not s.is_terminal and steps < max_steps:
        if s.is_chance:
            s.apply(s.sample_chance(rng))
        else:
            ids = s.legal_actions()
            s.apply(ids[rng.below(len(ids))])
        s.validate()
        steps += 1
        if steps % 25 == 0:
            assert len(json.loads(s.serialize())["position"]["tasks"]) < 64
    return steps


# --- The review's cases ------------------------------------------------------


def test_draw_twenty_per_rescued_bystander_is_refused_naming_card_field_and_range():
    text = edited(
        lambda t: hero_card(t, "Black Widow: Mission Accomplished").update(
            effects=[{"op": "draw_per", "n": 20, "per": "vp_bystanders"}]
        )
    )
    refused(text, "Black Widow: Mission Accomplished", ".n", "from 1 to 10", "got 20")


def test_a_field_an_effect_does_not_take_is_refused():
    text = edited(
        lambda t: hero_card(t, "Hulk: Crazed Rampage").update(
            effects=[{"op": "each_gain_wound", "n": 1, "cost": 3}]
        )
    )
    refused(text, "Hulk: Crazed Rampage", "'cost'", "it takes: n, if, scope")


def test_nested_then_chains_are_refused():
    def nest(t: Table) -> None:
        then = hero_card(t, "Black Widow: Dangerous Rescue")["effects"][0]["then"]
        then["then"] = {"op": "draw", "n": 1}

    refused(edited(nest), "Dangerous Rescue", "then")


def test_hero_deck_counts_of_five_that_overflow_the_hero_deck_are_refused():
    def fives(t: Table) -> None:
        for h in t["heroes"]:
            for c in h["cards"]:
                c["count"] = 5

    refused(edited(fives), "Hero Deck", "at most 96")


def test_a_look_of_twenty_cards_is_refused():
    text = edited(
        lambda t: hero_card(t, "Spider-Man: The Amazing Spider-Man")["effects"][0].update(n=20)
    )
    refused(text, "The Amazing Spider-Man", "from 1 to 8")


def test_names_differing_only_in_case_or_spacing_are_refused():
    refused(
        edited(lambda t: hero_card(t, "Hulk: Hulk Smash!").update(name="growing  ANGER")),
        "differ only in case or spacing",
    )
    refused(edited(lambda t: t["heroes"][1].update(name="black widow")), "hero names")
    refused(edited(lambda t: t["villains"][3].update(name="radiation")), "group names")
    refused(edited(lambda t: t["masterminds"][1].update(name="MAGNETO")), "differ only in case")


def test_an_unknown_field_is_refused():
    refused(edited(lambda t: villain(t, "Blob").update(atack=4)), "Blob", "unknown field 'atack'")


def test_an_effect_in_a_place_it_means_nothing_is_refused():
    refused(
        edited(lambda t: villain(t, "Blob").update(fight=[{"op": "copy_played"}])),
        "Blob",
        "cannot appear in a Villain's fight",
    )
    refused(
        edited(
            lambda t: villain(t, "Blob").update(
                fight=[{"op": "attack", "n": 1, "if": "class:tech"}]
            )
        ),
        "only a Hero's effects",
    )


def test_a_villain_deck_too_big_is_refused():
    def big(t: Table) -> None:
        for s in t["schemes"]:
            s["twists"] = 11
            s["skrull_heroes"] = 20
            s["bystanders"] = 30
            s["extra_henchmen"] = 1

    with pytest.raises(OptionError, match="Villain Deck, which holds at most 128"):
        henchmen.Game("legendary", players=5, card_data=edited(big), difficulty="legendary")


def test_more_starting_officers_than_agents_is_refused():
    text = edited(lambda t: t["setup"].update(starting_agents=1))
    with pytest.raises(OptionError, match="starting_officers"):
        henchmen.Game("legendary", players=2, card_data=text, starting_officers=2)


# --- Unusual tables that are accepted play like the built-in one ----------------


def _big_draws(t: Table) -> None:
    hero_card(t, "Black Widow: Mission Accomplished")["effects"] = [
        {"op": "draw_per", "n": 10, "per": "vp_bystanders"},
        {"op": "rescue", "n": 10},
    ]
    hero_card(t, "Hulk: Crazed Rampage")["effects"] = [{"op": "each_gain_wound", "n": 5}]
    hero_card(t, "Spider-Man: The Amazing Spider-Man")["effects"][0]["n"] = 8
    for c in next(h for h in t["heroes"] if h["name"] == "Captain America")["cards"]:
        c["count"] = 5


@pytest.mark.parametrize("players", [1, 2, 5])
def test_huge_draws_wounds_and_looks_play_with_every_card_conserved(players: int):
    text = edited(_big_draws)
    heroes = ["Black Widow", "Hulk", "Spider-Man", "Captain America", "Iron Man", "Wolverine"]
    opts = {"heroes": heroes[: {1: 3, 2: 5, 5: 6}[players]]}
    for seed in range(3):
        game = henchmen.Game(
            "legendary", players=players, card_data=text, scheme="The Legacy Virus", **opts
        )
        s = game._core.new_initial_state()
        rng = _core.Rng(seed)
        while not s.is_terminal:
            ids = s.legal_actions()
            s.apply(s.sample_chance(rng) if s.is_chance else ids[rng.below(len(ids))])
            s.validate()


# --- Hypothesis: tables built by editing the built-in one --------------------


def _all_effects(node: Any, out: list[dict[str, Any]]) -> None:
    if isinstance(node, dict):
        if "op" in node:
            out.append(node)
        for v in node.values():
            _all_effects(v, out)
    elif isinstance(node, list):
        for v in node:
            _all_effects(v, out)


BUILTIN_EFFECTS: list[dict[str, Any]] = []
_all_effects(TABLE, BUILTIN_EFFECTS)
OP_NAMES = sorted({e["op"] for e in BUILTIN_EFFECTS} | {"new_hand_size", "bogus_op"})

VALUES: dict[str, st.SearchStrategy[Any]] = {
    "n": st.integers(-1, 25),
    "if": st.sampled_from(
        ["class:tech", "team:x-men", "fought_in:sewers,bridge", "first_hero", "class:purple"]
    ),
    "per": st.sampled_from(
        [
            "vp_bystanders",
            "colors",
            "other_played:tech",
            "other_played_odd_cost",
            "extra_draws",
            "your:avengers",
            "vp_group:HYDRA",
            "nope",
        ]
    ),
    "from": st.sampled_from(["hand", "discard", "hand_or_discard", "heroes", "deck"]),
    "filter": st.sampled_from(["any", "wound", "tech", "x-men", "tech,ranged", "strength", "blue"]),
    "mode": st.sampled_from(
        [
            "draw_if_cost_le",
            "draw_if",
            "attack_cost",
            "discard_or_back",
            "highest",
            "rightmost",
            "odd",
        ]
    ),
    "kind": st.sampled_from(["villain", "bystander", "hero"]),
    "scope": st.sampled_from(["all", "others", "some"]),
    "may": st.booleans(),
    "space": st.sampled_from(["sewers", "bank", "rooftops", "streets", "bridge", "moon"]),
    "cost": st.integers(-1, 25),
    "at_least": st.integers(-1, 120),
}


@st.composite
def effects(draw: st.DrawFn, depth: int = 0) -> dict[str, Any]:
    if draw(st.booleans()):  # a built-in effect, its numbers nudged
        e = copy.deepcopy(draw(st.sampled_from(BUILTIN_EFFECTS)))
        if "n" in e and draw(st.booleans()):
            e["n"] = draw(st.integers(0, 12))
        return e
    e: dict[str, Any] = {"op": draw(st.sampled_from(OP_NAMES))}
    for key in draw(st.lists(st.sampled_from(sorted(VALUES)), max_size=4, unique=True)):
        e[key] = draw(VALUES[key])
    if depth < 2 and draw(st.integers(0, 5)) == 0:
        e["then"] = draw(effects(depth + 1))
    return e


def _effect_slots(t: Table) -> list[tuple[dict[str, Any], str]]:
    slots = []
    for h in t["heroes"]:
        slots += [(c, "effects") for c in h["cards"]]
    for g in t["villains"]:
        slots += [(c, k) for c in g["cards"] for k in ("fight", "escape", "ambush")]
    slots += [(h, k) for h in t["henchmen"] for k in ("fight", "escape", "ambush")]
    for m in t["masterminds"]:
        slots.append((m, "strike"))
        slots += [(c, "fight") for c in m["tactics"]]
    return slots


def _numbers(node: Any, out: list[tuple[Any, Any]]) -> None:
    items = (
        node.items()
        if isinstance(node, dict)
        else enumerate(node)
        if isinstance(node, list)
        else []
    )
    for k, v in items:
        if isinstance(v, int) and not isinstance(v, bool):
            out.append((node, k))
        elif isinstance(v, (dict, list)):
            _numbers(v, out)


@st.composite
def tables(draw: st.DrawFn) -> str:
    t = copy.deepcopy(TABLE)
    slots = _effect_slots(t)
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.integers(0, 9))
        if kind <= 4:  # new effects somewhere
            card, key = draw(st.sampled_from(slots))
            card[key] = draw(st.lists(effects(), max_size=5))
        elif kind <= 6:  # a number anywhere
            spots: list[tuple[Any, Any]] = []
            _numbers(t, spots)
            node, k = draw(st.sampled_from(spots))
            node[k] = draw(st.integers(-2, 40))
        elif kind == 7:  # a hero's counts
            hero = draw(st.sampled_from(t["heroes"]))
            for c in hero["cards"]:
                c["count"] = draw(st.integers(1, 6))
        elif kind == 8:  # a name
            card, _ = draw(st.sampled_from(slots))
            card["name"] = draw(
                st.sampled_from(["Blob", "blob", "Hulk Smash!", "", " x ", "Viper", "New Card"])
            )
        else:  # a stray field
            card, _ = draw(st.sampled_from(slots))
            card[draw(st.sampled_from(["atack", "text", "note", "designed", "vp_n"]))] = 1
    return json.dumps(t)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(text=tables(), players=st.integers(1, 5), seed=st.integers(0, 2**31))
def test_every_table_is_refused_or_plays_to_the_end(text: str, players: int, seed: int):
    try:
        henchmen.Game("legendary", players=players, card_data=text)
    except OptionError as e:
        assert str(e).startswith("card_data") or "option" in str(e), str(e)
        return
    play_to_the_end(text, players, seed)
