"""Yard-Sailers (Yard-Saling Shelly), Haggle, with every clarification of the card reference."""

from __future__ import annotations

import henchmen

from . import crew_kit as kit
from .builder import health, me, moves, outcomes, play, pos, position, power, resolve

ROW = kit.BASE_ROW
DECK = ["Fire Starters 9", "Tourist Trap 6"]


_yard_sailers = kit.crews_for_module(*kit.beside_base("Yard-Sailers"))


def haggled(hand: list[str], power: int, deck: list[str] = DECK) -> henchmen.State:
    """Yard-Sailers 3 played, Freezer Burn 5 haggled away: the refill waits on chance."""
    s = position(
        hands={0: ["Yard-Sailers 3", *hand]},
        power={0: power},
        row=ROW,
        minion_deck=deck,
        rest_minions="expelled",
    )
    return play(s, "play Yard-Sailers 3", "haggle Freezer Burn 5")


def test_haggle_replaces_a_row_card_and_its_replacement_costs_2_less() -> None:
    """Haggle: you may replace 1 card in the Minion row, its replacement costs 2 power less
    this turn."""
    cost = health("Fire Starters 9")
    s = haggled([], cost - 2 - power("Yard-Sailers 3") + 1)  # 1 more than the cheaper cost
    assert pos(s)["haggle_slots"] == [2]
    play(s, "reveal Fire Starters 9")
    assert pos(s)["haggled"] == ["Fire Starters 9"] and "haggle_slots" not in pos(s)
    row = next(z for z in s.layout(1)["zones"] if z["id"] == "minion-row")
    face = next(f for f in row["cards"] if f.get("name") == "Fire Starters 9")
    assert face["haggled"] and face["cost"] == cost - 2
    assert me(s, 0)["power"] == cost - 2 + 1 and "buy Fire Starters 9" in moves(s)
    assert cost - 2 + 1 < cost  # the full cost is out of reach
    play(s, "buy Fire Starters 9")
    assert me(s, 0)["power"] == 1  # paid 2 less than its cost
    event = s.last_events("spectator")
    assert any(e.kind == "buy" for e in event)


def test_the_replacement_goes_under_the_minion_deck_and_the_top_card_takes_its_spot() -> None:
    """To replace a card in the Minion row, simply put the card on the bottom of the Minion deck
    and take the top card off the Minion deck and place it in that spot."""
    s = haggled([], 0)
    assert pos(s)["minion_deck"]["known_from_top"] == ["Freezer Burn 5"]
    assert pos(s)["minion_row"][2] is None
    assert outcomes(s) == {"reveal Fire Starters 9": 0.5, "reveal Tourist Trap 6": 0.5}
    play(s, "reveal Tourist Trap 6")
    assert pos(s)["minion_row"] == [*ROW[:2], "Tourist Trap 6", *ROW[3:]]
    assert s.last_events("spectator")[0].text.endswith(f"(cost {health('Tourist Trap 6') - 2})")


def test_a_replacement_of_cost_2_or_1_is_free() -> None:
    """If the new card has a cost of 2 or 1, the card is free to buy."""
    for card in ("Fire Starters 1", "Fire Starters 2"):
        assert health(card) in (1, 2)
        s = position(
            hands={0: ["Yard-Sailers 3"]},
            row=ROW,
            minion_deck=[card],
            rest_minions="expelled",
        )
        play(s, "play Yard-Sailers 3", "haggle Freezer Burn 5")  # one card: certain
        assert pos(s)["minion_row"][2] == card
        p = me(s, 0)
        play(s, f"buy {card}")
        assert me(s, 0)["power"] == p["power"]


def test_only_the_replacement_is_cheaper_and_only_this_turn() -> None:
    """Its replacement costs less, this turn: the other row cards keep their cost, and when
    the turn ends the discount is gone (the next player pays the full cost)."""
    s = haggled([], 0)
    play(s, "reveal Tourist Trap 6")
    have = me(s, 0)["power"]
    assert health("Tourist Trap 6") - 2 <= have < health("Tourist Trap 6")
    affordable = {m for m in moves(s) if m.startswith("buy")}
    row = pos(s)["minion_row"]
    assert affordable == {
        f"buy {c}" for c in row if c != "Tourist Trap 6" and health(c) <= have
    } | {"buy Tourist Trap 6"}
    assert "buy Royal Rule 5" not in affordable and health("Royal Rule 5") - 2 <= have
    play(s, "end turn")
    resolve(s)
    assert "haggled" not in pos(s) and s.observation(1)["haggled"] == []
    s.validate()
    row = next(z for z in s.layout(1)["zones"] if z["id"] == "minion-row")
    assert all("haggled" not in f for f in row["cards"])


def test_a_replaced_card_alone_in_the_minion_deck_is_its_own_cheaper_replacement() -> None:
    """Designed (as Snooze's replacement): with the Minion deck empty the replaced card is its
    only card, so it comes straight back, and it is the replacement that costs 2 less."""
    s = position(hands={0: ["Yard-Sailers 3"]}, row=ROW, minion_deck=[], rest_minions="expelled")
    play(s, "play Yard-Sailers 3", "haggle Freezer Burn 5")
    assert not s.is_chance and pos(s)["minion_row"] == ROW
    assert pos(s)["haggled"] == ["Freezer Burn 5"]


def test_the_discount_stays_with_the_card() -> None:
    """Designed: the discount is the card's, not the spot's: a Bounty that takes it into the
    Stash keeps it cheaper this turn, and a second Haggle does not make it cheaper still."""
    s = position(
        hands={0: ["Yard-Sailers 3", "Hoppy Hunters 3"]},
        row=ROW,
        minion_deck=["Fire Starters 9"],
        rest_minions="expelled",
    )
    play(s, "play Yard-Sailers 3", "haggle Freezer Burn 5", "play Hoppy Hunters 3")
    play(s, "bounty Fire Starters 9")
    resolve(s)
    assert me(s, 0)["stash"] == ["Fire Starters 9"] and pos(s)["haggled"] == ["Fire Starters 9"]
    have = me(s, 0)["power"]
    assert health("Fire Starters 9") - 2 <= have < health("Fire Starters 9")
    assert "buy Fire Starters 9" in moves(s)


def test_a_haggle_is_seen_by_everyone_and_round_trips_mid_refill() -> None:
    s = haggled([], 0)
    kit.told_to_everyone(s, "haggle", "Freezer Burn 5")
    s.validate()
    again = kit.round_trip(s)
    assert pos(again)["haggle_slots"] == [2]
    play(again, "reveal Tourist Trap 6")
    again.validate()
    assert henchmen.deserialize(again.serialize()) == again
    assert again.observation(1)["haggled"] == ["Tourist Trap 6"]


def test_the_price_tag_gun_upgrade_gives_haggle() -> None:
    s = kit.activated("Price Tag Gun", upgrade_row="Golden Throne", row=ROW)
    assert me(s, 0)["abilities"] == {"Haggle": 1}
    assert {f"haggle {c}" for c in ROW} <= set(moves(s))


def test_haggle_is_refused_without_the_ability_and_round_trips() -> None:
    s = position(hands={0: ["Yard-Sailers 3"]}, row=ROW)
    kit.refused(s, "haggle Royal Rule 2")
    play(s, "play Yard-Sailers 3")
    kit.offered(s, "haggle Royal Rule 2", "Royal Rule 2", "minion-row")
    kit.holds_and_round_trips(s, "Haggle")
