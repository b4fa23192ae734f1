"""The seven base crews' abilities, with every clarification of the card reference."""

from __future__ import annotations

import json

from .builder import CREWS, me, moves, outcomes, play, pos, position

ROW = ["Royal Rule 1", "Royal Rule 2", "Royal Rule 3", "Royal Rule 4", "Royal Rule 5"]


# Royal Rule ---------------------------------------------------------------


def test_royal_rule_has_no_ability() -> None:
    """Royal Rule: these cards have no ability (Designed 1: +1 power instead, but for the
    cheap reputations 1 and 3, tuned to the ability crews' power)."""
    s = position(hands={0: ["Royal Rule 7"]})
    play(s, "play Royal Rule 7")
    assert me(s, 0)["power"] == 4 and me(s, 0)["abilities"] == {}
    royal, others = CREWS[0], CREWS[1:]
    assert royal["ability"] is None
    for r in range(9):
        extra = 0 if r + 1 in (1, 3) else 1
        for crew in others:
            assert royal["minions"][r]["power"] == crew["minions"][r]["power"] + extra
            assert royal["minions"][r]["health"] == crew["minions"][r]["health"]


# Freezer Burn: Freeze -----------------------------------------------------


def test_freeze_takes_the_top_card_into_next_turns_hand() -> None:
    """Freeze: take the top card of your deck and add it to your hand next turn."""
    s = position(hands={0: ["Freezer Burn 3"]}, decks={0: ["Tiny Bot"] * 6})
    play(s, "play Freezer Burn 3", "freeze", "draw Tiny Bot")
    p = me(s, 0)
    assert p["frozen"] == ["Tiny Bot"] and p["hand"] == [] and len(p["deck"]["unknown"]) == 5
    play(s, "end turn")  # the five left are drawn whole: certain from the count
    assert not s.is_chance
    p = me(s, 0)
    assert p["hand"] == ["Tiny Bot"] * 6 and p["frozen"] == []  # 5 drawn plus the frozen one


def test_freeze_draw_is_chance_over_the_deck() -> None:
    s = position(hands={0: ["Freezer Burn 3"]}, decks={0: ["Tiny Bot", "Royal Rule 9"]})
    play(s, "play Freezer Burn 3", "freeze")
    assert outcomes(s) == {"draw Royal Rule 9": 0.5, "draw Tiny Bot": 0.5}
    play(s, "draw Royal Rule 9")
    assert me(s, 0)["frozen"] == ["Royal Rule 9"]


def test_freeze_with_an_empty_deck_shuffles_the_discard_pile() -> None:
    """If there are no cards in your deck, shuffle your discard pile to freeze the new top card."""
    s = position(
        hands={0: ["Freezer Burn 3"]}, decks={0: []}, discard={0: ["Royal Rule 6", "Royal Rule 7"]}
    )
    play(s, "play Freezer Burn 3", "freeze")
    assert outcomes(s) == {"draw Royal Rule 6": 0.5, "draw Royal Rule 7": 0.5}
    assert me(s, 0)["discard"] == ["Royal Rule 6", "Royal Rule 7"]  # shuffled in by the draw
    play(s, "draw Royal Rule 7")
    assert me(s, 0)["discard"] == []
    p = me(s, 0)
    assert p["frozen"] == ["Royal Rule 7"] and p["deck"]["unknown"] == ["Royal Rule 6"]


def test_freeze_is_not_offered_with_nothing_to_freeze() -> None:
    """Designed (5): no deck and no discard pile: nothing to freeze."""
    s = position(hands={0: ["Freezer Burn 3"]}, decks={0: []})
    play(s, "play Freezer Burn 3")
    assert me(s, 0)["abilities"] == {"Freeze": 1} and "freeze" not in moves(s)


# Health Hazards: Harvest --------------------------------------------------


