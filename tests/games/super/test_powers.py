"""Super Powers: choosing them, each designed power, defense powers, deactivation."""

from __future__ import annotations

import json
from typing import Any

import pytest

import henchmen

from .builder import POWERS, TABLE, hand, hp, moves, one_card_each, play, pos, position


def test_arrival_order_picks_in_seat_order_and_powers_are_unique() -> None:
    s = henchmen.Game("super", players=3).new_initial_state(auto_chance=False)
    assert s.current_player == 0 and len(moves(s)) == len(POWERS)
    play(s, "choose Inferno")
    assert s.current_player == 1 and "choose Inferno" not in moves(s)
    play(s, "choose Quake", "choose Renewal")
    assert s.is_chance  # then five cards each are dealt
    while s.is_chance:
        s.apply(s.chance_outcomes[0][0])
    doc = pos(s)
    assert doc["powers"] == ["Inferno", "Quake", "Renewal"] and doc["power_states"] == ["up"] * 3
    assert [sum(h.values()) for h in doc["hands"]] == [5, 5, 5] and s.turn_player == 0


def test_newest_first_and_drawn_value_orders() -> None:
    s = henchmen.Game("super", players=3, power_order="newest-first").new_initial_state(
        auto_chance=False
    )
    assert s.current_player == 2
    s = henchmen.Game("super", players=3, power_order="drawn-value").new_initial_state(
        auto_chance=False
    )
    assert s.is_chance and len(s.chance_outcomes) == 3
    play(s, "player 2 picks next", "choose Inferno")
    assert s.is_chance and {str(a) for a, _ in s.chance_outcomes} == {
        "player 1 picks next",
        "player 3 picks next",
    }
    play(s, "player 3 picks next", "choose Quake")
    assert s.current_player == 0  # the last one left picks without a draw


def test_using_the_power_powers_down() -> None:
    s = position(hands={0: ["Gust"], 1: ["Gust"]}, powers={0: "Renewal"}, health={0: 20})
    play(s, "activate the power")
    assert hp(s)[0] == 26 and pos(s)["power_states"][0] == "down"  # Renewal: 6 at 2 players
    s = position(hands={0: ["Gust"], 1: ["Gust"]}, powers={0: "Renewal"}, health={0: 35})
    play(s, "activate the power")
    assert hp(s)[0] == 40


def test_inferno_is_defended_only_by_a_defense_power() -> None:
    s = position(
        hands={0: ["Gust"], 1: ["Ice Wall", "Gust"]}, powers={0: "Inferno", 1: "Mirror Ward"}
    )
    play(s, "activate the power on player 2")
    assert moves(s) == ["defend with the power", "take the hit"]  # no card can stop it
    play(s, "defend with the power")
    assert hp(s) == [40, 40] and pos(s)["power_states"] == ["down", "down"]
    s = position(
        hands={0: ["Gust"], 1: ["Ice Wall", "Gust"]},
        powers={0: "Inferno", 1: "Quake"},
        health={0: 30},
    )
    play(s, "activate the power on player 2")
    assert hp(s) == [34, 36]  # 4 taken (at two players), and regained by Inferno's owner
    assert s.current_player == 0  # nobody could answer: not asked


