"""The Climb (rulebook: Solo Rules): one player against themself, racing to a goal; the number
of turns it took is the result."""

from __future__ import annotations

import json
from typing import Any

import pytest

import henchmen
from henchmen.bots import make_bot
from henchmen.errors import OptionError, SerializationError
from henchmen.replay import Replay, make_replay

from . import builder
from .builder import GAME, moves, play, pos, position

CLIMB: dict[str, Any] = {"mode": "climb"}
ROW = ["Royal Rule 1", "Freezer Burn 2", "Health Hazards 3", "Hoppy Hunters 4", "Fire Starters 5"]
# Three Supervillains already won: the fourth is one attach away (Bounty Hunter Slippy at 9).
THREE_WON = {
    "won_by": {"King Cobra": 0, "Ice-Cold Cream": 0, "Killer Kiwi": 0},
    "supervillains": ["Bounty Hunter Slippy", "Mr. Shadow", "MechaOven"],
    "attached": {"Bounty Hunter Slippy": {0: ["Hoppy Hunters 9"]}},
}


def _over(s: henchmen.State) -> henchmen.Event:
    return next(e for e in s.last_events("omniscient") if e.kind == "game-over")


def _score(turns: int, max_turns: int = 200) -> float:
    return (max_turns + 1 - turns) / max_turns


