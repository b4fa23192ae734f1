"""The friendly API: games, Game, State, Action, LegalActions, errors, RNG pins."""

from __future__ import annotations

import ast
import copy
import json
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import henchmen
from henchmen import _core
from henchmen.errors import (
    ActionTypeError,
    HenchmenError,
    IllegalActionError,
    NotationError,
    OptionError,
    PlayerError,
    SerializationError,
    UnknownGameError,
)
from henchmen.walks import random_walk

SSS = "seven-secret-supervillains"
ROOT = Path(__file__).resolve().parents[1]


def played(seed: int = 1, steps: int = 30, **kwargs: object) -> henchmen.State:
    """A state some random steps into a game."""
    return random_walk(SSS, seed, steps, **kwargs)


# --------------------------------------------------------------------- games
def test_games_lists_every_game_with_its_options() -> None:
    infos = henchmen.games()
    assert [g.name for g in infos] == [g["name"] for g in json.loads(_core.games_json())]
    for g in infos:
        assert g.options[0].name == "players" and 1 <= g.min_players <= g.max_players
        assert g.options[0].default in range(g.min_players, g.max_players + 1)
    info = next(g for g in infos if g.name == SSS)
    assert info.name == SSS and info.title == "Seven Secret Supervillains"
    assert info.summary and info.min_players == 1 and info.max_players == 4
    assert info.options[0].name == "players"
    assert info.options[0].kind == "int" and info.options[0].default == 2
    for o in info.options:
        assert o.kind in {"int", "bool", "choice", "choice-list", "text"}
        assert o.allowed and o.doc
    assert henchmen.game_info(SSS) == info
    assert info.option("players") is info.options[0]


def test_game_info_errors() -> None:
    with pytest.raises(UnknownGameError, match="known games: seven-secret-supervillains"):
        henchmen.game_info("chess")
    with pytest.raises(ActionTypeError, match="game name must be a str"):
        henchmen.game_info(3)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="no option 'colour'; its options are: players"):
        henchmen.game_info(SSS).option("colour")


def test_constants() -> None:
    assert henchmen.CHANCE == _core.CHANCE == -1
    assert henchmen.TERMINAL == _core.TERMINAL == -4


def test_version_matches_pyproject() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    assert f'version = "{henchmen.__version__}"' in text


# ------------------------------------------------------------- option errors
@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"players": 5}, OptionError, r"option 'players' .* must be an integer from 1 to 4, got 5"),
        ({"colour": "red"}, OptionError, r"no option 'colour'; its options are: players, mode"),
        ({"crews": ["Nobody"]}, OptionError, r"option 'crews' .* must be a list of names from: "),
        ({"crews": "Royal Rule"}, OptionError, r"option 'crews' .* must be a list of names"),
        ({"max_turns": 2.5}, ActionTypeError, r"option 'max_turns' must be an int, a bool, a str"),
        ({"max_turns": None}, ActionTypeError, r"option 'max_turns' .* got NoneType None"),
        ({"crews": [1, 2]}, ActionTypeError, r"option 'crews' .* its list holds int 1"),
        ({"max_turns": {"a": 1}}, ActionTypeError, r"option 'max_turns'"),
        ({"max_turns": 2**70}, OptionError, r"option 'max_turns' is out of range"),
        ({"players": "2"}, OptionError, r"option 'players' .* got \"2\""),
        ({"seed": -1}, OptionError, r"seed must be an int from 0 to 2\*\*64-1, got -1"),
        ({"seed": 2**64}, OptionError, r"seed must be"),
        ({"seed": "x"}, ActionTypeError, r"seed must be an int .* got str 'x'"),
        ({"seed": 1.0}, ActionTypeError, r"seed must be an int"),
        ({"auto_chance": "yes"}, ActionTypeError, r"auto_chance must be True or False"),
    ],
)
def test_new_game_rejects_bad_options(
    kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message) as info:
        henchmen.new_game(SSS, **kwargs)  # type: ignore[arg-type]
    assert isinstance(info.value, HenchmenError) and isinstance(info.value, ValueError)


