"""The default search bot's settings, game by game (cpp/search/defaults.h).

Every way of asking for the default bot (SearchBot, a bot spec as the command
line gives it, a native BotSpec, the table's hint) plays with the game's row
where the user gave no value; a value given always wins.
"""

from __future__ import annotations

from typing import Any

import henchmen
from henchmen import _core
from henchmen.bots import RandomBot, SearchBot
from henchmen.bots.search_bot import search_defaults
from henchmen.matches import parse_bot_spec
from henchmen.search import RandomRollout
from henchmen.serve.bots import SeatBot
from henchmen.serve.protocol import Limits
from henchmen.state import State

OLD = {"iterations": 1000, "exploration": 0.3, "rollout_depth": 0, "puct": False,
       "greedy_prior": 0, "early_stop": 0.0, "bank": 0.0, "reuse": False}
#: Every game's row but Super!'s: the old settings, stopping a decided search.
ROW = {**OLD, "early_stop": 1.0}


def positions(name: str, count: int = 6) -> list[State]:
    state = henchmen.new_game(name, seed=3)
    bot = RandomBot(seed=4)
    out: list[State] = []
    while len(out) < count and not state.is_terminal:
        if len(state.legal_action_ids) > 1:
            out.append(state.clone())
        for _ in range(3):
            if not state.is_terminal:
                state.apply(bot.choose(state))
    return out


def native_moves(spec: dict[str, Any], states: list[State]) -> list[int]:
    return [s._s.bot_action(spec, _core.Rng(11)) for s in states]


def test_the_table_rows() -> None:
    # Super!: the heuristic leaf capped the search; 10 random steps before it, at
    # half the iterations for the same time a move (docs/strength.md).
    assert search_defaults("super") == {
        **ROW, "iterations": 500, "rollout_depth": 10}
    # S.U.E.T.: a larger cap where the early stop plays most decisions at once, for
    # the same mean time a decision.
    assert search_defaults("suet") == {**ROW, "iterations": 2600}
    # A game without a row of its own keeps the old default, stopping a decided search.
    for game in ("parry", "seven-secret-supervillains", "villainy", "legendary"):
        assert search_defaults(game) == ROW


def test_a_native_bot_without_settings_takes_the_games_row() -> None:
    states = positions("super")
    row = {"kind": "ismcts", **search_defaults("super")}
    left_out = native_moves({"kind": "ismcts"}, states)
    assert left_out == native_moves(row, states)
    # and the row is not the old default's: some position tells them apart
    assert left_out != native_moves({"kind": "ismcts", **OLD}, states)


def test_explicit_values_win() -> None:
    states = positions("super")
    given = {"kind": "ismcts", "rollout_depth": 0, "iterations": 1000}
    assert native_moves(given, states) == native_moves({"kind": "ismcts", **OLD}, states)
    bot = SearchBot(rollout_depth=0, exploration=0.5)
    assert bot.settings("super") == {**ROW, "iterations": 500, "exploration": 0.5}
    spec = parse_bot_spec("ismcts:rollout_depth=0").native()
    assert spec is not None and spec["rollout_depth"] == 0 and "iterations" not in spec


def test_search_bot_plays_the_games_row() -> None:
    states = positions("super", 3)
    for seed, state in enumerate(states):
        by_default = SearchBot(seed=seed).choose(state)
        spelled_out = SearchBot(seed=seed, **search_defaults("super")).choose(state)
        assert by_default == spelled_out
    assert SearchBot().settings("legendary") == ROW
    assert SearchBot().settings("suet")["iterations"] == 2600
    assert SearchBot(iterations=300).settings("suet")["iterations"] == 300
    assert SearchBot(greedy_prior=50).settings("villainy")["greedy_prior"] == 50


def test_native_matches_follow_the_row() -> None:
    game = henchmen.Game("super")
    left_out = game._core.play_matches([{"kind": "ismcts"}] * 2, 2, 5, 1)
    row = {"kind": "ismcts", **search_defaults("super")}
    spelled_out = game._core.play_matches([row] * 2, 2, 5, 1)
    assert left_out["returns"] == spelled_out["returns"]
    assert left_out["lengths"] == spelled_out["lengths"]


def test_the_hint_follows_the_row() -> None:
    bot = SeatBot.from_spec({"bot": "ismcts", "iterations": 50}, seed=1, limits=Limits())
    search = bot._search(0, "super")
    assert isinstance(search.evaluator, RandomRollout) and search.evaluator.depth == 10
    given = SeatBot.from_spec(
        {"bot": "ismcts", "iterations": 50, "settings": {"rollout_depth": 0}}, 1, Limits())
    assert not isinstance(given._search(0, "super").evaluator, RandomRollout)


def test_the_default_bot_plays_the_old_moves_and_stops_decided_searches() -> None:
    # The row's early stop never changes a move: the same games as the old settings
    # spelled out, in fewer iterations; early_stop=0 given spends the whole budget.
    game = henchmen.Game("seven-secret-supervillains")
    seeds = [_core.derive_seed(5, g) for g in range(2)]

    def play(spec: dict[str, Any]) -> list[dict[str, Any]]:
        played: list[dict[str, Any]] = game._core.play_recorded(
            [[{"kind": "ismcts", **spec}] * 2] * 2, seeds, False, 1)
        return played

    row, old = play({"iterations": 150}), play({**OLD, "iterations": 150})
    given = play({"iterations": 150, "early_stop": 0.0})
    assert [g["history"] for g in row] == [g["history"] for g in old]
    searched = [sum(sum(g["iterations"]) for g in games) for games in (row, old, given)]
    decisions = sum(sum(g["decisions"]) for g in old)
    assert searched[0] < searched[1] == searched[2] == 150 * decisions
