"""Upgrades: activation, max 3 attached, the 4th-Upgrade swap."""

from __future__ import annotations

import pytest

from .builder import UPGRADES, me, moves, outcomes, play, pos, position


@pytest.mark.parametrize(
    ("upgrade", "gives"),
    [
        ("Deep Freezer", {"Freeze": 1}),
        ("Compost Heap", {"Harvest": 1}),
        ("Wanted Board", {"Bounty": 1}),
        ("Magnifying Lens", {"Fetch": 1}),
        ("Blast Furnace", {"Incinerate": 1}),
        ("Chameleon Cloak", {"Replicate": 1}),
    ],
)
def test_each_crew_upgrade_grants_its_crews_ability(upgrade: str, gives: dict[str, int]) -> None:
    """Designed (1): each base crew's Upgrade grants its crew's ability once per turn."""
    s = position(upgrades={0: [upgrade]})
    play(s, f"activate {upgrade}")
    assert (
        me(s, 0)["abilities"] == gives
        and me(s, 0)["power"] == 0
        and me(s, 0)["upgrades_used"] == [upgrade]
    )
    assert f"activate {upgrade}" not in moves(s)


def test_golden_throne_gives_one_power() -> None:
    s = position(upgrades={0: ["Golden Throne"]})
    play(s, "activate Golden Throne")
    assert me(s, 0)["power"] == 1 and me(s, 0)["abilities"] == {}


def test_upgrades_cost_five() -> None:
    s = position(power={0: 4}, upgrade_row="Golden Throne")
    assert "buy Golden Throne" not in moves(s)
    s = position(power={0: 5}, upgrade_row="Golden Throne")
    assert "buy Golden Throne" in moves(s)
    assert len(UPGRADES) == 7


def test_activation_resets_each_turn() -> None:
    s = position(
        upgrades={0: ["Deep Freezer"]},
        upgrades_used={0: ["Deep Freezer"]},
        decks={0: ["Tiny Bot"] * 5, 1: ["Tiny Bot"] * 5},
        expelled=["Tiny Bot"] * 6 + ["Junky Bot"] * 4,
    )
    assert "activate Deep Freezer" not in moves(s)
    play(s, "end turn", "end turn")
    assert s.current_player == 0 and "activate Deep Freezer" in moves(s)


def test_fourth_upgrade_sends_one_to_the_bottom_of_the_upgrade_deck() -> None:
    """Max 3 attached; buying a 4th, the buyer puts 1 of their Upgrades on the bottom of the
    Upgrade deck."""
    s = position(
        power={0: 5},
        upgrades={0: ["Deep Freezer", "Compost Heap", "Wanted Board"]},
        upgrade_row="Blast Furnace",
    )
    play(s, "buy Blast Furnace")
    assert outcomes(s) == {
        f"reveal {u}": pytest.approx(1 / 3)
        for u in ["Golden Throne", "Magnifying Lens", "Chameleon Cloak"]
    }
    play(s, "reveal Golden Throne")
    assert pos(s)["pending"] == "return-upgrade"
    assert moves(s) == [
        "return Deep Freezer",
        "return Compost Heap",
        "return Wanted Board",
        "return Blast Furnace",
    ]
    play(s, "return Compost Heap")
    p = pos(s)
    assert p["pending"] == "none" and p["upgrade_deck"]["known_from_top"] == ["Compost Heap"]
    assert p["players"][0]["upgrades"] == ["Deep Freezer", "Wanted Board"] and p["players"][0][
        "upgrades_pending"
    ] == ["Blast Furnace"]
    assert s.observation(1)["upgrade_deck"]["bottom"] == ["Compost Heap"]
    play(s, "end turn")
    resolve_draws(s)
    assert me(s, 0)["upgrades"] == ["Deep Freezer", "Wanted Board", "Blast Furnace"]


def test_the_new_upgrade_itself_may_go_back() -> None:
    """Designed (4): the one returned may be the one just bought."""
    s = position(
        power={0: 5},
        upgrades={0: ["Deep Freezer", "Compost Heap", "Wanted Board"]},
        upgrade_row="Blast Furnace",
    )
    play(s, "buy Blast Furnace", "reveal Golden Throne", "return Blast Furnace")
    p = pos(s)
    assert (
        p["players"][0]["upgrades"] == ["Deep Freezer", "Compost Heap", "Wanted Board"]
        and p["players"][0]["upgrades_pending"] == []
    )
    assert (
        p["upgrade_deck"]["known_from_top"] == ["Blast Furnace"]
        and p["upgrade_row"] == "Golden Throne"
    )


def test_a_used_upgrade_may_be_returned_and_nothing_else_is_legal_meanwhile() -> None:
    s = position(
        power={0: 5},
        upgrades={0: ["Deep Freezer", "Compost Heap", "Wanted Board"]},
        upgrade_row="Blast Furnace",
        hands={0: ["Tiny Bot"]},
    )
    play(s, "activate Deep Freezer", "buy Blast Furnace", "reveal Golden Throne")
    assert all(m.startswith("return ") for m in moves(s))
    play(s, "return Deep Freezer")
    assert me(s, 0)["abilities"] == {"Freeze": 1}  # the activation already happened
    assert "activate Deep Freezer" not in moves(s)


def test_two_upgrades_in_one_turn_count_toward_the_three() -> None:
    s = position(
        power={0: 10}, upgrades={0: ["Deep Freezer", "Compost Heap"]}, upgrade_row="Blast Furnace"
    )
    play(s, "buy Blast Furnace", "reveal Golden Throne")
    assert pos(s)["pending"] == "none"
    play(s, "buy Golden Throne", "reveal Magnifying Lens")
    assert pos(s)["pending"] == "return-upgrade"
    assert moves(s) == [
        "return Golden Throne",
        "return Deep Freezer",
        "return Compost Heap",
        "return Blast Furnace",
    ]


def resolve_draws(s) -> None:
    while s.is_chance:
        s.apply(s.chance_outcomes[0][0])


def test_a_returned_upgrade_refills_an_empty_upgrade_slot() -> None:
    """Bug fixed: with the Upgrade deck empty at the purchase, the returned Upgrade becomes the
    deck and replaces the bought one."""
    s = position(
        power={0: 5},
        upgrade_row="Golden Throne",
        upgrades={
            0: ["Deep Freezer", "Compost Heap", "Wanted Board"],
            1: ["Magnifying Lens", "Chameleon Cloak", "Blast Furnace"],
        },
    )
    play(s, "buy Golden Throne")
    assert not s.is_chance and pos(s)["upgrade_row"] is None
    play(s, "return Deep Freezer")
    p = pos(s)
    assert p["upgrade_row"] == "Deep Freezer" and p["upgrade_deck"] == {
        "unknown": [],
        "known_from_top": [],
    }
    assert me(s, 0)["upgrades"] == ["Compost Heap", "Wanted Board"] and me(s, 0)[
        "upgrades_pending"
    ] == ["Golden Throne"]
