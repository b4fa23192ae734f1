"""Setup by player count, the city, the turn, the end of the game, returns and views."""

from __future__ import annotations

import pytest
from builder import AGENT, OFFICER, TROOPER, ko_added, legal, me, obs, position

import henchmen

A = AGENT
T = TROOPER
CUBE = "Unleash the Power of the Cosmic Cube"


def before_first_villain_card(players: int, **options):
    g = henchmen.Game("legendary", players=players, **options)
    s = g.new_initial_state(seed=5, auto_chance=False)
    while s.is_chance and (s.observation(0)["pending"] or {}).get("kind") != "villain-card":
        s.apply(s.chance_outcomes[0][0])
    return s


# --- Setup ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "deck", "heroes"),
    [
        (1, 8 + 3 + 1 + 8 + 1, 3),
        (2, 16 + 10 + 2 + 8 + 5, 5),
        (3, 24 + 10 + 8 + 8 + 5, 5),
        (4, 24 + 20 + 8 + 8 + 5, 5),
        (5, 32 + 20 + 12 + 8 + 5, 6),
    ],
)
def test_setup_table(players, deck, heroes):
    s = before_first_villain_card(players, scheme=CUBE, mastermind="Red Skull")
    o = s.observation(0)
    assert len(o["villain_deck"]) == deck
    assert len(o["heroes"]) == heroes and o["hero_deck_size"] == heroes * 14 - 5 and all(o["hq"])
    assert o["villain_deck"].count("Master Strike") == (1 if players == 1 else 5)
    assert all(p["hand_size"] == 6 and p["deck_size"] == 6 for p in o["players"])
    assert o["bystander_stack"] == 30 - o["villain_deck"].count("Bystander")
    if players > 1:
        assert "HYDRA" in o["villain_groups"]  # Red Skull always leads HYDRA
    assert me(s)["hand"].count(A) + me(s)["deck_unknown"].count(A) == 8


def test_doom_always_leads_doombots_and_difficulty_adds_twists():
    s = before_first_villain_card(3, scheme=CUBE, mastermind="Dr. Doom", difficulty="legendary")
    o = s.observation(0)
    assert (
        "Doombot Legion" in o["henchmen_groups"] and o["villain_deck"].count("Scheme Twist") == 11
    )


def test_starting_officers_option():
    s = before_first_villain_card(2, scheme=CUBE, mastermind="Loki", starting_officers=2)
    p = me(s)
    assert (p["hand"] + p["deck_unknown"]).count(OFFICER) == 2 and s.observation(0)[
        "officer_stack"
    ] == 26


def test_random_setup_is_chance():
    g = henchmen.Game("legendary", players=2)
    s = g.new_initial_state(seed=1, auto_chance=False)
    outcomes = s.chance_outcomes
    assert [str(a) for a, _ in outcomes] == [
        "mastermind Magneto",
        "mastermind Dr. Doom",
        "mastermind Loki",
        "mastermind Red Skull",
    ]
    s.apply("mastermind Loki")
    assert len(s.chance_outcomes) == 8
    s.apply("scheme Midtown Bank Robbery")
    # Two players take two villain groups: Loki always leads Enemies of Asgard, so
    # the other is drawn from the core set's six remaining groups, equally likely.
    outcomes = s.chance_outcomes
    assert [str(a) for a, _ in outcomes] == [
        "villains Brotherhood",
        "villains HYDRA",
        "villains Masters of Evil",
        "villains Radiation",
        "villains Skrulls",
        "villains Spider-Foes",
    ]
    assert [p for _, p in outcomes] == pytest.approx([1 / 6] * 6)
    assert s.observation(0)["mastermind"] == "Loki"


def test_bad_options_name_the_option():
    with pytest.raises(henchmen.errors.OptionError, match="villains"):
        henchmen.Game("legendary", players=2, villains=["HYDRA"])
    with pytest.raises(henchmen.errors.OptionError, match="heroes"):
        henchmen.Game("legendary", players=2, heroes=["Hulk"])
    with pytest.raises(henchmen.errors.OptionError, match=r"always leads|HYDRA"):
        henchmen.Game(
            "legendary", players=2, mastermind="Red Skull", villains=["Radiation", "Skrulls"]
        )
    with pytest.raises(henchmen.errors.OptionError):
        henchmen.Game("legendary", players=6)


# --- The city ---------------------------------------------------------------


def end_turn(s):
    s.apply("end turn")
    return s


def test_entry_pushes_villains_toward_the_bridge():
    s = position(
        villain_deck=["Viper"],
        decks={0: [A] * 6},
        hands={0: []},
        city={
            "Sewers": "HYDRA Kidnappers",
            "Bank": "Supreme HYDRA",
            "Streets": "Endless Armies of HYDRA",
        },
    )
    end_turn(s)
    assert [c["villain"] for c in obs(s)["city"]] == [
        "Viper",
        "HYDRA Kidnappers",
        "Supreme HYDRA",
        "Endless Armies of HYDRA",
        None,
    ]


