"""Every Hero card of the core set: one scripted scenario each (values worked out by hand)."""

from __future__ import annotations

from builder import (
    AGENT,
    OFFICER,
    TROOPER,
    amazing_spider_man_played,
    ko_added,
    legal,
    me,
    obs,
    position,
)

A = AGENT
T = TROOPER


def turn(s):
    return obs(s)["turn_state"]


# --- Black Widow -------------------------------------------------------------


def test_mission_accomplished_draws_and_rescues_with_tech():
    s = position(
        heroes=["Black Widow", "Iron Man"],
        hands={0: ["Black Widow: Mission Accomplished"] * 2},
        decks={0: [A] * 8},
    )
    s.apply("play Black Widow: Mission Accomplished")  # no Tech played before it: no rescue
    assert me(s)["victory"] == [] and me(s)["hand_size"] == 2
    s.apply("play Black Widow: Mission Accomplished")  # the first one is Tech
    assert me(s)["victory"] == ["Bystander"] and me(s)["hand_size"] == 2


def test_dangerous_rescue_kos_for_a_bystander():
    s = position(
        heroes=["Black Widow"],
        hands={0: ["Black Widow: Dangerous Rescue", "Wound"]},
        played=["Black Widow: Silent Sniper"],
    )
    s.apply("play Black Widow: Dangerous Rescue")
    assert set(legal(s)) == {"KO Wound from hand", "no"}
    s.apply("KO Wound from hand")
    assert (
        me(s)["victory"] == ["Bystander"] and turn(s)["attack"] == 2 and ko_added(s) == {"Wound": 1}
    )


def test_covert_operation_counts_bystanders():
    s = position(
        heroes=["Black Widow"],
        hands={0: ["Black Widow: Covert Operation"]},
        victory={0: ["Bystander"] * 3},
    )
    s.apply("play Black Widow: Covert Operation")
    assert turn(s)["attack"] == 3


def test_silent_sniper_defeats_a_villain_with_a_bystander():
    s = position(
        heroes=["Black Widow"],
        villains=["HYDRA", "Spider-Foes"],
        hands={0: ["Black Widow: Silent Sniper"]},
        city={"Sewers": "Viper", "Bank": {"card": "Doctor Octopus", "bystanders": 1}},
    )
    s.apply("play Black Widow: Silent Sniper")  # only Doctor Octopus holds a Bystander: no choice
    assert sorted(me(s)["victory"]) == ["Bystander", "Doctor Octopus"]
    assert turn(s)["attack"] == 4 and obs(s)["city"][1]["villain"] is None


# --- Captain America ---------------------------------------------------------


def test_avengers_assemble_counts_colours():
    s = position(
        heroes=["Captain America", "Hulk"],
        hands={0: ["Captain America: Avengers Assemble!", T, "Hulk: Growing Anger"]},
    )
    s.apply("play Captain America: Avengers Assemble!")  # instinct, grey, strength
    assert turn(s)["recruit"] == 3


def test_perfect_teamwork_counts_colours():
    s = position(heroes=["Captain America"], hands={0: ["Captain America: Perfect Teamwork", A]})
    s.apply("play Captain America: Perfect Teamwork")  # strength, grey
    assert turn(s)["attack"] == 2


def test_diving_block_draws_instead_of_a_wound():
    s = position(
        heroes=["Captain America", "Hulk"],
        hands={0: ["Hulk: Crazed Rampage"], 1: ["Captain America: Diving Block"]},
        decks={1: [A] * 5},
    )
    s.apply("play Hulk: Crazed Rampage")
    assert me(s, 0)["discard"] == ["Wound"]
    assert me(s, 1)["discard"] == [] and me(s, 1)["hand_size"] == 2


