"""Deadly Deliveries (Delivery Kangaroo), Expedite, with every clarification of the card
reference."""

from __future__ import annotations

import henchmen

from . import crew_kit as kit
from .builder import health, me, moves, play, position, resolve

ROW = kit.BASE_ROW
_deadly_deliveries = kit.crews_for_module(*kit.beside_base("Deadly Deliveries"))


def expedites(s: henchmen.State) -> list[str]:
    return kit.starting(s, "expedite")


def test_expedite_puts_a_minion_bought_this_turn_on_the_bottom_of_your_deck() -> None:
    """Expedite: put up to 1 Minion card you bought this turn on the bottom of your deck
    (bought cards wait in the bought pile until the cleanup: it comes from there)."""
    s = position(
        hands={0: ["Deadly Deliveries 3"]},
        bought={0: ["Royal Rule 8", "Freezer Burn 7"]},
        decks={0: ["Tiny Bot"] * 5 + ["Junky Bot"]},
        row=ROW,
    )
    assert expedites(s) == []
    play(s, "play Deadly Deliveries 3")
    assert sorted(expedites(s)) == ["expedite Freezer Burn 7", "expedite Royal Rule 8"]
    assert "end turn" in moves(s)  # up to 1: none is fine
    play(s, "expedite Freezer Burn 7")
    p = me(s, 0)
    assert p["bought"] == ["Royal Rule 8"] and p["abilities"] == {}
    assert p["deck"]["known_from_top"] == ["Freezer Burn 7"]
    assert sorted(p["deck"]["unknown"]) == ["Junky Bot"] + ["Tiny Bot"] * 5
    assert expedites(s) == []  # up to 1 card: the Expedite is spent
    play(s, "end turn")
    resolve(s)
    p = me(s, 0)
    assert "Freezer Burn 7" not in p["discard"] and "Royal Rule 8" in p["discard"]
    assert p["deck"]["known_from_top"] == ["Freezer Burn 7"]  # still under the sixth card


def test_only_a_minion_bought_this_turn() -> None:
    """A Minion card you bought this turn: not one bought earlier (in the discard pile), not
    a Scaredy Bot, not an Upgrade."""
    s = position(
        hands={0: ["Deadly Deliveries 3"]},
        bought={0: ["Scaredy Bot"]},
        upgrades_pending={0: ["Golden Throne"]},
        discard={0: ["Royal Rule 8"]},
        row=ROW,
    )
    play(s, "play Deadly Deliveries 3")
    assert expedites(s) == []


def test_a_minion_bought_after_the_expedite_was_gained_can_go() -> None:
    """The Minion may be bought after playing the card: the ability waits in the pool."""
    s = position(hands={0: ["Deadly Deliveries 3"]}, power={0: health("Royal Rule 2")}, row=ROW)
    play(s, "play Deadly Deliveries 3", "buy Royal Rule 2")
    resolve(s)
    play(s, "expedite Royal Rule 2")
    assert me(s, 0)["deck"]["known_from_top"][-1] == "Royal Rule 2"


def test_an_empty_deck_becomes_a_deck_of_the_expedited_card() -> None:
    """If there are no cards in your deck when expediting, that card becomes a new deck: the
    next draw takes it, without shuffling the discard pile."""
    s = position(
        hands={0: ["Deadly Deliveries 3"]},
        bought={0: ["Royal Rule 8"]},
        decks={0: []},
        discard={0: ["Tiny Bot"] * 8 + ["Junky Bot"] * 2},
        row=ROW,
    )
    play(s, "play Deadly Deliveries 3", "expedite Royal Rule 8")
    p = me(s, 0)
    assert p["deck"] == {"known_from_top": ["Royal Rule 8"], "unknown": []}
    play(s, "end turn")
    # The first card of the new hand is the expedited one (certain); then the reshuffle.
    assert s.is_chance
    assert "Royal Rule 8" in me(s, 0)["hand"]


def test_an_expedite_is_seen_by_everyone() -> None:
    s = position(hands={0: ["Deadly Deliveries 3"]}, bought={0: ["Royal Rule 8"]}, row=ROW)
    play(s, "play Deadly Deliveries 3", "expedite Royal Rule 8")
    kit.told_to_everyone(s, "expedite", "Royal Rule 8")
    assert s.observation(1)["players"][0]["deck_bottom"] == ["Royal Rule 8"]


def test_the_express_pouch_upgrade_gives_expedite() -> None:
    s = kit.activated(
        "Express Pouch",
        "expedite Royal Rule 8",
        bought={0: ["Royal Rule 8"]},
        upgrade_row="Golden Throne",
        row=ROW,
    )
    assert me(s, 0)["deck"]["known_from_top"] == ["Royal Rule 8"]


def test_expedite_is_refused_without_the_ability_and_round_trips() -> None:
    s = position(hands={0: ["Deadly Deliveries 3"]}, bought={0: ["Royal Rule 8"]}, row=ROW)
    kit.refused(s, "expedite Royal Rule 8")
    play(s, "play Deadly Deliveries 3")
    kit.offered(s, "expedite Royal Rule 8", "Royal Rule 8", "bought-0")
    again = kit.holds_and_round_trips(s, "Expedite")
    play(again, "expedite Royal Rule 8")
    again.validate()
    assert henchmen.deserialize(again.serialize()) == again
