"""The card table: every card with its printed count, designed values marked,
and a replacement table (`card_data`) checked in full."""

from __future__ import annotations

import json

import pytest

import henchmen
from henchmen.errors import OptionError

TABLE = henchmen.Game("suet").card_table()
BY_NAME = {c["name"]: c for c in TABLE["cards"]}


def test_printed_counts() -> None:
    counts = {
        "Block an Action": 3,
        "Cheat Card": 3,
        "Steal a Component": 3,
        "Break a Component": 3,
        "Repair a Component": 6,
        "Take One From the Discard Pile": 3,
        "Steal a Card": 2,
        "Repair an Enhancement": 2,
        "Everyone Draws One Card": 2,
        "Component Breaks": 3,
        "Trade Hands": 1,
        "Busted!": 1,
    }
    for name, n in counts.items():
        assert BY_NAME[name]["count"] == n, name
    kinds = {c["kind"] for c in TABLE["cards"]}
    assert kinds == {"instant", "action", "component", "enhancement", "setback"}
    assert sum(1 for c in TABLE["cards"] if c["kind"] == "component") == 24
    assert BY_NAME["Everyone Discards One Card"]["future"] is True


def test_designed_values_are_marked() -> None:
    assert "designed" not in BY_NAME["Universal Super Bike Engine"]
    assert "designed" not in BY_NAME["Universal Mysterium X"]
    assert BY_NAME["Universal Navigator"]["designed"] is True
    assert [g.get("designed", False) for g in TABLE["geniuses"]] == [False, False, True, True]
    assert set(TABLE["designed"]) >= {
        "hand_size",
        "hand_limit",
        "draws_per_turn",
        "actions_per_turn",
    }


def test_a_replacement_table_is_used() -> None:
    table = json.loads(json.dumps(TABLE))
    table["hand_size"] = 3
    s = henchmen.Game("suet", card_data=json.dumps(table)).new_initial_state(seed=1)
    # Three cards each, and the first player's first draw, unless it was a Setback (it ends
    # the turn; the second player is then asked between turns, before their own draw).
    sizes = sorted(p["hand_size"] for p in s.observation(1)["players"])
    assert sizes in ([3, 4], [3, 3])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.update(hand_size=0), "hand_size"),
        (lambda t: t["cards"][0].update(kind="gadget"), "kind"),
        (lambda t: t["cards"][0].update(effect="break-all"), "cannot have the effect"),
        (lambda t: t["cards"][0].update(amount=0), "amount"),
        (lambda t: t["cards"][0].update(colour="Red"), "only a component"),
        (lambda t: t["cards"][1].update(name=t["cards"][0]["name"]), "differ only"),
        (lambda t: t["cards"][0].update(surprise=1), "unknown field"),
        (
            lambda t: t.update(
                cards=[
                    c for c in t["cards"] if not (c["kind"] == "component" and c["colour"] == "Red")
                ]
            ),
            "Red component",
        ),
        (lambda t: t["geniuses"].pop(), "four evil geniuses"),
        (lambda t: t["cards"][20].update(genius="Nobody"), "only a component"),
    ],
)
def test_a_bad_table_is_refused_with_a_reason(change: object, message: str) -> None:
    table = json.loads(json.dumps(TABLE))
    change(table)  # type: ignore[operator]
    with pytest.raises(OptionError, match=message):
        henchmen.Game("suet", card_data=json.dumps(table))


def test_a_component_of_an_unknown_genius_is_refused() -> None:
    table = json.loads(json.dumps(TABLE))
    first = next(c for c in table["cards"] if c["kind"] == "component")
    first["genius"] = "Nobody"
    with pytest.raises(OptionError, match="not in geniuses"):
        henchmen.Game("suet", card_data=json.dumps(table))