def test_harvest_puts_a_discard_on_the_bottom_of_the_deck_in_a_known_place() -> None:
    """Harvest: put up to 1 card from your discard pile on the bottom of your deck."""
    s = position(
        hands={0: ["Health Hazards 3"]},
        decks={0: ["Tiny Bot"] * 3},
        discard={0: ["Royal Rule 5", "Junky Bot"]},
    )
    play(s, "play Health Hazards 3")
    assert {"harvest Royal Rule 5", "harvest Junky Bot"} <= set(moves(s))
    play(s, "harvest Royal Rule 5")
    p = me(s, 0)
    assert p["deck"] == {"unknown": ["Tiny Bot"] * 3, "known_from_top": ["Royal Rule 5"]}
    assert p["discard"] == ["Junky Bot"] and p["abilities"] == {}
    assert json.loads(json.dumps(s.observation(1)))["players"][0]["deck_bottom"] == ["Royal Rule 5"]


def test_harvest_with_an_empty_discard_pile_does_nothing() -> None:
    s = position(hands={0: ["Health Hazards 3"]})
    play(s, "play Health Hazards 3")
    assert not [m for m in moves(s) if m.startswith("harvest")]


def test_harvest_into_an_empty_deck_makes_a_new_deck_drawn_publicly() -> None:
    """If your deck is empty, the harvested card becomes a new deck (Designed 8: drawn from a known
    place, it is public)."""
    s = position(hands={0: ["Health Hazards 3"]}, decks={0: []}, discard={0: ["Royal Rule 5"]})
    play(s, "play Health Hazards 3", "harvest Royal Rule 5")
    assert me(s, 0)["deck"] == {"unknown": [], "known_from_top": ["Royal Rule 5"]}
    # Draws Royal Rule 5 (known), then the draw that shuffles in {Health Hazards 3} is chance
    # with one outcome.
    play(s, "end turn")
    assert outcomes(s) == {"draw Health Hazards 3": 1.0}
    play(s, "draw Health Hazards 3")
    assert not s.is_chance
    p = me(s, 0)
    assert sorted(p["hand"]) == ["Health Hazards 3", "Royal Rule 5"] and p["hand_public"] == [
        "Royal Rule 5"
    ]
    assert s.observation(1)["players"][0]["hand_known"] == ["Royal Rule 5"]


# Hoppy Hunters: Bounty ----------------------------------------------------


def test_bounty_moves_a_row_card_to_the_stash_and_refills() -> None:
    """Bounty: put a Minion row card into your Stash; replace it at once from the Minion deck."""
    s = position(
        hands={0: ["Hoppy Hunters 3"]},
        row=ROW,
        minion_deck=["Fire Starters 1", "Fire Starters 2"],
        rest_minions="expelled",
    )
    play(s, "play Hoppy Hunters 3")
    assert [m for m in moves(s) if m.startswith("bounty")] == [f"bounty {c}" for c in ROW]
    play(s, "bounty Royal Rule 3")
    assert me(s, 0)["stash"] == ["Royal Rule 3"] and pos(s)["minion_row"][2] is None
    assert outcomes(s) == {"reveal Fire Starters 1": 0.5, "reveal Fire Starters 2": 0.5}
    play(s, "reveal Fire Starters 2")
    assert pos(s)["minion_row"][2] == "Fire Starters 2"


def test_stash_holds_at_most_three_and_a_full_stash_swaps() -> None:
    """Max 3 in the Stash; at 3 you swap a stashed card with the card you bounty (Designed 9: no
    refill)."""
    stash = ["Tourist Trap 7", "Tourist Trap 8", "Tourist Trap 9"]
    s = position(stash={0: stash}, abilities={0: {"Bounty": 1}}, row=ROW)
    bounties = [m for m in moves(s) if m.startswith("bounty")]
    assert len(bounties) == 15 and all(" for " in m for m in bounties)
    play(s, "bounty Royal Rule 2 for Tourist Trap 8")
    assert not s.is_chance
    assert me(s, 0)["stash"] == ["Royal Rule 2", "Tourist Trap 7", "Tourist Trap 9"]
    assert pos(s)["minion_row"] == [
        "Royal Rule 1",
        "Tourist Trap 8",
        "Royal Rule 3",
        "Royal Rule 4",
        "Royal Rule 5",
    ]


