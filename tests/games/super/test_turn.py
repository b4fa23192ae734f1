"""The turn: four options in order, each at most once, the fourth mandatory."""

from __future__ import annotations

import pytest

import henchmen

from .builder import hand, hp, moves, play, pos, position


def test_options_come_in_order_and_each_once() -> None:
    """Draw, then the Super Power, then one discard, then the end: each option at most once."""
    s = position(hands={0: ["Fireball", "Gust"], 1: ["Ice Wall"]}, powers={0: "Renewal"})
    assert {"draw a card", "activate the power", "end turn"} <= set(moves(s))
    play(s, "draw a card")
    assert s.is_chance
    play(s, "dealt Water Jet")
    assert "draw a card" not in moves(s) and "activate the power" in moves(s)
    play(s, "activate the power")  # Renewal: option B
    assert "activate the power" not in moves(s)
    play(s, "attack player 2 with Fireball", "take the hit")
    assert moves(s) == ["end turn"]  # one discard per turn; option D is left
    play(s, "end turn")
    assert s.current_player == 1 and pos(s)["phase"] == "draw"


def test_later_options_skip_the_earlier_ones() -> None:
    """Any of the first three options may be skipped, but not taken after a later one."""
    s = position(hands={0: ["Fireball", "Gust"], 1: ["Ice Wall"]})
    play(s, "attack player 2 with Gust", "take the hit")
    assert "draw a card" not in moves(s) and "activate the power on player 2" not in moves(s)
    assert moves(s) == ["end turn"]


def test_end_turn_is_always_allowed() -> None:
    """A player can end their turn at any time, even having done nothing."""
    s = position(hands={0: ["Fireball", "Power Up"], 1: ["Ice Wall"]})
    play(s, "end turn")
    assert s.turn_player == 1


def test_an_attack_names_another_live_player() -> None:
    """Attack cards must choose a player to attack, never the user themself nor the eliminated."""
    s = position(players=3, hands={0: ["Fireball", "Power Up"], 1: ["Ice Wall"]}, health={2: 0})
    attacks = [m for m in moves(s) if m.startswith("attack")]
    assert attacks == ["attack player 2 with Fireball"]


def test_attack_cards_always_attack_and_defense_cards_discard_without_battle() -> None:
    """An attack card is discarded as an attack; a Defense card discarded attacks nobody."""
    s = position(hands={0: ["Fireball", "Ice Wall"], 1: ["Gust"]})
    assert "discard Fireball" not in moves(s)
    play(s, "discard Ice Wall")
    assert moves(s) == ["end turn"] and hp(s) == [40, 40]
    assert pos(s)["discard_top"][0] == "Ice Wall"


def test_drawing_a_card_is_chance_over_the_deck() -> None:
    """Option A draws one card from the deck, whose order nobody knows: a chance node."""
    s = position(hands={0: ["Fireball", "Power Up"], 1: ["Gust"]})
    play(s, "draw a card")
    outcomes = {str(a): p for a, p in s.chance_outcomes}
    assert (
        abs(sum(outcomes.values()) - 1) < 1e-9
        and outcomes["dealt Water Jet"] > outcomes["dealt Fireball"]  # 4 left against 3
    )
    play(s, "dealt Tornado")
    assert hand(s, 0) == {"Fireball": 1, "Power Up": 1, "Tornado": 1}


def test_a_discarded_card_goes_on_top_of_the_discard_pile() -> None:
    """All players discard atop the one discard pile; the top two are tracked."""
    s = position(
        hands={0: ["Fireball", "Gust"], 1: ["Ice Wall"]}, discard=["Rock Throw", "Power Up"]
    )
    play(s, "attack player 2 with Fireball")
    assert pos(s)["discard_top"] == ["Fireball", "Rock Throw"]


def test_illegal_moves_are_refused_and_change_nothing() -> None:
    s = position(hands={0: ["Fireball", "Power Up"], 1: ["Gust"]})
    before = s.serialize()
    with pytest.raises(henchmen.errors.IllegalActionError):
        s.apply(0 + 13 + 0 * 10 + 0)  # attack yourself
    with pytest.raises(henchmen.errors.NotationError):
        s.apply("attack player 1 with Fireball")
    assert s.serialize() == before


def test_the_round_limit_gives_the_game_to_the_most_health() -> None:
    """Designed (decision 13): after max_rounds rounds the most health wins."""
    s = position(
        players=3,
        hands={0: ["Gust"], 2: ["Gust"]},
        health={0: 30, 1: 0, 2: 25},
        turn=15,
        turn_player=2,
        options={"max_rounds": 5},
    )
    play(s, "end turn")
    assert s.is_terminal and s.returns == (1.0, -0.5, -0.5)
    assert s.last_events("spectator")[-1].text == (
        "The round limit is reached: Player 1 wins with the most health"
    )


def test_the_round_limit_with_the_most_health_shared_is_a_draw() -> None:
    s = position(
        players=3,
        hands={0: ["Gust"], 1: ["Gust"], 2: ["Gust"]},
        health={0: 30, 1: 20, 2: 30},
        turn=14,
        turn_player=1,
        options={"max_rounds": 5},
    )
    play(s, "end turn")
    assert not s.is_terminal and s.turn_player == 2  # the last turn of the last round
    play(s, "end turn")
    assert s.is_terminal and s.returns == (0.0, 0.0, 0.0)
    assert s.last_events("spectator")[-1].kind == "game-over"
