"""The presentation model (``State.layout``): one typed table per game, for every viewer.

Along random games of every game, mode and several player counts, every
viewer's layout (each player's and the spectator's):

- validates against the JSON Schema in ``serve/protocol.schema.json``
  (``$defs/layout``, the schema docs/protocol.md shows);
- holds no null and no bare false anywhere (a field that does not apply is
  left out; an empty place is ``{"empty": true}``);
- gives every zone a role and a place, and places the viewer's own zones at
  the bottom, the shared ones in the centre and the opponents' elsewhere;
- shows each card in a hand with the stats that card has in that game
  (Villainy's Minions their A! and D!, a Seven Secret Supervillains Minion
  its cost, power and crew...);
- leaks nothing: a viewer's layout is the same in a world they cannot tell
  from this one (``resample``), and after the same move in both worlds it is
  the same again, the last move's marks included.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest

import henchmen

SCHEMA_PATH = (
    Path(__file__).parent.parent / "python" / "henchmen" / "serve" / "protocol.schema.json"
)
SSS = "seven-secret-supervillains"

#: (game, options, player counts): every game at its smallest table, at four
#: players where it allows, and every mode beyond the defaults.
CONFIGS: list[tuple[str, dict[str, Any], int]] = [
    ("parry", {}, 2), ("parry", {}, 4),
    (SSS, {}, 1), (SSS, {}, 2), (SSS, {}, 4),
    (SSS, {"mode": "classic"}, 4), (SSS, {"mode": "secretive"}, 3), (SSS, {"mode": "climb"}, 1),
    ("legendary", {}, 1), ("legendary", {}, 2), ("legendary", {}, 4),
    ("super", {}, 2), ("super", {}, 4), ("super", {}, 7),
    ("villainy", {"max_rounds": 6}, 2), ("villainy", {"max_rounds": 4}, 4),
    ("suet", {}, 2), ("suet", {}, 4),
]  # fmt: skip
STEPS = 120  # steps of a game looked at
EVERY = 9  # a full check every so many steps (and at the end)
SCHEMA_EVERY = 4  # of those, the schema validated at every so many (and at the end)

#: Stats a face in a hand must show, by game and card kind: what the card prints.
HAND_STATS: dict[str, dict[str, tuple[str, ...]]] = {
    "villainy": {
        "minion": ("attack", "defense", "type"),
        "gear": ("attack_bonus", "defense_bonus"),
    },
    SSS: {"minion": ("cost", "power", "reputation", "crew", "text"), "upgrade": ("cost", "crew")},
    "legendary": {"hero": ("cost",)},
    "super": {
        "attack": ("element", "value", "type", "text"),
        "defense": ("element", "value", "text"),
    },
    "suet": {"component": ("colour", "genius", "text")},
    "parry": {"attack": ("text",), "reaction": ("text",)},
}


def _validator() -> Any:
    schema = json.loads(SCHEMA_PATH.read_text())
    cls = jsonschema.Draft202012Validator
    cls.check_schema(schema)
    base = {k: v for k, v in schema.items() if k != "anyOf"}
    return cls({**base, "$ref": "#/$defs/layout"})


LAYOUT = _validator()


def _walk(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _walk(v, f"{path}[{i}]")


def _without_last(layout: dict[str, Any]) -> dict[str, Any]:
    """The layout without the last move (a resampled world has no history)."""
    out = {k: v for k, v in layout.items() if k != "last_move"}
    out["zones"] = [
        {**z, "cards": [{k: v for k, v in c.items() if k != "last"} for c in z["cards"]]}
        for z in layout["zones"]
    ]
    return out


def check_layout(
    game: str, layout: dict[str, Any], viewer: int | None, players: int, schema: bool = True
) -> None:
    """Every rule of the model that one layout can show alone (the schema's with ``schema``:
    jsonschema takes a tenth of a second a layout, most of this file's time)."""
    if schema:
        LAYOUT.validate(layout)
    for path, v in _walk(layout):
        assert v is not None, f"null at {path}"
        assert v is not False, f"a bare false at {path}"
    assert len(layout["players"]) == players
    for z in layout["zones"]:
        owner = z.get("owner")
        chair = viewer if viewer is not None else 0
        if owner is None:
            assert z["place"] == "centre", z["id"]
        elif owner == chair:
            assert z["place"] == "bottom", z["id"]
        else:
            assert z["place"] in ("top", "left", "right"), z["id"]
        if z["role"] != "hand" or owner != viewer:
            continue
        for face in z["cards"]:
            assert "back" not in face and "empty" not in face, (
                f"a card of your own hand hidden: {z}"
            )
            for stat in HAND_STATS[game].get(face["kind"], ()):
                assert stat in face, f"{face['name']} in {z['name']} shows no {stat}: {face}"
    if viewer is not None:
        assert layout["viewer"] == viewer
        assert [p["place"] for p in layout["players"]][viewer] == "bottom"


def _positions(
    game: str, options: dict[str, Any], players: int, seed: int
) -> Iterator[henchmen.State]:
    state = henchmen.new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    for step in range(STEPS):
        if state.is_terminal:
            break
        if step % EVERY == 0:
            yield state
        state.apply(rng.choice(state.legal_action_ids))
    yield state


@pytest.mark.parametrize(("game", "options", "players"), CONFIGS)
def test_every_layout_is_typed_complete_and_leaks_nothing(
    game: str, options: dict[str, Any], players: int
) -> None:
    seen_hand = 0
    twins = 0
    for seed in (1, 2):
        rng = random.Random(seed)
        for i, state in enumerate(_positions(game, options, players, seed)):
            # The schema at every SCHEMA_EVERY-th position looked at and at the end; the
            # model's own rules at each.
            schema = i % SCHEMA_EVERY == 0 or state.is_terminal
            check_layout(game, state.layout("spectator"), None, players, schema)
            for p in range(players):
                mine = state.layout(p)
                check_layout(game, mine, p, players, schema)
                seen_hand += sum(len(z["cards"]) for z in mine["zones"] if z["role"] == "hand")
                world = state.resample(p, rng.getrandbits(64))
                assert _without_last(world.layout(p)) == _without_last(mine), (
                    f"player {p}'s layout differs in a world they cannot tell apart"
                )
                if state.is_terminal or state.is_chance:
                    continue
                ids = state.legal_action_ids
                a = rng.choice(ids)
                if a not in world.legal_action_ids:
                    continue
                child, twin = state.clone(), world.clone()
                child.set_auto_chance(False)  # the same move, not the same luck after it
                twin.set_auto_chance(False)
                child.apply(a)
                twin.apply(a)
                if child.observation(p) == twin.observation(p):
                    assert child.layout(p) == twin.layout(p), (
                        f"player {p}: the same {state.action_to_string(a)!r} in a world they "
                        "cannot tell apart gave another table (the last move's marks included)"
                    )
                    twins += 1
    assert seen_hand > 0, "no card was ever seen in a hand"
    assert twins > 0, "no move was compared in two worlds"


def test_villainy_hand_minions_show_a_and_d() -> None:
    """The issue's case: a Minion in your hand carries its A! and D!, as printed."""
    state = henchmen.new_game("villainy", players=2, seed=3)
    table = state.game.card_table()
    hand = next(z for z in state.layout(0)["zones"] if z["id"] == "hand-0")
    minions = [c for c in hand["cards"] if c["kind"] == "minion"]
    assert minions, "seed 3 deals Player 1 a Minion"
    printed = {
        c["name"]: (c["attack"], c["defense"])
        for deck in table["decks"]
        for c in deck["cards"]
        if c.get("type") == "minion"
    }
    for m in minions:
        assert (m["attack"], m["defense"]) == printed[m["name"]]


def test_an_empty_grid_spot_is_an_empty_place_not_null() -> None:
    state = henchmen.new_game("villainy", players=2, seed=3)
    grid = next(z for z in state.layout(0)["zones"] if z["id"] == "ranks-0")
    assert grid["kind"] == "grid" and grid["rows"] == 2 and grid["columns"] == 3
    assert len(grid["cards"]) == 6
    assert grid["cards"][0] == {"empty": True, "label": "front left"}


def test_counters_have_a_maximum_only_where_one_exists() -> None:
    layout = henchmen.new_game("legendary", players=2, seed=1).layout(0)
    by_name = {c["name"]: c for c in layout["counters"]}
    assert "max" not in by_name["Wounds left"] and "owner" not in by_name["Wounds left"]
    assert by_name["Tactics left"]["max"] == 4
    assert by_name["VP"]["measure"] == "score" and by_name["Attack"]["measure"] == "resource"


def test_the_last_move_is_told_and_its_card_marked() -> None:
    state = henchmen.new_game(SSS, players=2, seed=1)
    assert "last_move" not in state.layout(0)  # nothing was played yet
    state.apply("play Tiny Bot")
    for viewer, line in (
        (0, "You play Tiny Bot: +1 power"),
        (1, "Player 1 plays Tiny Bot: +1 power"),
    ):
        layout = state.layout(viewer)
        assert layout["last_move"] == {"player": 0, "lines": [line], "cards": ["Tiny Bot"]}
        # the Tiny Bot now in play is the one marked, not the ones still in a hand
        marked = [
            (z["id"], c["name"]) for z in layout["zones"] for c in z["cards"] if c.get("last")
        ]
        assert marked == [("in-play-0", "Tiny Bot")]


def test_places_go_round_the_table_from_the_viewer() -> None:
    layout = henchmen.new_game("parry", players=4, seed=1).layout(1)
    places = {p["seat"]: p["place"] for p in layout["players"]}
    assert places == {1: "bottom", 2: "left", 3: "top", 0: "right"}
    duel = henchmen.new_game("parry", players=2, seed=1).layout("spectator")
    assert [p["place"] for p in duel["players"]] == ["bottom", "top"]
    assert "viewer" not in duel


def test_super_attacks_preview_the_damage_the_rules_deal() -> None:
    """A Super! attack's move says its damage with bonuses in (a table previews it): the very
    damage its event tells once played, along random games."""
    checked = bonus = 0
    for seed in range(1, 7):
        state = henchmen.new_game("super", players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal and state.move_number < 300:
            for a in state.legal_action_ids:
                info = state.action_info(a)
                if "damage" not in info:
                    continue
                child = state.clone()
                child.set_auto_chance(False)
                child.apply(a)
                told = [
                    e
                    for e in child.last_events("omniscient")
                    if e.kind in ("attack", "attack-all", "counterattack")
                ]
                move = state.action_to_string(a)
                assert [e.data["damage"] for e in told] == [info["damage"]], move
                checked += 1
                bonus += bool(told[0].data.get("bonus"))
            state.apply(rng.choice(state.legal_action_ids))
    assert checked > 50 and bonus > 0, (checked, bonus)


TABLES = [("parry", 2), (SSS, 2), (SSS, 4), ("legendary", 2), ("super", 3), ("villainy", 2),
          ("suet", 2)]  # fmt: skip


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_every_move_points_at_a_zone_and_a_card_the_decider_sees(game: str, players: int) -> None:
    """A table puts a legal move on its card: the zone a move names (action_info) is in the
    deciding player's layout, and the card it names lies face up there (a deck aside)."""
    pointed = 0
    for seed in (1, 2):
        state = henchmen.new_game(game, players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal and state.move_number < 300:
            if state.current_player >= 0:
                zones = {z["id"]: z for z in state.layout(state.current_player)["zones"]}
                for a in state.legal_action_ids:
                    info = state.action_info(a)
                    if "zone" not in info:
                        continue
                    move = state.action_to_string(a)
                    assert info["zone"] in zones, f"{move!r} names {info['zone']}: not on the table"
                    zone = zones[info["zone"]]
                    if "card" in info and zone["role"] != "deck":
                        names = {c.get("name") for c in zone["cards"]}
                        assert info["card"] in names, f"{move!r}: no {info['card']} in {zone['id']}"
                    pointed += 1
            state.apply(rng.choice(state.legal_action_ids))
    assert pointed > 0
