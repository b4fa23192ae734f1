"""Henchmen: a fast rules engine and search toolkit for supervillain card games.

The native core (C++) holds the rules; this package is the friendly face.

Start a game, look at it, and play:

>>> import henchmen
>>> "seven-secret-supervillains" in [g.name for g in henchmen.games()]
True
>>> state = henchmen.new_game("seven-secret-supervillains", seed=1)
>>> while not state.is_terminal:
...     state.apply(state.legal_actions[0])
>>> len(state.returns)
2

The main objects:

- :func:`games`, :func:`game_info`: what games exist and their options.
- :func:`new_game` -> :class:`State`: one position; ``apply`` an
  :class:`Action` (an id, an Action or move notation), ``clone``/``child``
  to branch, ``observation(player)`` for what a player sees.
- :class:`Game`: rules plus options; makes states, runs native playouts.
- :func:`deserialize`: a state back from ``State.serialize()`` text.
- :mod:`henchmen.bots`: ``make_bot("greedy", seed=1).choose(state)``.
- :mod:`henchmen.replay`: write and check replays of whole games.
- :mod:`henchmen.errors`: every exception bad input can raise.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from henchmen import _core
from henchmen.action import Action
from henchmen.cancel import CancelToken
from henchmen.events import OMNISCIENT, SPECTATOR, Event
from henchmen.game import (
    Game,
    GameInfo,
    OptionInfo,
    PlayoutStats,
    deserialize,
    game_info,
    games,
    new_game,
)
from henchmen.state import ActionLike, LegalActions, State

try:
    __version__ = version("henchmen")
except PackageNotFoundError:  # running from a source tree without metadata
    __version__ = "0+unknown"

#: ``State.current_player`` when chance decides next (only with ``auto_chance=False``).
CHANCE: int = _core.CHANCE
#: ``State.current_player`` when the game is over.
TERMINAL: int = _core.TERMINAL
#: The most threads a native call may use on this machine (four per core).
#:
#: :meta hide-value:
MAX_THREADS: int = _core.MAX_THREADS

# gymnasium.make("henchmen/<game>-v0"): the ids are registered when gymnasium is imported
# (now, if it already is), and importing henchmen never imports gymnasium.
from henchmen.rl.registration import install as _install_gymnasium_ids  # noqa: E402

_install_gymnasium_ids()

__all__ = [
    "CHANCE",
    "MAX_THREADS",
    "OMNISCIENT",
    "SPECTATOR",
    "TERMINAL",
    "Action",
    "ActionLike",
    "CancelToken",
    "Event",
    "Game",
    "GameInfo",
    "LegalActions",
    "OptionInfo",
    "PlayoutStats",
    "State",
    "__version__",
    "deserialize",
    "game_info",
    "games",
    "new_game",
]
