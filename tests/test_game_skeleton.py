"""What every game gets from the core's skeleton (cpp/core/native.h
StandardTraits, core/options players_option/card_data_table): the options
every game shares are worded the same, and the card_data option is read the
same way in every game that has one."""

from __future__ import annotations

import json

import pytest

import henchmen
from henchmen.errors import OptionError
from henchmen.game import OptionInfo

GAMES = [info.name for info in henchmen.games()]
WITH_CARD_DATA = [
    g for g in GAMES if any(o.name == "card_data" for o in henchmen.game_info(g).options)
]


def option(game: str, name: str) -> OptionInfo:
    specs = [o for o in henchmen.game_info(game).options if o.name == name]
    assert len(specs) == 1, f"{game} has {len(specs)} options named {name}"
    return specs[0]


def test_every_published_game_reads_card_data() -> None:
    # Parry, the engine's test game, builds its small deck from options.
    assert sorted(WITH_CARD_DATA) == sorted(g for g in GAMES if g != "parry")


@pytest.mark.parametrize("game", GAMES)
def test_players_comes_first_defaults_to_two_within_the_range(game: str) -> None:
    info = henchmen.game_info(game)
    players = info.options[0]
    assert players.name == "players"
    assert players.kind == "int"
    assert players.default == 2
    assert players.allowed == f"an integer from {info.min_players} to {info.max_players}"


@pytest.mark.parametrize("game", WITH_CARD_DATA)
def test_card_data_is_worded_once(game: str) -> None:
    spec = option(game, "card_data")
    assert spec.kind == "text"
    assert spec.default == ""
    assert spec.doc == option(WITH_CARD_DATA[0], "card_data").doc


@pytest.mark.parametrize("game", WITH_CARD_DATA)
def test_card_data_that_is_not_json_is_an_option_error(game: str) -> None:
    with pytest.raises(OptionError, match=r"^card_data is not valid JSON: "):
        henchmen.Game(game, card_data="{not json")


@pytest.mark.parametrize("game", WITH_CARD_DATA)
def test_card_data_given_as_the_builtin_table_is_that_table(game: str) -> None:
    builtin = henchmen.Game(game).card_table()
    given = henchmen.Game(game, card_data=json.dumps(builtin))
    assert given.card_table() == builtin


def play_to_the_turn_limit(players: int) -> henchmen.State:
    """Seat 1 strikes seat 2 once (taken, not parried), then every turn ends."""
    state = henchmen.new_game("parry", players=players, seed=3, max_turns=5)
    state.apply("strike player 2")
    while not state.is_terminal:
        legal = [str(a) for a in state.legal_actions]
        state.apply("pass" if "pass" in legal else "end turn")
    return state


def test_parry_turn_limit_the_most_health_wins() -> None:
    # core/standings.h leader(): parry, super and suet decide their limit by it.
    state = play_to_the_turn_limit(2)
    assert [p["health"] for p in state.observation(0)["players"]] == [3, 2]
    assert state.observation(0)["winner"] == 0
    last = [str(e) for e in state.last_events(1)]
    assert last[-1] == "The turn limit is reached: Player 1 wins with the most health"


def test_parry_turn_limit_a_shared_most_is_a_draw() -> None:
    state = play_to_the_turn_limit(3)
    assert [p["health"] for p in state.observation(0)["players"]] == [3, 2, 3]
    assert state.observation(0)["winner"] == -2
    assert [str(e) for e in state.last_events(0)][-1] == "The turn limit is reached: a draw"
