"""The four masterminds: Master Strikes, every tactic, fighting and defeating them."""

from __future__ import annotations

from builder import AGENT, TROOPER, ko_added, legal, me, obs, position

A = AGENT
T = TROOPER
QUIET_HQ = {"hq": ["Hulk: Growing Anger"] * 5, "hero_deck": []}


def strike(mastermind: str, **kw):
    """Player 0 ends the turn; player 1's turn opens with a Master Strike."""
    kw.setdefault("decks", {0: [A] * 6})
    kw.setdefault("hands", {})
    s = position(mastermind=mastermind, villain_deck=["Master Strike"], **kw)
    s.apply("end turn")
    assert not s.is_chance
    return s


def fight(mastermind: str, tactic: str, **kw):
    if mastermind == "Loki":
        kw.setdefault("villains", ["Enemies of Asgard", "HYDRA"])
    s = position(
        mastermind=mastermind,
        tactics=[f"{mastermind}: {tactic}"],
        attack=kw.pop("attack", 12),
        **kw,
    )
    s.apply("fight Mastermind")
    return s


# --- Master Strikes ----------------------------------------------------------


def test_magneto_strike_discard_down_to_four():
    s = strike("Magneto", heroes=["Wolverine"], hands={1: [A] * 5 + ["Wolverine: Keen Senses"]})
    assert me(s, 0)["hand_size"] == 4  # no X-Men: discards two of six Agents
    assert me(s, 1)["hand_size"] == 6  # reveals Wolverine


def test_dr_doom_strike_two_cards_on_top():
    s = strike("Dr. Doom", hands={1: [A] * 5})
    assert me(s, 0)["hand_size"] == 4 and me(s, 0)["deck_top"] == [A, A]
    assert me(s, 1)["hand_size"] == 5  # not exactly six cards
    assert s.observation(1)["players"][0]["deck_top"] == [None, None]


def test_loki_strike_reveal_strength_or_wound():
    s = strike("Loki", heroes=["Hulk"], hands={1: ["Hulk: Growing Anger"]})
    assert me(s, 0)["discard"] == ["Wound"] and me(s, 1)["discard"] == []


def test_red_skull_strike_each_kos_a_hero_from_hand():
    s = strike("Red Skull", hands={1: [T, "Wound"]})
    assert me(s, 1)["hand"] == ["Wound"] and me(s, 0)["hand_size"] == 5
    assert ko_added(s) == {A: 1, T: 1, "Master Strike": 1}


# --- Fighting ----------------------------------------------------------------


def test_fight_mastermind_needs_its_attack_and_takes_a_random_tactic():
    s = position(mastermind="Red Skull", attack=6)
    assert "fight Mastermind" not in legal(s)
    s = position(mastermind="Red Skull", attack=7, mastermind_bystanders=2)
    s.apply("fight Mastermind")
    assert s.is_chance and len(s.chance_outcomes) == 4
    assert all(abs(p - 0.25) < 1e-12 for _, p in s.chance_outcomes)
    s.apply("tactic Red Skull: Negablast Grenades")
    assert sorted(me(s)["victory"]) == ["Bystander", "Bystander", "Red Skull: Negablast Grenades"]
    assert obs(s)["turn_state"]["attack"] == 3 and obs(s)["mastermind_state"]["tactics_left"] == 3


def test_several_fights_a_turn_and_the_last_tactic_wins_at_end_of_turn():
    s = position(
        mastermind="Red Skull",
        tactics=["Red Skull: Negablast Grenades", "Red Skull: Endless Resources"],
        attack=14,
    )
    s.apply("fight Mastermind")
    s.apply("tactic Red Skull: Endless Resources")
    s.apply("fight Mastermind")  # the last tactic is certain
    assert obs(s)["mastermind_state"]["defeated"] and not s.is_terminal
    assert "fight Mastermind" not in legal(s)
    s.apply("end turn")
    assert s.is_terminal and obs(s)["result"] == "heroes win" and me(s)["vp"] == 10


def test_mastermind_bonus_option_and_portal():
    s = position(mastermind="Loki", options={"mastermind_bonus": 2})
    assert obs(s)["mastermind_state"]["attack"] == 12


# --- Magneto ----------------------------------------------------------------


def test_bitter_captor_recruits_an_xmen_for_free():
    s = fight(
        "Magneto",
        "Bitter Captor",
        heroes=["Wolverine", "Hulk"],
        hq=["Wolverine: Keen Senses", "Hulk: Growing Anger", None, None, None],
        hero_deck=[],
    )
    assert me(s)["discard"] == ["Wolverine: Keen Senses"]


def test_crushing_shockwave():
    s = fight(
        "Magneto",
        "Crushing Shockwave",
        players=3,
        villains=["Brotherhood", "HYDRA", "Radiation"],
        heroes=["Wolverine"],
        hands={2: ["Wolverine: Keen Senses"]},
    )
    assert (
        me(s, 1)["discard"] == ["Wound", "Wound"]
        and me(s, 2)["discard"] == []
        and me(s, 0)["discard"] == []
    )


def test_electromagnetic_bubble_seventh_card():
    s = position(
        mastermind="Magneto",
        tactics=["Magneto: Electromagnetic Bubble", "Magneto: Bitter Captor"],
        attack=8,
        heroes=["Wolverine"],
        hands={0: ["Wolverine: Keen Senses"]},
        decks={0: [A] * 6},
        villain_deck=["Blob"],
    )
    s.apply("fight Mastermind")
    s.apply("tactic Magneto: Electromagnetic Bubble")
    assert obs(s)["turn_state"]["bubble"] == "Wolverine: Keen Senses"
    s.apply("end turn")
    assert me(s, 0)["hand_size"] == 7 and "Wolverine: Keen Senses" in me(s, 0)["hand"]


