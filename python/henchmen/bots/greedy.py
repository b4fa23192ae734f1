"""GreedyBot: the action after which the rest of the turn ends best by the game's heuristic."""

from __future__ import annotations

from typing import TYPE_CHECKING

from henchmen import _checks, _core
from henchmen.bots.base import decision_player

if TYPE_CHECKING:
    from henchmen.state import State

#: Playouts averaged for an action when chance decides something before its turn ends.
DEFAULT_SAMPLES = 4


class GreedyBot:
    """Turn-greedy: judges each legal action by how the turn under way ends after it.

    After each legal action it plays the rest of the turn (until another
    player's turn begins or the game ends), every decision, an opponent's
    reaction too, by its player's one-ply choice (the action whose immediate
    result that player's ``heuristic`` likes best) and chance drawn; the
    action is worth ``state.heuristic(player)`` at the end of that turn (a
    finished game outranks any heuristic value).  Where chance decides
    something on the way, the value is the mean of ``samples`` playouts.
    Looking to the end of the turn is what makes it play its power before
    buying and see a card it plays land past the opponents' chance to
    react; a bot judging only the position right after an action did
    neither (docs/strength.md, "The greedy bot").

    The bot never peeks: it judges a redraw of what it cannot see, and draws
    with its own generator, never the game's.  It runs natively: it is the
    ``greedy`` bot of native matches.

    >>> import henchmen
    >>> from henchmen.bots import GreedyBot
    >>> state = henchmen.new_game("seven-secret-supervillains")
    >>> GreedyBot(seed=2).choose(state) in state.legal_action_ids
    True
    """

    name = "greedy"

    def __init__(self, seed: int = 0, samples: int = DEFAULT_SAMPLES) -> None:
        self.seed = _checks.seed(seed)
        self.samples = _checks.count(samples, "samples", 1, 1000)
        self._rng = _core.Rng(self.seed)

    def choose(self, state: State) -> int:
        """The legal action id of ``state`` whose turn ends best for the player to move.

        >>> import henchmen
        >>> state = henchmen.new_game("seven-secret-supervillains", seed=2)
        >>> GreedyBot(seed=1).choose(state) == GreedyBot(seed=1).choose(state)
        True
        """
        decision_player(state, self.name)
        ids = state.legal_action_ids
        if len(ids) == 1:
            return ids[0]
        spec = {"kind": "greedy", "chance_samples": self.samples}
        return int(state._s.bot_action(spec, self._rng))

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed}, samples={self.samples})"
