"""The eight schemes: setup, Twists, special rules and Evil Wins."""

from __future__ import annotations

from builder import AGENT, TROOPER, ko_added, me, obs, position

import henchmen

A = AGENT
T = TROOPER
QUIET_HQ = {"hq": ["Hulk: Growing Anger"] * 5, "hero_deck": [], "heroes": ["Hulk"]}


def twist(scheme: str, played: int = 0, **kw):
    """Player 0 ends the turn; player 1's turn opens with Scheme Twist number played + 1."""
    kw.setdefault("decks", {0: [A] * 6})
    kw.setdefault("hands", {0: []})
    counters = dict(kw.pop("counters", {}))
    counters.setdefault("twists_played", played)
    s = position(
        scheme=scheme,
        villain_deck=kw.pop("villain_deck", ["Scheme Twist"]),
        counters=counters,
        **kw,
    )
    s.apply("end turn")
    return s


# --- Cosmic Cube ------------------------------------------------------------

CUBE = "Unleash the Power of the Cosmic Cube"


def test_cosmic_cube_twists_stay_and_wound_from_the_fifth():
    s = twist(CUBE, played=3)
    assert (
        obs(s)["scheme_state"]["twists_played"] == 4
        and obs(s)["scheme_state"]["twists_beside"] == 1
    )
    assert me(s, 0)["discard"] == []
    s = twist(CUBE, played=4)
    assert me(s, 0)["discard"] == ["Wound"] and me(s, 1)["discard"] == ["Wound"]


def test_cosmic_cube_seventh_twist_three_wounds_and_eighth_evil_wins():
    s = twist(CUBE, played=6)
    assert me(s, 0)["discard"] == ["Wound"] * 3 and me(s, 1)["discard"] == ["Wound"] * 3
    s = twist(CUBE, played=7)
    assert s.is_terminal and obs(s)["result"] == "evil wins" and s.returns[0] < 0


# --- Portals ----------------------------------------------------------------

PORTALS = "Portals to the Dark Dimension"


def test_dark_portals():
    s = twist(PORTALS, played=0)
    assert obs(s)["mastermind_state"]["portal"] and obs(s)["mastermind_state"]["attack"] == 8
    s = twist(PORTALS, played=1, counters={"portals": 32}, city={"Bridge": "Viper"})
    assert obs(s)["city"][4]["portal"] and obs(s)["city"][4]["attack"] == 6
    s = twist(PORTALS, played=2, counters={"portals": 32 | 16})
    assert obs(s)["city"][3]["portal"]
    s = twist(PORTALS, played=6, counters={"portals": 63})
    assert s.is_terminal and obs(s)["result"] == "evil wins"


# --- Legacy Virus -----------------------------------------------------------

VIRUS = "Legacy Virus, The"


def test_legacy_virus_setup_and_twist():
    g = henchmen.Game("legendary", players=3, scheme="The Legacy Virus", mastermind="Red Skull")
    s = g.new_initial_state(seed=3)
    assert s.observation(0)["wound_stack"] == 18
    s = twist("The Legacy Virus", heroes=["Iron Man"], hands={0: [], 1: ["Iron Man: Arc Reactor"]})
    assert me(s, 0)["discard"] == ["Wound"] and me(s, 1)["discard"] == []


def test_legacy_virus_evil_wins_when_the_wound_stack_runs_out():
    s = twist("The Legacy Virus", wounds_left=1)
    assert s.is_terminal and obs(s)["result"] == "evil wins"


# --- Midtown Bank Robbery ----------------------------------------------------

BANK = "Midtown Bank Robbery"


def test_bank_robbery_setup():
    g = henchmen.Game("legendary", players=2, scheme=BANK, mastermind="Red Skull")
    s = g.new_initial_state(seed=1)
    o = s.observation(0)
    # 12 Bystanders in the Villain Deck (one may already have been played)
    assert (
        o["villain_deck"].count("Bystander")
        + sum(c["bystanders"] for c in o["city"])
        + o["mastermind_state"]["bystanders"]
        == 12
    )