def test_new_game_unknown_game_and_bad_name_type() -> None:
    with pytest.raises(UnknownGameError, match="no game named 'nope'; known games: seven-"):
        henchmen.new_game("nope")
    with pytest.raises(ActionTypeError, match="game name must be a str, got NoneType"):
        henchmen.new_game(None)  # type: ignore[arg-type]


def test_type_errors_are_type_errors_too() -> None:
    with pytest.raises(TypeError):
        henchmen.new_game(SSS, seed="1")  # type: ignore[arg-type]
    assert issubclass(ActionTypeError, HenchmenError)
    for cls in (
        OptionError,
        UnknownGameError,
        IllegalActionError,
        NotationError,
        SerializationError,
        PlayerError,
    ):
        assert issubclass(cls, HenchmenError) and issubclass(cls, ValueError)


def test_options_are_passed_and_resolved() -> None:
    crews = list(reversed(henchmen.game_info(SSS).option("crews").default))
    game = henchmen.Game(SSS, players=2, max_turns=50, crews=tuple(crews))
    assert game.options["max_turns"] == 50 and game.options["crews"] == crews
    assert set(game.options) == {o.name for o in henchmen.game_info(SSS).options}
    default = henchmen.Game(SSS)
    assert default.options["players"] == 2
    assert default == henchmen.Game(SSS, players=2) and hash(default) == hash(henchmen.Game(SSS))
    assert default != game
    assert repr(default).startswith("Game('seven-secret-supervillains'")


# --------------------------------------------------------------------- Game
def test_game_properties() -> None:
    game = henchmen.Game(SSS)
    assert game.name == SSS and game.num_players == 2
    assert game.num_distinct_actions > 0 and game.max_game_length > 0
    assert isinstance(game.observation_shape, tuple) and len(game.observation_shape) >= 1
    assert isinstance(game.card_table(), dict) and game.card_table()
    assert game.info == henchmen.game_info(SSS)
    options = game.options
    options["players"] = 99  # a copy: the game is not changed
    assert game.options["players"] == 2
    assert pickle.loads(pickle.dumps(game)) == game


def test_game_new_initial_state_and_chance_modes() -> None:
    game = henchmen.Game(SSS)
    assert game.new_initial_state(auto_chance=False).is_chance
    assert not game.new_initial_state(seed=None).is_chance  # a fresh seed, chance resolved
    auto = game.new_initial_state(seed=5)
    assert not auto.is_chance and auto.auto_chance
    assert auto == game.new_initial_state(seed=5)
    assert auto.current_player == 0 or auto.current_player == 1
    with pytest.raises(OptionError, match="seed"):
        game.new_initial_state(seed=-2)
    with pytest.raises(OptionError, match="seed"):
        game.new_initial_state(seed=-2, auto_chance=False)


def test_random_playouts() -> None:
    game = henchmen.Game(SSS)
    stats = game.random_playouts(20, seed=3, threads=2)
    assert stats["games"] == 20 and stats["truncated"] == 0
    assert stats["actions"] >= stats["decisions"] > 0
    assert len(stats["mean_returns"]) == 2 and len(stats["wins"]) == 2
    assert sum(stats["wins"]) <= 20
    same = game.random_playouts(20, seed=3, threads=1)
    assert same["actions"] == stats["actions"] and same["wins"] == stats["wins"]
    with pytest.raises(OptionError, match="games must be an int from 0"):
        game.random_playouts(-1)
    with pytest.raises(OptionError, match="threads must be an int from 1 to "):
        game.random_playouts(1, threads=0)
    with pytest.raises(ActionTypeError, match="games must be"):
        game.random_playouts(1.5)  # type: ignore[arg-type]


