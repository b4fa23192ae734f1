"""State.information_state_tensor and State.observation_string (OpenSpiel's names).

The information state tensor is the observation tensor (the engine folds what
a player has seen into it), flat; the observation string is the observation as
JSON. Both are equal in every state the player cannot tell apart, for every
game, and the OpenSpiel bridge reads them (it has no versions of its own).
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import henchmen
from henchmen.errors import PlayerError
from henchmen.walks import random_walk

GAMES = [g.name for g in henchmen.games()]


@pytest.mark.parametrize("name", GAMES)
def test_equal_within_an_information_set_and_what_the_docs_say(name: str) -> None:
    state = random_walk(name, 3, 30)
    for player in range(state.game.num_players):
        tensor = state.information_state_tensor(player)
        assert tensor.dtype == np.float32 and tensor.ndim == 1
        np.testing.assert_array_equal(tensor, state.observation_tensor(player).reshape(-1))
        text = state.observation_string(player)
        assert json.loads(text) == state.observation(player)
        for seed in (1, 2):
            twin = state.resample(player, seed=seed)
            np.testing.assert_array_equal(twin.information_state_tensor(player), tensor)
            assert twin.observation_string(player) == text


def test_another_players_information_differs_when_a_hidden_card_is_redrawn() -> None:
    state = random_walk("seven-secret-supervillains", 2, 25)
    twins = [state.resample(1, seed=s) for s in range(6)]  # player 0's hidden cards redrawn
    assert any(t.observation_string(0) != state.observation_string(0) for t in twins)
    assert any(
        (t.information_state_tensor(0) != state.information_state_tensor(0)).any() for t in twins
    )


def test_bad_players_are_henchmen_errors() -> None:
    state = henchmen.new_game("parry", seed=1)
    for bad in (2, -1, 10**12):
        with pytest.raises(PlayerError):
            state.information_state_tensor(bad)
        with pytest.raises(PlayerError):
            state.observation_string(bad)
    with pytest.raises(henchmen.errors.ActionTypeError):
        state.observation_string("player_0")  # type: ignore[arg-type]


def test_the_openspiel_bridge_reads_them(monkeypatch: pytest.MonkeyPatch) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import henchmen.openspiel

    state = pyspiel.load_game("henchmen_parry").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    ours = state.henchmen_state
    assert state.information_state_tensor(1) == ours.information_state_tensor(1).tolist()
    assert state.observation_string(1) == ours.observation_string(1)
    # The bridge calls the State methods: replaced, they change what OpenSpiel sees.
    marked = np.full(ours.game.observation_shape, 7.0, np.float32).reshape(-1)
    monkeypatch.setattr(henchmen.State, "information_state_tensor", lambda self, p: marked)
    monkeypatch.setattr(henchmen.State, "observation_string", lambda self, p: f"seat {p}")
    game = state.get_game()
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    recall.set_from(state, 0)
    assert (recall.tensor == 7.0).all()
    assert recall.string_from(state, 1) == "seat 1"
    plain = game.make_py_observer()
    plain.set_from(state, 0)
    assert not (plain.tensor == 7.0).all()  # the observation observer reads observation_tensor
