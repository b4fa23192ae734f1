"""The Battle Phase: absorb, shield, counter, deflect, bonuses, several targets."""

from __future__ import annotations

from .builder import hand, hp, moves, play, pos, position, top


def test_a_hit_taken_does_the_card_value() -> None:
    """A card's value is the damage it does as an attack."""
    s = position(
        hands={0: ["Fireball", "Power Up"], 1: ["Gust"]}, discard=["Water Jet", "Power Up"]
    )
    play(s, "attack player 2 with Fireball")
    assert s.current_player == 1 and "take the hit" in moves(s)
    play(s, "take the hit")
    assert hp(s) == [40, 37]


def test_element_bonus_from_the_top_discard() -> None:
    """Blast's bonus: +2 when the top discard shares its element (Universal matches all)."""
    for discard, damage in (
        (["Fire Wall", "Gust"], 5),
        (["Cosmic Ray", "Gust"], 5),
        (["Ice Wall", "Fire Wall"], 3),
    ):
        s = position(hands={0: ["Fireball", "Power Up"], 1: ["Gust"]}, discard=discard)
        play(s, "attack player 2 with Fireball", "take the hit")
        assert hp(s)[1] == 40 - damage, discard


def test_absorb_regains_the_attack_never_above_40() -> None:
    """Absorb: regain health equal to the value of the attack; health never above 40."""
    s = position(
        hands={0: ["Flame Lance", "Power Up"], 1: ["Heat Sink", "Gust"]},
        health={1: 30},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack player 2 with Flame Lance", "absorb with Heat Sink")
    assert hp(s) == [40, 35]
    s = position(
        hands={0: ["Flame Lance", "Power Up"], 1: ["Heat Sink", "Gust"]},
        health={1: 38},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack player 2 with Flame Lance", "absorb with Heat Sink")
    assert hp(s) == [40, 40]


def test_shield_blocks_and_cancels_the_attack_effect() -> None:
    """Shield: no damage; Drain's attack effect (regain what it takes) is cancelled."""
    s = position(
        hands={0: ["Ember Leech", "Power Up"], 1: ["Ice Wall", "Gust"]},
        health={0: 30},
        discard=["Gust", "Power Up"],
    )
    play(s, "attack player 2 with Ember Leech", "shield with Ice Wall")
    assert hp(s) == [30, 40]


def test_drain_regains_what_it_takes() -> None:
    s = position(
        hands={0: ["Ember Leech", "Power Up"], 1: ["Gust"]},
        health={0: 30},
        discard=["Gust", "Power Up"],
    )
    play(s, "attack player 2 with Ember Leech", "take the hit")
    assert hp(s) == [33, 37]


def test_shield_bonus_regains_health() -> None:
    """Shield's bonus: regain 2 when the top discard (the attack) shares its element."""
    s = position(
        hands={0: ["Fireball", "Power Up"], 1: ["Fire Wall", "Gust"]},
        health={1: 30},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack player 2 with Fireball", "shield with Fire Wall")
    assert hp(s) == [40, 32]


def test_counter_takes_the_damage_and_attacks_back_with_any_card() -> None:
    """Counter: the full damage is taken, then any card in hand attacks back."""
    s = position(
        hands={0: ["Fireball", "Gust"], 1: ["Thunderclap", "Heat Sink", "Gust"]},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack player 2 with Fireball", "counter with Thunderclap")
    assert hp(s) == [40, 37] and s.current_player == 1
    assert moves(s) == [
        "counterattack with Heat Sink",
        "counterattack with Gust",
    ]  # any card, even a defense card
    play(s, "counterattack with Heat Sink")
    assert s.current_player == 0 and "take the hit" in moves(s)  # the attacker may defend
    play(s, "take the hit")
    assert hp(s) == [38, 37]


def test_counter_bonus_adds_to_the_counterattack() -> None:
    s = position(
        hands={0: ["Fireball", "Gust"], 1: ["Backdraft", "Heat Sink", "Gust"]},
        discard=["Ice Wall", "Power Up"],
    )
    play(
        s,
        "attack player 2 with Fireball",
        "counter with Backdraft",
        "counterattack with Heat Sink",
        "take the hit",
    )
    assert hp(s) == [36, 37]  # Heat Sink's 2, +2 for Backdraft on a Fire attack


def test_deflect_sends_the_attack_to_a_third_player_who_defends_in_turn() -> None:
    """Deflect: the attack goes to a 3rd player (not the sender), who may defend."""
    s = position(
        players=3,
        hands={
            0: ["Fireball", "Power Up"],
            1: ["Whirlpool Turn", "Gust"],
            2: ["Ice Wall", "Tornado"],
        },
        discard=["Healing Rain", "Power Up"],
    )
    play(s, "attack player 2 with Fireball")
    assert [m for m in moves(s) if m.startswith("deflect")] == [
        "deflect to player 3 with Whirlpool Turn"
    ]
    play(s, "deflect to player 3 with Whirlpool Turn")
    assert s.current_player == 2
    play(s, "shield with Ice Wall")
    assert hp(s) == [40, 40, 40] and moves(s) == ["end turn"]


def test_deflect_chain_across_three_players_ending_in_a_counter() -> None:
    """The issue's chain: 1 attacks 2, 2 deflects to 3, 3 deflects to 1, 1 counters 3."""
    s = position(
        players=3,
        hands={
            0: ["Fireball", "Backdraft", "Boulder Crush", "Tornado"],
            1: ["Whirlpool Turn", "Gust"],
            2: ["Wind Shear", "Gust", "Vacuum"],
        },
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack player 2 with Fireball", "deflect to player 3 with Whirlpool Turn")
    assert "deflect to player 2 with Wind Shear" not in moves(s)  # never back to who sent it
    play(s, "deflect to player 1 with Wind Shear")
    assert s.current_player == 0
    play(s, "counter with Backdraft")
    assert hp(s) == [37, 40, 40]
    play(s, "counterattack with Boulder Crush")
    assert s.current_player == 2  # the counterattack goes back at who sent the hit
    play(s, "take the hit")
    assert hp(s) == [37, 40, 35] and top(s) == ["Boulder Crush", "Backdraft"]


def test_each_player_deflects_an_attack_at_most_once() -> None:
    """Designed: an attack cannot be deflected twice by one player (chains end)."""
    s = position(
        players=3,
        hands={
            0: ["Fireball", "Flare Feint"],
            1: ["Whirlpool Turn", "Wind Shear"],
            2: ["Ricochet Stone", "Gust"],
        },
        discard=["Ice Wall", "Power Up"],
    )
    play(
        s,
        "attack player 2 with Fireball",
        "deflect to player 3 with Whirlpool Turn",
        "deflect to player 1 with Ricochet Stone",
    )
    play(s, "deflect to player 2 with Flare Feint")
    assert not [m for m in moves(s) if m.startswith("deflect")]


def test_deflect_bonus_adds_damage() -> None:
    s = position(
        players=3,
        hands={0: ["Water Jet", "Power Up"], 1: ["Whirlpool Turn", "Gust"], 2: ["Gust"]},
        discard=["Rock Throw", "Power Up"],
    )
    play(
        s,
        "attack player 2 with Water Jet",
        "deflect to player 3 with Whirlpool Turn",
        "take the hit",
    )
    assert hp(s) == [40, 40, 35]


def test_an_attack_on_everyone_lets_each_defend() -> None:
    """Storm hits every other player; each may defend. Its passive effect stands."""
    s = position(
        players=3,
        hands={0: ["Firestorm", "Gust"], 1: ["Ice Wall", "Gust"], 2: ["Stone Wall", "Gust"]},
        health={0: 30},
        discard=["Healing Rain", "Power Up"],
    )
    play(s, "attack everyone with Firestorm")
    assert hp(s)[0] == 31  # passive: regain 1, whatever happens to the attack
    assert s.current_player == 1
    play(s, "shield with Ice Wall")
    assert s.current_player == 2
    play(s, "shield with Stone Wall")
    assert hp(s) == [31, 40, 40] and moves(s) == ["end turn"]


def test_storm_bonus_on_two_attacks() -> None:
    s = position(
        players=3,
        hands={0: ["Firestorm", "Gust"], 1: ["Gust"], 2: ["Gust"]},
        discard=["Rock Throw", "Tornado"],
    )
    play(s, "attack everyone with Firestorm", "take the hit", "take the hit")
    assert hp(s) == [40, 37, 37]


def test_an_attack_card_with_a_defense_bonus_defends() -> None:
    """Drain's defense bonus: used as a Shield when the top discard shares its element."""
    s = position(
        hands={0: ["Fireball", "Power Up"], 1: ["Ember Leech", "Undertow"]},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack player 2 with Fireball")
    assert "shield with Ember Leech" in moves(s) and "shield with Undertow" not in moves(s)
    play(s, "shield with Ember Leech")
    assert hp(s) == [40, 40]


def test_a_defense_card_with_an_attack_bonus_attacks() -> None:
    """Absorb's attack bonus: top two discards of its element, it attacks for its value."""
    s = position(hands={0: ["Heat Sink", "Gust"], 1: ["Gust"]}, discard=["Fireball", "Fire Wall"])
    assert "attack player 2 with Heat Sink" in moves(s)
    play(s, "attack player 2 with Heat Sink", "take the hit")
    assert hp(s) == [40, 38]
    s = position(hands={0: ["Heat Sink", "Gust"], 1: ["Gust"]}, discard=["Fireball", "Ice Wall"])
    assert "attack player 2 with Heat Sink" not in moves(s)


def test_a_target_with_nothing_to_defend_with_is_not_asked() -> None:
    """Who is asked depends on what everyone sees: a hand of cards or a defense Super Power."""
    s = position(hands={0: ["Fireball"]}, discard=["Ice Wall", "Power Up"])
    play(s, "attack player 2 with Fireball")
    assert s.is_chance  # player 1 reloads at once
    while s.is_chance:
        s.apply(s.chance_outcomes[0][0])
    assert hp(s) == [40, 37] and s.current_player == 0  # player 2, holding nothing, was not asked
    s = position(hands={0: ["Fireball", "Gust"], 1: ["Gust"]}, discard=["Ice Wall", "Power Up"])
    play(s, "attack player 2 with Fireball")
    assert s.current_player == 1 and moves(s) == ["take the hit"]  # asked all the same


def test_a_pass_is_seen_by_nobody_else() -> None:
    s = position(hands={0: ["Fireball", "Gust"], 1: ["Gust"]}, discard=["Ice Wall", "Power Up"])
    play(s, "attack player 2 with Fireball", "take the hit")
    assert "pass" in [e.kind for e in s.last_events(1)]
    assert "pass" not in [e.kind for e in s.last_events(0)]
    assert "pass" not in [e.kind for e in s.last_events("spectator")]
    assert hand(s, 1) == {"Gust": 1}
    assert pos(s)["hits"] == []


def test_a_storms_second_defender_reads_the_first_defenders_card() -> None:
    """Bonuses read the pile as it is: the second defender's bonus reads the first one's Shield."""
    s = position(
        players=3,
        hands={0: ["Firestorm", "Gust"], 1: ["Ice Wall", "Gust"], 2: ["Undertow", "Gust"]},
        discard=["Gust", "Power Up"],
    )
    play(s, "attack everyone with Firestorm")
    assert s.current_player == 1
    play(s, "shield with Ice Wall")
    # Undertow (Water Drain) shields on a Water top discard: Ice Wall, not the Fire Storm.
    assert s.current_player == 2 and "shield with Undertow" in moves(s)
    play(s, "shield with Undertow")
    assert hp(s) == [40, 40, 40] and top(s) == ["Undertow", "Ice Wall"]
    s = position(
        players=3,
        hands={0: ["Firestorm", "Gust"], 1: ["Force Field", "Gust"], 2: ["Stone Wall", "Gust"]},
        health={2: 30},
        discard=["Gust", "Power Up"],
    )
    play(s, "attack everyone with Firestorm", "shield with Force Field", "shield with Stone Wall")
    assert hp(s) == [40, 40, 32]  # Stone Wall's bonus (Earth) holds on the Universal Force Field


def test_a_counterattack_reads_its_own_bonus_on_the_counter_card() -> None:
    """The counterattacking card lands on the Counter card just discarded: its bonus reads that."""
    # Damage: Fireball (Fire Blast, +2 on Fire) lands on Backdraft (Fire), whatever the attack.
    s = position(
        hands={0: ["Water Jet", "Gust"], 1: ["Backdraft", "Fireball", "Gust"]},
        discard=["Rock Throw", "Power Up"],
    )
    play(s, "attack player 2 with Water Jet", "counter with Backdraft")
    assert hp(s) == [40, 37]  # Water Jet 3; Backdraft's own bonus (Fire on Water) does not hold
    play(s, "counterattack with Fireball", "take the hit")
    assert hp(s) == [35, 37]  # Fireball 3 + 2: Fire on Backdraft
    s = position(
        hands={0: ["Water Jet", "Gust"], 1: ["Tidal Return", "Fireball", "Gust"]},
        discard=["Rock Throw", "Power Up"],
    )
    play(s, "attack player 2 with Water Jet", "counter with Tidal Return")
    play(s, "counterattack with Fireball", "take the hit")
    assert hp(s) == [35, 37]  # Fireball 3 + Tidal Return's 2 (Water on Water), no Fire bonus
    # Health: Warm Glow (Fire Recover, +2 on Fire) read the same way, on Backdraft.
    s = position(
        hands={0: ["Water Jet", "Gust"], 1: ["Backdraft", "Warm Glow", "Gust"]},
        health={1: 20},
        discard=["Rock Throw", "Power Up"],
    )
    play(s, "attack player 2 with Water Jet", "counter with Backdraft")
    play(s, "counterattack with Warm Glow")
    assert hp(s) == [40, 22]  # 20 - 3 + 3 + 2
    play(s, "take the hit")
    assert hp(s) == [37, 22]
    s = position(
        hands={0: ["Water Jet", "Gust"], 1: ["Tidal Return", "Warm Glow", "Gust"]},
        health={1: 20},
        discard=["Fire Wall", "Power Up"],
    )
    play(s, "attack player 2 with Water Jet", "counter with Tidal Return")
    play(s, "counterattack with Warm Glow")
    assert hp(s) == [40, 20]  # 20 - 3 + 3: Fire on Tidal Return, no bonus (the Fire Wall is below)
