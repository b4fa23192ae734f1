"""Reload, Power Up and refreshing the deck."""

from __future__ import annotations

import henchmen

from .builder import hand, hp, play, pos, position, top


def resolve(s: henchmen.State) -> None:
    while s.is_chance:
        s.apply(s.chance_outcomes[0][0])


def test_a_reload_draws_five_and_powers_up() -> None:
    """The issue's reload: the last Playing Card discarded, five new ones, and a Power Up."""
    s = position(
        hands={0: ["Fireball"], 1: ["Gust"]},
        power_states={0: "down"},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack player 2 with Fireball")
    assert s.is_chance and "reload" in [e.kind for e in s.last_events("spectator")]
    resolve(s)
    assert sum(hand(s, 0).values()) == 5 and pos(s)["power_states"][0] == "up"
    assert s.current_player == 1  # then the defender is asked


def test_a_reload_skips_the_power_up_while_the_power_is_active() -> None:
    s = position(
        hands={0: ["Fireball"], 1: ["Gust"]},
        powers={0: "Overcharge"},
        power_states={0: "active"},
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack player 2 with Fireball")
    resolve(s)
    assert pos(s)["power_states"][0] == "active"
    play(s, "take the hit", "end turn", "end turn")
    assert pos(s)["power_states"][0] == "down"  # Overcharge: at the start of its owner's turn


def test_a_defender_who_empties_their_hand_reloads_too() -> None:
    s = position(
        hands={0: ["Fireball", "Gust"], 1: ["Ice Wall"]}, discard=["Healing Rain", "Power Up"]
    )
    play(s, "attack player 2 with Fireball", "shield with Ice Wall")
    assert s.is_chance
    resolve(s)
    assert sum(hand(s, 1).values()) == 5


def test_a_power_up_card_returns_the_power() -> None:
    s = position(hands={0: ["Power Up", "Gust"], 1: ["Gust"]}, power_states={0: "down"})
    play(s, "discard Power Up")
    assert pos(s)["power_states"][0] == "up"
    s = position(
        hands={0: ["Power Up", "Gust"], 1: ["Gust"]},
        powers={0: "Overcharge"},
        power_states={0: "active"},
    )
    play(s, "discard Power Up")
    assert pos(s)["power_states"][0] == "active"


def test_a_refresh_keeps_the_top_discard_and_its_bonus() -> None:
    """The issue's refresh: last card drawn, the pile but its top is the deck, the bonus stays."""
    s = position(
        hands={0: ["Boulder Crush", "Gust"], 1: ["Gust"]},
        deck=["Tornado"],
        discard=["Rock Throw", "Ice Wall", "Fireball"],
    )
    discards = sum(pos(s)["discard"].values())
    play(s, "draw a card")  # the last card: certain, no chance node
    doc = pos(s)
    assert hand(s, 0)["Tornado"] == 1
    assert top(s) == ["Rock Throw", None] and sum(doc["deck"].values()) == discards - 1
    assert sum(doc["discard"].values()) == 1
    play(s, "attack player 2 with Boulder Crush", "take the hit")
    assert hp(s)[1] == 33  # 5 + 2: Rock Throw (Earth) still on top


def test_countering_with_the_last_card_reloads_before_the_counterattack() -> None:
    """Designed: the Reload is immediate (decision 8), so the counterattack takes a fresh card."""
    s = position(
        hands={0: ["Fireball", "Gust"], 1: ["Backdraft"]},
        deck=["Water Jet", "Rock Throw", "Tornado", "Stone Wall", "Fire Wall", "Healing Rain"],
        discard=["Ice Wall", "Power Up"],
    )
    play(s, "attack player 2 with Fireball", "counter with Backdraft")
    assert hp(s) == [40, 37] and s.is_chance  # five cards for player 2, before anything else
    play(s, "dealt Water Jet", "dealt Rock Throw", "dealt Tornado", "dealt Fire Wall")
    play(s, "dealt Healing Rain")
    assert s.current_player == 1 and sum(hand(s, 1).values()) == 5
    play(s, "counterattack with Rock Throw", "take the hit")
    assert hp(s) == [35, 37] and sum(hand(s, 1).values()) == 4  # 3, + 2: Backdraft on Fire