def test_a_played_diving_block_is_revealed_too():
    """Diving Block: "If you would gain a Wound, you may reveal this card and
    draw a card instead." Reveal counts the cards you played this turn (rules
    page), so the turn player's played Diving Block still saves them."""
    s = position(
        heroes=["Captain America", "Hulk"],
        hands={0: ["Hulk: Crazed Rampage"], 1: []},
        played=["Captain America: Diving Block"],
        decks={0: [A] * 5, 1: [A] * 5},
    )
    s.apply("play Hulk: Crazed Rampage")
    assert me(s, 0)["discard"] == [] and me(s, 0)["hand_size"] == 1
    assert me(s, 1)["discard"] == ["Wound"]
    assert obs(s)["turn_state"]["extra_draws"] == 1


def test_diving_block_played_by_another_turn_does_not_count():
    """Only the turn player has cards played this turn: a Diving Block in another
    player's discard pile reveals nothing."""
    s = position(
        heroes=["Captain America", "Hulk"],
        hands={0: ["Hulk: Crazed Rampage"], 1: []},
        discards={1: ["Captain America: Diving Block"]},
        decks={1: [A] * 5},
    )
    s.apply("play Hulk: Crazed Rampage")
    assert me(s, 1)["discard"] == ["Captain America: Diving Block", "Wound"]


def test_a_day_unlike_any_other():
    s = position(
        heroes=["Captain America", "Hawkeye", "Hulk"],
        hands={0: ["Captain America: A Day Unlike Any Other"]},
        played=["Hawkeye: Quick Draw", "Hulk: Growing Anger"],
        attack=3,
    )
    s.apply("play Captain America: A Day Unlike Any Other")
    assert turn(s)["attack"] == 3 + 3 + 3 * 2


# --- Cyclops -----------------------------------------------------------------


def test_determination_needs_a_discard():
    s = position(heroes=["Cyclops"], hands={0: ["Cyclops: Determination"]})
    assert "play Cyclops: Determination" not in legal(s)
    s = position(heroes=["Cyclops"], hands={0: ["Cyclops: Determination", A]})
    s.apply("play Cyclops: Determination")
    assert turn(s)["recruit"] == 3 and me(s)["discard"] == [A]


def test_optic_blast_chooses_the_discard():
    s = position(heroes=["Cyclops"], hands={0: ["Cyclops: Optic Blast", A, T]})
    s.apply("play Cyclops: Optic Blast")
    assert set(legal(s)) == {f"discard {A}", f"discard {T}"}
    s.apply(f"discard {T}")
    assert turn(s)["attack"] == 3 and me(s)["discard"] == [T]


def test_unending_energy_returns_when_discarded_by_an_effect():
    s = position(
        heroes=["Cyclops"], hands={0: ["Cyclops: Optic Blast", "Cyclops: Unending Energy"]}
    )
    s.apply("play Cyclops: Optic Blast")
    assert me(s)["hand"] == ["Cyclops: Unending Energy"] and me(s)["discard"] == []


def test_x_men_united():
    s = position(
        heroes=["Cyclops", "Wolverine", "Storm"],
        hands={0: ["Cyclops: X-Men United"]},
        played=["Wolverine: Keen Senses", "Storm: Lightning Bolt"],
        attack=3,
    )
    s.apply("play Cyclops: X-Men United")
    assert turn(s)["attack"] == 3 + 6 + 2 * 2


# --- Deadpool ----------------------------------------------------------------


def test_here_hold_this_for_a_second():
    s = position(
        heroes=["Deadpool"],
        villains=["Spider-Foes", "HYDRA"],
        hands={0: ["Deadpool: Here, Hold This for a Second"]},
        city={"Bank": "Venom", "Bridge": "Viper"},
    )
    s.apply("play Deadpool: Here, Hold This for a Second")
    assert set(legal(s)) == {"capture with Venom (Bank)", "capture with Viper (Bridge)"}
    s.apply("capture with Viper (Bridge)")
    assert obs(s)["city"][4]["bystanders"] == 1 and turn(s)["recruit"] == 2