# ------------------------------------------------------- State: bad input
BAD_CALLS = [
    ("apply(3.5)", lambda s: s.apply(3.5), ActionTypeError, "action must be an int id"),
    ("apply(None)", lambda s: s.apply(None), ActionTypeError, "got NoneType None"),
    ("apply(True)", lambda s: s.apply(True), ActionTypeError, "got bool True"),
    ("apply(b'x')", lambda s: s.apply(b"x"), ActionTypeError, "got bytes"),
    ("apply([1])", lambda s: s.apply([1]), ActionTypeError, "got list"),
    ("apply(-1)", lambda s: s.apply(-1), IllegalActionError, "not legal here"),
    ("apply(2**31)", lambda s: s.apply(2**31), IllegalActionError, "outside the action space"),
    ("apply(-2**40)", lambda s: s.apply(-(2**40)), IllegalActionError, "outside the action"),
    ("apply(huge id)", lambda s: s.apply(10**6), IllegalActionError, "legal: "),
    ("apply('fly')", lambda s: s.apply("fly away"), NotationError, "legal moves: "),
    ("apply('')", lambda s: s.apply(""), NotationError, "is not a legal move"),
    ("child(None)", lambda s: s.child(None), ActionTypeError, "action must be"),
    ("child(2**40)", lambda s: s.child(2**40), IllegalActionError, "outside"),
    ("observation('x')", lambda s: s.observation("x"), ActionTypeError, "player must be an int"),
    ("observation(2)", lambda s: s.observation(2), PlayerError, "from 0 to 1, got 2"),
    ("observation(-1)", lambda s: s.observation(-1), PlayerError, "from 0 to 1, got -1"),
    ("observation(2**40)", lambda s: s.observation(2**40), PlayerError, "from 0 to 1"),
    ("observation(None)", lambda s: s.observation(None), ActionTypeError, "player must be"),
    ("observation(1.0)", lambda s: s.observation(1.0), ActionTypeError, "got float 1.0"),
    ("observation_tensor(5)", lambda s: s.observation_tensor(5), PlayerError, "got 5"),
    ("observation_tensor('0')", lambda s: s.observation_tensor("0"), ActionTypeError, "player"),
    ("heuristic(7)", lambda s: s.heuristic(7), PlayerError, "got 7"),
    ("heuristic(None)", lambda s: s.heuristic(None), ActionTypeError, "player"),
    ("resample('x', 1)", lambda s: s.resample("x", 1), ActionTypeError, "observer must be"),
    ("resample(9, 1)", lambda s: s.resample(9, 1), PlayerError, "got 9"),
    ("resample(0, -1)", lambda s: s.resample(0, -1), OptionError, "seed must be"),
    ("resample(0, 's')", lambda s: s.resample(0, "s"), ActionTypeError, "seed must be"),
    ("resample(0, 2**64)", lambda s: s.resample(0, 2**64), OptionError, "seed must be"),
    ("action_to_string(-3)", lambda s: s.action_to_string(-3), IllegalActionError, "outside"),
    ("action_to_string(2**40)", lambda s: s.action_to_string(2**40), IllegalActionError, "outside"),
    ("action_to_string('a')", lambda s: s.action_to_string("a"), ActionTypeError, "action"),
    ("string_to_action(5)", lambda s: s.string_to_action(5), ActionTypeError, "must be a str"),
    ("string_to_action('x')", lambda s: s.string_to_action("x"), NotationError, "legal moves"),
    ("set_auto_chance(1)", lambda s: s.set_auto_chance(1), ActionTypeError, "True or False"),
    ("set_auto_chance(seed)", lambda s: s.set_auto_chance(True, -5), OptionError, "seed"),
]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [(f, e, m) for _, f, e, m in BAD_CALLS],
    ids=[name for name, *_ in BAD_CALLS],
)
def test_bad_input_raises_and_leaves_the_state_unchanged(
    call: object, error: type[Exception], message: str
) -> None:
    state = played(seed=2, steps=12)
    before = state.serialize()
    with pytest.raises(error, match=message.replace("*", r"\*").replace("(", r"\(")) as info:
        call(state)  # type: ignore[operator]
    assert isinstance(info.value, HenchmenError)
    assert state.serialize() == before


