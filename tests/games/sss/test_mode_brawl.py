"""The Brawl (rulebook: Multiplayer Modes): 4 players, or 3 with our adjustments."""

from __future__ import annotations

import json

import pytest

import henchmen
from henchmen.errors import OptionError

from . import builder
from .builder import GAME, me, moves, play, pos, position


def _start(players: int) -> dict:
    return json.loads(henchmen.new_game(GAME, seed=0, players=players).serialize())["position"]


@pytest.mark.parametrize(
    ("options", "players", "mode"),
    [
        ({}, 2, "duel"),
        ({"players": 4}, 4, "brawl"),  # three or four players without a mode: the Brawl
        ({"players": 3}, 3, "brawl"),
        ({"mode": "brawl"}, 4, "brawl"),  # the mode without players: its four
        ({"mode": "brawl", "players": 3}, 3, "brawl"),
    ],
)
def test_mode_and_players_fill_each_other(options: dict, players: int, mode: str) -> None:
    game = henchmen.Game(GAME, **options)
    assert (game.num_players, game.options["mode"], game.options["players"]) == (
        players,
        mode,
        players,
    )


def test_the_brawl_plays_nine_crews() -> None:
    """9 Supervillain crews: by default the duel's seven, Llamaristas and Pig Out."""
    crews = henchmen.Game(GAME, players=4).options["crews"]
    assert crews == [*henchmen.Game(GAME).options["crews"], "Llamaristas", "Pig Out"]
    assert len(_start(4)["supervillain_deck"]) + 3 == 9
    # The Brawl extends a copy of the duel's default list, never the default itself.
    duel = henchmen.Game(GAME).options["crews"]
    for _ in range(3):
        assert len(henchmen.Game(GAME, mode="brawl").options["crews"]) == 9
    assert henchmen.Game(GAME).options["crews"] == duel and len(duel) == 7


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"mode": "brawl", "players": 2}, "the Brawl is for 3 or 4 players, got players=2"),
        ({"mode": "duel", "players": 4}, "the duel is for 2 players, got players=4"),
        (
            {"players": 4, "crews": henchmen.Game(GAME).options["crews"]},
            "exactly 9 crews for the Brawl, got 7",
        ),
        ({"mode": "melee"}, "must be one of: duel, brawl, classic, secretive, gambler, climb"),
    ],
)
def test_bad_mode_options_are_option_errors(options: dict, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        henchmen.Game(GAME, **options)


def test_player_one_starts_with_four_cards_three_and_four_with_explodey_bots() -> None:
    """Player 1 starts with 4 cards. Player 3 gets 1 Explodey Bot. Player 4 gets 2."""
    hands = [p["hand"] for p in _start(4)["players"]]
    assert [len(h) for h in hands] == [4, 5, 6, 7]
    assert [h.count("Explodey Bot") for h in hands] == [0, 0, 1, 2]
    # Everyone sees them.
    seen = henchmen.new_game(GAME, seed=0, players=4).observation(0)["players"]
    assert [p.get("hand_known") for p in seen[1:]] == [[], ["Explodey Bot"], ["Explodey Bot"] * 2]


def test_three_players_keep_the_first_three_seats_of_the_four_and_player_two_gets_a_bot() -> None:
    """Designed (3 players): seats 1 to 3 start as in the 4-player Brawl, no fourth seat, and
    player 2 gets the Explodey Bot the duel gives the second player."""
    hands = [p["hand"] for p in _start(3)["players"]]
    assert [len(h) for h in hands] == [4, 6, 6]
    assert [h.count("Explodey Bot") for h in hands] == [0, 1, 1]


def test_turns_pass_round_the_table() -> None:
    with builder.mode(players=4):
        s = position(turn_player=3, turn=4)
        play(s, "end turn")
        while s.is_chance:
            s.apply(s.chance_outcomes[0][0])
        assert pos(s)["turn_player"] == 0 and pos(s)["turn"] == 5


@pytest.mark.parametrize("players", [3, 4])
def test_the_brawl_reveals_three_of_its_nine_supervillains(players: int) -> None:
    """Designed: the setup's "reveal 3" stands in the Brawl (its list changes the crews, not
    the reveal): three of the nine face up, six in the deck, and a Supervillain that reaches
    the Danger Zone brings out a fourth (test_danger_zone_is_eight_reputation)."""
    start = _start(players)
    assert len([c for c in start["supervillain_slots"] if c]) == 3
    assert len(start["supervillain_deck"]) == 6 and start["danger_zone"] == []


def test_danger_zone_is_eight_reputation() -> None:
    """Danger Zone is 8 reputation."""
    with builder.mode(players=4):
        s = position(hands={0: ["Royal Rule 6"]}, attached={"King Cobra": {0: ["Royal Rule 1"]}})
        play(s, "attach Royal Rule 6")  # 7
        assert pos(s)["danger_zone"] == []
        s = position(hands={0: ["Royal Rule 7"]}, attached={"King Cobra": {0: ["Royal Rule 1"]}})
        play(s, "attach Royal Rule 7")  # 8
        assert pos(s)["danger_zone"] == ["King Cobra"] and pos(s)["supervillain_slots"][0] is None
        assert s.is_chance and len(s.chance_outcomes) == 6  # the slot's refill: a fourth face up


def test_eleven_reputation_wins_a_supervillain() -> None:
    """Reputation required to win Supervillains is 11."""
    eight = ["Royal Rule 1", "Royal Rule 7"]
    with builder.mode(players=4):
        s = builder.attached_to_king_cobra(1, "Royal Rule 2", eight)  # 10
        assert pos(s)["won_by"] == {}
        s = builder.attached_to_king_cobra(1, "Royal Rule 3", eight)  # 11
        assert pos(s)["won_by"] == {"King Cobra": 1} and me(s, 1)["won"] == 1


def test_each_player_attaches_to_their_own_side() -> None:
    """Free for all: each player attaches Minions to a different side; reputation is not shared."""
    with builder.mode(players=4):
        start = {0: ["Royal Rule 1", "Royal Rule 2"], 1: ["Royal Rule 3"]}
        s = builder.attaching(2, "Royal Rule 5", start)
        sides = pos(s)["attached"]["King Cobra"]
        assert sides == [["Royal Rule 1", "Royal Rule 2"], ["Royal Rule 3"], ["Royal Rule 5"], []]
        assert pos(s)["danger_zone"] == []  # 5 on one side, not 11 in all


def test_three_supervillains_win_the_game() -> None:
    """3 Supervillains wins the game: the winner scores 1, each other player -1/3."""
    with builder.mode(players=4):
        s = position(
            hands={3: ["Royal Rule 9"]}, turn_player=3, turn=4,
            won_by={"Bounty Hunter Slippy": 3, "Mr. Shadow": 3},
            attached={"King Cobra": {3: ["Royal Rule 2"]}},
        )  # fmt: skip
        assert "attach Royal Rule 9" in moves(s)
        play(s, "attach Royal Rule 9")
        assert s.is_terminal and s.returns == (-1 / 3, -1 / 3, -1 / 3, 1.0)


def test_the_turn_limit_names_the_runner_up() -> None:
    """Designed (10) at four seats: the best player wins at the turn limit, and the story
    compares them with the best of the others."""
    with builder.mode(players=4):
        s = position(
            turn=200, turn_player=3, decks={3: ["Tiny Bot"] * 5},
            attached={
                "King Cobra": {0: ["Royal Rule 2"], 2: ["Royal Rule 5"], 3: ["Royal Rule 1"]}
            },
        )  # fmt: skip
        play(s, "end turn")
        assert s.is_terminal and s.returns == (-1 / 3, -1 / 3, 1.0, -1 / 3)
        over = next(e for e in s.last_events("omniscient") if e.kind == "game-over")
        assert over.data == {"reason": "turn limit", "mine": 5, "theirs": 2}
