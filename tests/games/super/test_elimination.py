"""Elimination, the Parting Gift or Curse, Overtime and the winner."""

from __future__ import annotations

import henchmen

from .builder import hand, hp, moves, play, pos, position, top


def resolve(s: henchmen.State) -> None:
    while s.is_chance:
        s.apply(s.chance_outcomes[0][0])


def test_the_last_player_standing_wins() -> None:
    s = position(
        hands={0: ["Fireball", "Gust"], 1: ["Gust"]},
        health={1: 3},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack player 2 with Fireball", "take the hit")
    assert s.is_terminal and s.returns == (1.0, -1.0)
    assert s.last_events("spectator")[-1].kind == "game-over"


def eliminated_with_three_cards() -> henchmen.State:
    """Three players; player 2 (3 health, Gust, Stone Wall and Heat Sink in hand) takes a
    Fireball and is eliminated: their hand goes to the discard pile in their order."""
    s = position(
        players=3,
        hands={0: ["Fireball", "Gust"], 1: ["Gust", "Stone Wall", "Heat Sink"], 2: ["Rock Throw"]},
        health={1: 3},
        discard=["Ice Wall", "Power Up"],
    )
    return play(s, "attack player 2 with Fireball", "take the hit")


def test_the_eliminated_discard_their_hand_in_their_chosen_order() -> None:
    """The eliminated discard every Playing Card; they choose the top card, then the one below."""
    s = eliminated_with_three_cards()
    assert s.current_player == 1
    assert moves(s) == [
        "parting top Heat Sink",
        "parting top Stone Wall",
        "parting top Gust",
    ] or set(moves(s)) == {"parting top Heat Sink", "parting top Stone Wall", "parting top Gust"}
    play(s, "parting top Gust")
    assert set(moves(s)) == {"parting second Heat Sink", "parting second Stone Wall"}
    play(s, "parting second Stone Wall")
    assert top(s) == ["Gust", "Stone Wall"] and hand(s, 1) == {}
    assert pos(s)["power_states"][1] == "down"


def test_a_parting_curse_denies_the_next_player_the_bonus() -> None:
    """The issue's curse: the eliminated top the pile with what the next player cannot use."""

    def game(parting: str) -> int:
        s = position(
            players=3,
            hands={0: ["Fireball", "Gust"], 1: ["Gust", "Stone Wall"], 2: ["Rock Throw", "Gust"]},
            health={1: 3},
            discard=["Ice Wall", "Power Up"],
        )
        play(s, "attack player 2 with Fireball", "take the hit", parting, "end turn")
        assert s.turn_player == 2
        play(s, "attack player 1 with Rock Throw", "take the hit")
        return 40 - hp(s)[0]

    assert game("parting top Gust") == 3  # Curse: Air on top, Rock Throw (Earth) has no bonus
    assert game("parting top Stone Wall") == 5  # Gift: Earth on top, +2


def test_one_kind_of_card_parts_without_a_question() -> None:
    s = position(
        hands={0: ["Fireball", "Gust"], 1: ["Gust", "Gust"]},
        health={1: 3},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack player 2 with Fireball", "take the hit")
    assert s.is_terminal and top(s) == ["Gust", "Gust"]


def test_elimination_deactivates_an_active_power() -> None:
    """Any active Super Power of an eliminated player is deactivated at once."""
    s = position(
        players=3,
        hands={0: ["Flame Lance", "Gust"], 1: ["Gust"], 2: ["Gust"]},
        health={1: 1},
        powers={1: "Stone Skin"},
        power_states={1: "active"},
        discard=["Fireball", "Power Up"],
    )
    play(s, "attack player 2 with Flame Lance", "take the hit")  # 5 + 2 (Fire on Fire) - 5 = 2
    assert hp(s)[1] == 0 and pos(s)["power_states"][1] == "down"
    assert "deactivate" in [e.kind for e in s.events_for("spectator", since=0)]


def test_two_players_eliminated_by_one_attack_go_into_overtime() -> None:
    """The issue's Overtime: an attack countered, both fall, both return with 10 health."""
    s = position(
        hands={0: ["Fireball", "Gust"], 1: ["Backdraft", "Rock Throw"]},
        health={0: 3, 1: 3},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack player 2 with Fireball", "counter with Backdraft")
    assert hp(s) == [3, 0]  # player 2 falls, and still attacks back
    play(s, "counterattack with Rock Throw", "take the hit")
    assert "overtime" in [e.kind for e in s.last_events("spectator")]
    assert not s.is_terminal and hp(s) == [10, 10]
    resolve(s)  # both Reload
    assert s.turn_player == 1  # the next player's turn
    doc = pos(s)
    assert [sum(h.values()) for h in doc["hands"]] == [5, 5] and doc["power_states"] == ["up", "up"]


def test_overtime_needs_everyone_out_in_the_same_turn() -> None:
    s = position(
        players=3,
        hands={0: ["Fireball", "Gust"], 1: ["Backdraft", "Rock Throw"], 2: ["Gust"]},
        health={0: 3, 1: 3},
        discard=["Ice Wall", "Power Up"],
    )
    play(
        s,
        "attack player 2 with Fireball",
        "counter with Backdraft",
        "counterattack with Rock Throw",
        "take the hit",
    )
    assert s.is_terminal and s.returns[2] == 1.0


def test_the_eliminated_are_never_targets_again() -> None:
    s = position(players=3, hands={0: ["Fireball", "Gust"], 2: ["Gust"]}, health={1: 0})
    assert "attack player 2 with Fireball" not in moves(s)


def test_choosing_the_parting_top_is_told_to_everyone() -> None:
    """Every applied action produces events: the chosen top card is public (the hand was shown)."""
    s = play(eliminated_with_three_cards(), "parting top Gust")
    told = {
        reader: [(e.kind, e.data.get("card"), e.player) for e in s.last_events(reader)]
        for reader in (0, 1, 2, "spectator")
    }
    assert told[0] == [("parting-top", "Gust", 1)]
    assert all(events == told[0] for events in told.values())
    assert s.last_events(2)[0].text == "Player 2 chooses Gust to go on top of the discard pile"
    assert s.current_player == 1 and hand(s, 1) == {"Gust": 1, "Stone Wall": 1, "Heat Sink": 1}


def test_the_parting_top_is_in_everyones_observation_and_tensor() -> None:
    """The chosen top card stays in the hand until the second is chosen, so the observation says
    it (and the tensor): two choices give two different observations, for every reader."""
    seen = []
    for chosen in ("Gust", "Stone Wall"):
        s = position(
            players=3,
            hands={
                0: ["Fireball", "Gust"],
                1: ["Gust", "Stone Wall", "Heat Sink"],
                2: ["Rock Throw"],
            },
            health={1: 3},
            discard=["Ice Wall", "Power Up"],
        )
        play(s, "attack player 2 with Fireball", "take the hit")
        assert s.observation(2)["parting_top"] is None
        play(s, f"parting top {chosen}")
        assert all(s.observation(p)["parting_top"] == chosen for p in range(3))
        assert s.observation(1)["choice"] == "parting second"
        seen.append([s.observation_tensor(p).tolist() for p in range(3)])
    assert all(a != b for a, b in zip(*seen, strict=True))


def test_the_eliminated_discard_their_hand_after_every_hit_of_the_battle() -> None:
    """Designed: a Storm's later defenders read the pile without the eliminated player's hand."""
    s = position(
        players=3,
        hands={
            0: ["Firestorm", "Gust"],
            1: ["Water Jet", "Rock Throw"],
            2: ["Ember Leech", "Gust"],
        },
        health={1: 2},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack everyone with Firestorm", "take the hit")
    assert hp(s)[1] == 0 and hand(s, 1) == {"Water Jet": 1, "Rock Throw": 1}  # not yet discarded
    # Ember Leech (Fire Drain) shields on the Fire Storm still on top.
    assert s.current_player == 2 and "shield with Ember Leech" in moves(s)
    play(s, "shield with Ember Leech")
    assert s.current_player == 1 and set(moves(s)) == {
        "parting top Water Jet",
        "parting top Rock Throw",
    }
    play(s, "parting top Water Jet")
    assert top(s) == ["Water Jet", "Rock Throw"] and hand(s, 1) == {}
