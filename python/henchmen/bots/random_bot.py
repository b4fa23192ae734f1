"""RandomBot: a uniformly random legal action."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from henchmen import _checks
from henchmen.bots.base import decision_player

if TYPE_CHECKING:
    from henchmen.state import State


class RandomBot:
    """Picks a uniformly random legal action, from its own seeded generator.

    >>> import henchmen
    >>> from henchmen.bots import RandomBot
    >>> state = henchmen.new_game("seven-secret-supervillains")
    >>> RandomBot(seed=1).choose(state) == RandomBot(seed=1).choose(state)
    True
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = _checks.seed(seed)
        self._rng = random.Random(self.seed)

    def choose(self, state: State) -> int:
        """A uniformly random legal action id of ``state``.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains")
        >>> RandomBot(seed=4).choose(state) in state.legal_action_ids
        True
        """
        decision_player(state, self.name)
        ids = state.legal_action_ids
        return ids[self._rng.randrange(len(ids))]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"