def test_buy_from_your_own_stash_like_the_row() -> None:
    """You can buy cards from your Stash as if they were in the Minion row (no refill)."""
    s = position(stash={0: ["Tourist Trap 9"]}, power={0: 6})
    play(s, "buy Tourist Trap 9")
    assert not s.is_chance
    p = me(s, 0)
    assert p["stash"] == [] and p["bought"] == ["Tourist Trap 9"] and p["power"] == 0


def test_opponents_cannot_buy_from_your_stash() -> None:
    s = position(stash={1: ["Royal Rule 1"]}, power={0: 6})
    assert "buy Royal Rule 1" not in moves(s)
    assert s.observation(0)["players"][1]["stash"] == ["Royal Rule 1"]


# Sleuths N' Sniffs: Fetch -------------------------------------------------


def test_fetch_draws_then_discards_one_unplayed_card() -> None:
    """Fetch: draw 1 then discard 1 from hand; a card already played cannot be discarded."""
    s = position(hands={0: ["Sleuths N' Sniffs 3", "Tiny Bot"]}, decks={0: ["Junky Bot"]})
    play(s, "play Sleuths N' Sniffs 3", "fetch")
    assert pos(s)["pending"] == "fetch-discard"
    assert me(s, 0)["hand"] == ["Tiny Bot", "Junky Bot"]
    assert moves(s) == [
        "discard Tiny Bot",
        "discard Junky Bot",
    ]  # not the played Sleuths N' Sniffs 3
    play(s, "discard Junky Bot")
    p = me(s, 0)
    assert (
        p["discard"] == ["Junky Bot"]
        and p["hand"] == ["Tiny Bot"]
        and p["in_play"] == ["Sleuths N' Sniffs 3"]
    )
    assert pos(s)["pending"] == "none" and p["power"] == 2


def test_fetch_with_an_empty_deck_shuffles_the_discard_pile() -> None:
    s = position(
        hands={0: ["Sleuths N' Sniffs 3"]},
        decks={0: []},
        discard={0: ["Royal Rule 1", "Royal Rule 2"]},
    )
    play(s, "play Sleuths N' Sniffs 3", "fetch")
    assert outcomes(s) == {"draw Royal Rule 1": 0.5, "draw Royal Rule 2": 0.5}
    play(s, "draw Royal Rule 2")
    assert moves(s) == ["discard Royal Rule 2"]


def test_fetch_with_nothing_to_draw_still_discards() -> None:
    """Designed (5): Fetch is always offered; with nothing to draw you still discard a card."""
    s = position(hands={0: ["Sleuths N' Sniffs 3", "Tiny Bot"]}, decks={0: []})
    play(s, "play Sleuths N' Sniffs 3", "fetch")
    assert moves(s) == ["discard Tiny Bot"]
    empty = position(hands={0: ["Sleuths N' Sniffs 3"]}, decks={0: []})
    play(empty, "play Sleuths N' Sniffs 3", "fetch")
    assert pos(empty)["pending"] == "none" and "end turn" in moves(empty)


# Fire Starters: Incinerate ------------------------------------------------


def test_incinerate_expels_a_card_from_hand_or_discard_not_from_play() -> None:
    """Incinerate: expel 1 card in your hand or discard pile; you cannot both play and expel a
    card."""
    s = position(hands={0: ["Fire Starters 3", "Tiny Bot"]}, discard={0: ["Junky Bot"]})
    play(s, "play Fire Starters 3")
    inc = sorted(m for m in moves(s) if m.startswith("incinerate"))
    assert inc == ["incinerate Junky Bot from discard", "incinerate Tiny Bot from hand"]
    play(s, "incinerate Tiny Bot from hand")
    p = me(s, 0)
    assert p["hand"] == [] and p["power"] == 2 and p["abilities"] == {}
    assert pos(s)["expelled"].count("Tiny Bot") == 1


def test_incinerate_from_the_discard_pile_is_permanent() -> None:
    s = position(
        abilities={0: {"Incinerate": 1}},
        discard={0: ["Royal Rule 9"]},
        in_play={0: ["Fire Starters 3"]},
    )
    play(s, "incinerate Royal Rule 9 from discard")
    assert me(s, 0)["discard"] == [] and "Royal Rule 9" in pos(s)["expelled"]


