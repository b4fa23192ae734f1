"""Raccoon Rebellion (Codename CL4W), Hack, with every clarification of the card reference."""

from __future__ import annotations

from . import crew_kit as kit
from .builder import health, me, moves, outcomes, play, pos, position, power

ROW = kit.BASE_ROW
_raccoon_rebellion = kit.crews_for_module(*kit.beside_base("Raccoon Rebellion"))


def test_hack_gains_2_power_for_an_upgrade() -> None:
    """Hack: you may gain 2 power to be spent on an Upgrade card; you get it in addition to
    the base power of the card."""
    cost = health("Golden Throne")
    base = power("Raccoon Rebellion 3")
    s = position(
        hands={0: ["Raccoon Rebellion 3"]},
        power={0: cost - base - 2},
        upgrade_row="Golden Throne",
        row=ROW,
    )
    play(s, "play Raccoon Rebellion 3")
    assert "buy Golden Throne" not in moves(s) and "end turn" in moves(s)
    play(s, "hack power")
    assert me(s, 0)["power"] == cost - 2 and pos(s)["hack_power"] == 2
    assert s.observation(1)["hack_power"] == 2
    play(s, "buy Golden Throne")
    assert me(s, 0)["power"] == 0 and "hack_power" not in pos(s)


def test_hack_power_only_buys_an_upgrade() -> None:
    """If you choose to gain the 2 power from the Hack ability, that power can only be used to
    purchase an Upgrade; the card's base power can be used to purchase anything."""
    s = position(hands={0: ["Raccoon Rebellion 3"]}, row=ROW, upgrade_row="Golden Throne")
    play(s, "play Raccoon Rebellion 3", "hack power")
    have = me(s, 0)["power"]
    assert have == power("Raccoon Rebellion 3")
    minions = {m for m in moves(s) if m.startswith("buy") and "Golden Throne" not in m}
    assert minions == {f"buy {c}" for c in ROW if health(c) <= have}
    assert any(health(c) == have + 1 or health(c) == have + 2 for c in ROW)  # within Hack's reach


def test_an_upgrade_takes_hack_power_first() -> None:
    """Designed: an Upgrade is paid from Hack's power first, so the base power left buys
    anything (no other split is better)."""
    cost = health("Golden Throne")
    s = position(
        hands={0: ["Raccoon Rebellion 3"]}, power={0: cost}, upgrade_row="Golden Throne", row=ROW
    )
    play(s, "play Raccoon Rebellion 3", "hack power", "buy Golden Throne")
    assert me(s, 0)["power"] == power("Raccoon Rebellion 3") + 2  # cost - 2 from base, 2 from Hack
    assert "hack_power" not in pos(s)


def test_hack_power_is_gone_when_the_turn_ends() -> None:
    s = position(hands={0: ["Raccoon Rebellion 3"]}, upgrade_row="Golden Throne", row=ROW)
    play(s, "play Raccoon Rebellion 3", "hack power", "end turn")
    while s.is_chance:
        s.apply(s.chance_outcomes[0][0])
    assert "hack_power" not in pos(s) and s.observation(0)["hack_power"] == 0
    s.validate()


def test_hack_replaces_the_upgrade_card_instead() -> None:
    """... or replace it: put the card on the bottom of the Upgrade deck and take the top card
    off the Upgrade deck and place it in that spot (one Hack does one or the other)."""
    s = position(hands={0: ["Raccoon Rebellion 3"]}, upgrade_row="Golden Throne", row=ROW)
    play(s, "play Raccoon Rebellion 3", "hack replace Golden Throne")
    assert pos(s)["upgrade_deck"]["known_from_top"] == ["Golden Throne"]
    assert "reveal Golden Throne" not in outcomes(s)
    play(s, "reveal Deep Freezer")
    assert pos(s)["upgrade_row"] == "Deep Freezer"
    assert not any(m.startswith("hack") for m in moves(s)) and "hack_power" not in pos(s)


def test_a_hack_is_seen_by_everyone_and_round_trips() -> None:
    s = position(hands={0: ["Raccoon Rebellion 3"]}, upgrade_row="Golden Throne", row=ROW)
    play(s, "play Raccoon Rebellion 3", "hack power")
    for event in kit.first_events(s):
        assert event.kind == "hack-power"
    s.validate()
    again = kit.round_trip(s)
    assert pos(again)["hack_power"] == 2 and moves(again) == moves(s)


def test_the_trash_can_terminal_upgrade_gives_hack() -> None:
    s = kit.activated("Trash Can Terminal", upgrade_row="Golden Throne", row=ROW)
    assert me(s, 0)["abilities"] == {"Hack": 1}
    assert {"hack power", "hack replace Golden Throne"} <= set(moves(s))


def test_hack_is_refused_without_the_ability() -> None:
    s = position(hands={0: ["Raccoon Rebellion 3"]}, upgrade_row="Golden Throne", row=ROW)
    kit.refused(s, "hack power")
    play(s, "play Raccoon Rebellion 3")
    kit.offered(s, "hack replace Golden Throne", "Golden Throne", "upgrade-row")
