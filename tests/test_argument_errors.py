"""Every bad argument of the public API raises the class of its kind, naming what is allowed.

One table: the call, the exact class it raises, and words of the message that
say what is allowed.  The rule (docs/guide.md, "Errors"): a player argument
raises a PlayerError (PlayerTypeError for a value that is not an int), an
option, seed, count or flag an OptionError (OptionTypeError), a game name an
UnknownGameError (GameNameTypeError), serialized text a SerializationError
(SerializationTypeError), and an action IllegalActionError, NotationError or
ActionTypeError.  Every wrong-type class is an ActionTypeError and a TypeError,
as every wrong type was before, so old ``except`` clauses still work.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

import henchmen
from henchmen.batch import VectorGame
from henchmen.bots import make_bot
from henchmen.errors import (
    ActionIndexError,
    ActionTypeError,
    GameNameTypeError,
    HenchmenError,
    IllegalActionError,
    NotationError,
    OptionError,
    OptionTypeError,
    PlayerError,
    PlayerTypeError,
    SerializationError,
    SerializationTypeError,
    UnknownGameError,
)


def parry() -> henchmen.State:
    return henchmen.new_game("parry", seed=1)


GAME = henchmen.Game("parry")
BATCH = VectorGame("parry", num_games=2, seed=1, threads=1, observations=False)

#: (what is called, the call, the exact class, words of the message naming what is allowed)
TABLE: list[tuple[str, Callable[[], object], type[HenchmenError], str]] = [
    # players, observers, readers, viewers
    ('observation("0")', lambda: parry().observation("0"), PlayerTypeError, "an int from 0 to 1"),
    ("observation(2)", lambda: parry().observation(2), PlayerError, "from 0 to 1"),
    ("observation(1.0)", lambda: parry().observation(1.0), PlayerTypeError, "an int from 0 to 1"),
    (
        "observation_tensor(None)",
        lambda: parry().observation_tensor(None),
        PlayerTypeError,
        "0 to 1",
    ),
    ("observation_string(-1)", lambda: parry().observation_string(-1), PlayerError, "0 to 1"),
    ('heuristic("x")', lambda: parry().heuristic("x"), PlayerTypeError, "an int from 0 to 1"),
    ('resample("0")', lambda: parry().resample("0"), PlayerTypeError, "observer must be an int"),
    ("resample(5)", lambda: parry().resample(5), PlayerError, "from 0 to 1"),
    ('events_for("nobody")', lambda: parry().events_for("nobody"), PlayerError, "'spectator'"),
    ("events_for(3.5)", lambda: parry().events_for(3.5), PlayerTypeError, "an int from 0 to 1"),
    ('last_events("x")', lambda: parry().last_events("x"), PlayerError, "'omniscient'"),
    ('layout("omniscient")', lambda: parry().layout("omniscient"), PlayerError, "'spectator'"),
    ("render(9)", lambda: parry().render(9), PlayerError, "0 to 1"),
    # seeds, counts, flags, options
    ('resample(0, seed="1")', lambda: parry().resample(0, seed="1"), OptionTypeError, "2**64-1"),
    ("resample(0, seed=-1)", lambda: parry().resample(0, seed=-1), OptionError, "2**64-1"),
    (
        'events_for(0, since="0")',
        lambda: parry().events_for(0, "0"),
        OptionTypeError,
        "an int from -1",
    ),
    ("events_for(0, since=99)", lambda: parry().events_for(0, 99), OptionError, "an int from -1"),
    ("set_auto_chance(1)", lambda: parry().set_auto_chance(1), OptionTypeError, "True or False"),
    (
        'new_game(seed="1")',
        lambda: henchmen.new_game("parry", seed="1"),
        OptionTypeError,
        "2**64-1",
    ),
    ("new_game(players=9)", lambda: henchmen.new_game("parry", players=9), OptionError, "2 to 4"),
    (
        "new_game(players=2.0)",
        lambda: henchmen.new_game("parry", players=2.5),
        OptionTypeError,
        "an int",
    ),
    (
        "Game(strikes=None)",
        lambda: henchmen.Game("parry", strikes=None),
        OptionTypeError,
        "an int, a bool",
    ),
    ("Game(nope=1)", lambda: henchmen.Game("parry", nope=1), OptionError, "players"),
    (
        "new_initial_state(auto_chance=1)",
        lambda: GAME.new_initial_state(auto_chance=1),
        OptionTypeError,
        "True or False",
    ),
    ("random_playouts(-1)", lambda: GAME.random_playouts(-1), OptionError, "an int from 0"),
    ('random_playouts("3")', lambda: GAME.random_playouts("3"), OptionTypeError, "an int from 0"),
    (
        "random_playouts(1, threads=0)",
        lambda: GAME.random_playouts(1, threads=0),
        OptionError,
        "an int from 1",
    ),
    (
        'random_playouts(1, max_seconds="1")',
        lambda: GAME.random_playouts(1, max_seconds="1"),
        OptionTypeError,
        "seconds",
    ),
    # game names
    ("Game(None)", lambda: henchmen.Game(None), GameNameTypeError, "known games"),
    ('Game("chess")', lambda: henchmen.Game("chess"), UnknownGameError, "known games"),
    (
        'Game("chess(players=2)")',
        lambda: henchmen.Game("chess(players=2)"),
        UnknownGameError,
        "known games",
    ),
    (
        'Game("parry(players=3")',
        lambda: henchmen.Game("parry(players=3"),
        OptionError,
        "parentheses at the end",
    ),
    ('Game("parry(players)")', lambda: henchmen.Game("parry(players)"), OptionError, "KEY=VALUE"),
    (
        'Game("parry(nope=1)")',
        lambda: henchmen.Game("parry(nope=1)"),
        OptionError,
        "its options are: players",
    ),
    (
        'Game("parry(players=x)")',
        lambda: henchmen.Game("parry(players=x)"),
        OptionError,
        "an integer from 2 to 4",
    ),
    (
        'Game("parry(players=3,players=3)")',
        lambda: henchmen.Game("parry(players=3,players=3)"),
        OptionError,
        "twice",
    ),
    (
        'Game("parry(players=3)", players=4)',
        lambda: henchmen.Game("parry(players=3)", players=4),
        OptionError,
        "give it once",
    ),
    (
        'game_info("parry(players=3)")',
        lambda: henchmen.game_info("parry(players=3)"),
        UnknownGameError,
        "without options",
    ),
    # serialized text
    ("deserialize(b'{}')", lambda: henchmen.deserialize(b"{}"), SerializationTypeError, "a str"),
    ("Game.deserialize(None)", lambda: GAME.deserialize(None), SerializationTypeError, "a str"),
    ('deserialize("{}")', lambda: henchmen.deserialize("{}"), SerializationError, '"game"'),
    (
        'deserialize(\'{"game": "super"}\')',
        lambda: henchmen.deserialize('{"game": "super"}'),
        SerializationError,
        '"options"',
    ),
    # actions
    ("apply(3.5)", lambda: parry().apply(3.5), ActionTypeError, "an int id, an Action or a move"),
    ("apply(10**6)", lambda: parry().apply(10**6), IllegalActionError, "legal"),
    ('apply("fly")', lambda: parry().apply("fly"), NotationError, "legal moves"),
    (
        "action_to_string(None)",
        lambda: parry().action_to_string(None),
        ActionTypeError,
        "an int id",
    ),
    ("string_to_action(1)", lambda: parry().string_to_action(1), ActionTypeError, "a str"),
    ("legal_actions[99]", lambda: parry().legal_actions[99], ActionIndexError, "indexes"),
    (
        'legal_actions["0"]',
        lambda: parry().legal_actions["0"],
        ActionTypeError,
        "an int or a slice",
    ),
    # VectorGame
    (
        'VectorGame(num_games="2")',
        lambda: VectorGame("parry", num_games="2"),
        OptionTypeError,
        "an int from 1",
    ),
    (
        "VectorGame(num_games=0)",
        lambda: VectorGame("parry", num_games=0),
        OptionError,
        "an int from 1",
    ),
    (
        "VectorGame(observations=1)",
        lambda: VectorGame("parry", 1, observations=1),
        OptionTypeError,
        "True or False",
    ),
    (
        "VectorGame.step(floats)",
        lambda: BATCH.step(np.array([0.5, 1.0])),
        ActionTypeError,
        "integer action ids",
    ),
    (
        "VectorGame.step([0])",
        lambda: BATCH.step(np.array([0])),
        IllegalActionError,
        "2 integer action ids",
    ),
    (
        "VectorGame.step(ragged)",
        lambda: BATCH.step([[0], [0, 1]]),
        ActionTypeError,
        "integer action ids",
    ),
    ("VectorGame.state(2)", lambda: BATCH.state(2), OptionError, "an int from 0 to 1"),
    ('VectorGame.state("0")', lambda: BATCH.state("0"), OptionTypeError, "an int from 0 to 1"),
    # bots
    ("make_bot(3)", lambda: make_bot(3), OptionTypeError, "greedy"),
    ('make_bot("nobody")', lambda: make_bot("nobody"), OptionError, "greedy"),
    (
        'make_bot("greedy", seed="1")',
        lambda: make_bot("greedy", seed="1"),
        OptionTypeError,
        "2**64-1",
    ),
    (
        'choose("state")',
        lambda: make_bot("greedy").choose("state"),
        ActionTypeError,
        "a henchmen State",
    ),
]


@pytest.mark.parametrize(
    ("call", "error", "allowed"), [(c, e, a) for _, c, e, a in TABLE], ids=[t[0] for t in TABLE]
)
def test_each_bad_argument_raises_its_kinds_class(
    call: Callable[[], object], error: type[HenchmenError], allowed: str
) -> None:
    with pytest.raises(HenchmenError) as caught:
        call()
    assert type(caught.value) is error, f"{type(caught.value).__name__}: {caught.value}"
    assert allowed in str(caught.value)


def test_a_wrong_type_is_still_an_action_type_error_and_a_type_error() -> None:
    # Old code caught every wrong type as ActionTypeError (or TypeError): it still does.
    for cls in (PlayerTypeError, OptionTypeError, GameNameTypeError, SerializationTypeError):
        assert issubclass(cls, ActionTypeError) and issubclass(cls, TypeError)
    with pytest.raises(PlayerError):
        parry().observation("0")
    with pytest.raises(ActionTypeError):
        parry().observation("0")


def test_a_bad_argument_leaves_the_state_as_it_was() -> None:
    state = parry()
    before = state.serialize()
    for call in (
        lambda: state.apply(3.5),
        lambda: state.observation("0"),
        lambda: state.set_auto_chance(1),
    ):
        with pytest.raises(HenchmenError):
            call()
    assert state.serialize() == before
