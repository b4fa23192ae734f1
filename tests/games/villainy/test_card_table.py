"""The card table: designed values marked, replaceable through card_data, validated in full."""

from __future__ import annotations

import copy
import json

import pytest

import henchmen

from .builder import TABLE


def test_every_designed_deck_card_and_master_is_marked() -> None:
    assert [d["name"] for d in TABLE["decks"]] == [
        "Mugga Mugga",
        "Mallory Maleficarum",
        "Dr. Oblongata",
    ]
    for d in TABLE["decks"]:
        assert d["designed"] and d["master"]["designed"] and d["monster"]["designed"]
        assert all(c["designed"] for c in d["cards"])
        types = {c["type"] for c in d["cards"]}
        assert types == {"minion", "gear", "monster", "hideout", "setup", "special", "segue"}
        assert sum(c["count"] for c in d["cards"] if c["type"] == "segue") >= 4
        hideouts = [c for c in d["cards"] if c["type"] == "hideout"]
        assert sorted(c["side"] for c in hideouts) == ["left", "left", "right", "right"]
        assert sorted(c["slot"] for c in d["cards"] if c["type"] == "setup") == list("AABBCC")


def test_a_replacement_table_is_used() -> None:
    table = copy.deepcopy(TABLE)
    table["decks"][0]["master"]["attack"] = 9
    g = henchmen.Game("villainy", card_data=json.dumps(table))
    assert g.card_table()["decks"][0]["master"]["attack"] == 9


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda t: t["decks"][0]["cards"][0].update(count=99), "count"),
        (lambda t: t["decks"][0]["cards"][0].update(type="wizard"), "type"),
        (
            lambda t: t["decks"][1]["cards"][0].update(name=t["decks"][0]["cards"][0]["name"]),
            "named",
        ),
        (lambda t: t["decks"][0]["cards"][0].update(colour="red"), "unknown field"),
        (lambda t: t.update(game="parry"), "game"),
    ],
)
def test_a_broken_table_is_refused_with_a_reason(edit: object, words: str) -> None:
    table = copy.deepcopy(TABLE)
    edit(table)  # type: ignore[operator]
    with pytest.raises(henchmen.errors.OptionError, match=words):
        henchmen.Game("villainy", card_data=json.dumps(table))