def test_bank_robbery_twist_captures_and_plays_a_card():
    s = twist(BANK, villain_deck=["Scheme Twist", "Viper"], city={"Bank": "HYDRA Kidnappers"})
    # the Twist was drawn by chance among two cards
    assert s.is_chance
    s.apply("villain deck: Scheme Twist")
    city = obs(s)["city"]
    assert (
        city[1]["villain"] == "HYDRA Kidnappers" and city[1]["bystanders"] == 2
    )  # the Viper enters the empty Sewers
    assert city[1]["attack"] == 3 + 2 and city[0]["villain"] == "Viper"


def test_bank_robbery_evil_wins_at_eight_carried_away():
    s = twist(
        BANK,
        villain_deck=["Viper"],
        counters={"bystanders_carried": 6},
        escaped=["Bystander"] * 6,
        city={
            "Sewers": "Supreme HYDRA",
            "Bank": "HYDRA Kidnappers",
            "Rooftops": "HYDRA Kidnappers",
            "Streets": "Endless Armies of HYDRA",
            "Bridge": {"card": "Endless Armies of HYDRA", "bystanders": 2},
        },
        **QUIET_HQ,
    )
    assert s.is_terminal and obs(s)["result"] == "evil wins"


# --- Negative Zone ------------------------------------------------------------

ZONE = "Negative Zone Prison Breakout"


def test_negative_zone_twist_plays_two_and_escapes_win():
    s = twist(ZONE, villain_deck=["Scheme Twist", "Viper", "Viper"])
    s.apply("villain deck: Scheme Twist")  # then both Vipers are certain
    assert [c["villain"] for c in obs(s)["city"][:2]] == ["Viper", "Viper"]
    s = twist(
        ZONE,
        villain_deck=["Viper"],
        counters={"villains_escaped": 11},
        escaped=["Hand Ninjas"] * 10 + ["Doombot Legion"],
        city={
            "Sewers": "Supreme HYDRA",
            "Bank": "HYDRA Kidnappers",
            "Rooftops": "HYDRA Kidnappers",
            "Streets": "Endless Armies of HYDRA",
            "Bridge": "Endless Armies of HYDRA",
        },
        **QUIET_HQ,
    )
    assert s.is_terminal and obs(s)["result"] == "evil wins"


def test_negative_zone_uses_an_extra_henchmen_group():
    g = henchmen.Game("legendary", players=2, scheme=ZONE, mastermind="Red Skull")
    s = g.new_initial_state(seed=2)
    assert len(s.observation(0)["henchmen_groups"]) == 2


# --- Killbots ---------------------------------------------------------------

KILLBOTS = "Replace Earth's Leaders with Killbots"


def test_killbots_enter_the_city_with_twist_attack():
    s = twist(KILLBOTS, villain_deck=["Bystander"])
    assert obs(s)["city"][0]["villain"] == "Killbot" and obs(s)["city"][0]["attack"] == 3
    s = twist(KILLBOTS, city={"Sewers": "Killbot"})
    assert obs(s)["scheme_state"]["twists_beside"] == 4 and obs(s)["city"][0]["attack"] == 4


def test_killbots_escape_evil_wins():
    s = twist(
        KILLBOTS,
        villain_deck=["Viper"],
        counters={"killbots_escaped": 4},
        escaped=["Bystander"] * 4,
        city={
            "Sewers": "Supreme HYDRA",
            "Bank": "HYDRA Kidnappers",
            "Rooftops": "HYDRA Kidnappers",
            "Streets": "Endless Armies of HYDRA",
            "Bridge": "Killbot",
        },
        **QUIET_HQ,
    )
    assert s.is_terminal and obs(s)["result"] == "evil wins"


# --- Skrull invasion ---------------------------------------------------------

SKRULL = "Secret Invasion of the Skrull Shapeshifters"


def test_skrull_setup_six_heroes_skrulls_and_hidden_heroes():
    g = henchmen.Game("legendary", players=2, scheme=SKRULL, mastermind="Red Skull")
    s = g.new_initial_state(seed=4)
    o = s.observation(0)
    assert len(o["heroes"]) == 6 and "Skrulls" in o["villain_groups"]
    assert (
        o["villain_deck"].count("Skrull Hero")
        + sum(
            1
            for c in o["city"]
            if c["villain"] and c["villain"].startswith("Skrull ") and ":" in c["villain"]
        )
        == 12
    )
    skrulls_in_city = sum(1 for c in o["city"] if c["villain"] and ":" in c["villain"]) + sum(
        1 for c in o["city"] if c["under"]
    )
    assert (
        o["hero_deck_size"]
        + sum(1 for h in o["hq"] if h)
        + o["villain_deck"].count("Skrull Hero")
        + skrulls_in_city
        == 84
    )


