"""examples/train_value.py: its lookahead on chosen Super! positions, and a short run end to end."""

from __future__ import annotations

import doctest
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from tests.games.super.builder import position

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_value.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_value", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_value"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_a_win_outranks_any_value(example: ModuleType) -> None:
    # Player 2 has 3 health and no card to defend with: either attack wins at once.
    # A value that rates every position alike would take the first legal action,
    # "end turn", but for the rule that a finished game counts as its result.
    state = position(hands={0: ["Fireball", "Gust"]}, health={1: 3}, phase="discard")
    first = state.legal_action_ids[0]
    assert state.action_to_string(first) == "end turn"

    def flat(rows: np.ndarray) -> np.ndarray:
        return np.zeros(len(rows))

    choice = example.lookahead(state, flat, redraw=1)
    assert state.action_to_string(choice) == "attack player 2 with Fireball"


def test_the_value_decides_between_open_positions(example: ModuleType) -> None:
    # Player 2 at full health: attacking does 3 damage, the heuristic likes that;
    # its negation likes ending the turn instead.
    state = position(hands={0: ["Fireball"]}, phase="discard")
    before = state.serialize()
    liked = example.lookahead(state, example.heuristic_value, redraw=1)
    assert state.action_to_string(liked) == "attack player 2 with Fireball"

    def disliked(rows: np.ndarray) -> np.ndarray:
        return np.asarray(-example.heuristic_value(rows))

    assert state.action_to_string(example.lookahead(state, disliked, redraw=1)) == "end turn"
    assert state.serialize() == before  # the lookahead tries actions on a redraw only


def short_run(example: ModuleType, capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    """The printed lines of a one-round run: the header, the round, the evaluation."""
    example.main(["--minutes", "0.001", "--fit-seconds", "0.5", "--seed", "3", *args])
    return list(capsys.readouterr().out.splitlines())


def test_a_run_from_the_heuristic_predicts_unseen_games(
    example: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = str(tmp_path / "net.json")
    out = short_run(example, capsys, "--round", "12", "--eval-games", "4", "--save", saved)
    assert out[0].startswith("games  minutes  score against greedy")
    games, _, score, held_out, baseline = out[1].replace("(", "").replace(")", "").split()
    assert games == "12" and 0.0 <= float(score) <= 1.0
    # Games the fit never saw are predicted better than by a constant.
    assert float(held_out) < float(baseline)
    assert out[2].startswith("learned value lookahead against greedy: 4 games, ")
    assert len(out) == 3
    # The saved network plays the same games the same way.
    example.main(["--load", saved, "--eval-games", "4", "--seed", "3"])
    again = capsys.readouterr().out.splitlines()
    assert again[0].split(" (")[0] == out[2].split(" (")[0]


def test_a_run_from_random_weights_ends_with_its_evaluation(
    example: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    out = short_run(example, capsys, "--start", "random", "--round", "4", "--eval-games", "2")
    assert out[1].split()[0] == "4"
    assert out[2].startswith("learned value lookahead against greedy: 2 games, ")


def test_its_docstring_examples_run(example: ModuleType) -> None:
    result = doctest.testmod(example)
    assert result.attempted > 0 and result.failed == 0
