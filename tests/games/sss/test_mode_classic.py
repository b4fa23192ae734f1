"""The Classic (rulebook: Multiplayer Modes): 4 players in two teams, 1 & 3 against 2 & 4."""

from __future__ import annotations

import json

import pytest

import henchmen
from henchmen.errors import OptionError, SerializationError

from . import builder
from .builder import GAME, me, moves, play, pos, position

CLASSIC = {"mode": "classic"}


def _start() -> dict:
    return json.loads(henchmen.new_game(GAME, seed=0, **CLASSIC).serialize())["position"]


def test_the_classic_is_four_players_of_the_base_seven_crews() -> None:
    """4 players; the rulebook names no crews for it: the base game's seven."""
    game = henchmen.Game(GAME, **CLASSIC)
    assert (game.num_players, game.options["mode"]) == (4, "classic")
    assert game.options["crews"] == henchmen.Game(GAME).options["crews"]
    assert len(_start()["supervillain_deck"]) + 3 == 7


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"mode": "classic", "players": 3},
            r"the Classic is for 4 players, got players=3 \(modes: duel for 2, brawl for 3 or 4, "
            r"classic for 4",
        ),
        ({"mode": "classic", "players": 2}, "the Classic is for 4 players, got players=2"),
        (
            {"mode": "classic", "crews": henchmen.Game(GAME, players=4).options["crews"]},
            "exactly 7 crews for the Classic, got 9",
        ),
    ],
)
def test_bad_classic_options_are_option_errors(options: dict, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        henchmen.Game(GAME, **options)


def test_players_three_and_four_get_explodey_bots() -> None:
    """Player 3 gets 1 Explodey Bot. Player 4 gets 2. Everyone opens with 5 cards (the
    Classic, unlike the Brawl, gives player 1 no short hand)."""
    hands = [p["hand"] for p in _start()["players"]]
    assert [len(h) for h in hands] == [5, 5, 6, 7]
    assert [h.count("Explodey Bot") for h in hands] == [0, 0, 1, 2]


def test_each_player_takes_their_own_turn_with_their_own_deck() -> None:
    """Each player takes their turn independently (they build their own decks)."""
    with builder.mode(**CLASSIC):
        s = position(hands={1: ["Royal Rule 4"]}, turn_player=1, turn=2, power={1: 9})
        assert "play Royal Rule 4" in moves(s)
        play(s, "buy Scaredy Bot", "end turn")
        assert me(s, 1)["discard"].count("Scaredy Bot") == 1
        assert all("Scaredy Bot" not in me(s, p)["discard"] for p in (0, 2, 3))
        builder.resolve(s)
        assert pos(s)["turn_player"] == 2


def test_teams_attach_to_one_side_and_reputation_is_the_team_total() -> None:
    """Teams attach Minions to Supervillains on the same side (reputation is team total):
    the side of players 1 & 3 is stored at seat 0, that of 2 & 4 at seat 1."""
    with builder.mode(**CLASSIC):
        start = {0: ["Royal Rule 1", "Royal Rule 2"], 1: ["Royal Rule 3"]}
        s = builder.attaching(2, "Royal Rule 5", start)
        sides = pos(s)["attached"]["King Cobra"]
        assert sides == [["Royal Rule 1", "Royal Rule 2", "Royal Rule 5"], ["Royal Rule 3"], [], []]
        seen = s.observation(3)["supervillains"]["attached"]["King Cobra"]
        assert [side["reputation"] for side in seen] == [8, 3]  # one entry per team


def test_the_team_total_reaches_the_danger_zone() -> None:
    """The Danger Zone (10) counts the team's reputation: 4 from player 1 and 6 from player 3."""
    with builder.mode(**CLASSIC):
        s = position(
            hands={2: ["Royal Rule 6"]}, turn_player=2, turn=3,
            attached={"King Cobra": {0: ["Royal Rule 4"]}},
        )  # fmt: skip
        play(s, "attach Royal Rule 6")
        assert pos(s)["danger_zone"] == ["King Cobra"]


def test_seventeen_team_reputation_wins_a_supervillain_for_the_player_who_reaches_it() -> None:
    """Reputation required to win Supervillains is 17, the team's total. Designed: the
    Supervillain is held by the player whose Minion reached 17 and counts for the team."""
    fifteen = ["Royal Rule 9", "Royal Rule 6"]  # on player 2's side: player 4's teammate
    with builder.mode(**CLASSIC):
        s = builder.attached_to_king_cobra(3, "Royal Rule 1", fifteen)  # 16
        assert pos(s)["won_by"] == {}
        s = builder.attached_to_king_cobra(3, "Royal Rule 2", fifteen)  # 17
        assert pos(s)["won_by"] == {"King Cobra": 3} and me(s, 3)["won"] == 1
        assert "King Cobra" not in pos(s)["attached"]  # expelled with the Supervillain


def test_the_other_team_does_not_share_reputation() -> None:
    """Player 2 attaching to King Cobra does not add to the 1 & 3 side."""
    with builder.mode(**CLASSIC):
        s = position(
            hands={1: ["Royal Rule 6"]}, turn_player=1, turn=2,
            attached={"King Cobra": {0: ["Royal Rule 9"]}},
        )  # fmt: skip
        play(s, "attach Royal Rule 6")
        assert pos(s)["attached"]["King Cobra"] == [["Royal Rule 9"], ["Royal Rule 6"], [], []]
        assert pos(s)["danger_zone"] == []


def test_four_supervillains_won_by_a_team_win_the_game_for_the_team() -> None:
    """4 Supervillains wins the game: the team's count, here 2 by player 1 and 1 by player 3,
    then player 3's fourth; returns are team results (1 each, -1 each)."""
    with builder.mode(**CLASSIC):
        s = position(
            hands={2: ["Royal Rule 9"]}, turn_player=2, turn=3,
            won_by={"Bounty Hunter Slippy": 0, "Mr. Shadow": 0, "MechaOven": 2},
            supervillains=["King Cobra", "Ice-Cold Cream", "Killer Kiwi"],
            attached={"King Cobra": {0: ["Royal Rule 8"]}},
        )  # fmt: skip
        play(s, "attach Royal Rule 9")
        assert s.is_terminal and s.returns == (1.0, -1.0, 1.0, -1.0)
        over = next(e for e in s.last_events("omniscient") if e.kind == "game-over")
        assert (
            over.text
            == "Game over: Player 3 wins a fourth Supervillain for their team with player 1"
        )
        assert "Game over: Player 1 and Player 3 win" in str(s.layout(henchmen.SPECTATOR)["status"])


def test_three_supervillains_do_not_end_the_classic() -> None:
    """Not the Brawl's 3: a team with three goes on."""
    with builder.mode(**CLASSIC):
        s = position(
            hands={1: ["Royal Rule 9"]}, turn_player=1, turn=2,
            won_by={"Bounty Hunter Slippy": 1, "Mr. Shadow": 3},
            attached={"King Cobra": {1: ["Royal Rule 8"]}},
        )  # fmt: skip
        play(s, "attach Royal Rule 9")
        assert not s.is_terminal and me(s, 1)["won"] + me(s, 3)["won"] == 3


def test_the_turn_limit_compares_the_teams() -> None:
    """Designed (the duel's turn limit, by team): most Supervillains won by the team, then
    most team reputation attached."""
    with builder.mode(**CLASSIC):
        s = position(
            turn=200, turn_player=3, decks={3: ["Tiny Bot"] * 5},
            won_by={"Mr. Shadow": 3},
            attached={"King Cobra": {0: ["Royal Rule 9"]}},
        )  # fmt: skip
        play(s, "end turn")
        assert s.is_terminal and s.returns == (-1.0, 1.0, -1.0, 1.0)
        over = next(e for e in s.last_events("omniscient") if e.kind == "game-over")
        assert over.data == {"reason": "turn limit", "mine": 1, "theirs": 0}
        assert over.text.endswith("Player 2 and player 4 win with more Supervillains won (1 to 0)")


def test_a_position_with_minions_on_a_partners_seat_is_refused() -> None:
    """The team's side is its first player's seat; cards on seats 3 or 4 are no position."""
    with builder.mode(**CLASSIC), pytest.raises(SerializationError, match="first player's side"):
        position(attached={"King Cobra": {2: ["Royal Rule 1"]}})


def test_a_finished_classic_names_a_player_of_the_team_that_won_four() -> None:
    """validate: two Supervillains by player 1 and two by player 3 are the team's four; the
    result must be a player of that team."""
    won = {"Bounty Hunter Slippy": 0, "Mr. Shadow": 0, "MechaOven": 2, "Tourmeleon Tillie": 2}
    with builder.mode(**CLASSIC):
        s = position(won_by=won, over=True, winner=2)
        assert s.is_terminal and s.returns == (1.0, -1.0, 1.0, -1.0)
        with pytest.raises(SerializationError, match="player 0's team won 4 Supervillains"):
            position(won_by=won, over=True, winner=1)


def test_simulate_plays_the_classic_at_four_and_counts_team_wins() -> None:
    """`henchmen simulate --option mode=classic` needs no player count, and each partner of
    the winning team scores a win (not a shared-top draw)."""
    from henchmen._cli_args import seats_and_options
    from henchmen.cli import _parser
    from henchmen.matches import MatchResults, parse_bot_spec

    args = _parser().parse_args(["simulate", GAME, "--option", "mode=classic"])
    bots, options = seats_and_options(args, henchmen.Game(GAME).info)
    assert (len(bots), options["players"]) == (4, 4)
    r = MatchResults(
        GAME, [parse_bot_spec("random")] * 4, [(1.0, -1.0, 1.0, -1.0)], [9], False, True, 0.1
    )
    assert [(r.score(b).wins, r.score(b).losses) for b in range(4)] == [(1, 0), (0, 1)] * 2