def test_skrull_twist_moves_the_highest_cost_hero_into_the_sewers():
    s = twist(
        SKRULL,
        heroes=["Hulk", "Wolverine"],
        hq=["Hulk: Growing Anger", "Hulk: Hulk Smash!", None, None, None],
        hero_deck=[],
    )
    city = obs(s)["city"][0]
    assert city["villain"] == "Skrull Hulk: Hulk Smash!" and city["attack"] == 10


def test_skrull_hero_defeated_is_gained_and_escaped_heroes_win():
    s = position(scheme=SKRULL, heroes=["Hulk"], city={"Sewers": "Hulk: Growing Anger"}, attack=5)
    s.apply("fight Skrull Hulk: Growing Anger (Sewers)")
    assert me(s)["discard"] == ["Hulk: Growing Anger"] and me(s)["victory"] == []
    s = twist(
        SKRULL,
        villain_deck=["Viper"],
        counters={"heroes_escaped": 5},
        escaped=["Hulk: Unstoppable Hulk"] * 5,
        city={
            "Sewers": "Supreme HYDRA",
            "Bank": "HYDRA Kidnappers",
            "Rooftops": "HYDRA Kidnappers",
            "Streets": "Endless Armies of HYDRA",
            "Bridge": "Hulk: Crazed Rampage",
        },
        **QUIET_HQ,
    )
    assert s.is_terminal and obs(s)["result"] == "evil wins"


def test_skrull_hero_in_the_villain_deck_is_revealed_by_chance():
    s = twist(
        SKRULL,
        heroes=["Hulk"],
        villain_deck=["Skrull Hero"],
        hero_deck=["Hulk: Growing Anger", "Hulk: Hulk Smash!"],
        hq=["Hulk: Crazed Rampage"] * 3 + [None, None],
    )
    assert s.is_chance and sorted(str(a) for a, _ in s.chance_outcomes) == [
        "Skrull: Hulk: Growing Anger",
        "Skrull: Hulk: Hulk Smash!",
    ]
    s.apply("Skrull: Hulk: Hulk Smash!")
    assert (
        obs(s)["city"][0]["villain"] == "Skrull Hulk: Hulk Smash!" and obs(s)["hero_deck_size"] == 1
    )


# --- Civil War ---------------------------------------------------------------

CIVIL = "Super Hero Civil War"


def test_civil_war_setup_twists_and_heroes():
    g = henchmen.Game("legendary", players=2, scheme=CIVIL, mastermind="Red Skull")
    o = g.new_initial_state(seed=1).observation(0)
    assert len(o["heroes"]) == 4
    g = henchmen.Game("legendary", players=4, scheme=CIVIL, mastermind="Red Skull")
    o = g.new_initial_state(seed=1).observation(0)
    assert o["villain_deck"].count("Scheme Twist") + o["scheme_state"]["twists_played"] == 5


def test_civil_war_twist_kos_the_hq_and_empty_hero_deck_wins():
    s = twist(
        CIVIL,
        heroes=["Hulk"],
        hq=["Hulk: Growing Anger"] * 5,
        hero_deck=["Hulk: Crazed Rampage"] * 3,
    )
    assert ko_added(s).get("Hulk: Growing Anger") == 5
    assert s.is_terminal and obs(s)["result"] == "evil wins"  # only 3 cards left to refill 5 spaces


def test_civil_war_and_negative_zone_are_not_solo():
    import pytest

    with pytest.raises(henchmen.errors.OptionError):
        henchmen.Game("legendary", players=1, scheme=CIVIL)
    g = henchmen.Game("legendary", players=1, mastermind="Loki")
    for seed in range(20):
        assert g.new_initial_state(seed=seed).observation(0)["scheme"] not in (CIVIL, ZONE)
