"""The search bot's time management (issue 40): the early stop, the bank, the kept tree.

- ``early_stop``: a single legal move is played without searching, and a search ends
  once the runner-up cannot catch the leader in the iterations left (so the choice
  is the full search's);
- ``bank``: what a decision leaves unspent, a later decision of the same game may
  spend, the mean a decision staying within the budget;
- ``reuse``: within a turn (nothing but chance between two decisions of one player)
  the search goes on from the tree under the move chosen.
"""

from __future__ import annotations

from typing import Any

import pytest

import henchmen
from henchmen import _core
from henchmen.bots import RandomBot, SearchBot
from henchmen.errors import OptionError
from henchmen.matches import parse_bot_spec
from henchmen.state import State

BUDGET = 400


def settings(**given: Any) -> dict[str, Any]:
    return {"iterations": BUDGET, "exploration": 0.3, "rollout_depth": 0,
            "exact_knowledge": False, "seed": 7, **given}


def positions(name: str, count: int, legal: int) -> list[State]:
    """Positions from one random game with exactly one legal move (``legal`` 1) or more."""
    state = henchmen.new_game(name, seed=3)
    bot = RandomBot(seed=4)
    out: list[State] = []
    while len(out) < count and not state.is_terminal:
        n = len(state.legal_action_ids)
        if (n == 1) == (legal == 1):
            out.append(state.clone())
        state.apply(bot.choose(state))
    assert len(out) == count
    return out


def test_a_forced_move_is_played_without_searching() -> None:
    for state in positions("villainy", 3, legal=1):
        (only,) = state.legal_action_ids
        raw = state._s.search(settings(early_stop=1.0))
        assert raw["best"] == only and raw["iterations"] == 0
        assert state._s.search(settings())["iterations"] == BUDGET


def test_early_stop_ends_a_decided_search_with_the_full_searchs_choice() -> None:
    stopped = 0
    for seed, state in enumerate(positions("seven-secret-supervillains", 12, legal=2)):
        full = state._s.search(settings(seed=seed))
        early = state._s.search(settings(seed=seed, early_stop=1.0))
        assert early["best"] == full["best"]
        if early["iterations"] < BUDGET:
            stopped += 1
            first, second = sorted(early["visits"])[-2:][::-1]
            # it stopped because the runner-up could not catch the leader any more
            assert first - second > BUDGET - early["iterations"]
            # and no sooner: the same search 16 iterations shorter had not decided
            shorter = state._s.search(settings(seed=seed, iterations=early["iterations"] - 16))
            a, b = sorted(shorter["visits"])[-2:][::-1]
            assert a - b <= BUDGET - (early["iterations"] - 16)
            # a smaller share stops no later
            eager = state._s.search(settings(seed=seed, early_stop=0.25))
            assert eager["iterations"] <= early["iterations"]
    assert stopped >= 3


def recorded(name: str, spec: dict[str, Any], games: int = 2) -> list[dict[str, Any]]:
    game = henchmen.Game(name)
    n = game.num_players
    seeds = [_core.derive_seed(21, g) for g in range(games)]
    bot = {"kind": "ismcts", "exploration": 0.3, "rollout_depth": 0, **spec}
    out: list[dict[str, Any]] = game._core.play_recorded([[bot] * n] * games, seeds, False, 1)
    return out


def test_early_stop_never_changes_a_game() -> None:
    plain = recorded("seven-secret-supervillains", {"iterations": 200, "early_stop": 0.0})
    early = recorded("seven-secret-supervillains", {"iterations": 200, "early_stop": 1.0})
    assert [g["history"] for g in early] == [g["history"] for g in plain]
    assert sum(sum(g["iterations"]) for g in early) < sum(sum(g["iterations"]) for g in plain)


def test_the_bank_spends_what_early_stops_save_within_the_mean() -> None:
    saved = recorded("villainy", {"iterations": 200, "early_stop": 1.0})
    banked = recorded("villainy", {"iterations": 200, "early_stop": 1.0, "bank": 1.0})
    for game in banked:
        for iterations, decisions in zip(game["iterations"], game["decisions"], strict=True):
            assert iterations <= 200 * decisions  # the mean stays within the budget

    def mean(games: list[dict[str, Any]]) -> float:
        return sum(sum(g["iterations"]) for g in games) / sum(sum(g["decisions"]) for g in games)

    # forced moves (most of Villainy's) and decided roots save; the bank spends it
    assert mean(saved) < 100 < mean(banked)
    assert [g["history"] for g in banked] != [g["history"] for g in saved]


def eligible(name: str, game: dict[str, Any]) -> list[int]:
    """By seat: decisions whose player also took the decision before (nothing but
    chance between), that one not forced (a forced move searches no tree)."""
    state = henchmen.Game(name).new_initial_state(auto_chance=False)
    n = henchmen.Game(name).num_players
    out = [0] * n
    last, last_forced = -1, True
    for action in game["history"]:
        p = state._s.current_player
        if p >= 0:
            if p == last and not last_forced:
                out[p] += 1
            last, last_forced = p, len(state._s.legal_actions()) == 1
        state._s.apply(action)
    return out


@pytest.mark.parametrize("name", ["seven-secret-supervillains", "legendary"])
def test_the_kept_tree_is_searched_on_within_a_turn_only(name: str) -> None:
    games = recorded(name, {"iterations": 100, "early_stop": 1.0, "reuse": True})
    total = possible = 0
    for game in games:
        for reused, could in zip(game["reused"], eligible(name, game), strict=True):
            assert reused <= could  # never across another player's decision
            total, possible = total + reused, possible + could
    assert possible > 0 and total >= possible // 2
    # (every move played came from a kept tree's legal root moves: apply would refuse another)
    assert all(sum(g["reused"]) == 0 for g in recorded(name, {"iterations": 100, "reuse": False}))


def test_the_settings_are_checked() -> None:
    state = positions("villainy", 1, legal=2)[0]
    for bad in ({"early_stop": 1.5}, {"early_stop": -0.1}):
        with pytest.raises(OptionError, match="early_stop"):
            state._s.search(settings(**bad))
    for bad in ({"bank": 2.0}, {"bank": -1.0}):
        with pytest.raises(OptionError, match="bank"):
            state._s.bot_action({"kind": "ismcts", **bad}, _core.Rng(1))
    for key, value in (("bank", 0.5), ("reuse", True)):
        with pytest.raises(OptionError, match="a bot's setting"):
            state._s.search(settings(**{key: value}))
    with pytest.raises(OptionError, match="early_stop"):
        SearchBot(early_stop=3)
    spec = parse_bot_spec("ismcts:early_stop=0.5:bank=1:reuse=true").native()
    assert spec is not None
    assert (spec["early_stop"], spec["bank"], spec["reuse"]) == (0.5, 1.0, True)
