"""Sleep Slayers (Lethargic Leroy), Snooze, with every clarification of the card reference."""

from __future__ import annotations

from . import crew_kit as kit
from .builder import me, moves, outcomes, play, pos, position, resolve

ROW = kit.BASE_ROW
_sleep_slayers = kit.crews_for_module(*kit.beside_base("Sleep Slayers"))


def test_snooze_sets_a_hand_card_aside_for_next_turn() -> None:
    """Snooze: set 1 card from your hand aside for a future turn (the set-aside pile joins
    the hand when this turn ends, as Freeze's does)."""
    s = position(hands={0: ["Sleep Slayers 3", "Royal Rule 9", "Tiny Bot"]})
    play(s, "play Sleep Slayers 3")
    assert me(s, 0)["abilities"] == {"Snooze": 1}
    assert {"snooze Royal Rule 9", "snooze Tiny Bot"} <= set(moves(s))
    play(s, "snooze Royal Rule 9")
    p = me(s, 0)
    assert p["frozen"] == ["Royal Rule 9"] and p["hand"] == ["Tiny Bot"] and p["abilities"] == {}
    play(s, "end turn")
    resolve(s)
    p = me(s, 0)
    assert "Royal Rule 9" in p["hand"] and "Royal Rule 9" not in p["discard"]
    assert "Tiny Bot" in p["discard"]


def test_snooze_replaces_a_minion_row_card_instead() -> None:
    """... or replace 1 card in the Minion row: one Snooze does one or the other."""
    s = position(hands={0: ["Sleep Slayers 3", "Tiny Bot"]}, row=ROW)
    play(s, "play Sleep Slayers 3")
    assert "snooze row Freezer Burn 5" in moves(s)
    play(s, "snooze row Freezer Burn 5")
    assert s.is_chance and pos(s)["minion_row"][2] is None
    assert not any(m.startswith("snooze") for m in moves(resolve(s)))  # the Snooze is spent


def test_a_replaced_card_goes_under_the_minion_deck_and_the_top_card_takes_its_spot() -> None:
    """To replace a card in the Minion row, put the card on the bottom of the Minion deck
    and take the top card off the Minion deck and place it in that spot."""
    s = position(
        hands={0: ["Sleep Slayers 3"]},
        row=ROW,
        minion_deck=["Fire Starters 2", "Tourist Trap 6"],
        rest_minions="expelled",
    )
    play(s, "play Sleep Slayers 3", "snooze row Freezer Burn 5")
    assert pos(s)["minion_deck"]["known_from_top"] == ["Freezer Burn 5"]
    assert outcomes(s) == {"reveal Fire Starters 2": 0.5, "reveal Tourist Trap 6": 0.5}
    play(s, "reveal Tourist Trap 6")
    assert pos(s)["minion_row"] == [*ROW[:2], "Tourist Trap 6", *ROW[3:]]
    event = s.last_events("spectator")
    assert event[0].kind == "refill"


def test_a_replaced_card_alone_in_the_minion_deck_comes_straight_back() -> None:
    """Designed (as Replicate's replacement): with the Minion deck empty the replaced card is
    its only card, so it is the top card and returns to its spot."""
    s = position(hands={0: ["Sleep Slayers 3"]}, row=ROW, minion_deck=[], rest_minions="expelled")
    play(s, "play Sleep Slayers 3", "snooze row Freezer Burn 5")
    assert not s.is_chance and pos(s)["minion_row"] == ROW


def test_only_a_card_still_in_hand_can_be_snoozed() -> None:
    """You can only snooze a card in your hand that has not been played already: you will
    not be getting that card's power and/or ability."""
    s = position(hands={0: ["Sleep Slayers 3", "Freezer Burn 3", "Royal Rule 9"]})
    play(s, "play Sleep Slayers 3", "play Royal Rule 9")
    assert "snooze Royal Rule 9" not in moves(s) and "snooze Sleep Slayers 3" not in moves(s)
    play(s, "snooze Freezer Burn 3")
    p = me(s, 0)
    assert p["power"] == 2 + 4 and p["abilities"] == {}  # no Freeze, no power from it
    assert "play Freezer Burn 3" not in moves(s)


def test_a_snoozed_card_is_seen_by_everyone() -> None:
    """The play note (put the card sideways in front of you): designed, the snoozed card is
    laid face up, so everyone sees which card it is until it joins the hand."""
    s = position(hands={0: ["Sleep Slayers 3", "Royal Rule 9"]})
    play(s, "play Sleep Slayers 3", "snooze Royal Rule 9")
    for reader in (1, "spectator"):
        event = s.last_events(reader)[0]
        assert event.kind == "snooze" and "Royal Rule 9" in event.text
    assert s.observation(1)["players"][0]["frozen_known"] == ["Royal Rule 9"]
    play(s, "end turn")
    resolve(s)
    assert s.observation(1)["players"][0]["hand_known"] == ["Royal Rule 9"]


def test_the_snooze_button_upgrade_gives_snooze() -> None:
    s = kit.activated(
        "Snooze Button", "snooze Tiny Bot", hands={0: ["Tiny Bot"]}, upgrade_row="Golden Throne"
    )
    assert me(s, 0)["frozen"] == ["Tiny Bot"]


def test_snooze_is_refused_without_the_ability_and_round_trips() -> None:
    s = position(hands={0: ["Sleep Slayers 3", "Royal Rule 9"]}, row=ROW)
    kit.refused(s, "snooze Royal Rule 9")
    play(s, "play Sleep Slayers 3")
    kit.offered(s, "snooze Royal Rule 9", "Royal Rule 9", "hand-0")
    kit.offered(s, "snooze row Royal Rule 2", "Royal Rule 2", "minion-row")
    kit.holds_and_round_trips(s, "Snooze")
