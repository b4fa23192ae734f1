"""Tiny, Junky, Scaredy (Transfer) and Explodey Bots."""

from __future__ import annotations

from .builder import me, moves, outcomes, play, pos, position, power


def test_tiny_bot_gives_one_power_junky_bot_zero() -> None:
    s = position(hands={0: ["Tiny Bot", "Junky Bot"]})
    play(s, "play Tiny Bot")
    assert me(s, 0)["power"] == 1
    play(s, "play Junky Bot")
    assert me(s, 0)["power"] == 1 and me(s, 0)["abilities"] == {}


def test_transfer_expels_the_scaredy_bot_keeps_its_power_and_attaches_from_discard() -> None:
    """Transfer: expel this card to attach up to 1 card from your discard pile to its Supervillain;
    you keep its power."""
    s = position(hands={0: ["Scaredy Bot"]}, discard={0: ["Royal Rule 5", "Tiny Bot"]})
    play(s, "play Scaredy Bot")
    assert me(s, 0)["power"] == 1 and me(s, 0)["abilities"] == {"Transfer": 1}
    assert [m for m in moves(s) if m.startswith("transfer")] == [
        "transfer Royal Rule 5"
    ]  # Minions only
    play(s, "transfer Royal Rule 5")
    p = pos(s)
    assert p["attached"] == {"King Cobra": [["Royal Rule 5"], []]}
    assert p["players"][0]["in_play"] == [] and p["expelled"].count("Scaredy Bot") == 1
    assert (
        p["players"][0]["discard"] == ["Tiny Bot"]
        and p["players"][0]["power"] == 1
        and p["players"][0]["abilities"] == {}
    )


def test_transfer_needs_the_supervillain_revealed() -> None:
    """That corresponding Supervillain must be currently revealed (MechaOven is in the deck; King
    Cobra is in the Danger Zone)."""
    s = position(
        hands={0: ["Scaredy Bot"]},
        discard={0: ["Fire Starters 4", "Royal Rule 2"]},
        supervillains=["Mr. Shadow", "Ice-Cold Cream", "Killer Kiwi"],
        danger_zone=["King Cobra"],
        attached={"King Cobra": {1: ["Royal Rule 9", "Royal Rule 1"]}},
    )
    play(s, "play Scaredy Bot")
    assert [m for m in moves(s) if m.startswith("transfer")] == ["transfer Royal Rule 2"]


def test_transfer_takes_only_from_the_discard_pile() -> None:
    """Not from hand, not a card played this turn (Designed 6: those reach the discard pile at
    cleanup)."""
    s = position(hands={0: ["Scaredy Bot", "Royal Rule 2", "Royal Rule 3"]})
    play(s, "play Royal Rule 2", "play Scaredy Bot")
    assert not [m for m in moves(s) if m.startswith("transfer")]


def test_transfer_can_take_a_card_discarded_by_fetch_this_turn() -> None:
    s = position(
        hands={0: ["Scaredy Bot", "Sleuths N' Sniffs 3", "Royal Rule 4"]}, decks={0: ["Tiny Bot"]}
    )
    play(s, "play Sleuths N' Sniffs 3", "fetch", "discard Royal Rule 4", "play Scaredy Bot")
    assert "transfer Royal Rule 4" in moves(s)


def test_one_transfer_per_scaredy_bot() -> None:
    s = position(
        hands={0: ["Scaredy Bot", "Scaredy Bot"]},
        discard={0: ["Royal Rule 4", "Royal Rule 5", "Royal Rule 6"]},
    )
    play(
        s, "play Scaredy Bot", "play Scaredy Bot", "transfer Royal Rule 4", "transfer Royal Rule 5"
    )
    p = pos(s)
    assert p["players"][0]["power"] == 2 and p["players"][0]["abilities"] == {}
    assert p["expelled"].count("Scaredy Bot") == 2 and p["attached"]["King Cobra"] == [
        ["Royal Rule 4", "Royal Rule 5"],
        [],
    ]
    assert not [m for m in moves(s) if m.startswith("transfer")]


def test_transfer_can_reach_the_danger_zone_and_win() -> None:
    s = position(
        hands={0: ["Scaredy Bot"]},
        discard={0: ["Royal Rule 8"]},
        attached={"King Cobra": {0: ["Royal Rule 9"]}},
    )
    play(s, "play Scaredy Bot", "transfer Royal Rule 8")
    assert pos(s)["won_by"] == {"King Cobra": 0}


def test_explodey_bot_stays_in_hand_across_turns_and_is_public() -> None:
    """Explodey Bot stays in your hand until played; you draw 5; everyone knows it is there."""
    s = position(
        turn_player=1, hands={1: ["Explodey Bot", "Tiny Bot"]}, decks={1: ["Tiny Bot"] * 5}
    )
    play(s, "end turn")
    p = me(s, 1)
    assert sorted(p["hand"]) == sorted(["Explodey Bot"] + ["Tiny Bot"] * 5)
    assert p["hand_public"] == ["Explodey Bot"] and p["discard"] == ["Tiny Bot"]
    o = s.observation(0)["players"][1]
    assert o["hand_known"] == ["Explodey Bot"] and o["hand_size"] == 6


def test_explodey_bot_played_gives_its_power_and_is_expelled() -> None:
    s = position(hands={0: ["Explodey Bot"]})
    play(s, "play Explodey Bot")
    p = pos(s)
    assert (
        p["players"][0]["power"] == power("Explodey Bot")
        and p["players"][0]["in_play"] == []
        and p["expelled"] == ["Explodey Bot"]
    )
    assert p["players"][0]["hand_public"] == []


def test_explodey_bot_discarded_by_fetch_goes_to_the_discard_pile() -> None:
    s = position(hands={0: ["Explodey Bot", "Sleuths N' Sniffs 3"]}, decks={0: ["Tiny Bot"]})
    play(s, "play Sleuths N' Sniffs 3", "fetch", "discard Explodey Bot")
    assert me(s, 0)["discard"] == ["Explodey Bot"] and me(s, 0)["hand_public"] == []


def test_explodey_bot_can_be_incinerated_from_hand() -> None:
    s = position(
        hands={0: ["Explodey Bot"]},
        abilities={0: {"Incinerate": 1}},
        in_play={0: ["Fire Starters 3"]},
    )
    play(s, "incinerate Explodey Bot from hand")
    assert pos(s)["expelled"] == ["Explodey Bot"]


def test_explodey_bot_in_the_deck_is_a_card_like_any_other_and_counts_when_drawn() -> None:
    """If it goes into your deck it is like any card until drawn; Designed (7): drawn, it counts as
    one of the 5."""
    s = position(decks={0: ["Explodey Bot"] + ["Tiny Bot"] * 5})
    play(s, "end turn")
    assert outcomes(s) == {"draw Tiny Bot": 5 / 6, "draw Explodey Bot": 1 / 6}
    play(s, "draw Explodey Bot")
    # Four Tiny Bots of the five left: certain to the drawer, but chance all the same (the
    # opponent cannot know the deck is all of one kind).
    assert outcomes(s) == {"draw Tiny Bot": 1.0}
    play(s, *["draw Tiny Bot"] * 4)
    assert not s.is_chance
    p = me(s, 0)
    assert sorted(p["hand"]) == sorted(["Explodey Bot"] + ["Tiny Bot"] * 4) and p["deck"][
        "unknown"
    ] == ["Tiny Bot"]
    assert p["hand_public"] == []  # drawn from an unknown place: hidden until kept at a cleanup
