"""The Turn: playing cards, the two pools, buying, activating Upgrades."""

from __future__ import annotations

import pytest

from .builder import me, moves, outcomes, play, pos, position, resolve


def test_play_any_number_of_cards_power_and_ability_go_to_pools() -> None:
    """Playing a card gains its power and its ability; they are stored in 2 pools."""
    s = position(hands={0: ["Freezer Burn 3", "Tiny Bot", "Royal Rule 2", "Junky Bot"]})
    play(s, "play Freezer Burn 3")
    assert me(s, 0)["power"] == 2 and me(s, 0)["abilities"] == {"Freeze": 1}
    play(s, "play Tiny Bot", "play Royal Rule 2", "play Junky Bot")
    p = me(s, 0)
    assert p["power"] == 2 + 1 + 2 + 0
    assert p["abilities"] == {"Freeze": 1}  # Royal Rule and bots add no ability
    assert sorted(p["in_play"]) == sorted(
        ["Freezer Burn 3", "Tiny Bot", "Royal Rule 2", "Junky Bot"]
    )
    assert p["hand"] == []


def test_pools_need_not_be_used_right_away() -> None:
    """You do not need to use power or ability right away: both wait in the pools."""
    s = position(hands={0: ["Freezer Burn 3", "Royal Rule 9"]})
    play(s, "play Freezer Burn 3", "play Royal Rule 9")
    assert "freeze" in moves(s) and "buy Royal Rule 5" in moves(s)
    play(s, "buy Royal Rule 1")  # cost 1 of the 6 power
    resolve(s)
    assert me(s, 0)["power"] == 5 and me(s, 0)["abilities"] == {"Freeze": 1}
    assert "freeze" in moves(s)


def test_buyable_cards_are_the_row_the_upgrade_and_the_scaredy_bot() -> None:
    """Cards for purchase: the 5 Minions in the row, the revealed Upgrade, the Scaredy Bot."""
    s = position(
        power={0: 9},
        row=[
            "Royal Rule 1",
            "Freezer Burn 2",
            "Fire Starters 9",
            "Hoppy Hunters 4",
            "Tourist Trap 5",
        ],
        upgrade_row="Blast Furnace",
    )
    buys = [m for m in moves(s) if m.startswith("buy ")]
    assert sorted(buys) == sorted(
        [
            "buy Royal Rule 1",
            "buy Freezer Burn 2",
            "buy Fire Starters 9",
            "buy Hoppy Hunters 4",
            "buy Tourist Trap 5",
            "buy Blast Furnace",
            "buy Scaredy Bot",
        ]
    )


def test_buying_costs_health_and_needs_enough_power() -> None:
    """Health is the cost: it takes that much power to buy the card."""
    s = position(
        power={0: 3},
        row=["Royal Rule 1", "Royal Rule 4", "Royal Rule 6", "Fire Starters 9", "Tourist Trap 5"],
    )
    buys = [m for m in moves(s) if m.startswith("buy ")]
    # Royal Rule 1 costs 1, Royal Rule 4 costs 3, Tourist Trap 5 costs 3, Scaredy Bot 3; Royal
    # Rule 6 (4) and Fire Starters 9 (6) are too dear.

    assert sorted(buys) == sorted(
        ["buy Royal Rule 1", "buy Royal Rule 4", "buy Tourist Trap 5", "buy Scaredy Bot"]
    )
    play(s, "buy Royal Rule 4")
    assert me(s, 0)["power"] == 0 and me(s, 0)["bought"] == ["Royal Rule 4"]