def test_illegal_action_message_lists_legal_moves() -> None:
    state = henchmen.new_game(SSS, seed=1)
    legal = [str(a) for a in state.legal_actions]
    illegal = next(
        a for a in range(state.game.num_distinct_actions) if a not in state.legal_actions
    )
    with pytest.raises(IllegalActionError) as info:
        state.apply(illegal)
    assert all(name in str(info.value) for name in legal)
    assert f"({illegal})" in str(info.value)


def test_apply_at_the_end_is_illegal() -> None:
    state = played(seed=4, steps=100_000)
    assert state.is_terminal and state.legal_action_ids == []
    before = state.serialize()
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply(0)
    with pytest.raises(NotationError, match="the game is over"):
        state.apply("end turn")
    assert state.serialize() == before
    assert len(state.legal_actions) == 0 and not state.legal_actions


def test_states_cannot_be_built_directly() -> None:
    with pytest.raises(ActionTypeError, match="new_game"):
        henchmen.State()


# ------------------------------------------------------------ State: play
def test_apply_accepts_ids_actions_and_notation() -> None:
    state = henchmen.new_game(SSS, seed=9)
    by_id, by_action, by_text = state.clone(), state.clone(), state.clone()
    action = state.legal_actions[0]
    by_id.apply(action.id)
    by_action.apply(action)
    by_text.apply("  " + action.text.upper().replace(" ", "   ") + " ")
    assert by_id == by_action == by_text
    numpy_id = np.int64(action.id)
    by_numpy = state.clone()
    by_numpy.apply(numpy_id)  # type: ignore[arg-type]
    assert by_numpy == by_id
    assert state.string_to_action(action.text.upper()) == action


def test_child_and_clone_are_independent() -> None:
    state = played(seed=3, steps=20)
    before = state.serialize()
    child = state.child(state.legal_action_ids[-1])
    assert state.serialize() == before and child != state
    assert child.move_number > state.move_number
    twin = state.clone()
    assert twin == state and twin is not state
    twin.apply(twin.legal_action_ids[0])
    assert state.serialize() == before
    assert copy.copy(state) == state and copy.deepcopy(state) == state
    assert copy.copy(state) is not state


def test_same_seed_same_game_different_seed_different_game() -> None:
    def run(seed: int) -> list[int]:
        state = henchmen.new_game(SSS, seed=seed)
        hashes = []
        for _ in range(60):
            state.apply(state.legal_action_ids[-1])
            hashes.append(state.position_hash)
        return hashes

    assert run(11) == run(11)
    assert run(11) != run(12)


def test_auto_chance_hides_chance_nodes() -> None:
    state = henchmen.new_game(SSS, seed=5)
    rng = random.Random(5)
    while not state.is_terminal:
        assert not state.is_chance and state.current_player in (0, 1)
        assert state.chance_outcomes == []
        ids = state.legal_action_ids
        state.apply(ids[rng.randrange(len(ids))])
    assert state.current_player == henchmen.TERMINAL


def test_chance_outcomes_with_explicit_chance() -> None:
    state = henchmen.new_game(SSS, auto_chance=False)
    assert state.is_chance and state.current_player == henchmen.CHANCE
    outcomes = state.chance_outcomes
    assert outcomes and all(isinstance(a, henchmen.Action) for a, _ in outcomes)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert [a.id for a, _ in outcomes] == state.legal_action_ids
    first = outcomes[0][0]
    state.apply(first)
    assert state.history == (first,) and state.history[0].text == first.text
    state.set_auto_chance(True, seed=1)
    assert not state.is_chance


def test_history_names_each_action_where_it_was_taken() -> None:
    state = henchmen.new_game(SSS, seed=8, auto_chance=False)
    rng = random.Random(8)
    taken = []
    for _ in range(80):
        action = rng.choice(list(state.legal_actions))
        taken.append(action)
        state.apply(action)
    assert state.history == tuple(taken)
    assert [a.text for a in state.history] == [a.text for a in taken]
    assert state.history_ids == [a.id for a in taken]
    assert state.move_number == 80