def test_do_over_redraws_four():
    s = position(
        heroes=["Deadpool"],
        hands={0: ["Deadpool: Hey, Can I Get a Do-Over?", A, A]},
        decks={0: [T] * 4},
    )
    s.apply("play Deadpool: Hey, Can I Get a Do-Over?")
    s.apply("yes")
    assert me(s)["hand"] == [T] * 4 and me(s)["discard"] == [A, A] and turn(s)["attack"] == 2


def test_do_over_only_as_first_hero():
    s = position(
        heroes=["Deadpool"], hands={0: ["Deadpool: Hey, Can I Get a Do-Over?", A]}, played=[T]
    )
    s.apply("play Deadpool: Hey, Can I Get a Do-Over?")
    assert legal(s) == ["play S.H.I.E.L.D. Agent", "end turn"]


def test_oddball_counts_odd_costs():
    s = position(
        heroes=["Deadpool", "Hulk", "Wolverine"],
        hands={0: ["Deadpool: Oddball"]},
        played=["Hulk: Growing Anger", "Wolverine: Keen Senses"],
    )
    s.apply("play Deadpool: Oddball")  # Growing Anger costs 3 (odd), Keen Senses 2
    assert turn(s)["attack"] == 2 + 1


def test_random_acts_of_unkindness_passes_left():
    s = position(heroes=["Deadpool"], hands={0: ["Deadpool: Random Acts of Unkindness", A], 1: [T]})
    s.apply("play Deadpool: Random Acts of Unkindness")
    s.apply("yes")  # a Wound to my hand
    assert sorted(legal(s)) == sorted([f"pass {A}", "pass Wound"])
    s.apply("pass Wound")  # player 1 has only a Trooper: passed without a choice
    assert sorted(me(s, 0)["hand"]) == sorted([A, T])
    assert me(s, 1)["hand"] == ["Wound"]
    assert turn(s)["attack"] == 6


# --- Emma Frost --------------------------------------------------------------


def test_mental_discipline():
    s = position(
        heroes=["Emma Frost"], hands={0: ["Emma Frost: Mental Discipline"]}, decks={0: [A] * 3}
    )
    s.apply("play Emma Frost: Mental Discipline")
    assert turn(s)["recruit"] == 1 and me(s)["hand"] == [A]


def test_shadowed_thoughts_plays_a_villain_for_attack():
    s = position(
        heroes=["Emma Frost", "Black Widow"],
        villains=["Spider-Foes", "HYDRA"],
        hands={0: ["Emma Frost: Shadowed Thoughts"]},
        played=["Black Widow: Silent Sniper"],
        villain_deck=["Venom"],
        attack=4,
    )
    s.apply("play Emma Frost: Shadowed Thoughts")
    s.apply("yes")
    assert obs(s)["city"][0]["villain"] == "Venom" and turn(s)["attack"] == 4 + 2 + 2


def test_psychic_link_draws_for_each_xmen_revealer():
    s = position(
        heroes=["Emma Frost", "Wolverine", "Hulk"],
        hands={
            0: ["Emma Frost: Psychic Link", "Wolverine: Keen Senses"],
            1: ["Hulk: Growing Anger"],
        },
        decks={0: [A] * 3, 1: [A] * 3},
    )
    s.apply("play Emma Frost: Psychic Link")
    assert me(s, 0)["hand_size"] == 2 and s.observation(1)["players"][1]["hand_size"] == 1


def test_diamond_form_recruit_per_defeat():
    s = position(
        heroes=["Emma Frost"],
        villains=["Spider-Foes", "HYDRA"],
        hands={0: ["Emma Frost: Diamond Form"]},
        city={"Sewers": "The Lizard"},
    )
    s.apply("play Emma Frost: Diamond Form")
    s.apply("fight The Lizard (Sewers)")
    assert turn(s)["recruit"] == 3 and turn(s)["attack"] == 2


# --- Gambit ------------------------------------------------------------------


