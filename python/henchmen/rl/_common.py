"""What the RL adapters share: agent names, seeds, action checks, spaces' bounds."""

from __future__ import annotations

import numpy as np

from henchmen import _checks, _core
from henchmen.errors import ActionTypeError, IllegalActionError, OptionError
from henchmen.game import Game
from henchmen.state import State


def agent_name(player: int) -> str:
    """PettingZoo's name for a seat: ``player_0``, ``player_1``...

    >>> agent_name(1)
    'player_1'
    """
    return f"player_{player}"


def fresh_seed() -> int:
    """A seed from the operating system's entropy, for a reset given no seed."""
    return int(np.random.SeedSequence().generate_state(1, np.uint64)[0])


def episode_seed(base: int, episode: int) -> int:
    """The seed of the ``episode``-th reset after a reset seeded with ``base``.

    Every reset after ``reset(seed=base)`` is a pure function of ``base``,
    so one seed fixes the whole run.
    """
    return int(_core.derive_seed(base, episode))


#: Deals in a row that may end at setup before an environment gives up (the native batch's
#: bound too, ``core/native_batch.h``). A card table can make some deals end before anyone
#: plays (Legendary's Legacy Virus with no Wounds, drawn at random); options whose every deal
#: ends so are refused when the game is made.
SETUP_DEALS = 1000


def new_episode(game: Game, base: int, episode: int) -> tuple[State, int]:
    """The game of the ``episode``-th reset after ``reset(seed=base)``, and the next episode's
    number. A deal over at setup holds no decision, so the next episode's seed deals again:
    an episode always starts with a player to act.

    >>> state, after = new_episode(Game("parry"), 7, 0)
    >>> after, state.is_terminal
    (1, False)
    """
    for k in range(SETUP_DEALS):
        state = game.new_initial_state(seed=episode_seed(base, episode + k))
        if not state.is_terminal:
            return state, episode + k + 1
    raise OptionError(
        f"{game.name}: {SETUP_DEALS} deals in a row ended at setup, before any decision; "
        "these options leave nothing to play"
    )


def action_id(action: object, mask: np.ndarray, space: int) -> int:
    """``action`` as a legal id of ``mask``; henchmen errors for anything else."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action.item()
    a = _checks.integer(action, "action", f"an int action id from 0 to {space - 1}")
    if not 0 <= a < space:
        raise IllegalActionError(f"action id {a} is outside the action space 0..{space - 1}")
    if not mask[a]:
        legal = np.flatnonzero(mask).tolist()
        raise IllegalActionError(
            f"action id {a} is not legal now (it is 0 in action_mask); legal ids: {legal}"
        )
    return a


def max_steps(value: object | None) -> int | None:
    """A truncation length in decisions, or None for none."""
    if value is None:
        return None
    return _checks.count(value, "max_steps", 1, 2**31 - 1)


#: What an adapter does with an action outside the mask (docs/rl.md): end the episode as
#: a loss for the agent (the default: Gymnasium's contract is that step takes every element
#: of the action space, and the checkers step unmasked random ones), or raise.
ILLEGAL_ACTION = ("lose", "raise")


def illegal_action(value: object) -> str:
    """The ``illegal_action`` option, checked.

    >>> illegal_action("raise")
    'raise'
    """
    return _checks.one_of(value, ILLEGAL_ACTION, "illegal_action")


def make_game(name: str, options: dict[str, object]) -> Game:
    if not isinstance(name, str):
        raise ActionTypeError(f"a game name must be a str, got {_checks.describe(name)}")
    return Game(name, **options)


def check_render_mode(mode: object, allowed: tuple[str, ...]) -> str | None:
    return None if mode is None else _checks.one_of(mode, allowed, "render_mode (or None)")


def seed(value: object) -> int:
    return _checks.seed(value)


#: The observation spaces' bounds: finite (checkers warn on infinite ones) and
#: far beyond any count, position or score a tensor holds
#: (tests/rl/test_vector.py checks random play stays inside).
OBS_LOW, OBS_HIGH = -(2.0**15), 2.0**15
