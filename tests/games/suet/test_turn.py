"""Setup, the turn, the win, the deck's exhaustion, the round limit and the
Long Game's Color and Black Market rounds (designed rules: docs/rules/suet.md)."""

from __future__ import annotations

import henchmen

from .builder import component, hand, lab, moves, play, player, pos, position

ZEP = [component("Lemykinskov", c) for c in ("Red", "Blue", "Purple", "Green")]


def test_setup_deals_a_genius_to_each_seat_then_five_cards() -> None:
    s = henchmen.Game("suet", players=3).new_initial_state(auto_chance=False)
    assert s.is_chance and len(s.chance_outcomes) == 4
    play(s, "genius Madame Magma", "genius Lemykinskov", "genius The Ferret Lady")
    # Professor Gloom is not in the game: his Components are left out of the deck.
    deck = pos(s)["deck"]
    assert "Gloom Storm Turbines" not in deck and "Magma Drill Engine" in deck
    assert sum(deck.values()) == 82 - 1 - 4  # the future card and one genius's four are out
    rng = henchmen._core.Rng(3)
    while s.is_chance:
        s.apply(s._s.sample_chance(rng))
    assert [p["hand_size"] for p in s.observation(0)["players"]] == [
        6,
        5,
        5,
    ]  # player 1 also made the first draw
    assert s.current_player == 0


def test_one_action_per_turn_and_instant_actions_are_free() -> None:
    s = position(hands={0: ["Trade Hands", "Repair a Component", "Draw 1 Extra Card", ZEP[0]]})
    play(s, "play Draw 1 Extra Card", "draw Busted!")
    assert pos(s)["actions_left"] == 1
    play(s, f"play {ZEP[0]}")
    assert pos(s)["actions_left"] == 0 and moves(s) == ["end turn"]


def test_a_complete_working_device_wins_at_once() -> None:
    s = position(
        players=3,
        hands={0: [ZEP[3]]},
        labs={0: dict(zip(("Red", "Blue", "Purple"), ZEP[:3], strict=True))},
    )
    play(s, f"play {ZEP[3]}")
    assert s.is_terminal and list(s.returns) == [1.0, -0.5, -0.5]
    assert "completes" in [e for e in s.last_events(1)][-1].text


def test_a_broken_component_keeps_the_device_from_winning_until_repaired() -> None:
    labs = {0: dict(zip(("Red", "Blue", "Purple", "Green"), ZEP, strict=True))}
    s = position(hands={0: ["Repair a Component"]}, labs=labs, broken={0: ["Green"]})
    assert not s.is_terminal
    play(s, "play Repair a Component on player 1's Green")
    assert s.is_terminal and list(s.returns) == [1.0, -1.0]


def test_the_empty_deck_is_refilled_from_the_discard_pile() -> None:
    s = position(hands={0: ["Draw 1 Extra Card"]}, deck=[], discard=["Trade Hands", "Minions"])
    before = sum(pos(s)["discard"].values())
    play(s, "play Draw 1 Extra Card")
    assert s.is_chance and pos(s)["discard"] == {} and sum(pos(s)["deck"].values()) == before + 1
    assert any(e.kind == "reshuffle" for e in s.last_events(1))


def test_the_round_limit_ends_the_game_by_working_components() -> None:
    doc_options = {"max_rounds": 3}
    s = position(
        players=2,
        turn_player=1,
        labs={1: {"Red": component("The Ferret Lady", "Red")}},
        options=doc_options,
    )
    d = pos(s)
    d["round"] = 3
    import json

    text = json.loads(s.serialize())
    text["position"] = d
    s = henchmen.deserialize(json.dumps(text))
    play(s, "end turn")
    assert s.is_terminal and list(s.returns) == [-1.0, 1.0]


def test_the_turn_player_draws_first_then_plays() -> None:
    s = position(hands={0: []}, turn_player=0)
    play(s, "end turn")
    assert s.turn_player == 1 and s.is_chance  # player 2's first draw


def test_long_game_first_player_rolls_the_colour_each_round() -> None:
    s = position(players=2, turn_player=1, options={"long_game": True}, round_colour="Red")
    play(s, "end turn")
    assert s.is_chance and [str(o) for o, _ in s.chance_outcomes] == [
        "round Red",
        "round Blue",
        "round Purple",
        "round Green",
        "round Black Market",
    ]
    play(s, "round Green")
    assert s.observation(0)["round_colour"] == "Green"


def test_a_colour_round_restricts_placing_only() -> None:
    """Designed (decision 14): the round's colour binds placing a Component;
    Actions on Components (Break, Steal, Discard) and repairs ("the Color Round
    does not matter") take any colour, in a Black Market round too."""
    spec = {
        "hands": {
            0: [ZEP[0], ZEP[1], "Break a Component", "Steal a Component", "Repair a Component"]
        },
        "labs": {
            0: {"Purple": ZEP[2]},
            1: {
                "Red": component("The Ferret Lady", "Red"),
                "Blue": component("The Ferret Lady", "Blue"),
            },
        },
        "broken": {0: ["Purple"]},
        "options": {"long_game": True},
        "round_colour": "Red",
    }
    m = moves(position(**spec))
    assert f"play {ZEP[0]}" in m and f"play {ZEP[1]}" not in m
    for colour in ("Red", "Blue"):
        assert f"play Break a Component on player 2's {colour}" in m
        assert f"play Steal a Component on player 2's {colour}" in m
    assert "play Repair a Component on player 1's Purple" in m
    market = moves(position(**{**spec, "round_colour": "Black Market"}))
    assert f"play {ZEP[0]}" not in market
    assert "play Break a Component on player 2's Blue" in market


def test_a_black_market_round_trades_components() -> None:
    s = position(
        hands={0: [ZEP[0]]},
        market=["Universal Navigator"],
        options={"long_game": True},
        round_colour="Black Market",
    )
    assert f"play {ZEP[0]}" not in moves(s)
    play(s, f"trade {ZEP[0]} at the Black Market")
    assert moves(s) == ["choose Universal Navigator"]
    play(s, "choose Universal Navigator")
    assert hand(s, 0) == {"Universal Navigator": 1} and pos(s)["black_market"] == [ZEP[0]]
    # In the short game the trade is open every round.
    assert f"trade {ZEP[0]} at the Black Market" in moves(
        position(hands={0: [ZEP[0]]}, market=["Universal Navigator"])
    )


def test_an_extra_turn_keeps_the_colour_round_even_for_the_first_player() -> None:
    s = position(
        hands={0: ["Take an Extra Turn"]}, options={"long_game": True}, round_colour="Blue"
    )
    play(s, "play Take an Extra Turn", "end turn")
    assert s.turn_player == 0 and s.is_chance
    assert all(not str(o).startswith("round") for o, _ in s.chance_outcomes)
    assert s.observation(0)["round_colour"] == "Blue"


def test_the_left_players_choice_and_labs_are_public() -> None:
    s = position(labs={0: {"Red": ZEP[0]}})
    assert s.observation(1)["players"][0]["lab"]["Red"]["name"] == ZEP[0]
    assert lab(s, 0)[0] == ZEP[0] and player(s, 0)["genius"] == "Lemykinskov"