def test_stack_the_deck_puts_a_card_on_top():
    s = position(heroes=["Gambit"], hands={0: ["Gambit: Stack the Deck", T]}, decks={0: [A, A]})
    s.apply("play Gambit: Stack the Deck")
    s.apply(f"put {T} on top")
    assert me(s)["deck_top"] == [T] and me(s)["hand"] == [A, A]
    assert s.observation(1)["players"][0]["deck_top"] == [None]  # face down to the others


def test_hypnotic_charm_discards_or_puts_back():
    s = position(heroes=["Gambit"], hands={0: ["Gambit: Hypnotic Charm"]}, decks={0: [T]})
    s.apply("play Gambit: Hypnotic Charm")
    assert set(legal(s)) == {f"discard {T}", f"put {T} back"}
    s.apply(f"discard {T}")
    assert me(s)["discard"] == [T] and turn(s)["recruit"] == 2


def test_hypnotic_charm_instinct_reaches_other_decks():
    s = position(
        heroes=["Gambit", "Wolverine"],
        hands={0: ["Gambit: Hypnotic Charm"]},
        played=["Wolverine: Keen Senses"],
        decks={0: [T], 1: [A]},
    )
    s.apply("play Gambit: Hypnotic Charm")
    s.apply(f"put {T} back")
    s.apply(f"discard {A}")
    assert me(s, 1)["discard"] == [A] and me(s, 0)["deck_top"] == [T]


def test_card_shark_draws_an_xmen():
    s = position(
        heroes=["Gambit", "Wolverine"],
        hands={0: ["Gambit: Card Shark"]},
        decks={0: ["Wolverine: Keen Senses"]},
    )
    s.apply("play Gambit: Card Shark")
    assert me(s)["hand"] == ["Wolverine: Keen Senses"]
    s = position(heroes=["Gambit"], hands={0: ["Gambit: Card Shark"]}, decks={0: [A]})
    s.apply("play Gambit: Card Shark")
    assert me(s)["hand"] == [] and me(s)["deck_top"] == [A]


def test_high_stakes_jackpot_adds_the_cost():
    s = position(
        heroes=["Gambit", "Hulk"],
        hands={0: ["Gambit: High Stakes Jackpot"]},
        decks={0: ["Hulk: Hulk Smash!"]},
    )
    s.apply("play Gambit: High Stakes Jackpot")
    assert turn(s)["attack"] == 4 + 8 and me(s)["deck_top"] == ["Hulk: Hulk Smash!"]


# --- Hawkeye -----------------------------------------------------------------


def test_quick_draw():
    s = position(heroes=["Hawkeye"], hands={0: ["Hawkeye: Quick Draw"]}, decks={0: [A] * 2})
    s.apply("play Hawkeye: Quick Draw")
    assert turn(s)["attack"] == 1 and me(s)["hand"] == [A]


def test_team_player():
    s = position(heroes=["Hawkeye", "Hulk"], hands={0: ["Hawkeye: Team Player"] * 2})
    s.apply("play Hawkeye: Team Player")
    s.apply("play Hawkeye: Team Player")
    assert turn(s)["attack"] == 2 + 3


def test_covering_fire_others_discard():
    s = position(
        heroes=["Hawkeye", "Iron Man"],
        hands={0: ["Hawkeye: Covering Fire"], 1: [A, T]},
        played=["Iron Man: Arc Reactor"],
    )
    s.apply("play Hawkeye: Covering Fire")
    s.apply("each other player discards")
    assert s.current_player == 1
    s.apply(f"discard {A}")
    assert me(s, 1)["discard"] == [A] and turn(s)["attack"] == 3


def test_impossible_trick_shot_rescues_three_per_defeat():
    s = position(
        heroes=["Hawkeye"],
        villains=["Spider-Foes", "HYDRA"],
        hands={0: ["Hawkeye: Impossible Trick Shot"]},
        city={"Sewers": "The Lizard"},
    )
    s.apply("play Hawkeye: Impossible Trick Shot")
    s.apply("fight The Lizard (Sewers)")
    assert sorted(me(s)["victory"]) == ["Bystander"] * 3 + ["The Lizard"]


