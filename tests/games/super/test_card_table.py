"""The designed card table: marked designed, large enough for ten, replaceable."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import henchmen

from .builder import TABLE


def test_every_designed_value_is_marked() -> None:
    for section in ("types", "cards", "powers"):
        assert all(entry["designed"] is True for entry in TABLE[section]), section
    assert TABLE["health"] == 40 and TABLE["hand_size"] == 5 and TABLE["overtime_health"] == 10


def test_the_deck_is_large_enough_for_ten_and_powers_are_enough() -> None:
    total = sum(c["count"] for c in TABLE["cards"])
    assert total >= 10 * 5 + 20 and len(TABLE["powers"]) >= 12
    assert (
        sum(
            1 for p in TABLE["powers"] if p["ability"] in ("shield", "absorb", "deflect", "counter")
        )
        >= 3
    )
    assert {c["element"] for c in TABLE["cards"]} == {"Fire", "Water", "Earth", "Air", "Universal"}


def test_each_card_type_has_one_description() -> None:
    names = [t["name"] for t in TABLE["types"]]
    assert len(set(names)) == len(names) and all(t["text"] for t in TABLE["types"])


def test_card_data_replaces_the_table() -> None:
    table = json.loads(json.dumps(TABLE))
    table["cards"][0]["value"] = 9
    g = henchmen.Game("super", card_data=json.dumps(table))
    assert g.card_table()["cards"][0]["value"] == 9


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t["cards"][0].update(value=99), "value must be an integer"),
        (lambda t: t["cards"][0].update(type="Nope"), "not in types"),
        (lambda t: t["cards"][0].update(element="Plasma"), "element must be one of"),
        (lambda t: t["cards"][1].update(name=t["cards"][0]["name"]), "differ only"),
        (lambda t: t["cards"][0].update(colour="red"), "unknown field"),
        (lambda t: t.update(powers=t["powers"][:5]), "powers must list"),
        (lambda t: t["powers"][0].update(until="end-of-turn"), "deactivates now"),
        (lambda t: t["powers"][3].update(amount=6), "draws at most 5"),  # Tailwind, a shield
        (lambda t: t["powers"][3].update(per_rival=1), "not cards drawn"),
        (lambda t: t["powers"][0].update(per_rival=6), "per_rival must be an integer"),
        (lambda t: t["powers"][1].update(most_rivals=10), "most_rivals must be an integer"),
        (lambda t: t["powers"][3].update(most_rivals=3), "this power has none"),  # Tailwind
        (lambda t: t["powers"][0].update(stops="cards"), "used on its owner's turn"),  # Inferno
        (lambda t: t["powers"][3].update(stops="powers"), "stops must be one of any, cards"),
        (lambda t: t["types"][0]["bonus"].update(gives="as-attack"), "only a defense card"),
        (lambda t: t.update(cards=t["cards"][:2]), "too small"),
    ],
)
def test_bad_card_data_is_refused(change: Callable[[dict[str, Any]], object], message: str) -> None:
    table = json.loads(json.dumps(TABLE))
    change(table)
    with pytest.raises(henchmen.errors.OptionError, match=message):
        henchmen.Game("super", players=10, card_data=json.dumps(table))
