"""What the search does at its root: root parallelism (``threads``) and the greedy prior."""

from __future__ import annotations

import pytest

import henchmen
from henchmen import _core
from henchmen.bots import SearchBot
from henchmen.errors import OptionError
from henchmen.search import ISMCTS, HeuristicEvaluator
from henchmen.state import State


def opening() -> State:
    # Seven Secret Supervillains, seed 2: player 1 may play a Tiny Bot or a Junky
    # Bot, or end the turn with their power unspent.
    state = henchmen.new_game("seven-secret-supervillains", seed=2)
    assert sorted(state.action_to_string(a) for a in state.legal_action_ids) == [
        "end turn", "play Junky Bot", "play Tiny Bot"]
    return state


def settings(**over: object) -> dict[str, object]:
    base: dict[str, object] = {
        "iterations": 300, "exploration": 0.3, "rollout_depth": 0, "determinize": True,
        "puct": False, "seed": 5, "max_seconds": 0.0, "exact_knowledge": True}
    return {**base, **over}


@pytest.mark.parametrize("exact", [True, False])
def test_root_parallel_merges_the_trees_by_visits(exact: bool) -> None:
    state = opening()
    merged = state._s.search(settings(threads=2, exact_knowledge=exact))
    # the same two trees, searched one at a time from the seeds the threads get
    parts = [state._s.search(settings(seed=_core.derive_seed(5, t), exact_knowledge=exact))
             for t in range(2)]
    assert merged["iterations"] == 600
    assert merged["actions"] == parts[0]["actions"] == parts[1]["actions"]
    for i in range(len(merged["actions"])):
        visits = [p["visits"][i] for p in parts]
        assert merged["visits"][i] == sum(visits)
        mean = sum(v * p["values"][i] for v, p in zip(visits, parts, strict=True)) / sum(visits)
        assert merged["values"][i] == pytest.approx(mean)
    best = max(range(len(merged["actions"])), key=lambda i: (merged["visits"][i], -i))
    assert merged["best"] == merged["actions"][best]
    again = state._s.search(settings(threads=2, exact_knowledge=exact))  # repeatable
    assert {**merged, "seconds": 0} == {**again, "seconds": 0}


def test_threads_through_the_bots() -> None:
    state = opening()
    bot = SearchBot(seed=3, iterations=100, threads=2)
    assert bot.native_spec()["threads"] == 2
    assert bot.choose(state) == SearchBot(seed=3, iterations=100, threads=2).choose(state)
    game = henchmen.Game("super")
    spec = {"kind": "ismcts", "iterations": 60, "threads": 2}
    first = game._core.play_matches([spec, {"kind": "ismcts", "iterations": 60}], 2, 9, 1)
    again = game._core.play_matches([spec, {"kind": "ismcts", "iterations": 60}], 2, 9, 1)
    assert first["returns"] == again["returns"] and first["lengths"] == again["lengths"]
    for bad in (0, 100_000):
        with pytest.raises(OptionError, match="threads"):
            SearchBot(threads=bad)
        with pytest.raises(OptionError, match="threads"):
            state._s.search(settings(threads=bad))


def test_greedy_prior_gives_every_root_move_its_visits() -> None:
    state = opening()
    raw = state._s.search(settings(iterations=1, greedy_prior=50))
    assert raw["iterations"] == 1
    assert sorted(raw["visits"]) == [50, 50, 51]  # the prior's, and the one iteration's
    # Ending the turn with the power unspent is what the rest of the turn, played
    # greedily, shows as worst; the heuristic right after it does not see the loss.
    named = {state.action_to_string(a): v for a, v in zip(raw["actions"], raw["values"],
                                                             strict=True)}
    assert named["end turn"] < min(named["play Junky Bot"], named["play Tiny Bot"])
    assert state.action_to_string(raw["best"]) != "end turn"


def test_greedy_prior_through_the_bots() -> None:
    state = opening()
    bot = SearchBot(seed=1, iterations=1, greedy_prior=40)
    assert bot.native_spec()["greedy_prior"] == 40
    assert state.action_to_string(bot.choose(state)) != "end turn"
    with pytest.raises(OptionError, match="greedy_prior"):
        SearchBot(greedy_prior=-1)
    with pytest.raises(OptionError, match="native"):
        ISMCTS(greedy_prior=5, evaluator=HeuristicEvaluator(), native=False)
