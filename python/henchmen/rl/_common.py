"""What the RL adapters share: agent names, seeds, action checks, spaces' bounds."""

from __future__ import annotations

import numpy as np

from henchmen import _checks, _core
from henchmen.errors import ActionTypeError, IllegalActionError
from henchmen.game import Game


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
