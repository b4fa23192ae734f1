"""Brutal Builders (Builder Ben Beaver), Engineer, with every clarification of the card
reference."""

from __future__ import annotations

import henchmen

from . import crew_kit as kit
from .builder import me, moves, outcomes, play, pos, position

_brutal_builders = kit.crews_for_module(*kit.beside_base("Brutal Builders"))


def engineers(s: henchmen.State) -> list[str]:
    return kit.starting(s, "engineer")


def test_engineer_replaces_the_upgrade_card() -> None:
    """Engineer: you may replace the Upgrade card: put it on the bottom of the Upgrade deck and
    take the top card off the Upgrade deck and place it in that spot."""
    s = position(hands={0: ["Brutal Builders 3"]}, upgrade_row="Golden Throne")
    play(s, "play Brutal Builders 3")
    assert "engineer replace Golden Throne" in engineers(s) and "end turn" in moves(s)
    play(s, "engineer replace Golden Throne")
    assert me(s, 0)["abilities"] == {}
    assert pos(s)["upgrade_row"] is None
    assert pos(s)["upgrade_deck"]["known_from_top"] == ["Golden Throne"]
    assert "reveal Deep Freezer" in outcomes(s) and "reveal Golden Throne" not in outcomes(s)
    play(s, "reveal Deep Freezer")
    assert pos(s)["upgrade_row"] == "Deep Freezer"
    assert engineers(s) == []  # the Engineer is spent


def test_engineer_expels_a_bot_from_hand_to_gain_a_scaredy_bot() -> None:
    """... or expel a Bot from your hand to gain a Scaredy Bot (designed: into the discard
    pile, where a bought card ends up)."""
    s = position(hands={0: ["Brutal Builders 3", "Tiny Bot", "Royal Rule 9"]}, scaredy_bots=10)
    play(s, "play Brutal Builders 3")
    assert sorted(m for m in engineers(s) if "replace" not in m) == ["engineer Tiny Bot"]
    play(s, "engineer Tiny Bot")
    p = me(s, 0)
    assert p["hand"] == ["Royal Rule 9"] and p["discard"] == ["Scaredy Bot"]
    assert "Tiny Bot" in pos(s)["expelled"] and pos(s)["scaredy_bots"] == 9
    assert p["power"] == 2  # Brutal Builders 3 alone: nothing from the Tiny Bot


def test_a_bot_is_any_card_whose_name_ends_in_bot() -> None:
    """A Bot card is any card with a name that ends with the word "Bot": Junky Bot, Tiny Bot,
    Explodey Bot, and yes even Scaredy Bot; a Minion is not one."""
    hand = [
        "Brutal Builders 3",
        "Tiny Bot",
        "Junky Bot",
        "Explodey Bot",
        "Scaredy Bot",
        "Royal Rule 9",
    ]
    s = position(hands={0: hand}, scaredy_bots=9)
    play(s, "play Brutal Builders 3")
    assert sorted(m for m in engineers(s) if "replace" not in m) == [
        "engineer Explodey Bot",
        "engineer Junky Bot",
        "engineer Scaredy Bot",
        "engineer Tiny Bot",
    ]


def test_only_a_bot_still_in_hand_can_be_expelled() -> None:
    """You can only expel a card in your hand that has not been played already."""
    s = position(hands={0: ["Brutal Builders 3", "Tiny Bot", "Junky Bot"]})
    play(s, "play Tiny Bot", "play Brutal Builders 3")
    assert "engineer Tiny Bot" not in engineers(s) and "engineer Junky Bot" in engineers(s)


def test_no_scaredy_bot_left_leaves_only_the_replacement() -> None:
    """Designed: with the Scaredy Bots gone there is nothing to gain, so no Bot is expelled."""
    s = position(
        hands={0: ["Brutal Builders 3", "Tiny Bot"]},
        scaredy_bots=0,
        expelled=["Scaredy Bot"] * 10,
        upgrade_row="Golden Throne",
    )
    play(s, "play Brutal Builders 3")
    assert engineers(s) == ["engineer replace Golden Throne"]


def test_an_engineer_is_seen_by_everyone() -> None:
    s = position(hands={0: ["Brutal Builders 3", "Junky Bot"]})
    play(s, "play Brutal Builders 3", "engineer Junky Bot")
    kit.told_to_everyone(s, "engineer", "Junky Bot")
    assert s.observation(1)["players"][0]["discard"] == ["Scaredy Bot"]


def test_the_blueprint_bench_upgrade_gives_engineer() -> None:
    s = kit.activated(
        "Blueprint Bench", "engineer Tiny Bot", hands={0: ["Tiny Bot"]}, upgrade_row="Golden Throne"
    )
    assert me(s, 0)["discard"] == ["Scaredy Bot"]


def test_engineer_is_refused_without_the_ability_and_round_trips() -> None:
    s = position(hands={0: ["Brutal Builders 3", "Tiny Bot"]}, upgrade_row="Golden Throne")
    kit.refused(s, "engineer Tiny Bot")
    play(s, "play Brutal Builders 3")
    kit.offered(s, "engineer Tiny Bot", "Tiny Bot", "hand-0")
    kit.offered(s, "engineer replace Golden Throne", "Golden Throne", "upgrade-row")
    again = kit.holds_and_round_trips(s, "Engineer")
    play(again, "engineer replace Golden Throne")
    again.validate()
    assert henchmen.deserialize(again.serialize()) == again
