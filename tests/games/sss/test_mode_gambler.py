"""The Gambler (rulebook: Solo Rules): one player, Chaos's dice between turns, the
reputation in your cards as the score."""

from __future__ import annotations

import json
from typing import Any

import pytest

import henchmen
from henchmen.errors import OptionError, SerializationError

from . import builder
from .builder import GAME, me, moves, outcomes, play, pos, position

GAMBLER = {"mode": "gambler"}
ROW = ["Royal Rule 1", "Freezer Burn 2", "Health Hazards 3", "Hoppy Hunters 4", "Fire Starters 5"]


def _over(s: henchmen.State) -> henchmen.Event:
    return next(e for e in s.last_events("omniscient") if e.kind == "game-over")


def at_chaos(dice: int = 2, **spec: Any) -> henchmen.State:
    """The row above, the turn ended and the new hand drawn: Chaos's turn is next."""
    with builder.mode(**GAMBLER, chaos_dice=dice):
        s = position(row=ROW, **spec)
        play(s, "end turn")
        while s.is_chance and not str(s.chance_outcomes[0][0]).startswith("chaos"):
            s.apply(s.chance_outcomes[0][0])
        return s


@pytest.mark.parametrize("options", [{"players": 1}, GAMBLER])
def test_one_player_plays_the_gambler(options: dict) -> None:
    game = henchmen.Game(GAME, **options)
    assert (game.num_players, game.options["mode"], game.options["chaos_dice"]) == (1, "gambler", 2)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({**GAMBLER, "players": 2}, "the Gambler is for 1 player, got players=2"),
        ({**GAMBLER, "chaos_dice": 5}, "option 'chaos_dice' .* must be an integer from 2 to 4"),
        ({**GAMBLER, "chaos_dice": 1}, "option 'chaos_dice' .* must be an integer from 2 to 4"),
        (
            {"chaos_dice": 3},
            "option 'chaos_dice' is for the Gambler \\(mode=gambler\\), not the duel",
        ),
    ],
)
def test_bad_gambler_options_are_option_errors(options: dict, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        henchmen.Game(GAME, **options)


def test_no_supervillains_and_your_turns_as_normal() -> None:
    """No Supervillains to win over. Take your turns normally: five cards, and no Explodey
    Bot (designed: the second player's, and there is none)."""
    start = json.loads(henchmen.new_game(GAME, seed=0, **GAMBLER).serialize())["position"]
    assert start["supervillain_deck"] == [] and start["supervillain_slots"] == [None] * 3
    assert (
        len(start["players"][0]["hand"]) == 5 and "Explodey Bot" not in start["players"][0]["hand"]
    )
    with builder.mode(**GAMBLER):
        s = position(hands={0: ["Royal Rule 4"]})
        assert "play Royal Rule 4" in moves(s) and not [m for m in moves(s) if "attach" in m]


def test_chaos_rolls_between_your_turns() -> None:
    """Roll dice for Chaos turns: after your cleanup draw, before your next turn. With two
    dice: nothing (6 and 6) 1/36, one slot 3/36, two slots 2/36."""
    s = at_chaos()
    assert pos(s)["turn"] == 1 and len(me(s, 0)["hand"]) == 5
    got = outcomes(s)
    assert got["chaos nothing"] == pytest.approx(1 / 36)
    assert got["chaos 3"] == pytest.approx(3 / 36) and got["chaos 2 5"] == pytest.approx(2 / 36)
    assert len(got) == 1 + 5 + 10 and sum(got.values()) == pytest.approx(1.0)


def test_the_numbers_rolled_are_the_row_cards_chaos_gets() -> None:
    """Chaos takes the cards of the slots rolled (they leave the game), the slots refill from
    the Minion deck, then your turn begins."""
    s = at_chaos()
    play(s, "chaos 1 3")
    assert pos(s)["minion_row"][0] is None and pos(s)["minion_row"][2] is None
    assert {"Royal Rule 1", "Health Hazards 3"} <= set(pos(s)["expelled"])
    chaos = next(e for e in s.last_events("omniscient") if e.kind == "chaos")
    assert chaos.data["cards"] == ["Royal Rule 1", "Health Hazards 3"]
    builder.resolve(s)
    assert None not in pos(s)["minion_row"] and pos(s)["turn"] == 2 and not s.is_chance


def test_six_is_nothing() -> None:
    s = play(at_chaos(), "chaos nothing")
    builder.resolve(s)
    assert pos(s)["minion_row"] == ROW and pos(s)["turn"] == 2


def test_a_number_rolled_twice_takes_one_card() -> None:
    """Designed: the dice are read together, each slot named gives Chaos its card once. With
    three dice, slot 1 alone: the 7 sequences of 1s and 6s with a 1, of 216."""
    got = outcomes(at_chaos(dice=3))
    assert got["chaos 1"] == pytest.approx(7 / 216)
    assert "chaos 1 2 3 4" not in got and got["chaos 1 2 3"] == pytest.approx(6 / 216)


def test_the_game_ends_when_there_are_no_minion_cards_to_buy() -> None:
    """Buying the last Minion with the deck gone and the Stash empty ends the game at once."""
    with builder.mode(**GAMBLER):
        s = position(
            row=["Royal Rule 9", None, None, None, None], minion_deck=[],
            rest_minions="expelled", power={0: 9}, discard={0: ["Fire Starters 4"]},
        )  # fmt: skip
        play(s, "buy Royal Rule 9")
        assert s.is_terminal
        over = _over(s)
        assert over.data == {"reason": "no minions", "score": 13}
        assert over.text == "No Minion is left to buy: Player 1 scores 13 reputation"


def test_a_turn_ending_with_only_the_stash_left_is_the_last() -> None:
    """Designed: Stash cards can still be bought that turn; a turn that ends with the row and
    the Minion deck empty ends the game, and the Stash's cards are not yours."""
    with builder.mode(**GAMBLER):
        s = position(
            row=[None] * 5, minion_deck=[], rest_minions="expelled",
            stash={0: ["Royal Rule 9"]}, hands={0: ["Fire Starters 4"]},
        )  # fmt: skip
        assert not s.is_terminal and "buy Royal Rule 9" not in moves(s)
        play(s, "end turn")
        builder.resolve(s)
        assert s.is_terminal and _over(s).data["score"] == 4


def test_the_score_is_the_reputation_in_your_cards() -> None:
    """Competing for the most total reputation in deck: designed, every card you own (hand,
    deck, discard, in play, bought, set aside; not the Stash). Returns: the share of all the
    game's reputation (45 a crew), 0 to 1."""
    with builder.mode(**GAMBLER):
        s = position(
            row=["Royal Rule 9", None, None, None, None], minion_deck=[],
            rest_minions="expelled", power={0: 9},
            hands={0: ["Health Hazards 2"]}, in_play={0: ["Health Hazards 1"]},
            frozen={0: ["Health Hazards 5"]}, discard={0: ["Health Hazards 4"]},
            stash={0: ["Health Hazards 9"]},
        )  # fmt: skip
        play(s, "buy Royal Rule 9")
        assert not s.is_terminal  # the Stash still holds a Minion to buy
        play(s, "end turn")
        builder.resolve(s)
        assert s.is_terminal and _over(s).data["score"] == 9 + 2 + 1 + 5 + 4
        assert s.returns == (pytest.approx(21 / 315),)
        assert "Game over: You score 21 reputation" == s.layout(0)["status"]


def test_the_turn_limit_scores_a_stalled_game() -> None:
    with builder.mode(**GAMBLER):
        s = position(turn=200, row=ROW, hands={0: ["Tourist Trap 8"]})
        play(s, "end turn")
        builder.resolve(s)
        assert s.is_terminal and _over(s).data == {"reason": "turn limit", "score": 8}


def test_a_finished_gambler_has_nothing_left_to_buy() -> None:
    with builder.mode(**GAMBLER), pytest.raises(SerializationError, match="Minions are left"):
        position(row=ROW, over=True)


def test_search_and_simulate_play_one_player() -> None:
    """The core's solo support: ISMCTS decides, matches record the return."""
    from henchmen.matches import parse_bot_spec, run_matches

    game = henchmen.Game(GAME, players=1)
    r = run_matches(game, [parse_bot_spec("ismcts:iterations=8")], games=1, seed=3)
    assert r.games == 1 and 0.0 < r.returns[0][0] < 1.0