def test_returns_and_result() -> None:
    state = henchmen.new_game(SSS, seed=6)
    assert state.returns == (0.0, 0.0)
    state = played(seed=6, steps=100_000)
    assert state.is_terminal and len(state.returns) == 2 and sum(state.returns) == 0
    assert isinstance(state.returns, tuple)
    assert "game over" in repr(state)


def test_observations() -> None:
    state = played(seed=7, steps=25)
    for p in (0, 1):
        view = state.observation(p)
        assert isinstance(view, dict) and json.loads(json.dumps(view)) == view
        tensor = state.observation_tensor(p)
        assert tensor.dtype == np.float32 and tensor.shape == state.game.observation_shape
        assert np.isfinite(tensor).all()
    assert state.observation(0) != state.observation(1)


def test_resample_keeps_the_observers_view() -> None:
    state = played(seed=10, steps=40)
    for p in (0, 1):
        other = state.resample(p, seed=123)
        assert isinstance(other, henchmen.State)
        assert other.observation(p) == state.observation(p)
        assert np.array_equal(other.observation_tensor(p), state.observation_tensor(p))
        assert state.resample(p, seed=123) == other  # deterministic in the seed


def test_heuristic_and_validate() -> None:
    state = played(seed=12, steps=30)
    for p in (0, 1):
        assert -1.0 <= state.heuristic(p) <= 1.0
    state.validate()


def test_str_and_repr() -> None:
    state = henchmen.new_game(SSS, seed=1)
    assert "Seven Secret Supervillains" in str(state)
    assert repr(state) == f"<State {SSS} move {state.move_number}, player 0 to act>"
    chance = henchmen.new_game(SSS, auto_chance=False)
    assert "chance to act" in repr(chance)


# ------------------------------------------------------ serialize, hash, eq
def test_serialize_round_trip_and_pickle() -> None:
    state = played(seed=13, steps=50)
    text = state.serialize()
    back = henchmen.deserialize(text)
    assert back == state and back.serialize() == text and hash(back) == hash(state)
    assert back.auto_chance == state.auto_chance and back.seed == state.seed
    seeded = henchmen.deserialize(text, seed=4)
    assert seeded.auto_chance and seeded.seed == 4
    assert state.game.deserialize(text) == state
    pickled = pickle.loads(pickle.dumps(state))
    assert pickled == state and pickled.serialize() == text
    assert pickled.auto_chance  # still resolves chance by itself
    for _ in range(30):
        pickled.apply(pickled.legal_action_ids[-1])
        assert not pickled.is_chance