# --- Hulk --------------------------------------------------------------------


def test_growing_anger():
    s = position(heroes=["Hulk"], hands={0: ["Hulk: Growing Anger"] * 2})
    s.apply("play Hulk: Growing Anger")
    s.apply("play Hulk: Growing Anger")
    assert turn(s)["attack"] == 2 + 3


def test_unstoppable_hulk_kos_a_wound():
    s = position(heroes=["Hulk"], hands={0: ["Hulk: Unstoppable Hulk"]}, discards={0: ["Wound"]})
    s.apply("play Hulk: Unstoppable Hulk")
    s.apply("KO Wound from discard")
    assert turn(s)["attack"] == 4 and me(s)["discard"] == []


def test_crazed_rampage_wounds_everyone():
    s = position(players=3, heroes=["Hulk"], hands={0: ["Hulk: Crazed Rampage"]})
    s.apply("play Hulk: Crazed Rampage")
    assert all(me(s, p)["discard"] == ["Wound"] for p in range(3))
    assert obs(s)["wound_stack"] == 27


def test_hulk_smash():
    s = position(heroes=["Hulk"], hands={0: ["Hulk: Hulk Smash!"]}, played=["Hulk: Growing Anger"])
    s.apply("play Hulk: Hulk Smash!")
    assert turn(s)["attack"] == 10


# --- Iron Man ----------------------------------------------------------------


def test_endless_invention():
    s = position(
        heroes=["Iron Man"], hands={0: ["Iron Man: Endless Invention"] * 2}, decks={0: [A] * 5}
    )
    s.apply("play Iron Man: Endless Invention")
    assert me(s)["hand_size"] == 2
    s.apply("play Iron Man: Endless Invention")
    assert me(s)["hand_size"] == 3


def test_repulsor_rays():
    s = position(
        heroes=["Iron Man", "Storm"],
        hands={0: ["Iron Man: Repulsor Rays"]},
        played=["Storm: Lightning Bolt"],
    )
    s.apply("play Iron Man: Repulsor Rays")
    assert turn(s)["attack"] == 3


def test_arc_reactor():
    s = position(
        heroes=["Iron Man"],
        hands={0: ["Iron Man: Arc Reactor"]},
        played=["Iron Man: Endless Invention", "Iron Man: Quantum Breakthrough"],
    )
    s.apply("play Iron Man: Arc Reactor")
    assert turn(s)["attack"] == 3 + 2


def test_quantum_breakthrough():
    s = position(
        heroes=["Iron Man"],
        hands={0: ["Iron Man: Quantum Breakthrough"]},
        played=["Iron Man: Endless Invention"],
        decks={0: [A] * 6},
    )
    s.apply("play Iron Man: Quantum Breakthrough")
    assert me(s)["hand_size"] == 4 and turn(s)["extra_draws"] == 4


# --- Nick Fury ---------------------------------------------------------------


def test_high_tech_weaponry():
    s = position(heroes=["Nick Fury"], hands={0: ["Nick Fury: High-Tech Weaponry"] * 2})
    s.apply("play Nick Fury: High-Tech Weaponry")
    s.apply("play Nick Fury: High-Tech Weaponry")
    assert turn(s)["attack"] == 2 + 3


def test_battlefield_promotion():
    s = position(heroes=["Nick Fury"], hands={0: ["Nick Fury: Battlefield Promotion", A, "Wound"]})
    s.apply("play Nick Fury: Battlefield Promotion")
    assert set(legal(s)) == {f"KO {A} from hand", "no"}
    s.apply(f"KO {A} from hand")
    assert sorted(me(s)["hand"]) == sorted([OFFICER, "Wound"]) and obs(s)["officer_stack"] == 29