def test_escape_kos_an_hq_hero_and_carried_bystanders_make_everyone_discard():
    s = position(
        villain_deck=["Viper"],
        decks={0: [A] * 5 + [T]},
        hands={0: [], 1: [A, T]},
        heroes=["Hulk", "Wolverine"],
        hq=[
            "Hulk: Hulk Smash!",
            "Hulk: Growing Anger",
            "Hulk: Growing Anger",
            "Wolverine: Berserker Rage",
            "Hulk: Unstoppable Hulk",
        ],
        hero_deck=["Hulk: Crazed Rampage"] * 3,
        city={
            "Sewers": "HYDRA Kidnappers",
            "Bank": "Supreme HYDRA",
            "Rooftops": "HYDRA Kidnappers",
            "Streets": "Endless Armies of HYDRA",
            "Bridge": {"card": "Endless Armies of HYDRA", "bystanders": 2},
        },
    )
    end_turn(s)  # player 0 drew 5 Agents and a Trooper (certain: the deck was exactly those)
    assert s.current_player == 1
    assert set(legal(s)) == {
        "KO Hulk: Growing Anger from the HQ",
        "KO Hulk: Unstoppable Hulk from the HQ",
    }  # cost 6 or less
    s.apply("KO Hulk: Unstoppable Hulk from the HQ")
    s.apply(f"discard {T}")  # player 1 first (the turn player), then player 0
    s.apply(f"discard {A}")
    assert obs(s)["escaped"] == {"Endless Armies of HYDRA": 1, "Bystander": 2}
    assert (
        obs(s)["scheme_state"]["bystanders_carried"] == 2
        and obs(s)["scheme_state"]["villains_escaped"] == 1
    )
    assert me(s, 1)["discard"] == [T] and me(s, 0)["discard"] == [A]
    assert obs(s)["hq"][4] == "Hulk: Crazed Rampage"


def test_bystander_is_captured_by_the_villain_nearest_the_deck_or_the_mastermind():
    s = position(
        villain_deck=["Bystander"],
        decks={0: [A] * 6},
        hands={0: []},
        city={"Rooftops": "Viper", "Bridge": "Viper"},
    )
    end_turn(s)
    assert obs(s)["city"][2]["bystanders"] == 1
    s = position(villain_deck=["Bystander"], decks={0: [A] * 6}, hands={0: []})
    end_turn(s)
    assert obs(s)["mastermind_state"]["bystanders"] == 1


def test_master_strike_and_twist_never_push():
    s = position(
        mastermind="Magneto",
        villain_deck=["Master Strike"],
        decks={0: [A] * 6},
        hands={0: []},
        city={"Sewers": "Blob"},
    )
    end_turn(s)
    assert obs(s)["city"][0]["villain"] == "Blob" and ko_added(s) == {"Master Strike": 1}


# --- The turn ---------------------------------------------------------------


def test_recruit_pays_and_refills_the_hq():
    s = position(
        heroes=["Hulk"],
        hq=["Hulk: Growing Anger"] + [None] * 4,
        hero_deck=["Hulk: Hulk Smash!"],
        recruit=4,
    )
    assert "recruit Hulk: Growing Anger" in legal(s) and "recruit S.H.I.E.L.D. Officer" in legal(s)
    s.apply("recruit Hulk: Growing Anger")
    assert me(s)["discard"] == ["Hulk: Growing Anger"] and obs(s)["turn_state"]["recruit"] == 1
    assert obs(s)["hq"][0] == "Hulk: Hulk Smash!"


def test_recruit_officer():
    s = position(recruit=3)
    s.apply("recruit S.H.I.E.L.D. Officer")
    assert me(s)["discard"] == [OFFICER] and obs(s)["officer_stack"] == 29


def test_healing():
    s = position(hands={0: ["Wound", "Wound", A]}, city={"Sewers": "Viper"}, attack=5, recruit=3)
    assert "heal" in legal(s)
    s.apply("heal")
    assert me(s)["hand"] == [A] and ko_added(s) == {"Wound": 2}
    assert not any(m.startswith(("recruit", "fight")) for m in legal(s))
    s = position(hands={0: ["Wound"]}, recruit=3)
    s.apply("recruit S.H.I.E.L.D. Officer")
    assert "heal" not in legal(s)