def _continue(state: henchmen.State, steps: int) -> list[int]:
    """Plays ``steps`` decisions (the first legal one each time); the history after."""
    for _ in range(steps):
        if state.is_terminal:
            break
        ids = state.legal_action_ids
        state.apply(ids[len(ids) // 2])
    return state.history_ids


@pytest.mark.parametrize("game_name", [SSS, "legendary"])
def test_a_saved_game_keeps_its_future(game_name: str) -> None:
    """Issue 9: deserialize, pickle, deepcopy and clone all continue the same
    game (the same draws) for 1000 steps, because the serialization holds the
    auto-chance generator's position."""
    state = henchmen.new_game(game_name, seed=21)
    _continue(state, 40)
    copies = [
        henchmen.deserialize(state.serialize()),
        state.game.deserialize(state.serialize()),
        pickle.loads(pickle.dumps(state)),
        copy.deepcopy(state),
        state.clone(),
    ]
    expected = _continue(state.clone(), 1000)
    for other in copies:
        assert other.auto_chance
        assert _continue(other, 1000) == expected


def test_seed_none_draws_a_fresh_seed_and_records_it() -> None:
    """Issue 9: seed=None deals a new game each time, and State.seed deals it again."""
    a = henchmen.new_game(SSS)
    b = henchmen.new_game(SSS)
    assert a.seed != b.seed
    assert a.history_ids != b.history_ids  # different deals (2**-64 to fail)
    again = henchmen.new_game(SSS, seed=a.seed)
    assert again == a and again.history_ids == a.history_ids
    assert henchmen.new_game(SSS, seed=9).seed == 9
    assert henchmen.deserialize(a.serialize()).seed == a.seed


def test_version_1_states_still_load_with_explicit_chance() -> None:
    state = played(seed=3, steps=20)
    doc = json.loads(state.serialize())
    doc["version"] = 1
    del doc["chance"], doc["knowledge"]  # version 1 had neither
    old = henchmen.deserialize(json.dumps(doc))
    assert old == state and not old.auto_chance
    doc["chance"] = {"auto": True, "seed": "1", "rng": ["0"] * 4}
    with pytest.raises(SerializationError, match="chance"):
        henchmen.deserialize(json.dumps(doc))


@pytest.mark.parametrize(
    ("chance", "message"),
    [
        ({"auto": True, "seed": "1", "rng": ["0" * 16] * 4}, "all zero"),
        ({"auto": True, "seed": "1", "rng": ["0" * 16] * 3}, "4 words"),
        ({"auto": True, "seed": "1", "rng": ["xyz"] * 4}, "hex"),
        ({"auto": True, "seed": "-1", "rng": ["1" * 16] * 4}, "decimal"),
        ({"auto": True, "seed": "99999999999999999999999", "rng": ["1" * 16] * 4}, "seed"),
        ({"auto": "yes", "seed": "1", "rng": ["1" * 16] * 4}, "auto"),
        ({"auto": True, "seed": "1", "rng": ["1" * 16] * 4, "extra": 1}, "extra"),
    ],
)
def test_a_tampered_chance_block_is_refused(chance: dict[str, object], message: str) -> None:
    doc = json.loads(played(seed=3, steps=5).serialize())
    doc["chance"] = chance
    with pytest.raises(SerializationError, match=message):
        henchmen.deserialize(json.dumps(doc))


def test_a_history_must_lead_to_the_position() -> None:
    """Issue 10: a history that does not lead to the serialized position is refused."""
    state = played(seed=5, steps=30)
    doc = json.loads(state.serialize())
    other = json.loads(played(seed=6, steps=30).serialize())
    doc["history"] = other["history"]
    with pytest.raises(SerializationError, match="history"):
        henchmen.deserialize(json.dumps(doc))
    doc["history"] = [999999]
    with pytest.raises(SerializationError):
        henchmen.deserialize(json.dumps(doc))
    doc["history"] = []  # a position alone is fine
    assert henchmen.deserialize(json.dumps(doc)) == state


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "invalid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ("{}", "missing the field"),
        ('{"game": "nope", "options": {}}', "no game named 'nope'"),
        ('{"game": "seven-secret-supervillains", "options": {"players": 5}}', "players"),
    ],
)
def test_deserialize_rejects_bad_text(text: str, message: str) -> None:
    with pytest.raises(SerializationError, match=message):
        henchmen.deserialize(text)


def test_deserialize_rejects_tampering() -> None:
    state = played(seed=14, steps=20)
    doc = json.loads(state.serialize())
    bad_format = dict(doc, format="something-else")
    with pytest.raises(SerializationError, match="henchmen-state"):
        henchmen.deserialize(json.dumps(bad_format))
    bad_version = dict(doc, version=99)
    with pytest.raises(SerializationError, match="version 99"):
        henchmen.deserialize(json.dumps(bad_version))
    extra = dict(doc, surprise=1)
    with pytest.raises(SerializationError):
        henchmen.deserialize(json.dumps(extra))
    other_game = henchmen.Game(SSS, max_turns=20)
    with pytest.raises(SerializationError, match="options"):
        other_game.deserialize(state.serialize())
    with pytest.raises(ActionTypeError, match="must be a str"):
        henchmen.deserialize(b"{}")  # type: ignore[arg-type]