def test_legendary_commander():
    s = position(heroes=["Nick Fury"], hands={0: ["Nick Fury: Legendary Commander"]}, played=[A, T])
    s.apply("play Nick Fury: Legendary Commander")
    assert turn(s)["attack"] == 1 + 2


def test_pure_fury():
    s = position(
        heroes=["Nick Fury"],
        villains=["Spider-Foes", "HYDRA"],
        hands={0: ["Nick Fury: Pure Fury"]},
        city={"Sewers": "Doctor Octopus", "Bank": "Green Goblin"},
        ko=[A] * 5,
    )
    s.apply("play Nick Fury: Pure Fury")  # 5 S.H.I.E.L.D. Heroes KO'd: only Attack 4 qualifies
    assert me(s)["victory"] == ["Doctor Octopus"]


# --- Rogue -------------------------------------------------------------------


def test_energy_drain():
    s = position(
        heroes=["Rogue", "Black Widow"],
        hands={0: ["Rogue: Energy Drain", "Wound"]},
        played=["Black Widow: Silent Sniper"],
    )
    s.apply("play Rogue: Energy Drain")
    s.apply("KO Wound from hand")
    assert turn(s)["recruit"] == 3


def test_borrowed_brawn():
    s = position(
        heroes=["Rogue", "Hulk"],
        hands={0: ["Rogue: Borrowed Brawn"]},
        played=["Hulk: Growing Anger"],
    )
    s.apply("play Rogue: Borrowed Brawn")
    assert turn(s)["attack"] == 4


def test_copy_powers_copies_a_played_hero():
    s = position(
        heroes=["Rogue", "Wolverine"],
        hands={0: ["Rogue: Copy Powers"]},
        played=["Wolverine: Keen Senses"],
        attack=1,
        decks={0: [A] * 2},
    )
    s.apply("play Rogue: Copy Powers")  # one Hero to copy: Keen Senses (+1 Attack, Instinct: draw)
    assert turn(s)["attack"] == 2 and me(s)["hand"] == [A]


def test_steal_abilities_plays_copies_of_the_top_cards():
    s = position(
        heroes=["Rogue", "Hulk"],
        hands={0: ["Rogue: Steal Abilities"]},
        decks={0: [T], 1: ["Hulk: Growing Anger"]},
    )
    s.apply("play Rogue: Steal Abilities")
    # 4, +1 (a Trooper), +2 and Strength +1 (Growing Anger after a Strength card)
    assert turn(s)["attack"] == 4 + 1 + 3
    assert me(s, 0)["discard"] == [T] and me(s, 1)["discard"] == ["Hulk: Growing Anger"]


# --- Spider-Man --------------------------------------------------------------


def test_astonishing_strength_draws_cheap_cards():
    s = position(
        heroes=["Spider-Man"], hands={0: ["Spider-Man: Astonishing Strength"]}, decks={0: [A]}
    )
    s.apply("play Spider-Man: Astonishing Strength")
    assert me(s)["hand"] == [A] and turn(s)["recruit"] == 1


def test_great_responsibility_keeps_expensive_cards_on_top():
    s = position(
        heroes=["Spider-Man", "Hulk"],
        hands={0: ["Spider-Man: Great Responsibility"]},
        decks={0: ["Hulk: Hulk Smash!"]},
    )
    s.apply("play Spider-Man: Great Responsibility")
    assert me(s)["hand"] == [] and me(s)["deck_top"] == ["Hulk: Hulk Smash!"]
    assert s.observation(1)["players"][0]["deck_top"] == ["Hulk: Hulk Smash!"]  # revealed: public


def test_web_shooters():
    s = position(heroes=["Spider-Man"], hands={0: ["Spider-Man: Web-Shooters"]}, decks={0: [T]})
    s.apply("play Spider-Man: Web-Shooters")
    assert me(s)["victory"] == ["Bystander"] and me(s)["hand"] == [T]


