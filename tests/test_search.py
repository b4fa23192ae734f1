"""Search: the readable Python MCTS/ISMCTS and its native twin decide alike.

For every registered game, on a set of positions (the opening and positions
some random moves in), Python and native searches with the same seed and
iteration budget must give the same best action and the same root
statistics (visits and mean values, exactly), for UCT and PUCT, ISMCTS and
plain MCTS, heuristic leaves and random rollouts.  They can, because both
draw from the engine's generator in the same order, call the same native
resample, chance sampling and heuristic, and add the same floating-point
values in the same order.  No difference is known; a time budget
(``max_seconds``) is the one thing that is not reproducible, by design.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Sequence

import pytest

import henchmen
from henchmen.bots import SearchBot, make_bot
from henchmen.errors import ActionTypeError, Cancelled, EvaluatorError, OptionError, PlayerError
from henchmen.search import ISMCTS, MCTS, HeuristicEvaluator, RandomRollout
from henchmen.walks import random_walk

GAMES = [g.name for g in henchmen.games()]


def positions(name: str) -> list[henchmen.State]:
    """The opening and three positions some random decisions into the game, each moved on
    through forced moves (a lone pass or end of turn) to the next real choice."""
    out = []
    for seed, steps in ((1, 0), (2, 15), (3, 60), (4, 150)):
        state = random_walk(name, seed, steps)
        for _ in range(50):
            if state.is_terminal or len(state.legal_action_ids) > 1:
                break
            state.apply(state.legal_action_ids[0])
        if not state.is_terminal and len(state.legal_action_ids) > 1:
            out.append(state)
    assert len(out) >= 2, f"too few test positions for {name}"
    return out


CONFIGS = [
    pytest.param(ISMCTS, False, HeuristicEvaluator(), id="ismcts-uct-heuristic"),
    pytest.param(ISMCTS, True, HeuristicEvaluator(), id="ismcts-puct-heuristic"),
    pytest.param(ISMCTS, False, RandomRollout(10), id="ismcts-uct-rollout10"),
    pytest.param(ISMCTS, True, RandomRollout(-1), id="ismcts-puct-rollout-to-end"),
    pytest.param(MCTS, False, HeuristicEvaluator(), id="mcts-uct-heuristic"),
    pytest.param(MCTS, True, RandomRollout(10), id="mcts-puct-rollout10"),
]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(("cls", "puct", "evaluator"), CONFIGS)
def test_python_and_native_search_agree(
    name: str, cls: type[MCTS], puct: bool, evaluator: HeuristicEvaluator | RandomRollout
) -> None:
    iterations = 60 if isinstance(evaluator, RandomRollout) and evaluator.depth < 0 else 150
    for i, state in enumerate(positions(name)):
        before = state.serialize()
        settings = {
            "iterations": iterations,
            "seed": 17 + i,
            "puct": puct,
            "evaluator": evaluator,
            "exploration": 0.7,
        }
        native = cls(**settings, native=True).search(state)  # type: ignore[arg-type]
        python = cls(**settings, native=False).search(state)  # type: ignore[arg-type]
        assert native.native and not python.native
        assert python.best == native.best, (name, i)
        assert python.children == native.children, (name, i)
        assert python.line == native.line, (name, i)
        assert python.iterations == native.iterations == iterations
        assert python.rollout_steps == native.rollout_steps
        assert state.serialize() == before, "search changed the position"


def test_the_principal_line_follows_the_most_visited_replies() -> None:
    # Parry's opening, MCTS on the true state: every step is a decision, none hidden.
    state = henchmen.new_game("parry", seed=1)
    result = MCTS(iterations=300, seed=2).search(state)
    assert result.line[0] == (0, result.best.id, result.best.text)
    replay = state.clone()
    for player, action, name in result.line:
        if name is None:  # a draw or a hidden card came first: unnamed from here on
            break
        assert replay.current_player == player and replay.action_to_string(action) == name
        replay.apply(action)
    visits = {a.id: v for a, v, _ in result.children}
    assert visits[result.best.id] == max(visits.values())
    assert 2 <= len(result.line) <= 12


def test_seeds_matter_and_repeat() -> None:
    state = positions(GAMES[0])[1]
    a = ISMCTS(iterations=200, seed=1).search(state)
    b = ISMCTS(iterations=200, seed=1).search(state)
    c = ISMCTS(iterations=200, seed=2).search(state)
    assert a.children == b.children and a.children != c.children


def test_python_evaluators_and_priors_run_in_python() -> None:
    state = positions(GAMES[0])[1]
    calls = []

    def evaluator(s: henchmen.State) -> Sequence[float]:
        calls.append(s.move_number)
        return [0.0] * s.game.num_players

    result = ISMCTS(iterations=40, seed=3, evaluator=evaluator).search(state)
    assert not result.native and len(calls) == 40 and result.best in state.legal_actions
    first = state.legal_action_ids[0]
    prior = ISMCTS(
        iterations=60, seed=3, puct=True, exploration=5.0, prior=lambda s: {first: 1.0}
    ).search(state)
    assert not prior.native and prior.best.id == first
    with pytest.raises(OptionError, match="native search needs a built-in evaluator"):
        ISMCTS(evaluator=evaluator, native=True)
    bad = ISMCTS(iterations=5, evaluator=lambda s: [0.0])
    with pytest.raises(EvaluatorError, match="returned 1 values for 2 players"):
        bad.search(state)


def _raises(s: henchmen.State) -> list[float]:
    raise ZeroDivisionError("boom")


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"evaluator": lambda s: [math.nan, 0.0]}, "finite"),
        ({"evaluator": lambda s: [math.inf, 0.0]}, "finite"),
        ({"evaluator": _raises}, "evaluator raised ZeroDivisionError: boom"),
        ({"evaluator": lambda s: None}, "evaluator raised TypeError"),
        ({"evaluator": lambda s: ["x", 0.0]}, "evaluator raised ValueError"),
        (
            {"puct": True, "prior": lambda s: dict.fromkeys(s.legal_action_ids, math.nan)},
            "prior must give finite",
        ),
        ({"puct": True, "prior": lambda s: 5}, "prior raised"),
    ],
)
def test_bad_evaluators_and_priors_raise_henchmen_errors(
    settings: dict[str, object], message: str
) -> None:
    """Issue 10: NaN, a raising evaluator, a wrong prior: one clear henchmen error."""
    state = positions(GAMES[0])[0]
    with pytest.raises(EvaluatorError, match=message):
        ISMCTS(iterations=30, seed=1, **settings).search(state)  # type: ignore[arg-type]


def test_a_search_can_be_cancelled_from_another_thread() -> None:
    state = positions(GAMES[0])[0]
    for native in (True, False):
        token = henchmen.CancelToken()
        timer = threading.Timer(0.1, token.cancel)
        timer.start()
        start = time.perf_counter()
        with pytest.raises(Cancelled):
            ISMCTS(iterations=10**8, seed=1, native=native).search(state, cancel=token)
        assert time.perf_counter() - start < 5.0
        timer.join()
    with pytest.raises(ActionTypeError, match="CancelToken"):
        ISMCTS(iterations=5).search(state, cancel="stop")  # type: ignore[arg-type]


def test_time_budget_stops_the_search() -> None:
    state = positions(GAMES[0])[0]
    for native in (True, False):
        result = ISMCTS(iterations=10**8, max_seconds=0.05, seed=1, native=native).search(state)
        assert 0 < result.iterations < 10**8 and result.seconds < 2.0


def test_search_refuses_chance_and_bad_settings() -> None:
    with pytest.raises(PlayerError):
        ISMCTS(iterations=10).search(henchmen.new_game(GAMES[0], auto_chance=False))
    for bad in ({"iterations": 0}, {"exploration": -1.0}, {"exploration": 101}, {"native": 3}):
        with pytest.raises(OptionError):
            ISMCTS(**bad)
    with pytest.raises(ActionTypeError):  # a wrong type, as everywhere in the API
        ISMCTS(max_seconds="1")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", GAMES)
def test_search_bot_is_reproducible_for_a_seed(name: str) -> None:
    def game(seed: int) -> list[int]:
        state = henchmen.new_game(name, seed=5)
        n = state.game.num_players
        bots = [SearchBot(seed=seed + p, iterations=40) for p in range(n)]
        for _ in range(60):
            if state.is_terminal:
                break
            state.apply(bots[state.current_player].choose(state))
        return state.history_ids

    assert game(1) == game(1)
    assert make_bot("ismcts", seed=1).name == "ismcts" and make_bot("mcts").name == "mcts"


def test_search_bot_settings() -> None:
    bot = SearchBot(seed=1, iterations=30, exploration=0.5, puct=True, rollout_depth=4)
    spec = bot.native_spec()
    assert spec == {
        "kind": "ismcts",
        "iterations": 30,
        "exploration": 0.5,
        "rollout_depth": 4,
        "puct": True,
        "max_seconds": 0.0,
        "exact_knowledge": True,
        "threads": 1,
    }
    assert SearchBot(seed=1, exact=False).native_spec()["exact_knowledge"] is False
    with pytest.raises(OptionError, match="exact"):
        SearchBot(seed=1, exact="yes")  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="exact_knowledge"):
        ISMCTS(iterations=10, exact_knowledge=1)  # type: ignore[arg-type]
    state = positions(GAMES[0])[0]
    assert bot.choose(state) in state.legal_action_ids
    assert "iterations=30" in repr(bot)
    for bad in (
        {"algorithm": "alphazero"},
        {"iterations": 0},
        {"exploration": -2.0},
        {"rollout_depth": -5},
        {"puct": "yes"},
    ):
        with pytest.raises(OptionError):
            SearchBot(**bad)