def test_a_bought_minion_is_replaced_at_once_and_the_new_card_is_for_sale() -> None:
    """When a card is purchased, it is immediately replaced and the new card is available."""
    s = position(
        power={0: 4},
        row=["Royal Rule 1", "Royal Rule 2", "Royal Rule 3", "Royal Rule 4", "Royal Rule 5"],
        minion_deck=["Fire Starters 1", "Fire Starters 2", "Fire Starters 3", "Tourist Trap 9"],
        rest_minions="expelled",
    )
    play(s, "buy Royal Rule 4")
    assert s.is_chance and pos(s)["minion_row"][3] is None
    assert outcomes(s) == {
        "reveal Fire Starters 1": 0.25,
        "reveal Fire Starters 2": 0.25,
        "reveal Fire Starters 3": 0.25,
        "reveal Tourist Trap 9": 0.25,
    }
    play(s, "reveal Fire Starters 1")
    assert pos(s)["minion_row"] == [
        "Royal Rule 1",
        "Royal Rule 2",
        "Royal Rule 3",
        "Fire Starters 1",
        "Royal Rule 5",
    ]
    assert "buy Fire Starters 1" in moves(s)
    play(s, "buy Fire Starters 1")
    assert me(s, 0)["power"] == 0 and sorted(me(s, 0)["bought"]) == [
        "Fire Starters 1",
        "Royal Rule 4",
    ]


def test_a_bought_upgrade_is_replaced_at_once() -> None:
    s = position(power={0: 5}, upgrade_row="Golden Throne")
    play(s, "buy Golden Throne")
    assert outcomes(s) == {
        f"reveal {u}": pytest.approx(1 / 6)
        for u in [
            "Deep Freezer",
            "Compost Heap",
            "Wanted Board",
            "Magnifying Lens",
            "Blast Furnace",
            "Chameleon Cloak",
        ]
    }
    play(s, "reveal Wanted Board")
    assert pos(s)["upgrade_row"] == "Wanted Board"
    assert me(s, 0)["upgrades_pending"] == ["Golden Throne"] and me(s, 0)["power"] == 0


def test_scaredy_bots_are_a_pile_of_ten() -> None:
    """Place the 10 Scaredy Bots: buying one takes it from the pile; an empty pile sells nothing."""
    s = position(power={0: 6})
    play(s, "buy Scaredy Bot")
    assert not s.is_chance
    assert (
        pos(s)["scaredy_bots"] == 9
        and me(s, 0)["bought"] == ["Scaredy Bot"]
        and me(s, 0)["power"] == 3
    )
    empty = position(power={0: 6}, expelled=["Scaredy Bot"] * 10)
    assert pos(empty)["scaredy_bots"] == 0
    assert "buy Scaredy Bot" not in moves(empty)


def test_each_attached_upgrade_activates_once_per_turn() -> None:
    """Activating Upgrades: each attached Upgrade once on your turn, whenever you see fit."""
    s = position(upgrades={0: ["Deep Freezer", "Golden Throne"]})
    assert {"activate Deep Freezer", "activate Golden Throne"} <= set(moves(s))
    play(s, "activate Deep Freezer")
    assert me(s, 0)["abilities"] == {"Freeze": 1}
    assert "activate Deep Freezer" not in moves(s) and "activate Golden Throne" in moves(s)
    play(s, "activate Golden Throne")
    assert me(s, 0)["power"] == 1
    assert not [m for m in moves(s) if m.startswith("activate")]


def test_pools_are_lost_at_the_end_of_the_turn() -> None:
    """Designed (5): unused power and abilities do not carry over."""
    s = position(
        hands={0: ["Freezer Burn 3"]}, decks={0: ["Tiny Bot"] * 5}, upgrades={0: ["Deep Freezer"]}
    )
    play(s, "play Freezer Burn 3", "activate Deep Freezer", "end turn")
    assert not s.is_chance and s.current_player == 1
    p = me(s, 0)
    assert p["power"] == 0 and p["abilities"] == {} and p["upgrades_used"] == []


def test_only_the_turn_player_acts() -> None:
    s = position(turn_player=1, hands={0: ["Tiny Bot"], 1: ["Junky Bot"]})
    assert s.current_player == 1
    assert moves(s) == ["play Junky Bot", "end turn"]