def test_the_amazing_spider_man():
    s = position(
        heroes=["Spider-Man", "Hulk"],
        hands={0: ["Spider-Man: The Amazing Spider-Man"]},
        deck_top={0: [A, "Hulk: Hulk Smash!", T]},
        decks={0: []},
    )
    s.apply("play Spider-Man: The Amazing Spider-Man")
    assert sorted(me(s)["hand"]) == sorted([A, T]) and me(s)["deck_top"] == ["Hulk: Hulk Smash!"]


# --- Storm -------------------------------------------------------------------


def test_gathering_stormclouds():
    s = position(
        heroes=["Storm"], hands={0: ["Storm: Gathering Stormclouds"] * 2}, decks={0: [A] * 3}
    )
    s.apply("play Storm: Gathering Stormclouds")
    assert me(s)["hand_size"] == 1
    s.apply("play Storm: Gathering Stormclouds")
    assert me(s)["hand_size"] == 1 and turn(s)["recruit"] == 4


def test_lightning_bolt_weakens_the_rooftops():
    s = position(
        heroes=["Storm"],
        villains=["Enemies of Asgard", "HYDRA"],
        mastermind="Loki",
        hands={0: ["Storm: Lightning Bolt"]},
        city={"Rooftops": "Frost Giant"},
    )
    s.apply("play Storm: Lightning Bolt")
    assert obs(s)["city"][2]["attack"] == 2
    assert "fight Frost Giant (Rooftops)" in legal(s)


def test_spinning_cyclone_moves_and_rescues():
    s = position(
        heroes=["Storm"],
        villains=["Spider-Foes", "HYDRA"],
        hands={0: ["Storm: Spinning Cyclone"]},
        city={"Sewers": {"card": "Venom", "bystanders": 2}, "Bridge": "Viper"},
    )
    s.apply("play Storm: Spinning Cyclone")
    s.apply("move Venom (Sewers) to Bridge")
    city = obs(s)["city"]
    assert (
        city[4]["villain"] == "Venom"
        and city[0]["villain"] == "Viper"
        and city[4]["bystanders"] == 0
    )
    assert me(s)["victory"] == ["Bystander", "Bystander"]


def test_spinning_cyclone_offers_no_swap_that_changes_nothing():
    # Two HYDRA Kidnappers, neither holding a Bystander: swapping them is no
    # move; with a Bystander on one, the swap rescues it and is offered.
    s = position(
        heroes=["Storm"],
        villains=["Spider-Foes", "HYDRA"],
        hands={0: ["Storm: Spinning Cyclone"]},
        city={"Sewers": "HYDRA Kidnappers", "Bridge": "HYDRA Kidnappers", "Streets": "Venom"},
    )
    s.apply("play Storm: Spinning Cyclone")
    moves = legal(s)
    assert "move HYDRA Kidnappers (Sewers) to Bridge" not in moves
    assert "move HYDRA Kidnappers (Bridge) to Sewers" not in moves
    assert "move HYDRA Kidnappers (Sewers) to Streets" in moves
    s = position(
        heroes=["Storm"],
        villains=["Spider-Foes", "HYDRA"],
        hands={0: ["Storm: Spinning Cyclone"]},
        city={
            "Sewers": {"card": "HYDRA Kidnappers", "bystanders": 1},
            "Bridge": "HYDRA Kidnappers",
        },
    )
    s.apply("play Storm: Spinning Cyclone")
    assert "move HYDRA Kidnappers (Sewers) to Bridge" in legal(s)
    assert "move HYDRA Kidnappers (Bridge) to Sewers" in legal(s)


def test_tidal_wave():
    s = position(
        heroes=["Storm"],
        villains=["Spider-Foes", "HYDRA"],
        hands={0: ["Storm: Tidal Wave"]},
        played=["Storm: Lightning Bolt"],
        city={"Bridge": "Venom"},
    )
    s.apply("play Storm: Tidal Wave")
    assert obs(s)["city"][4]["attack"] == 3 and obs(s)["mastermind_state"]["attack"] == 5