def test_equality_compares_positions_not_history() -> None:
    state = played(seed=15, steps=30)
    doc = json.loads(state.serialize())
    doc["history"] = []
    same_position = henchmen.deserialize(json.dumps(doc))
    assert same_position == state and hash(same_position) == hash(state)
    assert same_position.history_ids == [] and state.history_ids != []
    moved = state.child(state.legal_action_ids[0])
    assert moved != state
    assert state != "a state" and (state == 3) is False
    assert len({state, same_position, state.clone()}) == 1


HASH_SCRIPT = """
import random, henchmen
state = henchmen.new_game("seven-secret-supervillains", seed=5)
rng = random.Random(5)
out = []
for _ in range(60):
    ids = state.legal_action_ids
    state.apply(ids[rng.randrange(len(ids))])
    out.append(state.position_hash)
print(out)
"""


def test_hash_is_stable_across_processes() -> None:
    # Nothing address- or run-dependent (pointers, padding, Python's hash seed) may leak in.
    runs = [
        subprocess.run(
            [sys.executable, "-c", HASH_SCRIPT],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
        ).stdout
        for seed in (1, 2)
    ]
    namespace: dict[str, object] = {}
    exec(HASH_SCRIPT.replace("print(out)", "result = out"), namespace)
    assert runs[0] == runs[1] == f"{namespace['result']}\n"


def test_hash_agrees_with_equality() -> None:
    # A position where the opponent's hidden cards, of more than one kind, lie
    # in both their hand and their deck, so that some redraws differ from it.
    def varied(s: henchmen.State) -> bool:
        if s.is_terminal or s.current_player < 0:
            return False
        them = s.observation(1 - s.current_player)["players"][s.current_player]
        return len(set(them["unseen"])) > 1 and them["deck_size"] > 0 and them["hand_size"] > 0

    state = next(
        s for steps in range(60, 300, 7) for s in [played(seed=16, steps=steps)] if varied(s)
    )
    same = henchmen.deserialize(state.serialize())
    assert same == state and same.position_hash == state.position_hash
    differ = 0
    for seed in range(30):
        other = state.resample(1 - state.current_player, seed)
        if other == state:
            assert other.position_hash == state.position_hash
        else:
            differ += 1
            assert other.position_hash != state.position_hash
    assert differ > 0
    after = state.child(state.legal_action_ids[0])
    assert after.position_hash != state.position_hash


# ------------------------------------------------------- Action, LegalActions
def test_action_is_a_small_immutable_value() -> None:
    a = henchmen.Action(3, "end turn")
    assert a == 3 and a == henchmen.Action(3, "other text") and a != 4
    assert hash(a) == hash(3) and {a: 1}[3] == 1
    assert int(a) == 3 and str(a) == "end turn" and repr(a) == "Action(3, 'end turn')"
    assert np.arange(10)[a] == 3
    assert sorted([henchmen.Action(5, "b"), a]) == [a, henchmen.Action(5, "b")]
    with pytest.raises(AttributeError):
        a.id = 4  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del a.text
    assert pickle.loads(pickle.dumps(a)) == a and pickle.loads(pickle.dumps(a)).text == "end turn"
    assert (a == "end turn") is False


def test_legal_actions_is_a_live_lazy_sequence() -> None:
    state = henchmen.new_game(SSS, seed=2)
    moves = state.legal_actions
    ids = state.legal_action_ids
    assert len(moves) == len(ids) and moves.ids == ids
    assert [a.id for a in moves] == ids
    assert all(isinstance(a, henchmen.Action) for a in moves)
    assert [a.text for a in moves] == [state.action_to_string(i) for i in ids]
    assert moves[0].id == ids[0] and moves[-1].id == ids[-1]
    assert [a.id for a in moves[1:]] == ids[1:]
    with pytest.raises(IndexError, match="legal actions"):
        moves[len(ids)]
    assert ids[0] in moves and moves[0] in moves and moves[0].text in moves
    assert moves[0].text.upper() in moves
    assert -1 not in moves and "fly to the moon" not in moves and None not in moves
    assert moves.mask.sum() == len(ids) and moves.mask[ids].all()
    assert moves.count(moves[0]) == 1 and moves.index(moves[-1]) == len(ids) - 1
    assert bool(moves) and "LegalActions" in repr(moves)
    state.apply(ids[-1])
    assert moves.ids == state.legal_action_ids  # it follows the state


