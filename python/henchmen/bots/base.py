"""The Bot protocol and the registry that makes bots by name."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from henchmen import _checks
from henchmen.errors import ActionTypeError, OptionError, OptionTypeError, PlayerError
from henchmen.state import checked as checked_state

if TYPE_CHECKING:
    from henchmen.state import State


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action for the player to move.

    ``choose(state)`` returns a legal action id for ``state.current_player``
    and must not change ``state``.  A bot is deterministic given its own
    seed: the same seed and the same states give the same choices.  Any
    class with a ``name`` and such a ``choose`` is a Bot:

    >>> import henchmen
    >>> from henchmen.bots import Bot
    >>> class FirstLegal:
    ...     name = "first-legal"
    ...     def choose(self, state: henchmen.State) -> int:
    ...         return state.legal_action_ids[0]
    >>> isinstance(FirstLegal(), Bot)
    True
    """

    name: str

    def choose(self, state: State) -> int:
        """The id of the action to take in ``state``.

        >>> import henchmen
        >>> from henchmen.bots import make_bot
        >>> state = henchmen.new_game("seven-secret-supervillains")
        >>> state.apply(make_bot("random", seed=1).choose(state))
        """
        ...


#: Makes a bot from a seed.
BotFactory = Callable[[int], Bot]

_REGISTRY: dict[str, BotFactory] = {}
_BOT_NAME = re.compile(r"[A-Za-z0-9_.-]{1,64}")


def register_bot(name: str, factory: BotFactory) -> None:
    """Make ``make_bot(name, seed)`` build ``factory(seed)``.

    >>> from henchmen.bots import RandomBot, make_bot, register_bot
    >>> register_bot("my-random", RandomBot)
    >>> make_bot("my-random", seed=3).name
    'random'
    """
    if not isinstance(name, str) or not name:
        raise OptionTypeError(f"a bot name must be a non-empty str, got {_checks.describe(name)}")
    # A name is shown in every "no bot named" message and typed in --bots lists.
    if not _BOT_NAME.fullmatch(name):
        raise OptionError(
            f"a bot name is 1 to 64 letters, digits and - _ . (no spaces, commas or colons), "
            f"got {_checks.quote(name)}"
        )
    if not callable(factory):
        raise ActionTypeError(f"a bot factory must be callable, got {_checks.describe(factory)}")
    _REGISTRY[name] = factory


def bot_names() -> list[str]:
    """The names :func:`make_bot` knows, sorted.

    >>> from henchmen.bots import bot_names
    >>> {"random", "greedy"} <= set(bot_names())
    True
    """
    return sorted(_REGISTRY)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot by registry name, seeded.

    >>> import henchmen
    >>> from henchmen.bots import make_bot
    >>> state = henchmen.new_game("seven-secret-supervillains")
    >>> make_bot("greedy", seed=1).choose(state) in state.legal_action_ids
    True
    """
    if not isinstance(name, str):
        raise OptionTypeError(
            f"a bot name must be a str, one of: {', '.join(bot_names())}; "
            f"got {_checks.describe(name)}"
        )
    factory = _REGISTRY.get(name)
    if factory is None:
        raise OptionError(
            f"no bot named {_checks.quote(name)}; known bots: {', '.join(bot_names())}"
        )
    return factory(_checks.seed(seed))


def decision_player(state: State, bot: str) -> int:
    """The player who must decide in ``state``; PlayerError at chance or the end."""
    p = checked_state(state, f"the {bot} bot").current_player
    if p < 0:
        what = "the game is over" if state.is_terminal else "chance decides next"
        raise PlayerError(f"{bot} bot cannot choose: {what}, no player is to act")
    return p


# decision_player is the built-in bots' shared check, not part of the API.
__all__ = ["Bot", "BotFactory", "bot_names", "make_bot", "register_bot"]