def test_phoenix_flame_stops_only_an_attack_that_would_knock_its_owner_out() -> None:
    """Phoenix Flame: an attack that would take the last of its owner's health does nothing,
    and they regain its value, at most 3 (5 with two rivals or more); one they would survive,
    card or Super Power, gets past it."""
    s = position(
        hands={0: ["Fireball", "Gust"], 1: ["Gust"]},
        powers={1: "Phoenix Flame"},
        health={1: 4},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack player 2 with Fireball")  # 3: they would survive it
    assert moves(s) == ["take the hit"]
    play(s, "take the hit")
    assert hp(s) == [40, 1] and pos(s)["power_states"][1] == "up"
    # Fireball 3 on 3 health: 3 regained. Flame Lance 5, +2 on a Fire discard: 7 on 3
    # health, 3 regained at two players, 5 at three.
    for players, attack, after in (
        (2, "Fireball", 6),
        (2, "Flame Lance", 6),
        (3, "Flame Lance", 8),
    ):
        s = position(
            players=players,
            hands={0: [attack, "Gust"], **one_card_each(players, taken=["Gust"])},
            powers={1: "Phoenix Flame"},
            health={1: 3},
            discard=["Fireball" if attack == "Flame Lance" else "Ice Wall", "Power Up"],
        )
        play(s, f"attack player 2 with {attack}")
        assert moves(s) == ["defend with the power", "take the hit"]
        play(s, "defend with the power")
        assert hp(s)[1] == after and pos(s)["power_states"][1] == "down"
        assert hp(s)[0] == 40  # no damage landed on anyone
    # A Super Power's attack: Inferno's 4 on 4 health is stopped, and its owner
    # regains nothing; on 5 health it lands, and nobody is asked.
    for health, after in ((4, [30, 7]), (5, [34, 1])):
        s = position(
            hands={0: ["Gust"], 1: ["Gust"]},
            powers={0: "Inferno", 1: "Phoenix Flame"},
            health={0: 30, 1: health},
        )
        play(s, "activate the power on player 2")
        if health == 4:
            play(s, "defend with the power")
        assert hp(s) == after and s.current_player == 0


def test_a_defense_power_may_stop_card_attacks_only() -> None:
    """A card table's `stops: cards`: a Super Power's attack gets past the power."""
    table = json.loads(json.dumps(TABLE))
    next(pw for pw in table["powers"] if pw["name"] == "Tailwind").update(stops="cards")
    s = position(
        hands={0: ["Fireball", "Gust"], 1: ["Gust"]},
        powers={0: "Inferno", 1: "Tailwind"},
        options={"card_data": json.dumps(table)},
    )
    play(s, "activate the power on player 2")
    assert hp(s) == [40, 36] and s.current_player == 0  # not asked: nothing could stop it
    play(s, "attack player 2 with Fireball")
    assert moves(s) == ["defend with the power", "take the hit"]
    play(s, "defend with the power")
    assert hp(s) == [40, 36]


def test_quake_hits_everyone() -> None:
    s = position(
        players=3,
        hands={0: ["Gust"], 1: ["Gust"], 2: ["Gust"]},
        powers={0: "Quake", 1: "Inferno", 2: "Renewal"},
    )
    play(s, "activate the power")
    assert hp(s) == [40, 34, 34]  # 5, 1 more for the second rival


def test_tailwind_blocks_any_attack_and_mirror_ward_then_draws_one() -> None:
    s = position(hands={0: ["Gust"], 1: ["Gust"]}, powers={0: "Inferno", 1: "Tailwind"})
    play(s, "activate the power on player 2")
    assert moves(s) == ["defend with the power", "take the hit"]  # even a Super Power's attack
    play(s, "defend with the power")
    assert hp(s) == [40, 40] and hand(s, 1) == {"Gust": 1} and not s.is_chance
    assert pos(s)["power_states"] == ["down", "down"] and s.current_player == 0
    s = position(hands={0: ["Gust"], 1: ["Gust"]}, powers={0: "Inferno", 1: "Mirror Ward"})
    play(s, "activate the power on player 2", "defend with the power", "dealt Fireball")
    assert hp(s) == [40, 40] and hand(s, 1) == {"Gust": 1, "Fireball": 1} and not s.is_chance
    assert pos(s)["power_states"] == ["down", "down"] and s.current_player == 0


def test_stone_skin_lasts_until_the_start_of_the_next_turn() -> None:
    """A defense power used off the turn, then lasting: every hit does 5 less (three players)."""
    s = position(
        players=3,
        hands={0: ["Fireball", "Gust"], 1: ["Flame Lance", "Gust"], 2: ["Gust"]},
        powers={2: "Stone Skin"},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack player 3 with Fireball", "defend with the power")
    assert hp(s)[2] == 40 and pos(s)["power_states"][2] == "active"  # 3 - 5: nothing
    play(s, "end turn", "attack player 3 with Flame Lance")
    assert moves(s) == ["take the hit"]  # the power is active, not in hand
    play(s, "take the hit")
    assert hp(s)[2] == 38  # 5 + 2 (the Fire bonus, on Fireball) - 5
    play(s, "end turn")
    assert pos(s)["power_states"][2] == "down"


@pytest.mark.parametrize(("players", "less"), [(2, 4), (3, 5), (4, 6), (6, 6)])
def test_stone_skin_grows_for_up_to_three_rivals(players: int, less: int) -> None:
    """Stone Skin: 4 less, 1 more for each rival beyond the first, counting up to three."""
    s = position(
        players=players,
        hands={0: ["Flame Lance", "Gust"], **one_card_each(players, taken=["Gust"])},
        powers={1: "Stone Skin", 4: "Quake"},  # seat 5 would hold Stone Skin by default
        discard=["Fireball", "Power Up"],
    )
    play(s, "attack player 2 with Flame Lance", "defend with the power")
    assert hp(s)[1] == 40 - (7 - less)  # Flame Lance 5, +2 on a Fire discard


def test_overcharge_and_vampiric_aura_and_mastery() -> None:
    s = position(
        hands={0: ["Fireball", "Gust"], 1: ["Gust"]},
        powers={0: "Overcharge"},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "activate the power", "attack player 2 with Fireball", "take the hit")
    assert hp(s) == [40, 30]  # 3 + 7 (Overcharge at 2 players)


def test_overcharge_lasts_and_boosts_a_counterattack_with_an_attack_card() -> None:
    s = position(
        hands={0: ["Fireball", "Backdraft", "Gust", "Water Jet"], 1: ["Flame Lance", "Rock Throw"]},
        powers={0: "Overcharge"},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "activate the power", "attack player 2 with Fireball", "take the hit", "end turn")
    assert hp(s) == [40, 30] and pos(s)["power_states"][0] == "active"
    play(s, "attack player 1 with Flame Lance", "counter with Backdraft")
    play(s, "counterattack with Gust", "take the hit")
    # Flame Lance 5 + 2 (Fire on Fireball); Gust 3 + 2 (Backdraft's bonus) + 7
    assert hp(s) == [33, 18]
    play(s, "end turn")
    assert pos(s)["power_states"][0] == "down"  # the start of its owner's turn
    s = position(
        hands={0: ["Fireball", "Gust"], 1: ["Gust"]},
        powers={0: "Vampiric Aura"},
        health={0: 28},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "activate the power", "attack player 2 with Fireball", "take the hit")
    assert hp(s) == [38, 37]  # the 3 taken, + 7
    s = position(
        hands={0: ["Fireball", "Gust"], 1: ["Gust"]},
        powers={0: "Elemental Mastery"},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "activate the power", "attack player 2 with Fireball", "take the hit")
    assert hp(s) == [40, 30]  # the Fire bonus applies on Ice Wall, and gives 2 + 5


def rebounded(**spec: Any) -> list[int]:
    """Every player's health after a Fireball (3) at player 2 (30 health, Rebound), deflected
    to player 3 with the power, who takes the hit."""
    s = position(
        players=3,
        hands={0: ["Fireball", "Gust"], 1: ["Gust"], 2: ["Gust"]},
        powers={1: "Rebound", 2: "Renewal"},
        health={1: 30},
        discard=["Ice Wall", "Power Up"],
        **spec,
    )
    play(s, "attack player 2 with Fireball", "deflect to player 3 with the power", "take the hit")
    return hp(s)


def test_rebound_deflects_and_regains_1_or_blocks_with_no_third_player() -> None:
    assert rebounded() == [40, 31, 37]  # Fireball 3, sent on; 1 regained
    s = position(
        hands={0: ["Fireball", "Gust"], 1: ["Gust"]},
        powers={1: "Rebound"},
        health={1: 30},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack player 2 with Fireball")
    assert moves(s) == ["defend with the power", "take the hit"]  # no third player: a block
    play(s, "defend with the power")
    assert hp(s) == [40, 30] and pos(s)["power_states"][1] == "down"  # a block regains nothing


@pytest.mark.parametrize(("players", "most"), [(2, 1), (3, 4), (4, 4), (6, 4)])
def test_retaliate_takes_the_hit_then_counterattacks_for_at_most_its_limit(
    players: int, most: int
) -> None:
    """Retaliate: take the hit, then attack back who sent it with any card, for its value and
    bonus (Flame Lance 5, +2 on a Fire discard: 7), at most 1, or 4 with two rivals or more
    (1, 3 more for the second rival, counting up to two rivals)."""
    s = position(
        players=players,
        hands={
            0: ["Fireball", "Gust"],
            1: ["Flame Lance", "Water Jet"],
            **one_card_each(players, first=2, taken=["Gust", "Water Jet"]),
        },
        powers={0: "Inferno", 1: "Retaliate"},
        power_states={p: "down" for p in range(2, players)},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack player 2 with Fireball", "defend with the power")
    assert hp(s)[1] == 37  # Retaliate takes the damage
    assert moves(s) == ["counterattack with Flame Lance", "counterattack with Water Jet"]
    play(s, "counterattack with Flame Lance", "take the hit")
    assert hp(s)[0] == 40 - most and pos(s)["power_states"][1] == "down"


def test_rebound_regains_at_most_the_attacks_value() -> None:
    table = json.loads(json.dumps(TABLE))
    for pw in table["powers"]:
        if pw["name"] == "Rebound":
            pw.update(amount=5)
    # Fireball 3 sent on: 3 regained, not 5.
    assert rebounded(options={"card_data": json.dumps(table)}) == [40, 33, 37]


def test_defense_powers_are_not_used_on_the_turn() -> None:
    for power in ("Mirror Ward", "Stone Skin", "Tailwind"):
        s = position(hands={0: ["Gust"], 1: ["Gust"]}, powers={0: power})
        assert not [m for m in moves(s) if m.startswith("activate")]


@pytest.mark.parametrize(("players", "extra"), [(2, 5), (3, 8), (4, 11)])
def test_a_power_grows_by_its_per_rival_amount_for_each_rival_beyond_the_first(
    players: int, extra: int
) -> None:
    table = json.loads(json.dumps(TABLE))
    for pw in table["powers"]:
        if pw["name"] == "Overcharge":
            pw.update(amount=5, per_rival=3)
    s = position(
        players=players,
        hands={0: ["Fireball", "Gust"], **{p: ["Gust"] for p in range(1, players)}},
        powers={0: "Overcharge"},
        discard=["Ice Wall", "Power Up"],
        options={"card_data": json.dumps(table)},
    )
    play(s, "activate the power", "attack player 2 with Fireball", "take the hit")
    assert hp(s)[1] == 40 - 3 - extra  # Fireball's 3, + 5 + 3 for each rival past the first


@pytest.mark.parametrize(("players", "most_rivals", "extra"), [(4, 2, 8), (6, 4, 14), (6, 5, 17)])
def test_a_power_grows_for_at_most_its_most_rivals(
    players: int, most_rivals: int, extra: int
) -> None:
    """most_rivals caps the rivals a per_rival growth counts (4 unless told): Overcharge 5, +3 a
    rival, counting at most 2 rivals, is 8 at 4 players; counting 4, 14 at 6; counting 5, 17."""
    table = json.loads(json.dumps(TABLE))
    for pw in table["powers"]:
        if pw["name"] == "Overcharge":
            pw.update(amount=5, per_rival=3, most_rivals=most_rivals)
    if most_rivals == 4:
        del next(pw for pw in table["powers"] if pw["name"] == "Overcharge")["most_rivals"]
    s = position(
        players=players,
        hands={0: ["Fireball", "Gust"], **one_card_each(players, taken=["Gust"])},
        powers={0: "Overcharge", 5: "Inferno"},  # seat 6 would hold Overcharge by default
        discard=["Ice Wall", "Power Up"],
        options={"card_data": json.dumps(table)},
    )
    play(s, "activate the power", "attack player 2 with Fireball", "take the hit")
    assert hp(s)[1] == 40 - 3 - extra


def holding(power: str, players: int, **spec: Any) -> henchmen.State:
    """Seat 1 holds ``power`` and Fireball and Gust on the draw option; every rival one plain
    card and a power face down (none answers). The seat that would hold ``power`` by default
    holds Inferno, seat 1's."""
    default_seat = POWERS.index(power)
    return position(
        players=players,
        hands={0: ["Fireball", "Gust"], **one_card_each(players, taken=["Gust"])},
        powers={0: power, **({default_seat: POWERS[0]} if 0 < default_seat < players else {})},
        power_states={p: "down" for p in range(1, players)},
        discard=["Ice Wall", "Power Up"],
        **spec,
    )


@pytest.mark.parametrize(("players", "each"), [(2, 5), (3, 6), (4, 7), (5, 8), (6, 8), (10, 8)])
def test_quake_grows_for_up_to_four_rivals(players: int, each: int) -> None:
    """Quake: 5, 1 more for each rival beyond the first, counting up to four rivals."""
    s = holding("Quake", players)
    play(s, "activate the power")
    assert hp(s) == [40] + [40 - each] * (players - 1)


@pytest.mark.parametrize(("players", "extra"), [(2, 7), (4, 13), (6, 19), (8, 25), (10, 25)])
def test_overcharge_grows_for_up_to_seven_rivals(players: int, extra: int) -> None:
    """Overcharge: 7 more, 3 more for each rival beyond the first, counting up to seven."""
    s = holding("Overcharge", players)
    play(s, "activate the power", "attack player 2 with Fireball", "take the hit")
    assert hp(s)[1] == 40 - 3 - extra  # Fireball's 3 (no bonus: Ice Wall is Water)


@pytest.mark.parametrize(("players", "damage"), [(2, 4), (3, 5), (4, 5), (10, 5)])
def test_inferno_grows_for_up_to_two_rivals(players: int, damage: int) -> None:
    """Inferno: 4, or 5 with two rivals or more; its owner regains what it takes."""
    s = holding("Inferno", players, health={0: 30})
    play(s, "activate the power on player 2")
    assert hp(s)[:2] == [30 + damage, 40 - damage]


@pytest.mark.parametrize(("players", "extra"), [(2, 7), (3, 9), (6, 15), (10, 23)])
def test_vampiric_aura_grows_with_every_rival(players: int, extra: int) -> None:
    """Vampiric Aura: what an attack takes, + 7, 2 more for each rival beyond the first."""
    s = holding("Vampiric Aura", players, health={0: 10})
    play(s, "activate the power", "attack player 2 with Fireball", "take the hit")
    assert hp(s)[:2] == [10 + 3 + extra, 37]  # Fireball's 3 taken, and regained


@pytest.mark.parametrize(("players", "amount"), [(2, 6), (3, 7), (4, 8), (5, 8), (10, 8)])
def test_renewal_grows_for_up_to_three_rivals(players: int, amount: int) -> None:
    """Renewal: regain 6, 1 more for each rival beyond the first, counting up to three."""
    s = holding("Renewal", players, health={0: 20})
    play(s, "activate the power")
    assert hp(s)[0] == 20 + amount


@pytest.mark.parametrize(("players", "extra"), [(2, 5), (3, 9), (4, 13), (5, 17), (10, 17)])
def test_elemental_mastery_grows_for_up_to_four_rivals(players: int, extra: int) -> None:
    """Elemental Mastery: a bonus gives 5 more, 4 more for each rival beyond the first, counting
    up to four; Fireball's Fire bonus (2) holds on Ice Wall under it."""
    s = holding("Elemental Mastery", players)
    play(s, "activate the power", "attack player 2 with Fireball", "take the hit")
    assert hp(s)[1] == 40 - 3 - 2 - extra


def test_elemental_mastery_as_its_text_says() -> None:
    """Every element condition holds; every bonus giving damage or health gives 5 more (2 players).

    A Storm's condition (the top two discards are attacks) is no element one: it must still hold,
    and then gives 5 more too. Bonuses that give a use (as a Shield, as an attack) give no more.
    """
    text = {p["name"]: p["text"] for p in TABLE["powers"]}["Elemental Mastery"]
    assert "every bonus of your cards that gives damage or health gives 5 more" in text
    assert "the element conditions of your cards' bonuses always hold" in text

    def mastered(
        hands: dict[int, list[str]], discard: list[str], health: int = 40, turn_player: int = 0
    ) -> henchmen.State:
        return position(
            hands=hands,
            powers={0: "Elemental Mastery"},
            power_states={0: "active"},
            discard=discard,
            health={0: health},
            turn_player=turn_player,
        )

    s = mastered({0: ["Firestorm", "Gust"], 1: ["Gust"]}, ["Rock Throw", "Tornado"])
    play(s, "attack everyone with Firestorm", "take the hit")
    assert hp(s)[1] == 40 - 2 - 1 - 5  # the Storm's bonus holds on two attacks: 1 + 5
    s = mastered({0: ["Firestorm", "Gust"], 1: ["Gust"]}, ["Rock Throw", "Ice Wall"])
    play(s, "attack everyone with Firestorm", "take the hit")
    assert hp(s)[1] == 40 - 2  # one attack on top: no bonus, Mastery or not
    s = mastered({0: ["Heat Sink", "Gust"], 1: ["Gust"]}, ["Rock Throw", "Ice Wall"])
    play(s, "attack player 2 with Heat Sink", "take the hit")  # Absorb's use, on any pile
    assert hp(s)[1] == 40 - 2
    # Off its owner's turn (active until the start of their next): a Shield's regain gives 5 more,
    # and a Drain shields on any attack.
    s = mastered(
        {0: ["Ice Wall", "Ember Leech"], 1: ["Rock Throw", "Boulder Crush", "Gust"]},
        ["Gust", "Power Up"],
        health=20,
        turn_player=1,
    )
    play(s, "attack player 1 with Rock Throw")
    assert {"shield with Ice Wall", "shield with Ember Leech"} <= set(moves(s))
    play(s, "shield with Ice Wall")
    assert hp(s)[0] == 20 + 2 + 5
    play(s, "end turn", "end turn", "attack player 1 with Boulder Crush")
    assert "shield with Ember Leech" not in moves(s)  # deactivated at the start of its turn


@pytest.mark.parametrize(
    ("order", "first"), [("arrival", 0), ("newest-first", 2), ("drawn-value", 2)]
)
def test_seat_1_takes_the_first_turn_whatever_the_pick_order(order: str, first: int) -> None:
    """Designed: the pick order is for the powers only; the first turn is always seat 1's."""
    s = henchmen.Game("super", players=3, power_order=order).new_initial_state(auto_chance=False)
    pickers = []
    for power in ("Inferno", "Quake", "Renewal"):
        if s.is_chance:
            s.apply(s.chance_outcomes[-1][0])  # drawn value: the last seat left picks next
        pickers.append(s.current_player)
        play(s, f"choose {power}")
    assert pickers[0] == first
    while s.is_chance:
        s.apply(s.chance_outcomes[0][0])
    assert s.turn_player == 0 and s.current_player == 0
    assert [e.text for e in s.events_for("spectator") if e.kind == "turn"] == [
        "Turn 1: Player 1's turn"
    ]


def test_the_bots_evaluation_keeps_a_lasting_powers_worth_while_it_works() -> None:
    # State::heuristic: a power in hand is worth 1.5 health, and so is a lasting
    # power switched on (until it deactivates); a power face down is worth nothing.
    s = position(hands={0: ["Fireball", "Gust"], 1: ["Gust"]}, powers={0: "Overcharge"})
    before = s.heuristic(0)
    play(s, "activate the power")
    assert pos(s)["power_states"][0] == "active" and s.heuristic(0) == pytest.approx(before)
    s = position(
        hands={0: ["Fireball", "Gust"], 1: ["Gust"]}, powers={0: "Renewal"}, health={0: 20}
    )
    before = s.heuristic(0)
    play(s, "activate the power")  # Renewal works at once and goes face down
    assert pos(s)["power_states"][0] == "down"
    assert s.heuristic(0) - before == pytest.approx((6 - 1.5) / 45)  # (health + 5) scale