# --- Thor --------------------------------------------------------------------


def test_odinson():
    s = position(
        heroes=["Thor", "Hulk"], hands={0: ["Thor: Odinson"]}, played=["Hulk: Growing Anger"]
    )
    s.apply("play Thor: Odinson")
    assert turn(s)["recruit"] == 4


def test_surge_of_power_needs_eight_recruit():
    s = position(heroes=["Thor"], hands={0: ["Thor: Surge of Power"] * 2}, recruit=4)
    s.apply("play Thor: Surge of Power")  # 6 made
    assert turn(s)["attack"] == 0
    s.apply("play Thor: Surge of Power")  # 8 made
    assert turn(s)["attack"] == 3


def test_call_lightning():
    s = position(
        heroes=["Thor", "Storm"],
        hands={0: ["Thor: Call Lightning"]},
        played=["Storm: Lightning Bolt"],
    )
    s.apply("play Thor: Call Lightning")
    assert turn(s)["attack"] == 6


def test_god_of_thunder_recruit_as_attack():
    s = position(
        heroes=["Thor"],
        villains=["Spider-Foes", "HYDRA"],
        hands={0: ["Thor: God of Thunder"]},
        city={"Sewers": "Doctor Octopus"},
    )
    s.apply("play Thor: God of Thunder")
    s.apply("fight Doctor Octopus (Sewers)")
    assert turn(s)["recruit"] == 1 and me(s)["victory"] == ["Doctor Octopus"]


# --- Wolverine ---------------------------------------------------------------


def test_keen_senses():
    s = position(
        heroes=["Wolverine"], hands={0: ["Wolverine: Keen Senses"] * 2}, decks={0: [A] * 3}
    )
    s.apply("play Wolverine: Keen Senses")
    assert me(s)["hand_size"] == 1
    s.apply("play Wolverine: Keen Senses")
    assert me(s)["hand_size"] == 1 and turn(s)["attack"] == 2


def test_healing_factor():
    s = position(
        heroes=["Wolverine"], hands={0: ["Wolverine: Healing Factor", "Wound"]}, decks={0: [A] * 3}
    )
    s.apply("play Wolverine: Healing Factor")
    s.apply("KO Wound from hand")
    assert me(s)["hand"] == [A] and turn(s)["attack"] == 2


def test_frenzied_slashing():
    s = position(
        heroes=["Wolverine"],
        hands={0: ["Wolverine: Frenzied Slashing"]},
        played=["Wolverine: Keen Senses"],
        decks={0: [A] * 3},
    )
    s.apply("play Wolverine: Frenzied Slashing")
    assert me(s)["hand_size"] == 2


def test_berserker_rage():
    s = position(
        heroes=["Wolverine"],
        hands={0: ["Wolverine: Berserker Rage"]},
        played=["Wolverine: Keen Senses"],
        decks={0: [A] * 5},
    )
    s.apply("play Wolverine: Berserker Rage")
    assert me(s)["hand_size"] == 3 and turn(s)["attack"] == 3


def test_spider_man_draws_a_wound_it_costs_nothing():
    s = position(
        heroes=["Spider-Man"], hands={0: ["Spider-Man: Great Responsibility"]}, decks={0: ["Wound"]}
    )
    s.apply("play Spider-Man: Great Responsibility")
    assert me(s)["hand"] == ["Wound"]


def test_the_amazing_spider_man_orders_what_goes_back():
    s = amazing_spider_man_played()
    assert set(legal(s)) == {"put Hulk: Hulk Smash! back", "put Wolverine: Berserker Rage back"}
    s.apply("put Hulk: Hulk Smash! back")
    assert me(s)["hand"] == [A] and me(s)["deck_top"] == [
        "Wolverine: Berserker Rage",
        "Hulk: Hulk Smash!",
    ]