# Tourist Trap: Replicate --------------------------------------------------


def test_replicate_copies_the_ability_of_a_minion_played_this_turn() -> None:
    """Replicate: copy the ability (Designed 2: another use of a played Minion's ability)."""
    s = position(hands={0: ["Tourist Trap 3", "Freezer Burn 3"]})
    play(s, "play Freezer Burn 3", "play Tourist Trap 3")
    rep = [m for m in moves(s) if m.startswith("replicate")]
    assert rep == ["replicate Freeze", "replicate leftmost"]
    play(s, "replicate Freeze")
    assert me(s, 0)["abilities"] == {"Freeze": 2}


def test_replicating_a_replicate_does_nothing() -> None:
    s = position(hands={0: ["Tourist Trap 3", "Tourist Trap 4"]})
    play(s, "play Tourist Trap 3", "play Tourist Trap 4")
    assert me(s, 0)["abilities"] == {"Replicate": 2}
    assert [m for m in moves(s) if m.startswith("replicate")] == ["replicate leftmost"]


def test_replicate_has_nothing_to_copy_from_royal_rule_bots_upgrades_or_attached() -> None:
    """Royal Rule has no ability; Designed (2): not Bots, not Upgrades, only played Minions."""
    s = position(
        hands={0: ["Tourist Trap 3", "Royal Rule 5", "Scaredy Bot", "Freezer Burn 9"]},
        upgrades={0: ["Compost Heap"]},
    )
    play(
        s,
        "play Royal Rule 5",
        "play Scaredy Bot",
        "activate Compost Heap",
        "attach Freezer Burn 9",
        "play Tourist Trap 3",
    )
    assert [m for m in moves(s) if m.startswith("replicate")] == ["replicate leftmost"]


def test_replicate_from_the_upgrade_copies_a_played_minion() -> None:
    s = position(hands={0: ["Fire Starters 3"]}, upgrades={0: ["Chameleon Cloak"]})
    play(s, "play Fire Starters 3", "activate Chameleon Cloak", "replicate Incinerate")
    assert me(s, 0)["abilities"] == {"Incinerate": 2}


def test_replicate_leftmost_goes_to_the_bottom_and_the_slot_refills() -> None:
    """Replace leftmost: the card goes to the bottom of the Minion deck (known), the top card fills
    the spot."""
    s = position(
        abilities={0: {"Replicate": 1}},
        in_play={0: ["Tourist Trap 3"]},
        row=ROW,
        minion_deck=["Fire Starters 1", "Fire Starters 2"],
        rest_minions="expelled",
    )
    play(s, "replicate leftmost")
    assert pos(s)["minion_row"][0] is None
    assert outcomes(s) == {"reveal Fire Starters 1": 0.5, "reveal Fire Starters 2": 0.5}
    play(s, "reveal Fire Starters 2")
    p = pos(s)
    assert p["minion_row"] == ["Fire Starters 2", *ROW[1:]]
    assert p["minion_deck"] == {"unknown": ["Fire Starters 1"], "known_from_top": ["Royal Rule 1"]}
    assert s.observation(1)["minion_deck"]["bottom"] == ["Royal Rule 1"]


def test_leftmost_is_the_first_card_left_in_a_short_row() -> None:
    """With fewer than 5 cards, the leftmost remaining card is the leftmost card."""
    s = position(
        abilities={0: {"Replicate": 1}},
        in_play={0: ["Tourist Trap 3"]},
        row=[None, None, "Royal Rule 3", None, "Royal Rule 5"],
        minion_deck=[],
        rest_minions="expelled",
    )
    play(s, "replicate leftmost")
    # The Minion deck was empty: Royal Rule 3 is the whole deck and comes straight back.
    assert not s.is_chance
    p = pos(s)
    assert p["minion_row"] == [None, None, "Royal Rule 3", None, "Royal Rule 5"]
    assert p["minion_deck"] == {"unknown": [], "known_from_top": []}
    assert me(s, 0)["abilities"] == {}
