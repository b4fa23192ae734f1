"""The Setup and the Components (rulebook: The Setup, Components)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import henchmen
from henchmen.errors import OptionError

from .builder import GAME, MINIONS, SUPERVILLAINS, UPGRADES, moves, pos


def _explicit() -> henchmen.State:
    return henchmen.new_game(GAME, auto_chance=False)


def _deal(state: henchmen.State) -> henchmen.State:
    """Resolves setup chance by always taking the first listed outcome."""
    while state.is_chance:
        state.apply(state.chance_outcomes[0][0])
    return state


def _all_cards(p: dict) -> Counter[str]:
    c: Counter[str] = Counter()
    c.update(p["minion_deck"]["unknown"] + p["minion_deck"]["known_from_top"])
    c.update(x for x in p["minion_row"] if x)
    c.update(p["upgrade_deck"]["unknown"] + p["upgrade_deck"]["known_from_top"])
    if p["upgrade_row"]:
        c[p["upgrade_row"]] += 1
    c["Scaredy Bot"] += p["scaredy_bots"]
    c.update(p["expelled"])
    for pl in p["players"]:
        for zone in (
            "hand",
            "discard",
            "in_play",
            "bought",
            "stash",
            "frozen",
            "upgrades",
            "upgrades_pending",
        ):
            c.update(pl[zone])
        c.update(pl["deck"]["unknown"] + pl["deck"]["known_from_top"])
    return c


def test_components_counts() -> None:
    """63 Minions, 7 Supervillains, 7 Upgrades, 16 Tiny, 4 Junky, 10 Scaredy, 1 Explodey."""
    p = pos(_deal(_explicit()))
    c = _all_cards(p)
    assert sum(c[m] for m in MINIONS) == 63 and len(MINIONS) == 63
    assert sum(c[u] for u in UPGRADES) == 7
    assert (c["Tiny Bot"], c["Junky Bot"], c["Scaredy Bot"], c["Explodey Bot"]) == (16, 4, 10, 1)
    assert len(SUPERVILLAINS) == 7
    assert len(p["supervillain_deck"]) + 3 == 7


def test_setup_reveals_three_supervillains_uniformly() -> None:
    """Shuffle the 7 Supervillains, reveal 3."""
    s = _explicit()
    out = s.chance_outcomes
    assert [str(a) for a, _ in out] == [f"reveal {v}" for v in SUPERVILLAINS]
    assert all(pr == pytest.approx(1 / 7) for _, pr in out)
    s.apply("reveal MechaOven")
    assert len(s.chance_outcomes) == 6 and "reveal MechaOven" not in [
        str(a) for a, _ in s.chance_outcomes
    ]
    s.apply("reveal King Cobra")
    s.apply("reveal Mr. Shadow")
    p = pos(s)
    assert p["supervillain_slots"] == ["MechaOven", "King Cobra", "Mr. Shadow"]
    assert sorted(p["supervillain_deck"]) == sorted(
        set(SUPERVILLAINS) - {"MechaOven", "King Cobra", "Mr. Shadow"}
    )


def test_setup_reveals_five_minions_then_one_upgrade() -> None:
    """Shuffle the 63 Minions, reveal 5. Shuffle the 7 Upgrades, reveal 1."""
    s = _explicit()
    for v in ("King Cobra", "Ice-Cold Cream", "Killer Kiwi"):
        s.apply(f"reveal {v}")
    for k in range(5):
        out = s.chance_outcomes
        assert len(out) == 63 - k
        assert all(pr == pytest.approx(1 / (63 - k)) for _, pr in out)
        s.apply(f"reveal Fire Starters {k + 1}")
    out = s.chance_outcomes
    assert [str(a) for a, _ in out] == [f"reveal {u}" for u in UPGRADES]
    assert all(pr == pytest.approx(1 / 7) for _, pr in out)
    s.apply("reveal Wanted Board")
    p = pos(s)
    assert p["minion_row"] == [f"Fire Starters {k}" for k in range(1, 6)]
    assert len(p["minion_deck"]["unknown"]) == 58
    assert p["upgrade_row"] == "Wanted Board" and len(p["upgrade_deck"]["unknown"]) == 6


def test_setup_decks_and_opening_hands() -> None:
    """8 Tiny + 2 Junky per player, shuffled; each draws 5. The draws are chance (Tiny 8/10)."""
    s = _explicit()
    while "draw" not in str(s.chance_outcomes[0][0]):
        s.apply(s.chance_outcomes[0][0])
    assert {str(a): pr for a, pr in s.chance_outcomes} == {
        "draw Tiny Bot": pytest.approx(0.8),
        "draw Junky Bot": pytest.approx(0.2),
    }
    for name in ("Junky Bot", "Junky Bot"):
        s.apply(f"draw {name}")
    # Both Junky Bots are gone: the other three cards of player 0 are certainly Tiny Bots, yet
    # chance draws them (player 1 cannot know it).
    assert {str(a): pr for a, pr in s.chance_outcomes} == {"draw Tiny Bot": 1.0}
    s.apply("draw Tiny Bot")
    s.apply("draw Tiny Bot")
    s.apply("draw Tiny Bot")
    assert {str(a) for a, _ in s.chance_outcomes} == {"draw Tiny Bot", "draw Junky Bot"}
    p = pos(s)
    assert sorted(p["players"][0]["hand"]) == [
        "Junky Bot",
        "Junky Bot",
        "Tiny Bot",
        "Tiny Bot",
        "Tiny Bot",
    ]
    assert p["players"][0]["deck"]["unknown"] == ["Tiny Bot"] * 5
    _deal(s)
    p = pos(s)
    for pl in p["players"]:
        assert len(pl["deck"]["unknown"]) == 5
        assert Counter(pl["hand"]) + Counter(pl["deck"]["unknown"]) - Counter(
            ["Explodey Bot"]
        ) == Counter({"Tiny Bot": 8, "Junky Bot": 2})
    assert p["scaredy_bots"] == 10


def test_seat_one_goes_second_and_gets_the_explodey_bot() -> None:
    """Determine who goes second. They get the Explodey Bot. (Designed: seat 0 goes first.)"""
    s = _deal(_explicit())
    p = pos(s)
    assert s.current_player == 0 and p["turn_player"] == 0 and p["turn"] == 1
    assert "Explodey Bot" not in p["players"][0]["hand"]
    assert p["players"][1]["hand"].count("Explodey Bot") == 1
    assert len(p["players"][1]["hand"]) == 6 and len(p["players"][0]["hand"]) == 5
    assert p["players"][1]["hand_public"] == ["Explodey Bot"]


def test_first_turn_moves() -> None:
    """Nothing is affordable with 0 power; only bots in hand: play them or end the turn."""
    s = _deal(_explicit())
    assert pos(s)["players"][0]["hand"] == ["Tiny Bot"] * 5
    assert moves(s) == ["play Tiny Bot", "end turn"]


def test_an_unknown_crew_is_an_option_error_listing_the_allowed_ones() -> None:
    """Every crew of the card reference is built (Dinomite Dressers last): a name that is
    none of them is an option error that lists all 26."""
    table = henchmen.Game(GAME).card_table()
    assert all(c["implemented"] for c in table["crews"]) and len(table["crews"]) == 26
    crews = [*henchmen.Game(GAME).options["crews"][:6], "Dinomite Dresers"]
    with pytest.raises(OptionError, match="must be a list of names from: Royal Rule") as e:
        henchmen.Game(GAME, crews=crews)
    assert all(c["name"] in str(e.value) for c in table["crews"])
    henchmen.Game(GAME, crews=[*crews[:6], "Dinomite Dressers"])  # the last crew built


def test_a_crew_a_card_table_leaves_unimplemented_cannot_be_chosen() -> None:
    """The implemented flag stays for replacement card tables (card_data): a crew listed
    without its cards is refused, naming the crews that can be chosen."""
    table = henchmen.Game(GAME).card_table()
    next(c for c in table["crews"] if c["name"] == "Tourist Trap")["implemented"] = False
    with pytest.raises(OptionError, match="'Tourist Trap' is not implemented yet; implemented"):
        henchmen.Game(GAME, card_data=json.dumps(table))


def test_default_crews_are_the_first_seven_of_the_card_reference() -> None:
    assert henchmen.Game(GAME).options["crews"] == [
        "Royal Rule",
        "Freezer Burn",
        "Health Hazards",
        "Hoppy Hunters",
        "Sleuths N' Sniffs",
        "Fire Starters",
        "Tourist Trap",
    ]


def test_card_data_replaces_the_designed_table() -> None:
    """Designed (1): a user with the printed cards passes card_data (JSON text); no C++ changes."""
    from .builder import TABLE

    table = json.loads(json.dumps(TABLE))
    table["bots"]["Tiny Bot"]["power"] = 2
    table["crews"][0]["minions"][8]["health"] = 7
    game = henchmen.Game(GAME, card_data=json.dumps(table))
    assert game.card_table()["bots"]["Tiny Bot"]["power"] == 2
    s = game.new_initial_state(seed=3)
    s.apply("play Tiny Bot")
    assert json.loads(s.serialize())["position"]["players"][0]["power"] == 2
    with pytest.raises(OptionError, match="card_data"):
        henchmen.Game(GAME, card_data="{not json")
