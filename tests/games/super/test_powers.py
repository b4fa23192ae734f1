"""Super Powers: choosing them, each designed power, defense powers, deactivation."""

from __future__ import annotations

import json

import pytest

import henchmen

from .builder import POWERS, TABLE, hand, hp, moves, play, pos, position


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
    assert hp(s)[0] == 25 and pos(s)["power_states"][0] == "down"  # Renewal: 5 at 2 players
    s = position(hands={0: ["Gust"], 1: ["Gust"]}, powers={0: "Renewal"}, health={0: 36})
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
    assert hp(s) == [35, 35]  # 5 taken, and regained by Inferno's owner
    assert s.current_player == 0  # nobody could answer: not asked


def test_quake_hits_everyone() -> None:
    s = position(
        players=3,
        hands={0: ["Gust"], 1: ["Gust"], 2: ["Gust"]},
        powers={0: "Quake", 1: "Inferno", 2: "Renewal"},
    )
    play(s, "activate the power")
    assert hp(s) == [40, 35, 35]


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
    """A defense power used off the turn, then lasting: every hit does 4 less."""
    s = position(
        players=3,
        hands={0: ["Fireball", "Gust"], 1: ["Fireball", "Gust"], 2: ["Gust"]},
        powers={2: "Stone Skin"},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack player 3 with Fireball", "defend with the power")
    assert hp(s)[2] == 40 and pos(s)["power_states"][2] == "active"  # 3 - 4: nothing
    play(s, "end turn", "attack player 3 with Fireball")
    assert moves(s) == ["take the hit"]  # the power is active, not in hand
    play(s, "take the hit")
    assert hp(s)[2] == 39  # 3 + 2 (the Fire bonus) - 4
    play(s, "end turn")
    assert pos(s)["power_states"][2] == "down"


def test_overcharge_and_vampiric_aura_and_mastery() -> None:
    s = position(
        hands={0: ["Fireball", "Gust"], 1: ["Gust"]},
        powers={0: "Overcharge"},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "activate the power", "attack player 2 with Fireball", "take the hit")
    assert hp(s) == [40, 31]  # 3 + 6 (Overcharge at 2 players)


def test_overcharge_lasts_and_boosts_a_counterattack_with_an_attack_card() -> None:
    s = position(
        hands={0: ["Fireball", "Backdraft", "Gust", "Water Jet"], 1: ["Flame Lance", "Rock Throw"]},
        powers={0: "Overcharge"},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "activate the power", "attack player 2 with Fireball", "take the hit", "end turn")
    assert hp(s) == [40, 31] and pos(s)["power_states"][0] == "active"
    play(s, "attack player 1 with Flame Lance", "counter with Backdraft")
    play(s, "counterattack with Gust", "take the hit")
    # Flame Lance 5 + 2 (Fire on Fireball); Gust 3 + 2 (Backdraft's bonus) + 6
    assert hp(s) == [33, 20]
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
    assert hp(s) == [40, 27]  # the Fire bonus applies on Ice Wall, and gives 2 + 8


def test_phoenix_flame_and_rebound_defend() -> None:
    s = position(
        hands={0: ["Fireball", "Gust"], 1: ["Gust"]},
        powers={1: "Phoenix Flame"},
        health={1: 30},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack player 2 with Fireball", "defend with the power")
    assert hp(s) == [40, 31]  # no damage, 1 regained
    s = position(
        players=3,
        hands={0: ["Fireball", "Gust"], 1: ["Gust"], 2: ["Gust"]},
        powers={1: "Rebound", 2: "Renewal"},
        health={1: 30},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack player 2 with Fireball", "deflect to player 3 with the power", "take the hit")
    assert hp(s) == [40, 32, 37]  # Fireball 3, sent on; 2 regained
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
    others = ["Gust"] * 3 + ["Water Jet"] * 3
    s = position(
        players=players,
        hands={
            0: ["Fireball", "Gust"],
            1: ["Flame Lance", "Water Jet"],
            **{p: [others[p - 2]] for p in range(2, players)},
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
    s = position(
        players=3,
        hands={0: ["Fireball", "Gust"], 1: ["Gust"], 2: ["Gust"]},
        powers={1: "Rebound", 2: "Renewal"},
        health={1: 30},
        discard=["Ice Wall", "Power Up"],
        options={"card_data": json.dumps(table)},
    )
    play(s, "attack player 2 with Fireball", "deflect to player 3 with the power", "take the hit")
    assert hp(s) == [40, 33, 37]  # Fireball 3 sent on: 3 regained, not 5


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
    rivals = {p: ["Gust" if p < 4 else "Water Jet"] for p in range(1, players)}
    s = position(
        players=players,
        hands={0: ["Fireball", "Gust"], **rivals},
        powers={0: "Overcharge", 5: "Inferno"},  # seat 6 would hold Overcharge by default
        discard=["Ice Wall", "Power Up"],
        options={"card_data": json.dumps(table)},
    )
    play(s, "activate the power", "attack player 2 with Fireball", "take the hit")
    assert hp(s)[1] == 40 - 3 - extra


@pytest.mark.parametrize(("players", "each"), [(3, 5), (5, 7), (6, 8), (7, 8), (10, 8)])
def test_quake_grows_for_up_to_five_rivals(players: int, each: int) -> None:
    """Quake: 4, 1 more for each rival beyond the first, counting up to five rivals."""
    cards = ["Gust"] * 4 + ["Water Jet"] * 4 + ["Rock Throw"]
    s = position(
        players=players,
        hands={0: ["Fireball"], **{p: [cards[p - 1]] for p in range(1, players)}},
        powers={0: "Quake", 1: "Inferno"},
        power_states={p: "down" for p in range(1, players)},  # no defense power answers
    )
    play(s, "activate the power")
    assert hp(s) == [40] + [40 - each] * (players - 1)


@pytest.mark.parametrize(("players", "extra"), [(2, 6), (4, 12), (6, 18), (8, 24), (10, 24)])
def test_overcharge_grows_for_up_to_seven_rivals(players: int, extra: int) -> None:
    """Overcharge: 6 more, 3 more for each rival beyond the first, counting up to seven."""
    cards = ["Gust"] * 3 + ["Water Jet"] * 4 + ["Rock Throw"] * 2
    s = position(
        players=players,
        hands={0: ["Fireball", "Gust"], **{p: [cards[p - 1]] for p in range(1, players)}},
        powers={0: "Overcharge", 5: "Inferno"} if players > 5 else {0: "Overcharge"},
        power_states={p: "down" for p in range(1, players)},  # no defense power answers
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "activate the power", "attack player 2 with Fireball", "take the hit")
    assert hp(s)[1] == 40 - 3 - extra  # Fireball's 3 (no bonus: Ice Wall is Water)


def test_elemental_mastery_as_its_text_says() -> None:
    """Every element condition holds; every bonus giving damage or health gives 8 more (2 players).

    A Storm's condition (the top two discards are attacks) is no element one: it must still hold,
    and then gives 8 more too. Bonuses that give a use (as a Shield, as an attack) give no more.
    """
    text = {p["name"]: p["text"] for p in TABLE["powers"]}["Elemental Mastery"]
    assert "every bonus of your cards that gives damage or health gives 8 more" in text
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
    assert hp(s)[1] == 40 - 2 - 1 - 8  # the Storm's bonus holds on two attacks: 1 + 8
    s = mastered({0: ["Firestorm", "Gust"], 1: ["Gust"]}, ["Rock Throw", "Ice Wall"])
    play(s, "attack everyone with Firestorm", "take the hit")
    assert hp(s)[1] == 40 - 2  # one attack on top: no bonus, Mastery or not
    s = mastered({0: ["Heat Sink", "Gust"], 1: ["Gust"]}, ["Rock Throw", "Ice Wall"])
    play(s, "attack player 2 with Heat Sink", "take the hit")  # Absorb's use, on any pile
    assert hp(s)[1] == 40 - 2
    # Off its owner's turn (active until the start of their next): a Shield's regain gives 8 more,
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
    assert hp(s)[0] == 20 + 2 + 8
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
    assert s.heuristic(0) - before == pytest.approx((5 - 1.5) / 45)  # (health + 5) scale
