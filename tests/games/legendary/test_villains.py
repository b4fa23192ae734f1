"""Every villain and henchman of the core set: Ambush, Fight, Escape and special rules."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from builder import AGENT, OFFICER, TROOPER, ko_added, legal, me, obs, position

A = AGENT
T = TROOPER


def end_turn(s):
    """Ends the turn; the decks in these tests make every draw certain."""
    s.apply("end turn")
    assert not s.is_chance, "a test deck left a draw to chance"
    return s


QUIET_HQ = {
    "hq": ["Hulk: Growing Anger"] * 5,
    "hero_deck": [],
    "heroes": ["Hulk"],
}  # no refill left to chance


def five_villains(last: str) -> dict:
    """A full city with `last` on the Bridge (HYDRA fills the rest)."""
    return {
        "Sewers": "Endless Armies of HYDRA",
        "Bank": "Supreme HYDRA",
        "Rooftops": "HYDRA Kidnappers",
        "Streets": "HYDRA Kidnappers",
        "Bridge": last,
    }


# --- Brotherhood -------------------------------------------------------------


def test_blob_needs_an_xmen_hero():
    s = position(mastermind="Magneto", hands={0: [T]}, city={"Sewers": "Blob"}, attack=4)
    assert "fight Blob (Sewers)" not in legal(s)
    s = position(
        mastermind="Magneto",
        heroes=["Wolverine"],
        hands={0: ["Wolverine: Keen Senses"]},
        city={"Sewers": "Blob"},
        attack=4,
    )
    assert "fight Blob (Sewers)" in legal(s)


def test_juggernaut_ambush_kos_heroes_from_discards():
    s = position(
        mastermind="Magneto",
        villain_deck=["Juggernaut"],
        decks={0: [A] * 6, 1: [A] * 6},
        discards={0: [T, T], 1: [A, "Wound"]},
        hands={0: []},
    )
    end_turn(s)
    assert obs(s)["city"][0]["villain"] == "Juggernaut"
    assert me(s, 1)["discard"] == ["Wound"] and me(s, 0)["discard"] == []
    assert ko_added(s) == {A: 1, T: 2}


def test_juggernaut_escape_kos_heroes_from_hands():
    s = position(
        mastermind="Magneto",
        villains=["Brotherhood", "HYDRA"],
        villain_deck=["Viper"],
        decks={0: [T] * 6},
        hands={0: [], 1: [A, "Wound"]},
        city=five_villains("Juggernaut"),
        **QUIET_HQ,
    )
    end_turn(s)
    # (a) a Hero leaves the HQ, (c) each player KOs two Heroes from hand
    assert ko_added(s) == {"Hulk: Growing Anger": 1, A: 1, T: 2}
    assert obs(s)["escaped"] == {"Juggernaut": 1} and obs(s)["city"][0]["villain"] == "Viper"
    assert me(s, 1)["hand"] == ["Wound"]


def test_mystique_escape_becomes_a_twist():
    s = position(
        mastermind="Magneto",
        villains=["Brotherhood", "HYDRA"],
        villain_deck=["Viper"],
        decks={0: [A] * 6},
        city=five_villains("Mystique"),
        **QUIET_HQ,
    )
    end_turn(s)
    assert obs(s)["scheme_state"]["twists_played"] == 1 and obs(s)["escaped"] == {"Mystique": 1}


def test_sabretooth_fight_each_reveals_xmen_or_gains_a_wound():
    s = position(
        mastermind="Magneto",
        heroes=["Wolverine"],
        hands={0: ["Wolverine: Keen Senses"]},
        city={"Sewers": "Sabretooth"},
        attack=5,
    )
    s.apply("fight Sabretooth (Sewers)")
    assert me(s, 0)["discard"] == [] and me(s, 1)["discard"] == ["Wound"]


# --- Enemies of Asgard -------------------------------------------------------


def loki(**kw):
    return position(mastermind="Loki", **kw)


def test_destroyer_kos_your_shield_heroes():
    s = loki(hands={0: [A, "Wound"]}, played=[T], city={"Sewers": "Destroyer"}, attack=7)
    s.apply("fight Destroyer (Sewers)")
    assert ko_added(s) == {A: 1, T: 1} and me(s)["hand"] == ["Wound"]


def test_destroyer_escape_each_kos_two_heroes():
    s = loki(
        villains=["Enemies of Asgard", "HYDRA"],
        villain_deck=["Viper"],
        decks={0: [T] * 6},
        hands={0: [], 1: [A, A, A]},
        city=five_villains("Destroyer"),
        **QUIET_HQ,
    )
    end_turn(s)
    assert me(s, 1)["hand"] == [A] and me(s, 0)["hand"] == [T] * 4


def test_enchantress_draws_three():
    s = loki(city={"Sewers": "Enchantress"}, attack=6, decks={0: [A] * 5})
    s.apply("fight Enchantress (Sewers)")
    assert me(s)["hand"] == [A] * 3


def test_frost_giant_fight_reveal_ranged_or_wound():
    s = loki(
        heroes=["Storm"],
        hands={1: ["Storm: Lightning Bolt"]},
        city={"Sewers": "Frost Giant"},
        attack=4,
    )
    s.apply("fight Frost Giant (Sewers)")
    assert me(s, 0)["discard"] == ["Wound"] and me(s, 1)["discard"] == []


def test_ymir_ambush_and_fight():
    s = loki(villain_deck=["Ymir, Frost Giant King"], decks={0: [A] * 6}, hands={0: []})
    end_turn(s)
    assert me(s, 0)["discard"] == ["Wound"] and me(s, 1)["discard"] == ["Wound"]
    s = loki(
        city={"Sewers": "Ymir, Frost Giant King"},
        attack=6,
        hands={1: ["Wound"]},
        discards={1: ["Wound"]},
    )
    s.apply("fight Ymir, Frost Giant King (Sewers)")
    s.apply("choose player 1")
    assert me(s, 1)["hand"] == [] and me(s, 1)["discard"] == [] and ko_added(s) == {"Wound": 2}


# --- HYDRA -------------------------------------------------------------------


def test_endless_armies_play_two_villain_cards():
    s = position(
        villain_deck=["Viper", "Viper"], city={"Sewers": "Endless Armies of HYDRA"}, attack=4
    )
    s.apply("fight Endless Armies of HYDRA (Sewers)")
    assert [c["villain"] for c in obs(s)["city"][:2]] == ["Viper", "Viper"]


def test_hydra_kidnappers_may_gain_an_officer():
    s = position(city={"Sewers": "HYDRA Kidnappers"}, attack=3)
    s.apply("fight HYDRA Kidnappers (Sewers)")
    s.apply("yes")
    assert me(s)["discard"] == [OFFICER] and obs(s)["officer_stack"] == 29


def test_supreme_hydra_vp():
    s = position(victory={0: ["Supreme HYDRA", "Viper", "HYDRA Kidnappers", "Bystander"]})
    assert me(s)["vp"] == (3 + 3 * 2) + 3 + 1 + 1


def test_viper_wounds_players_without_another_hydra():
    s = position(city={"Sewers": "Viper"}, attack=5, victory={1: ["HYDRA Kidnappers"]})
    s.apply("fight Viper (Sewers)")
    assert me(s, 0)["discard"] == ["Wound"] and me(s, 1)["discard"] == []


# --- Masters of Evil ---------------------------------------------------------


def moe(**kw):
    kw.setdefault("villains", ["Masters of Evil", "HYDRA"])
    return position(**kw)


def test_baron_zemo_rescues_per_avenger():
    s = moe(
        heroes=["Hawkeye", "Hulk"],
        hands={0: ["Hawkeye: Quick Draw"]},
        played=["Hulk: Growing Anger"],
        city={"Sewers": "Baron Zemo"},
        attack=6,
    )
    s.apply("fight Baron Zemo (Sewers)")
    assert sorted(me(s)["victory"]) == ["Baron Zemo", "Bystander", "Bystander"]


def test_melter_ko_or_back_each_top_card():
    s = moe(city={"Sewers": "Melter"}, attack=5, decks={0: [T], 1: [A]})
    s.apply("fight Melter (Sewers)")
    s.apply(f"KO {T}")
    s.apply(f"put {A} back")
    assert ko_added(s) == {T: 1} and me(s, 1)["deck_top"] == [A]


def test_melter_reveals_every_top_card_before_the_choices():
    """Melter: "Fight: Each player reveals the top card of their deck. For each
    card, you choose to KO it or put it back." All cards are revealed first, so
    the first choice is made seeing every revealed card."""
    s = moe(
        players=3,
        villains=["Masters of Evil", "HYDRA", "Radiation"],
        city={"Sewers": "Melter"},
        attack=5,
        decks={0: [T, A], 1: [A, T], 2: [A, A]},
    )
    s.apply("fight Melter (Sewers)")
    s.apply(f"reveal {T}")  # player 0's deck, by chance
    s.apply(f"reveal {T}")  # player 1's; player 2's deck holds only Agents: certain
    assert obs(s)["pending"]["kind"] == "ko-or-back" and obs(s)["pending"]["owner"] == 0
    # Every player sees every revealed card on its deck before the first choice.
    for viewer in range(3):
        assert [obs(s, viewer)["players"][q]["deck_top"] for q in range(3)] == [[T], [T], [A]]
    assert set(legal(s)) == {f"KO {T}", f"put {T} back"}
    s.apply(f"put {T} back")
    s.apply(f"KO {T}")
    s.apply(f"KO {A}")
    assert ko_added(s) == {T: 1, A: 1}
    assert [me(s, q)["deck_top"] for q in range(3)] == [[T], [], []]


def test_ultron_vp_and_escape():
    s = moe(
        heroes=["Iron Man"],
        victory={0: ["Ultron"]},
        hands={0: ["Iron Man: Arc Reactor"]},
        discards={0: ["Iron Man: Endless Invention"]},
    )
    assert me(s)["vp"] == 2 + 2
    s = moe(
        heroes=["Iron Man", "Hulk"],
        villain_deck=["Viper"],
        decks={0: [A] * 6},
        hands={0: [], 1: ["Iron Man: Arc Reactor"]},
        city=five_villains("Ultron"),
        hq=["Hulk: Growing Anger"] * 5,
        hero_deck=[],
    )
    end_turn(s)
    assert me(s, 0)["discard"] == ["Wound"] and me(s, 1)["discard"] == []


def test_whirlwind_on_the_rooftops_kos_two_heroes():
    s = moe(hands={0: [A, T, T]}, city={"Rooftops": "Whirlwind"}, attack=4)
    s.apply("fight Whirlwind (Rooftops)")
    s.apply(f"KO {T} from hand")
    s.apply(f"KO {T} from hand")
    assert me(s)["hand"] == [A]
    s = moe(hands={0: [A, T, T]}, city={"Sewers": "Whirlwind"}, attack=4)
    s.apply("fight Whirlwind (Sewers)")
    assert me(s)["hand_size"] == 3


# --- Radiation ---------------------------------------------------------------


def rad(**kw):
    kw.setdefault("villains", ["Radiation", "HYDRA"])
    return position(**kw)


def test_abomination_on_the_streets_rescues_three():
    s = rad(city={"Streets": "Abomination", "Sewers": "Abomination"}, attack=10)
    s.apply("fight Abomination (Sewers)")
    assert me(s)["victory"] == ["Abomination"]
    s.apply("fight Abomination (Streets)")
    assert sorted(me(s)["victory"]) == ["Abomination"] * 2 + ["Bystander"] * 3


def test_the_leader_ambush_plays_another_card():
    s = rad(villain_deck=["The Leader", "Zzzax"], decks={0: [A] * 6}, hands={0: []})
    s.apply("end turn")
    assert s.is_chance
    s.apply(
        "villain deck: The Leader"
    )  # its Ambush plays the next card: the last one, no chance left
    assert [c["villain"] for c in obs(s)["city"][:2]] == ["Zzzax", "The Leader"]


def test_maestro_kos_per_strength_hero():
    s = rad(
        heroes=["Hulk"],
        hands={0: ["Hulk: Growing Anger", A]},
        played=["Hulk: Crazed Rampage"],
        city={"Sewers": "Maestro"},
        attack=6,
    )
    s.apply("fight Maestro (Sewers)")
    s.apply(f"KO {A} from hand")
    s.apply("KO Hulk: Crazed Rampage from played")
    assert me(s)["hand"] == ["Hulk: Growing Anger"] and ko_added(s) == {
        A: 1,
        "Hulk: Crazed Rampage": 1,
    }


def test_zzzax_reveal_strength_or_wound():
    s = rad(heroes=["Hulk"], hands={0: ["Hulk: Growing Anger"]}, city={"Sewers": "Zzzax"}, attack=5)
    s.apply("fight Zzzax (Sewers)")
    assert me(s, 0)["discard"] == [] and me(s, 1)["discard"] == ["Wound"]


# --- Skrulls -----------------------------------------------------------------


def skrull(**kw):
    kw.setdefault("villains", ["Skrulls", "HYDRA"])
    kw.setdefault("heroes", ["Hulk", "Wolverine"])
    return position(**kw)


def paibok_fought(**kw):
    """Paibok the Power Skrull fought in the Sewers, the HQ two Hulks and three Keen Senses
    (the Hero deck all Healing Factors): the HQ choices begin."""
    s = skrull(
        city={"Sewers": "Paibok the Power Skrull"},
        attack=8,
        hq=[
            "Hulk: Growing Anger",
            "Hulk: Hulk Smash!",
            "Wolverine: Keen Senses",
            "Wolverine: Keen Senses",
            "Wolverine: Keen Senses",
        ],
        hero_deck=["Wolverine: Healing Factor"] * 5,
        **kw,
    )
    s.apply("fight Paibok the Power Skrull (Sewers)")
    return s


def test_paibok_each_player_gains_an_hq_hero():
    s = paibok_fought()
    s.apply("give Hulk: Hulk Smash! to player 0")
    assert "give Hulk: Growing Anger to player 1" in legal(s)
    s.apply("give Hulk: Growing Anger to player 1")
    assert me(s, 0)["discard"] == ["Hulk: Hulk Smash!"] and me(s, 1)["discard"] == [
        "Hulk: Growing Anger"
    ]


def test_paibok_chooses_for_every_player_before_the_hq_refills():
    """Paibok the Power Skrull: "Fight: Choose a Hero in the HQ for each player.
    Each player gains that Hero." Every choice is made from the HQ as it stands:
    a Hero given to one player is not replaced before the next choice."""
    s = paibok_fought(players=3, villains=["Skrulls", "HYDRA", "Radiation"])
    assert set(legal(s)) == {
        "give Hulk: Growing Anger to player 0",
        "give Hulk: Hulk Smash! to player 0",
        "give Wolverine: Keen Senses to player 0",
    }
    s.apply("give Hulk: Hulk Smash! to player 0")
    # Hulk Smash! is gone from the HQ and nothing has taken its place yet.
    assert set(legal(s)) == {
        "give Hulk: Growing Anger to player 1",
        "give Wolverine: Keen Senses to player 1",
    }
    assert obs(s)["hq"][1] is None
    s.apply("give Hulk: Growing Anger to player 1")  # player 2's choice is forced
    # Only now do the three empty spaces refill (certain: one kind of card left).
    assert obs(s)["hq"] == [
        "Wolverine: Healing Factor",
        "Wolverine: Healing Factor",
        "Wolverine: Healing Factor",
        "Wolverine: Keen Senses",
        "Wolverine: Keen Senses",
    ]
    assert [me(s, p)["discard"] for p in range(3)] == [
        ["Hulk: Hulk Smash!"],
        ["Hulk: Growing Anger"],
        ["Wolverine: Keen Senses"],
    ]


def test_skrull_queen_takes_the_highest_cost_hero():
    s = skrull(
        villain_deck=["Skrull Queen Veranke"],
        decks={0: [A] * 6},
        hands={0: []},
        hq=["Hulk: Growing Anger", "Hulk: Hulk Smash!", "Wolverine: Keen Senses", None, None],
        hero_deck=[],
    )
    end_turn(s)
    city = obs(s)["city"][0]
    assert (
        city["villain"] == "Skrull Queen Veranke"
        and city["under"] == "Hulk: Hulk Smash!"
        and city["attack"] == 8
    )


def test_skrull_shapeshifters_take_the_rightmost_and_give_it_on_defeat():
    s = skrull(
        villain_deck=["Skrull Shapeshifters"],
        decks={0: [A] * 6},
        hands={0: []},
        hq=["Hulk: Hulk Smash!", "Wolverine: Keen Senses", "Hulk: Growing Anger", None, None],
        hero_deck=[],
    )
    end_turn(s)
    assert obs(s)["city"][0]["under"] == "Hulk: Growing Anger" and obs(s)["city"][0]["attack"] == 3
    s = skrull(
        city={"Sewers": {"card": "Skrull Shapeshifters", "under": "Hulk: Growing Anger"}}, attack=3
    )
    s.apply("fight Skrull Shapeshifters (Sewers)")
    assert me(s)["discard"] == ["Hulk: Growing Anger"] and me(s)["victory"] == [
        "Skrull Shapeshifters"
    ]


def test_super_skrull_each_player_kos_a_hero():
    s = skrull(city={"Sewers": "Super-Skrull"}, attack=4, hands={0: [A], 1: [T, "Wound"]})
    s.apply("fight Super-Skrull (Sewers)")
    assert me(s, 0)["hand"] == [] and me(s, 1)["hand"] == ["Wound"]


# --- Spider-Foes -------------------------------------------------------------


def new_hand_after_fighting(
    villain: str, attack: int, deck: int, build: Callable[..., Any] = position
) -> int:
    """Player 1, empty-handed with ``attack`` and ``deck`` Agents in the deck, fights
    ``villain`` in the Sewers (the position built by ``build``) and ends the turn: the size
    of the new hand."""
    s = build(
        city={"Sewers": villain},
        attack=attack,
        hands={0: []},
        decks={0: [A] * deck},
        villain_deck=["Viper"],
    )
    s.apply(f"fight {villain} (Sewers)")
    end_turn(s)
    return int(s.observation(0)["players"][0]["hand_size"])


def foes(**kw):
    kw.setdefault("villains", ["Spider-Foes", "HYDRA"])
    return position(**kw)


def test_doctor_octopus_eight_card_hand():
    assert new_hand_after_fighting("Doctor Octopus", 4, 10, foes) == 8


def test_two_doctor_octopus_still_give_eight_cards():
    """Doctor Octopus: "Fight: When you draw a new hand of cards at the end of
    this turn, draw eight cards instead of six." It replaces the number: a
    second one in the same turn still gives eight, not ten."""
    s = foes(
        city={"Sewers": "Doctor Octopus", "Bank": "Doctor Octopus"},
        attack=8,
        hands={0: []},
        decks={0: [A] * 12},
        villain_deck=["Viper"],
    )
    s.apply("fight Doctor Octopus (Sewers)")
    assert obs(s)["turn_state"]["new_hand_at_end"] == 8
    s.apply("fight Doctor Octopus (Bank)")
    assert obs(s)["turn_state"]["new_hand_at_end"] == 8
    end_turn(s)
    assert me(s, 0)["hand_size"] == 8


def test_doctor_octopus_and_an_extra_card_give_nine():
    """Decision: "eight instead of six" sets the base; "draw an extra card"
    (Savage Land Mutates) adds to it, in either order."""
    for order in (
        ("Doctor Octopus (Sewers)", "Savage Land Mutates (Bank)"),
        ("Savage Land Mutates (Bank)", "Doctor Octopus (Sewers)"),
    ):
        s = foes(
            henchmen_groups=["Savage Land Mutates"],
            city={"Sewers": "Doctor Octopus", "Bank": "Savage Land Mutates"},
            attack=7,
            hands={0: []},
            decks={0: [A] * 12},
            villain_deck=["Viper"],
        )
        for target in order:
            s.apply(f"fight {target}")
        end_turn(s)
        assert me(s, 0)["hand_size"] == 9, order


def test_green_goblin_ambush_captures():
    s = foes(villain_deck=["Green Goblin"], decks={0: [A] * 6}, hands={0: []})
    end_turn(s)
    assert obs(s)["city"][0]["bystanders"] == 1 and obs(s)["bystander_stack"] == 29


def test_the_lizard_in_the_sewers_wounds_the_others():
    s = foes(
        players=3,
        villains=["Spider-Foes", "HYDRA", "Radiation"],
        city={"Sewers": "The Lizard"},
        attack=3,
    )
    s.apply("fight The Lizard (Sewers)")
    assert (
        me(s, 0)["discard"] == []
        and me(s, 1)["discard"] == ["Wound"]
        and me(s, 2)["discard"] == ["Wound"]
    )


def test_venom_needs_covert_and_escape_wounds_everyone():
    s = foes(city={"Sewers": "Venom"}, attack=5)
    assert "fight Venom (Sewers)" not in legal(s)
    s = foes(
        villain_deck=["Viper"],
        decks={0: [A] * 6},
        hands={0: []},
        city=five_villains("Venom"),
        **QUIET_HQ,
    )
    end_turn(s)
    assert me(s, 0)["discard"] == ["Wound"] and me(s, 1)["discard"] == ["Wound"]


# --- Henchmen ----------------------------------------------------------------


def test_doombot_legion_look_two_ko_one():
    s = position(
        henchmen_groups=["Doombot Legion"],
        city={"Sewers": "Doombot Legion"},
        attack=3,
        deck_top={0: [A, T]},
        decks={0: []},
    )
    s.apply("fight Doombot Legion (Sewers)")
    assert set(legal(s)) == {f"KO {A}", f"KO {T}"}
    s.apply(f"KO {A}")
    assert me(s)["deck_top"] == [T] and obs(s, 1)["players"][0]["deck_top"] == [None]


def test_hand_ninjas_recruit():
    s = position(henchmen_groups=["Hand Ninjas"], city={"Sewers": "Hand Ninjas"}, attack=3)
    s.apply("fight Hand Ninjas (Sewers)")
    assert obs(s)["turn_state"]["recruit"] == 1 and me(s)["vp"] == 1


def test_savage_land_mutates_extra_card():
    mutates = functools.partial(position, henchmen_groups=["Savage Land Mutates"])
    assert new_hand_after_fighting("Savage Land Mutates", 3, 8, mutates) == 7


def test_sentinel_kos_one_of_your_heroes():
    s = position(
        henchmen_groups=["Sentinel"],
        city={"Sewers": "Sentinel"},
        attack=3,
        hands={0: [A, "Wound"]},
        played=[T],
    )
    s.apply("fight Sentinel (Sewers)")
    assert set(legal(s)) == {f"KO {A} from hand", f"KO {T} from played"}
    s.apply(f"KO {T} from played")
    assert ko_added(s) == {T: 1}