def test_end_of_turn_discards_and_draws_six_reshuffling_only_when_needed():
    s = position(
        hands={0: [T]},
        played=[A],
        decks={0: [A] * 4},
        discards={0: ["Wound"]},
        villain_deck=["Viper"],
    )
    s.apply("end turn")
    # four Agents from the deck, then the discard pile (Wound, Trooper, Agent) is the new deck
    assert s.is_chance and sorted(str(a) for a, _ in s.chance_outcomes) == sorted(
        [f"draw {A}", f"draw {T}", "draw Wound"]
    )


def test_fight_needs_enough_attack():
    s = position(city={"Sewers": "Viper"}, attack=4)
    assert "fight Viper (Sewers)" not in legal(s)


# --- The end ----------------------------------------------------------------


def test_villain_deck_running_out_is_a_tie_at_end_of_turn():
    s = position(villain_deck=["Supreme HYDRA"], decks={0: [A] * 6}, hands={0: []})
    end_turn(s)  # player 1's turn plays the last villain card
    assert not s.is_terminal
    s.apply("end turn")
    assert s.is_terminal and obs(s)["result"] == "tie" and s.returns == (0.0, 0.0)


def test_returns_team_result_plus_vp_rank():
    s = position(tactics=["Red Skull: Negablast Grenades"], attack=7, victory={1: ["Viper"]})
    s.apply("fight Mastermind")
    s.apply("end turn")
    assert s.is_terminal and obs(s)["result"] == "heroes win"
    # both win (+0.8); player 0 has 5 VP, player 1 3 VP: rank +-0.2
    assert s.returns == pytest.approx((1.0, 0.6))


def test_solo_score_and_one_master_strike():
    s = position(
        players=1,
        villains=["HYDRA"],
        henchmen_groups=["Sentinel"],
        victory={0: ["Viper", "Bystander"]},
        counters={"bystanders_carried": 1, "twists_played": 2, "villains_escaped": 3},
        escaped=["Bystander", "Supreme HYDRA", "Supreme HYDRA", "HYDRA Kidnappers"],
        ko=["Scheme Twist"] * 2,
    )
    assert obs(s)["solo_score"] == 3 + 1 - 4 - 6 - 3


def test_solo_twist_kos_an_hq_hero():
    s = position(
        players=1,
        villains=["HYDRA"],
        henchmen_groups=["Sentinel"],
        heroes=["Hulk", "Wolverine", "Storm"],
        villain_deck=["Scheme Twist"],
        decks={0: [A] * 6},
        hands={0: []},
        hq=["Hulk: Hulk Smash!", "Wolverine: Keen Senses", None, None, None],
        hero_deck=["Storm: Lightning Bolt"] * 5,
    )
    s.apply("end turn")  # solo: the next turn is player 0's again
    assert ko_added(s) == {"Wolverine: Keen Senses": 1}  # the only Hero costing 6 or less


def test_final_showdown():
    s = position(
        tactics=["Red Skull: Negablast Grenades"],
        attack=7,
        options={"final_showdown": True},
        hands={0: [], 1: [T, T]},
        decks={0: [A] * 6},
    )
    s.apply("fight Mastermind")
    s.apply(
        "end turn"
    )  # player 0 finishes and draws; then each player plays a Showdown turn from the left
    assert not s.is_terminal and s.turn_player == 1
    s.apply(f"play {T}")
    s.apply(f"play {T}")
    s.apply("end turn")
    assert s.turn_player == 0
    for _ in range(6):
        s.apply(f"play {A}")
    s.apply("end turn")
    assert (
        s.is_terminal and obs(s)["showdown"]["winner"] == 0 and "Red Skull" in me(s, 0)["victory"]
    )
    assert me(s, 0)["vp"] == 5 + 5


# --- Views ------------------------------------------------------------------


def test_hands_are_hidden_from_the_other_players():
    s = position(hands={0: ["Wound", A], 1: [T]})
    o = s.observation(1)
    assert "hand" not in o["players"][0] and o["players"][0]["hand_size"] == 2
    assert sorted(o["players"][0]["unseen"]).count("Wound") == 1
    r = s.resample(1, seed=3)
    assert r.observation(1) == o


def test_notation_is_readable():
    s = position(
        heroes=["Wolverine"],
        hands={0: ["Wolverine: Keen Senses"]},
        city={"Sewers": "Viper"},
        attack=12,
        recruit=3,
        hq=["Wolverine: Keen Senses"] + [None] * 4,
        hero_deck=[],
    )
    assert legal(s) == [
        "play Wolverine: Keen Senses",
        "recruit Wolverine: Keen Senses",
        "recruit S.H.I.E.L.D. Officer",
        "fight Viper (Sewers)",
        "fight Mastermind",
        "end turn",
    ]


def test_heuristic_in_range():
    s = henchmen.new_game("legendary", players=3, seed=2)
    for p in range(3):
        assert -1.0 <= s.heuristic(p) <= 1.0