@pytest.mark.parametrize(
    ("options", "goal", "target"),
    [
        (CLIMB, "supervillains", 4),
        ({**CLIMB, "goal": "clear"}, "clear", 63),
        ({**CLIMB, "goal": "reputation"}, "reputation", 100),
        ({**CLIMB, "goal": "reputation", "goal_target": 30}, "reputation", 30),
        ({**CLIMB, "goal": "upgrades"}, "upgrades", 3),
        ({**CLIMB, "goal": "upgrades", "goal_target": 1}, "upgrades", 1),
        ({**CLIMB, "goal_target": 7}, "supervillains", 7),
    ],
)
def test_one_player_vs_yourself_with_a_goal_set(options: dict, goal: str, target: int) -> None:
    """1 player vs yourself. Set goals: the option `goal` (the rulebook's four examples) and
    its X, `goal_target` (0: the goal's default)."""
    game = henchmen.Game(GAME, **options)
    assert (game.num_players, game.options["mode"]) == (1, "climb")
    obs = henchmen.new_game(GAME, seed=1, **options).observation(0)
    progress = 5 if goal == "clear" else 0  # the setup draws the row's five from the deck
    assert obs["goal"] == {"goal": goal, "target": target, "progress": progress, "turns": None}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({**CLIMB, "players": 2}, "the Climb is for 1 player, got players=2"),
        (
            {**CLIMB, "goal": "villains"},
            "option 'goal'.*supervillains, clear, reputation, upgrades",
        ),
        ({**CLIMB, "goal_target": 8}, "'goal_target' for goal=supervillains must be from 1 to 7"),
        (
            {**CLIMB, "goal": "reputation", "goal_target": 316},
            "option 'goal_target' .* must be an integer from 0 to 315",
        ),
        ({**CLIMB, "goal": "upgrades", "goal_target": 4}, "goal=upgrades must be from 1 to 3"),
        ({**CLIMB, "goal": "clear", "goal_target": 40}, "does not apply to goal=clear"),
        ({**CLIMB, "goal_target": -1}, "option 'goal_target' .* must be an integer from 0"),
        ({**CLIMB, "chaos_dice": 3}, "'chaos_dice' is for the Gambler .*, not the Climb"),
        ({"goal": "clear"}, "option 'goal' is for the Climb \\(mode=climb\\), not the duel"),
        ({"mode": "gambler", "goal_target": 3}, "'goal_target' is for the Climb .*the Gambler"),
    ],
)
def test_bad_climb_options_are_option_errors(options: dict, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        henchmen.Game(GAME, **options)


def test_one_player_without_a_mode_is_still_the_gambler() -> None:
    assert henchmen.Game(GAME, players=1).options["mode"] == "gambler"


def test_your_turns_as_normal_five_cards_no_explodey_bot() -> None:
    """Designed: the duel's turn for the one player: five cards, no Explodey Bot (the
    second player's, and there is none)."""
    start = json.loads(henchmen.new_game(GAME, seed=0, **CLIMB).serialize())["position"]
    hand = start["players"][0]["hand"]
    assert len(hand) == 5 and "Explodey Bot" not in hand


def test_supervillains_are_on_the_table_only_for_the_supervillains_goal() -> None:
    """Designed: winning Supervillains is the first goal's race; the other goals race
    without them (as the Gambler does), so nothing is attached."""
    sv = json.loads(henchmen.new_game(GAME, seed=0, **CLIMB).serialize())["position"]
    assert len([s for s in sv["supervillain_slots"] if s]) == 3
    for goal in ("clear", "reputation", "upgrades"):
        opts = {**CLIMB, "goal": goal}
        p = json.loads(henchmen.new_game(GAME, seed=0, **opts).serialize())["position"]
        assert p["supervillain_deck"] == [] and p["supervillain_slots"] == [None] * 3
        with builder.mode(**opts):
            s = position(hands={0: ["Royal Rule 4"]})
            assert not [m for m in moves(s) if m.startswith("attach")]


def test_a_self_driven_format_has_no_chaos_turn() -> None:
    """This is a self driven format: nobody else touches the table. Designed: no Chaos turns
    (the dice are the Gambler's): after the cleanup draw the next turn begins, the row as it
    was."""
    with builder.mode(**CLIMB):
        s = position(row=ROW, hands={0: ["Tiny Bot"]})
        play(s, "end turn")
        while s.is_chance:
            assert all(str(a).startswith("draw") for a, _ in s.chance_outcomes)
            s.apply(s.chance_outcomes[0][0])
        assert pos(s)["turn"] == 2 and pos(s)["minion_row"] == ROW


def test_the_fourth_supervillain_reaches_the_goal_and_the_turn_is_the_result() -> None:
    """Number of turns to 4 Supervillains: the game ends as the fourth is won, in that turn."""
    with builder.mode(**CLIMB):
        s = position(turn=7, hands={0: ["Hoppy Hunters 8"]}, **THREE_WON)
        assert s.observation(0)["goal"]["progress"] == 3
        play(s, "attach Hoppy Hunters 8")
        assert s.is_terminal
        assert _over(s).data == {
            "reason": "goal", "goal": "supervillains", "target": 4, "progress": 4, "turns": 7,
        }  # fmt: skip
        assert _over(s).text == "Player 1 reaches 4 Supervillains in 7 turns"
        assert s.observation(0)["goal"]["turns"] == 7 and s.measure == 7
        assert s.returns == (pytest.approx(_score(7)),)
        assert s.layout(0)["status"] == "Game over: 4 Supervillains reached in 7 turns"


def test_no_position_short_of_the_goal_is_worth_more_than_reaching_it() -> None:
    """The search's heuristic stays under the return of reaching the goal now: with three
    Supervillains won it once read 0.97 against 0.97 for the fourth, and ISMCTS never took it."""
    with builder.mode(**CLIMB):
        s = position(turn=7, hands={0: ["Hoppy Hunters 8"]}, **THREE_WON)
        assert 0.0 < s.heuristic(0) < _score(7)
        later = position(turn=50, hands={0: ["Hoppy Hunters 8"]}, **THREE_WON)
        assert later.heuristic(0) < s.heuristic(0)  # the same progress, later: worth less
        play(s, "attach Hoppy Hunters 8")
        assert s.returns[0] == pytest.approx(_score(7))
    from henchmen.matches import parse_bot_spec, run_matches

    game = henchmen.Game(GAME, **CLIMB)
    results = run_matches(game, [parse_bot_spec("ismcts:iterations=100")], games=4, seed=1)
    assert results.measure().reached == 4  # before the fix: 0 of 400 games


def test_the_third_supervillain_is_not_the_goal() -> None:
    with builder.mode(**CLIMB):
        won = {"King Cobra": 0, "Ice-Cold Cream": 0}
        s = position(
            hands={0: ["Hoppy Hunters 8"]}, won_by=won,
            supervillains=["Bounty Hunter Slippy", "Mr. Shadow", "MechaOven"],
            attached={"Bounty Hunter Slippy": {0: ["Hoppy Hunters 9"]}},
        )  # fmt: skip
        play(s, "attach Hoppy Hunters 8")
        builder.resolve(s)
        assert not s.is_terminal and s.observation(0)["goal"]["progress"] == 3


def test_a_supervillains_target_of_two() -> None:
    with builder.mode(**CLIMB, goal_target=2):
        s = position(
            hands={0: ["Hoppy Hunters 8"]}, won_by={"King Cobra": 0},
            supervillains=["Bounty Hunter Slippy", "Mr. Shadow", "MechaOven"],
            attached={"Bounty Hunter Slippy": {0: ["Hoppy Hunters 9"]}},
        )  # fmt: skip
        play(s, "attach Hoppy Hunters 8")
        assert s.is_terminal and _over(s).data["turns"] == 1 and s.returns == (1.0,)


def test_clearing_the_deck_is_the_minion_deck_exhausted() -> None:
    """Number of turns to clear the deck. Designed: the Minion deck exhausted, every Minion
    drawn from it into the row (the row may still hold cards). The refill that takes the last
    card ends the game, in the turn it comes."""
    with builder.mode(**CLIMB, goal="clear"):
        s = position(
            turn=12, row=ROW, minion_deck=["Royal Rule 9", "Royal Rule 8"],
            rest_minions="expelled", power={0: 9},
        )  # fmt: skip
        assert s.observation(0)["goal"]["progress"] == 61
        play(s, "buy Royal Rule 1")
        builder.resolve(s)  # one card left in the deck: the goal is not reached
        assert not s.is_terminal and s.observation(0)["goal"]["progress"] == 62
        play(s, "buy Freezer Burn 2")
        builder.resolve(s)
        assert s.is_terminal and pos(s)["minion_deck"] == {"unknown": [], "known_from_top": []}
        assert _over(s).data["progress"] == 63 and s.measure == 12
        assert _over(s).text == "Player 1 reaches the end of the Minion deck in 12 turns"


def test_x_reputation_is_the_reputation_in_your_cards() -> None:
    """Number of turns to X reputation. Designed: the reputation of the Minions in your cards,
    as the Gambler counts it (hand, deck, discard pile, play, bought, set aside; not the
    Stash). The purchase that reaches X ends the game once its slot is refilled."""
    with builder.mode(**CLIMB, goal="reputation", goal_target=20):
        s = position(
            turn=5, row=ROW, hands={0: ["Royal Rule 9"]}, discard={0: ["Royal Rule 7"]},
            stash={0: ["Royal Rule 8"]}, power={0: 9},
        )  # fmt: skip
        assert s.observation(0)["goal"]["progress"] == 16  # the Stash does not count
        play(s, "buy Royal Rule 1")
        builder.resolve(s)
        assert not s.is_terminal and s.observation(0)["goal"]["progress"] == 17
        play(s, "buy Health Hazards 3")
        assert not s.is_terminal  # the slot's refill first
        builder.resolve(s)
        assert s.is_terminal and _over(s).data["progress"] == 20 and s.measure == 5
        assert s.returns == (pytest.approx(_score(5)),)


def test_x_upgrades_counts_those_bought_this_turn() -> None:
    """Number of turns to X Upgrades. Designed: the Upgrades on your Supercomputer, those
    bought this turn (attached at cleanup) included; X at most 3 ("Max 3 Upgrades
    attached")."""
    with builder.mode(**CLIMB, goal="upgrades"):
        s = position(
            turn=9, upgrades={0: ["Golden Throne"]}, upgrade_row="Deep Freezer", power={0: 10},
        )  # fmt: skip
        play(s, "buy Deep Freezer", "reveal Compost Heap")
        assert not s.is_terminal and s.observation(0)["goal"]["progress"] == 2
        play(s, "buy Compost Heap")
        builder.resolve(s)
        assert s.is_terminal and _over(s).data["progress"] == 3 and s.measure == 9


def test_the_turn_limit_ends_an_unreached_goal_with_no_score() -> None:
    """Designed: `max_turns` (200 by default) caps the climb; a goal not reached by then scores
    0 and has no turn count (the measure is None, the event says so)."""
    with builder.mode(**CLIMB, goal="reputation"):
        s = position(turn=200, row=ROW, hands={0: ["Tourist Trap 8"]})
        play(s, "end turn")
        builder.resolve(s)
        assert s.is_terminal and s.returns == (0.0,) and s.measure is None
        data = _over(s).data
        assert data["reason"] == "turn limit" and data["turns"] is None
        assert _over(s).text == (
            "The turn limit (200 turns) is reached: Player 1 did not reach 100 reputation"
        )
        assert s.observation(0)["goal"]["turns"] is None and s.observation(0)["winner"] == -1
        assert s.layout(0)["status"] == "Game over: the turn limit came before 100 reputation"


def test_fewer_turns_score_higher() -> None:
    """Designed: returns (max_turns + 1 - turns) / max_turns, 1 for turn 1, falling by
    1/max_turns a turn; the turn count reads back exactly from it."""
    got = []
    for turn in (1, 2, 50):
        with builder.mode(**CLIMB, max_turns=50):
            s = position(turn=turn, hands={0: ["Hoppy Hunters 8"]}, **THREE_WON)
            play(s, "attach Hoppy Hunters 8")
            got.append(s.returns[0])
    assert got == [1.0, pytest.approx(49 / 50), pytest.approx(1 / 50)]
    assert [51 - r * 50 for r in got] == [pytest.approx(t) for t in (1, 2, 50)]


def test_a_finished_climb_has_reached_its_goal_or_the_turn_limit() -> None:
    with (
        builder.mode(**CLIMB, goal="reputation"),
        pytest.raises(SerializationError, match="its goal \\(100 reputation\\) is not reached"),
    ):
        position(row=ROW, over=True, winner=0)
    with (
        builder.mode(**CLIMB, goal="upgrades", goal_target=1),
        pytest.raises(
            SerializationError, match="goal \\(1 Upgrade\\) is reached but the game goes on"
        ),
    ):
        position(upgrades={0: ["Golden Throne"]})
    with (
        builder.mode(**CLIMB, goal="upgrades", goal_target=1),
        pytest.raises(SerializationError, match="whose goal is reached is won by player 1"),
    ):
        position(upgrades={0: ["Golden Throne"]}, over=True, winner=-1)


def _finished_climb(seed: int = 2) -> henchmen.State:
    opts = {**CLIMB, "goal": "upgrades", "goal_target": 1}
    state = henchmen.new_game(GAME, seed=seed, **opts)
    bot = make_bot("greedy", seed)
    while not state.is_terminal:
        state.apply(bot.choose(state))
    return state


def test_keep_track_the_turns_are_recorded_in_the_replay() -> None:
    """Keep track and adjust your goals to keep improving: the replay's result records the
    turns taken (`measure`), checked when it loads."""
    state = _finished_climb()
    assert state.game.measure_name == "turns" and state.measure is not None
    text = make_replay(state, seed=2).to_json()
    result = json.loads(text)["result"]
    assert result["measure"] == {"name": "turns", "value": int(state.measure)}
    assert Replay.from_json(text).verify() == state
    wrong = text.replace(f'"value": {int(state.measure)}}}', f'"value": {int(state.measure) + 1}}}')
    with pytest.raises(SerializationError, match=r"the measure .* differs from the recorded"):
        Replay.from_json(wrong).verify()


def test_other_modes_record_no_measure() -> None:
    state = henchmen.new_game(GAME, seed=1)
    assert state.game.measure_name is None and state.measure is None
    assert "measure" not in json.loads(make_replay(state).to_json())["result"]


def test_simulate_reports_the_mean_turns_with_an_interval(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`henchmen simulate --option mode=climb`: the mean turns to the goal with a 95% interval
    of the mean, and how many games reached it, in place of win rates."""
    from henchmen.cli import main

    args = ["simulate", GAME, "--option", "mode=climb", "--option", "goal=upgrades"]
    assert main([*args, "--bots", "greedy", "--games", "6"]) == 0
    head, row = capsys.readouterr().out.splitlines()[1:3]
    assert head.split() == [
        "bot",
        "games",
        "reached",
        "mean",
        "turns",
        "95%",
        "interval",
        "mean",
        "return",
    ]
    cells = row.split()
    assert cells[:3] == ["greedy", "6", "6"] and 1 <= float(cells[3]) <= 200


def test_matches_collect_the_turns_natively_and_in_python() -> None:
    from henchmen.matches import parse_bot_spec, run_matches

    game = henchmen.Game(GAME, **CLIMB, goal="upgrades", goal_target=1)
    native = run_matches(game, [parse_bot_spec("greedy")], games=3, seed=4)
    python = run_matches(game, [parse_bot_spec("random")], games=2, seed=4, native=False)
    for r in (native, python):
        assert r.measure_name == "turns" and len(r.measures) == r.games
        for ret, m in zip(r.returns, r.measures, strict=True):
            assert m is None or ret[0] == pytest.approx(_score(int(m)))
    summary = native.measure()
    assert summary is not None and summary.reached == 3 and summary.interval is not None
