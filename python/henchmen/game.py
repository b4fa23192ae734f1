"""Games: the registry of rule sets, and a game (rules plus options) to play.

:class:`Game` is defined beside :class:`~henchmen.State` (each names the
other) and its rules in :mod:`henchmen.rules`; this module is where a user
finds them all, with the two ways in: :func:`new_game` and
:func:`deserialize`.
"""

from __future__ import annotations

from henchmen import _checks, _core
from henchmen.errors import (
    OptionError,
    SerializationError,
    SerializationTypeError,
    UnknownGameError,
)
from henchmen.registry import GameInfo, OptionInfo, PlayoutStats, game_info, games
from henchmen.state import Game, State

# Games pickled before Game moved beside State name this module's rebuilder.
from henchmen.state import _game_from_json as _game_from_json


def new_game(
    name: str,
    players: int | None = None,
    seed: int | None = None,
    auto_chance: bool = True,
    **options: object,
) -> State:
    """Start a game and return its first position, ready for the first decision.

    ``players`` and the other keyword arguments are the game's options (see
    :func:`games`); ``players=None`` takes the game's default.  ``name`` may
    carry options too, in OpenSpiel's form: ``"legendary(players=3)"``.  Values may be
    int, bool, str or a list of str.  With ``auto_chance`` (the default)
    shuffles and draws are resolved by a generator seeded with ``seed``, so
    the same seed and actions always give the same game; ``seed=None`` draws
    a fresh seed and records it in :attr:`State.seed`.  Pass
    ``auto_chance=False`` to resolve chance yourself.

    >>> import henchmen
    >>> state = henchmen.new_game("seven-secret-supervillains", players=2, seed=1)
    >>> state.is_terminal, state.is_chance
    (False, False)
    >>> state.apply(state.legal_action_ids[0])
    """
    if players is not None:
        options = {"players": players, **options}
    return Game(name, **options).new_initial_state(seed=seed, auto_chance=auto_chance)


def deserialize(text: str, seed: int | None = None) -> State:
    """A state from :meth:`State.serialize` text (the game is named inside it).

    The state continues exactly as the saved one would: with automatic
    chance, the generator goes on from where it was, so later draws are the
    same.  A ``seed`` restarts automatic chance from that seed instead.
    Anything wrong with the text raises
    :class:`~henchmen.errors.SerializationError`.

    >>> import henchmen
    >>> state = henchmen.new_game("seven-secret-supervillains")
    >>> copy = henchmen.deserialize(state.serialize())
    >>> copy == state and copy.serialize() == state.serialize()
    True
    """
    if not isinstance(text, str):
        raise SerializationTypeError(f"serialized text must be a str, got {_checks.describe(text)}")
    try:
        core = _core.deserialize(text)
    except (UnknownGameError, OptionError) as e:
        raise SerializationError(f"serialized state: {e}") from e
    state = State._wrap(core, Game._wrap(core.game))
    if seed is not None:
        state.set_auto_chance(True, seed)
    return state


__all__ = [
    "Game",
    "GameInfo",
    "OptionInfo",
    "PlayoutStats",
    "deserialize",
    "game_info",
    "games",
    "new_game",
]
