"""The Secretive (rulebook: Multiplayer Modes): 4 players, or 3 with our adjustments; no
Supervillains; the Minion deck's end ends the game and crew majorities decide it."""

from __future__ import annotations

import json
from typing import Any

import pytest

import henchmen
from henchmen.errors import OptionError, SerializationError

from . import builder
from .builder import GAME, moves, play, pos, position

SECRETIVE = {"mode": "secretive"}
NINE = henchmen.Game(GAME, players=4).options["crews"]


def _start(**options: Any) -> dict:
    return json.loads(henchmen.new_game(GAME, seed=0, **SECRETIVE, **options).serialize())[
        "position"
    ]


def _over(s: henchmen.State) -> henchmen.Event:
    return next(e for e in s.last_events("omniscient") if e.kind == "game-over")


def ended(**spec: Any) -> henchmen.State:
    """Player 1 buys Tourist Trap 1, the last Minion of the row, from a Minion deck that is
    gone: the refill ends the game. Minions not named are expelled."""
    with builder.mode(**SECRETIVE):
        s = position(
            row=["Tourist Trap 1", None, None, None, None], minion_deck=[],
            rest_minions="expelled", power={0: 9}, **spec,
        )  # fmt: skip
        return play(s, "buy Tourist Trap 1")


@pytest.mark.parametrize(("options", "players"), [({}, 4), ({"players": 3}, 3)])
def test_the_secretive_is_for_four_players_or_three(options: dict, players: int) -> None:
    game = henchmen.Game(GAME, **SECRETIVE, **options)
    assert (game.num_players, game.options["mode"]) == (players, "secretive")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 2}, "the Secretive is for 3 or 4 players, got players=2"),
        ({"crews": NINE[:6]}, "must name 7 to 9 crews for the Secretive, got 6"),
    ],
)
def test_bad_secretive_options_are_option_errors(options: dict, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        henchmen.Game(GAME, **SECRETIVE, **options)


@pytest.mark.parametrize("crews", [7, 8, 9])
def test_seven_or_more_crews(crews: int) -> None:
    """7+ Supervillain crews: seven (the default, the duel's) to the nine a game holds."""
    options = {} if crews == 7 else {"crews": NINE[:crews]}
    start = _start(**options)
    assert len(henchmen.Game(GAME, **SECRETIVE, **options).options["crews"]) == crews
    in_row = sum(1 for c in start["minion_row"] if c)
    assert len(start["minion_deck"]["unknown"]) + in_row == 9 * crews


def test_no_supervillains_on_the_table() -> None:
    """Supervillains not on table: none revealed, none in a deck."""
    start = _start()
    assert start["supervillain_deck"] == [] and start["supervillain_slots"] == [None] * 3
    assert (
        henchmen.new_game(GAME, seed=0, **SECRETIVE).observation(0)["supervillains"]["deck_size"]
        == 0
    )


def test_players_do_not_attach_minions() -> None:
    """(Players do not attach Minions.) Nor does a Scaredy Bot's Transfer."""
    with builder.mode(**SECRETIVE):
        s = position(
            hands={0: ["Royal Rule 4"]}, in_play={0: ["Scaredy Bot"]},
            abilities={0: {"Transfer": 1}}, discard={0: ["Royal Rule 5"]},
        )  # fmt: skip
        assert "play Royal Rule 4" in moves(s)
        assert not [m for m in moves(s) if m.startswith(("attach", "transfer"))]


@pytest.mark.parametrize(
    ("players", "hands", "explodey"), [(4, [4, 5, 6, 7], [0, 0, 1, 2]), (3, [4, 6, 6], [0, 1, 1])]
)
def test_player_one_starts_with_four_cards_three_and_four_with_explodey_bots(
    players: int, hands: list[int], explodey: list[int]
) -> None:
    """Player 1 starts with 4 cards. Player 3 gets 1 Explodey Bot. Player 4 gets 2. Designed
    (3 players): the first three seats of the four, and player 2 gets the duel's Explodey Bot."""
    start = _start(players=players)
    assert [len(p["hand"]) for p in start["players"]] == hands
    assert [p["hand"].count("Explodey Bot") for p in start["players"]] == explodey


def test_the_game_ends_when_a_refill_finds_the_minion_deck_gone() -> None:
    """Minion deck gone ends game. Designed: at the moment a Minion row slot must be refilled
    and the Minion deck has no card left; the last card leaving the deck does not end it."""
    with builder.mode(**SECRETIVE):
        s = position(
            row=[f"Tourist Trap {r}" for r in (1, 2, 4, 5, 6)],
            minion_deck=["Tourist Trap 3"], rest_minions="expelled", power={0: 20},
        )  # fmt: skip
        play(s, "buy Tourist Trap 1")  # refilled by the deck's last card
        assert not s.is_terminal and pos(s)["minion_row"][0] == "Tourist Trap 3"
        play(s, "end turn")
        builder.resolve(s)
        assert not s.is_terminal  # an empty deck alone ends nothing
        s = position(
            row=["Tourist Trap 2", None, None, None, None], minion_deck=[],
            rest_minions="expelled", power={0: 20},
        )  # fmt: skip
        play(s, "buy Tourist Trap 2")
        assert s.is_terminal and _over(s).data["reason"] == "minion deck"


def test_most_crew_reputation_is_a_point_and_a_tie_half_a_point() -> None:
    """Players compare their crews (most crew rep is 1 pt, 1/2 pt tie). Royal Rule: 9 each
    for players 1 and 2, half a point each; Freezer Burn: player 3's; Tourist Trap: player
    1's (just bought). Most points wins; the returns rank the players."""
    s = ended(
        hands={0: ["Royal Rule 9"]}, decks={1: ["Royal Rule 5"]},
        discard={1: ["Royal Rule 4"], 2: ["Freezer Burn 3"]},
    )  # fmt: skip
    over = _over(s)
    assert over.data["all_points"] == [1.5, 0.5, 1.0, 0.0]
    assert over.data["all_reputation"] == [10, 9, 3, 0]
    assert (
        over.text == "The Minion deck is gone: Player 1 wins on crews (1.5 points, 10 reputation)"
    )
    assert pos(s)["winner"] == 0
    assert s.returns == (1.0, -1 / 3, 1 / 3, -1.0)


def test_every_zone_of_a_players_cards_counts_but_not_the_stash() -> None:
    """Designed: a player's cards are their hand, deck, discard pile, play area, cards bought
    this turn and set aside; the Stash is still for sale. Health Hazards: player 1 has
    2 + 3 + 4 + 5 + 1 = 15 there (and 9 in the Stash), player 2 has 14."""
    s = ended(
        hands={0: ["Health Hazards 2"]}, decks={0: ["Health Hazards 3"] + ["Tiny Bot"] * 4},
        discard={0: ["Health Hazards 4"], 1: ["Health Hazards 6", "Health Hazards 8"]},
        frozen={0: ["Health Hazards 5"]}, in_play={0: ["Health Hazards 1"]},
        stash={0: ["Health Hazards 9"]},
    )  # fmt: skip
    assert _over(s).data["all_points"] == [2.0, 0.0, 0.0, 0.0]
    assert _over(s).data["all_reputation"] == [16, 14, 0, 0]


def test_every_player_tied_for_most_gets_half_a_point() -> None:
    """Designed: a tie of three gives each of them 1/2 point. Royal Rule 6 for players 1, 2
    and 3; players 2 and 3 then tie on points and reputation, and share their rank."""
    s = ended(
        hands={0: ["Royal Rule 6"]},
        discard={1: ["Royal Rule 5", "Royal Rule 1"], 2: ["Royal Rule 4", "Royal Rule 2"]},
    )  # fmt: skip
    assert _over(s).data["all_points"] == [1.5, 0.5, 0.5, 0.0]
    assert s.returns == (1.0, 0.0, 0.0, -1.0)


def test_tied_points_are_broken_by_total_reputation() -> None:
    """(If tie, total rep wins.) One point each for players 1 (Royal Rule), 2 (Freezer Burn)
    and 3 (Fire Starters); player 1's Fire Starters 2 and Freezer Burn 1 make 12."""
    with builder.mode(**SECRETIVE):
        s = position(
            hands={0: ["Royal Rule 9", "Fire Starters 2"]},
            row=["Freezer Burn 1", None, None, None, None], minion_deck=[],
            rest_minions="expelled", power={0: 9},
            discard={1: ["Freezer Burn 9"], 2: ["Fire Starters 9"]},
        )  # fmt: skip
        play(s, "buy Freezer Burn 1")
    assert _over(s).data["all_points"] == [1.0, 1.0, 1.0, 0.0]
    assert _over(s).data["all_reputation"] == [12, 9, 9, 0]
    assert pos(s)["winner"] == 0 and s.returns == (1.0, 0.0, 0.0, -1.0)


def test_the_turn_limit_compares_the_crews_and_a_tie_at_the_top_is_no_single_winner() -> None:
    """Designed: a Secretive game that reaches the turn limit is scored the same way. Two
    players tied on points and reputation share the top: no winner; both rank above the
    others."""
    with builder.mode(**SECRETIVE):
        s = position(
            turn=200, turn_player=3, decks={3: ["Tiny Bot"] * 5},
            hands={0: ["Royal Rule 9"], 1: ["Freezer Burn 9"]},
            row=["Tourist Trap 1", None, None, None, None], minion_deck=[],
            rest_minions="expelled",
        )  # fmt: skip
        play(s, "end turn")
        assert s.is_terminal and pos(s)["winner"] == -2
        assert s.returns == (2 / 3, 2 / 3, -2 / 3, -2 / 3)
        assert _over(s).data["reason"] == "turn limit"


def test_a_finished_secretive_has_the_result_the_crews_give() -> None:
    with builder.mode(**SECRETIVE):
        spec: dict[str, Any] = dict(
            hands={1: ["Royal Rule 9"]}, row=["Tourist Trap 1", None, None, None, None],
            minion_deck=[], rest_minions="expelled", over=True,
        )  # fmt: skip
        assert position(winner=1, **spec).returns == (-1 / 3, 1.0, -1 / 3, -1 / 3)
        with pytest.raises(SerializationError, match="comparing the crews gives player 1"):
            position(winner=0, **spec)
        full = [f"Tourist Trap {r}" for r in range(1, 6)]
        with pytest.raises(SerializationError, match="no Minion row refill found the Minion"):
            position(winner=1, **{**spec, "row": full})