# ------------------------------------------------------------- RNG pins
MASK64 = 2**64 - 1


class Xoshiro256StarStar:
    """An independent pure-Python xoshiro256** seeded by splitmix64."""

    def __init__(self, seed: int) -> None:
        x = seed
        self.s = []
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & MASK64
            z = x
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            self.s.append(z ^ (z >> 31))

    @staticmethod
    def rotl(x: int, k: int) -> int:
        return ((x << k) | (x >> (64 - k))) & MASK64

    def next_u64(self) -> int:
        s = self.s
        result = (self.rotl((s[1] * 5) & MASK64, 7) * 9) & MASK64
        t = (s[1] << 17) & MASK64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = self.rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        # Lemire's multiply-and-reject on the high 32 bits.
        m = (self.next_u64() >> 32) * n
        low = m & 0xFFFFFFFF
        if low < n:
            threshold = (2**32 - n) % n
            while low < threshold:
                m = (self.next_u64() >> 32) * n
                low = m & 0xFFFFFFFF
        return m >> 32

    def uniform(self) -> float:
        return (self.next_u64() >> 11) * 2.0**-53


def test_rng_pinned_first_outputs() -> None:
    # Pinned values: they must never change (replays and seeds depend on them).
    rng = _core.Rng(0)
    assert [rng.next_u64() for _ in range(3)] == [
        0x99EC5F36CB75F2B4,
        0xBF6E1F784956452A,
        0x1A5F849D4933E6E0,
    ]
    ref = Xoshiro256StarStar(0)
    assert [ref.next_u64() for _ in range(3)] == [
        0x99EC5F36CB75F2B4,
        0xBF6E1F784956452A,
        0x1A5F849D4933E6E0,
    ]


@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**63, MASK64])
def test_rng_matches_the_reference_implementation(seed: int) -> None:
    native, ref = _core.Rng(seed), Xoshiro256StarStar(seed)
    assert [native.next_u64() for _ in range(200)] == [ref.next_u64() for _ in range(200)]
    for n in (1, 2, 3, 7, 10, 52, 1000, 2**31 + 1, 2**32 - 1):
        assert [native.below(n) for _ in range(50)] == [ref.below(n) for _ in range(50)]
    assert [native.uniform() for _ in range(50)] == [ref.uniform() for _ in range(50)]


def test_rng_below_zero_is_an_error() -> None:
    with pytest.raises(OptionError, match="n >= 1"):
        _core.Rng(1).below(0)


# ------------------------------------------------------------ the stub
def test_core_stub_matches_the_extension() -> None:
    stub = ast.parse((ROOT / "python" / "henchmen" / "_core.pyi").read_text())
    declared: dict[str, set[str]] = {}
    for node in stub.body:
        if isinstance(node, ast.ClassDef):
            declared[node.name] = {
                n.name for n in node.body if isinstance(n, ast.FunctionDef) and n.name != "__init__"
            }
            assert hasattr(_core, node.name), node.name
            for member in declared[node.name]:
                assert hasattr(getattr(_core, node.name), member), f"{node.name}.{member}"
        elif isinstance(node, ast.FunctionDef):
            assert callable(getattr(_core, node.name)), node.name
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            assert hasattr(_core, node.target.id), node.target.id
    # And the other way: every public name of the extension is in the stub.
    top = set(declared)
    for node in stub.body:
        if isinstance(node, ast.FunctionDef):
            top.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            top.add(node.target.id)
    for name in dir(_core):
        if name.startswith("_"):
            continue
        assert name in top, f"_core.{name} is missing from _core.pyi"
        obj = getattr(_core, name)
        if isinstance(obj, type) and not issubclass(obj, BaseException):
            for member in vars(obj):
                if not member.startswith("_"):
                    assert member in declared[name], f"_core.{name}.{member} missing from the stub"