def test_xaviers_nemesis_rescues_per_xmen():
    s = fight(
        "Magneto",
        "Xavier's Nemesis",
        heroes=["Wolverine", "Storm"],
        hands={0: ["Wolverine: Keen Senses"]},
        played=["Storm: Lightning Bolt"],
    )
    assert me(s)["victory"].count("Bystander") == 2


# --- Dr. Doom ---------------------------------------------------------------


def test_dark_technology_may_recruit_tech_or_ranged():
    s = fight(
        "Dr. Doom",
        "Dark Technology",
        heroes=["Iron Man", "Hulk"],
        hq=["Iron Man: Repulsor Rays", "Iron Man: Arc Reactor", "Hulk: Growing Anger", None, None],
        hero_deck=[],
    )
    assert set(legal(s)) == {
        "recruit Iron Man: Repulsor Rays for free",
        "recruit Iron Man: Arc Reactor for free",
        "no",
    }
    s.apply("recruit Iron Man: Arc Reactor for free")
    assert me(s)["discard"] == ["Iron Man: Arc Reactor"]


def test_monarchs_decree_each_other_player_draws():
    s = fight("Dr. Doom", "Monarch's Decree", decks={1: [A] * 3})
    s.apply("each other player draws")
    assert me(s, 1)["hand_size"] == 1


def test_secrets_of_time_travel_extra_turn():
    s = position(
        mastermind="Dr. Doom",
        tactics=["Dr. Doom: Secrets of Time Travel", "Dr. Doom: Dark Technology"],
        attack=9,
        decks={0: [A] * 6},
        villain_deck=["Doombot Legion"],
    )
    s.apply("fight Mastermind")
    s.apply("tactic Dr. Doom: Secrets of Time Travel")
    s.apply("end turn")
    assert s.turn_player == 0 and obs(s)["turn"] == 2


def test_treasures_of_latveria_three_extra_cards():
    s = fight(
        "Dr. Doom",
        "Treasures of Latveria",
        hands={0: []},
        decks={0: [A] * 10},
        villain_deck=["Doombot Legion"],
    )
    s.apply("end turn")  # the game is over (last tactic): the hand is not drawn
    s = position(
        mastermind="Dr. Doom",
        tactics=["Dr. Doom: Treasures of Latveria", "Dr. Doom: Dark Technology"],
        attack=9,
        hands={0: []},
        decks={0: [A] * 10},
        villain_deck=["Doombot Legion"],
    )
    s.apply("fight Mastermind")
    s.apply("tactic Dr. Doom: Treasures of Latveria")
    s.apply("end turn")
    assert me(s, 0)["hand_size"] == 9


# --- Loki -------------------------------------------------------------------


def test_cruel_ruler_defeats_a_villain_free():
    s = fight(
        "Loki",
        "Cruel Ruler",
        villains=["Enemies of Asgard", "HYDRA"],
        city={"Bank": "Destroyer"},
        attack=10,
        hands={0: []},
    )
    assert "Destroyer" in me(s)["victory"] and obs(s)["city"][1]["villain"] is None


def test_maniacal_tyrant_kos_up_to_four():
    s = fight("Loki", "Maniacal Tyrant", discards={0: [A, A, T, "Wound", "Wound"]})
    s.apply("KO Wound from discard")
    s.apply("KO Wound from discard")
    s.apply(f"KO {A} from discard")
    s.apply("no")
    assert sorted(me(s)["discard"]) == sorted([A, T])


def test_vanishing_illusions():
    s = fight(
        "Loki", "Vanishing Illusions", victory={1: ["Viper", "HYDRA Kidnappers", "Bystander"]}
    )
    s.apply("KO HYDRA Kidnappers from victory pile")
    assert sorted(me(s, 1)["victory"]) == ["Bystander", "Viper"]


def test_whispers_and_lies():
    s = fight("Loki", "Whispers and Lies", victory={1: ["Bystander"] * 3 + ["Viper"]})
    assert sorted(me(s, 1)["victory"]) == ["Bystander", "Viper"]


# --- Red Skull --------------------------------------------------------------


def test_endless_resources():
    s = fight("Red Skull", "Endless Resources", attack=7)
    assert obs(s)["turn_state"]["recruit"] == 4


def test_hydra_conspiracy_draws_per_hydra():
    s = fight(
        "Red Skull",
        "HYDRA Conspiracy",
        attack=7,
        victory={0: ["Viper", "Supreme HYDRA"]},
        decks={0: [A] * 8},
    )
    assert me(s)["hand_size"] == 4


def test_negablast_grenades():
    s = fight("Red Skull", "Negablast Grenades", attack=7)
    assert obs(s)["turn_state"]["attack"] == 3


def test_ruthless_dictator_ko_discard_and_back():
    s = fight(
        "Red Skull", "Ruthless Dictator", attack=7, deck_top={0: [A, T, "Wound"]}, decks={0: []}
    )
    s.apply("KO Wound")
    s.apply(f"discard {T}")
    assert me(s)["deck_top"] == [A] and me(s)["discard"] == [T] and ko_added(s) == {"Wound": 1}
