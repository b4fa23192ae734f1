"""The learned leaf evaluator: native inference, training, the search's use of it,
and tampered weights files."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import numpy as np
import pytest

import henchmen
from henchmen.bots import SearchBot
from henchmen.cli import main
from henchmen.errors import HenchmenError, OptionError, SerializationError
from henchmen.learn import weights_file
from henchmen.learn.model import ValueNet, fit
from henchmen.learn.train import train
from henchmen.matches import parse_bot_spec
from henchmen.search import ISMCTS
from henchmen.search.learned import LearnedEvaluator

PARRY_INPUTS = 17  # Parry's observation tensor: hand (2), health and hand size (2 x 4) ...


def tiny(
    w_strikes: tuple[float, float], b1: tuple[float, float], w2: tuple[float, float], b2: float
) -> ValueNet:
    """A two-unit network that reads only input 0 (the viewer's Strikes in hand)."""
    net = ValueNet.initial("parry", players=2, inputs=PARRY_INPUTS, hidden=2, seed=0)
    net.w1 = np.zeros((PARRY_INPUTS, 2))
    net.w1[0] = w_strikes
    net.b1 = np.asarray(b1, dtype=np.float64)
    net.w2 = np.asarray(w2, dtype=np.float64)
    net.b2 = b2
    return net


def test_native_value_equals_numpy_and_the_hand_sum(tmp_path: Path) -> None:
    # value = tanh(b2 + w2 . relu(b1 + w1^T (x - mean) * scale)), by hand on
    # input 0 = the viewer's Strikes: 3 at the start of this game for player 1.
    net = tiny((1.0, -1.0), (0.5, 0.0), (2.0, 1.0), -0.25)
    net.mean[0], net.scale[0] = 1.0, 0.5  # the standardisation the native side folds in
    path = tmp_path / "parry.json"
    net.save(path)
    state = henchmen.new_game("parry", seed=1)
    for p in (0, 1):
        strikes = float(state._s.observation_tensor(p)[0])
        z = (strikes - 1.0) * 0.5
        by_hand = math.tanh(-0.25 + 2.0 * max(0.5 + z, 0.0) + 1.0 * max(-z, 0.0))
        numpy_value = float(net.predict(state._s.observation_tensor(p)[None, :])[0])
        native = state._s.learned_value(str(path), p)
        assert numpy_value == pytest.approx(by_hand, abs=1e-12)
        assert native == pytest.approx(by_hand, abs=1e-9)
    assert state._s.observation_tensor(0)[0] == 3.0
    assert state._s.learned_value(str(path), 0) == pytest.approx(
        math.tanh(-0.25 + 2.0 * 1.5), abs=1e-9
    )
    # The Python evaluator (numpy) agrees with the native one, player by player.
    python_values = LearnedEvaluator(str(path))(state)
    assert python_values == pytest.approx(
        [state._s.learned_value(str(path), p) for p in (0, 1)], abs=1e-9
    )


def test_the_heuristic_input_is_the_games_heuristic(tmp_path: Path) -> None:
    # A network that reads only its last input, the heuristic: value =
    # tanh(0.5 * relu(h) - 0.5 * relu(-h) + 0.1), h the player's heuristic.
    net = ValueNet.initial("parry", players=2, inputs=PARRY_INPUTS + 1, hidden=2, seed=0)
    net.heuristic_input = True
    net.w1 = np.zeros((PARRY_INPUTS + 1, 2))
    net.w1[-1] = (1.0, -1.0)
    net.b1, net.w2, net.b2 = np.zeros(2), np.asarray([0.5, -0.5]), 0.1
    path = tmp_path / "h.json"
    net.save(path)
    state = henchmen.new_game("parry", seed=1)
    state.apply(state.legal_actions[0])  # a strike: the heuristics differ from 0
    for p in (0, 1):
        h = state.heuristic(p)
        by_hand = math.tanh(0.5 * max(h, 0.0) - 0.5 * max(-h, 0.0) + 0.1)
        assert state._s.learned_value(str(path), p) == pytest.approx(by_hand, abs=1e-6)
        assert LearnedEvaluator(str(path))(state)[p] == pytest.approx(by_hand, abs=1e-6)
    assert state.heuristic(0) != 0.0


@pytest.mark.parametrize("zero_sum", [False, True])
def test_the_search_follows_the_model(tmp_path: Path, zero_sum: bool) -> None:
    # Player 1 may strike (spending a Strike) or end the turn (keeping it).
    # A model that likes Strikes in hand makes the search keep them; one
    # that dislikes them makes it strike. The search is the same otherwise.
    state = henchmen.new_game("parry", seed=1)
    assert [str(a) for a in state.legal_actions] == ["strike player 2", "end turn"]
    keep = tmp_path / "keep.json"
    spend = tmp_path / "spend.json"
    tiny((1.0, 0.0), (0.0, 0.0), (3.0, 0.0), -6.0).save(keep)
    tiny((-1.0, 0.0), (4.0, 0.0), (3.0, 0.0), -6.0).save(spend)
    for path in (keep, spend):
        # zero_sum: the native search reads only the searching player's view.
        doc = json.loads(path.read_text())
        path.write_text(json.dumps({**doc, "zero_sum": zero_sum}))
    choices = {}
    for name, path in (("keep", keep), ("spend", spend)):
        bot = SearchBot(seed=5, iterations=300, leaf="learned", weights=str(path))
        choices[name] = str(
            state.legal_actions[[a.id for a in state.legal_actions].index(bot.choose(state))]
        )
        python = ISMCTS(iterations=60, seed=5, evaluator=LearnedEvaluator(str(path)), native=False)
        assert str(python.search(state).best) == choices[name]
    assert choices == {"keep": "end turn", "spend": "strike player 2"}


def test_training_on_a_tiny_budget_writes_a_file_the_search_reads(tmp_path: Path) -> None:
    out = tmp_path / "parry.json"
    summary = train("parry", seconds=1.0, out=out, bot={"kind": "random"})
    assert summary["self_play"]["games"] > 0 and out.exists()
    net = ValueNet.load(out)
    assert (net.game, net.players, net.zero_sum, net.heuristic_input) == ("parry", 2, True, True)
    assert net.inputs == PARRY_INPUTS + 1  # the tensor, then the heuristic
    spec = parse_bot_spec(f"ismcts:iterations=50:leaf=learned:weights={out}")
    native = spec.native()
    assert native is not None and native["weights"] == str(out)
    g = henchmen.Game("parry")
    result = g._core.play_matches([native, {"kind": "random"}], 4, 1, 1)
    assert result["games"] == 4


def test_the_cli_trains(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "p.json"
    assert main(["train", "parry", "--minutes", "0.05", "--out", str(out)]) == 0
    assert json.loads(capsys.readouterr().out)["file"] == str(out)
    assert main(["train", "parry", "--minutes", "-1"]) == 2


def test_missing_or_foreign_weights_are_errors(tmp_path: Path) -> None:
    state = henchmen.new_game("parry", seed=1)
    with pytest.raises(OptionError, match="no learned evaluator is shipped for 'parry'"):
        SearchBot(iterations=10, leaf="learned").choose(state)
    with pytest.raises(OptionError, match="cannot read the learned evaluator"):
        state._s.learned_value(str(tmp_path / "absent.json"), 0)
    other = ValueNet.initial("super", 2, PARRY_INPUTS, 2, seed=0)
    other.save(tmp_path / "super.json")
    with pytest.raises(OptionError, match="is for super with 2 players"):
        state._s.learned_value(str(tmp_path / "super.json"), 0)
    with pytest.raises(OptionError, match="leaf must be one of"):
        SearchBot(leaf="neural")
    with pytest.raises(OptionError, match="weights is for leaf=learned"):
        SearchBot(weights="x.json")
    with pytest.raises(OptionError, match="unknown leaf 'neural'"):
        state._s.search({"leaf": "neural"})


def _tamper(text: str, rng: random.Random) -> str:
    doc = json.loads(text)
    how = rng.randrange(9)
    if how == 0:
        return text[: rng.randrange(len(text))]
    if how == 1:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice('{}[],:"x0-.eE') + text[i + 1 :]
    key = rng.choice(["mean", "scale", "w1", "b1", "w2"])
    if how == 2:
        doc[key] = doc[key][:-1]
    elif how == 3:
        doc[key][rng.randrange(len(doc[key]))] = rng.choice(
            ["NaN", None, [1], {"a": 1}, 1e308 * 10, True]
        )
    elif how == 4:
        doc[rng.choice(["inputs", "hidden", "players", "version"])] = rng.choice(
            [0, -1, 10**9, "2", 2.5]
        )
    elif how == 5:
        doc["extra"] = 1
    elif how == 6:
        del doc[rng.choice(["w1", "b2", "game", "format"])]
    elif how == 7:
        doc["format"] = "other"
    else:
        doc = rng.choice([[], 3, "x", None])
    return json.dumps(doc).replace("Infinity", "1e999")


def test_tampered_weights_files_raise_errors_never_crash(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    tiny((1.0, -1.0), (0.5, 0.0), (2.0, 1.0), -0.25).save(good)
    text = good.read_text()
    state = henchmen.new_game("parry", seed=1)
    rng = random.Random(40)
    refused = 0
    for i in range(300):
        bad = tmp_path / f"bad{i}.json"
        bad.write_text(_tamper(text, rng))
        try:
            value = state._s.learned_value(str(bad), 0)
        except HenchmenError:
            refused += 1
            with pytest.raises(HenchmenError):
                state._s.search({"iterations": 5, "leaf": "learned", "weights": str(bad)})
            continue
        assert -1.0 <= value <= 1.0  # a change that kept the file sound (a digit for a digit)
    assert refused > 250
    with pytest.raises(SerializationError, match="'w1' has 33 numbers, the shape asks for 34"):
        doc = json.loads(text)
        doc["w1"] = doc["w1"][:-1]
        (tmp_path / "short.json").write_text(json.dumps(doc))
        state._s.learned_value(str(tmp_path / "short.json"), 0)


def test_shipped_weights_fit_their_games() -> None:
    from henchmen.learn import shipped

    for game in shipped():
        net = ValueNet.load(weights_file(game))
        g = henchmen.Game(game, players=net.players)
        assert net.inputs == int(np.prod(g.observation_shape))
        state = g.new_initial_state(seed=1)
        assert -1.0 < state._s.learned_value(weights_file(game), 0) < 1.0


def test_with_the_heuristic_input_training_starts_from_the_heuristic() -> None:
    # Before any step, the network is tanh(a * h') of the standardised
    # heuristic alone (the other inputs silent): an order-preserving copy of
    # the hand-written value, which early stopping keeps unless it is beaten.
    rng = np.random.default_rng(3)
    x = rng.normal(size=(200, 5)).astype(np.float32)
    y = np.tanh(1.5 * x[:, -1]) + rng.normal(0, 0.1, 200)
    net = ValueNet.initial("parry", 2, 5, 6, seed=1)
    net.heuristic_input = True
    fit(net, x, y, seconds=0.0)
    values = net.predict(x)
    order = np.argsort(x[:, -1])
    assert np.all(np.diff(values[order]) >= 0)
    h = (x[:, -1] - net.mean[-1]) * net.scale[-1]
    a = float(net.w2[0])
    assert 0.05 <= a <= 3.0
    assert values == pytest.approx(np.tanh(a * h), abs=1e-9)


def test_a_protocol_client_may_ask_for_the_learned_leaf_but_never_name_a_file() -> None:
    from henchmen.cancel import CancelToken
    from henchmen.serve.bots import SeatBot, bot_catalogue
    from henchmen.serve.protocol import Limits, ProtocolError

    with pytest.raises(ProtocolError, match="has no setting 'weights'"):
        SeatBot.from_spec(
            {"bot": "ismcts", "settings": {"leaf": "learned", "weights": "/etc/passwd"}},
            seed=1,
            limits=Limits(),
        )
    catalogue = {b["name"]: b for b in bot_catalogue()}
    assert "weights" not in catalogue["ismcts"]["settings"]
    assert catalogue["ismcts"]["settings"]["leaf"] == "str"
    bot = SeatBot.from_spec(
        {"bot": "ismcts", "iterations": 30, "settings": {"leaf": "learned"}},
        seed=1,
        limits=Limits(),
    )
    state = henchmen.new_game("super", seed=2)
    assert bot.choose(state, CancelToken()) in state.legal_action_ids
    with pytest.raises(ProtocolError, match="setting 'leaf' of bot 'ismcts' must be str"):
        SeatBot.from_spec({"bot": "ismcts", "settings": {"leaf": 1}}, seed=1, limits=Limits())
    with pytest.raises(ProtocolError, match="leaf must be one of 'heuristic', 'learned'"):
        SeatBot.from_spec({"bot": "ismcts", "settings": {"leaf": "net"}}, seed=1, limits=Limits())
