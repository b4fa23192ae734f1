"""Who won a finished game: one reading of the returns for the protocol and the replay format.

In a competitive game the winners are the players with the strictly best
return, and nobody wins when every player has the same one (a draw).  A
competitive game played alone (the Seven Secret Supervillains solo modes)
has no winner: its return is a score.

In a cooperative game (``GameInfo.zero_sum`` false: Legendary) the players
win or lose as a team, and each return is the team's result first with a
personal share on top (Legendary: ``0.8 x team + 0.2 x VP rank``, the team
+1, -1 or 0 for a tie).  The best return of a lost game is not a win: the
team's outcome is read from the mean return, which in such a game is the
team's part (the ranks cancel out; a solo score moves it by at most 0.2),
so a mean of +0.5 or more is a team win (every player among the winners),
-0.5 or less a loss (no winners), anything between a tie.

>>> winners([1.0, -1.0], cooperative=False), outcome([1.0, -1.0], cooperative=False)
([0], 'won')
>>> winners([-1.0, -0.6], cooperative=True), outcome([-1.0, -0.6], cooperative=True)
([], 'lost')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

Outcome = Literal["won", "lost", "draw", "score"]

#: How far from zero a cooperative game's mean return must be to be a team win or loss.
TEAM_THRESHOLD = 0.5


def outcome(returns: Sequence[float], cooperative: bool) -> Outcome:
    """``"won"`` (someone, or the team, won), ``"lost"`` (the team lost), ``"draw"`` or ``"score"``.

    A competitive game is never ``"lost"``: someone won or nobody did; alone,
    it is a ``"score"``.

    >>> outcome([0.0, 0.0], cooperative=False), outcome([0.9, 0.7], cooperative=True)
    ('draw', 'won')
    >>> outcome([0.895], cooperative=False)
    'score'
    >>> outcome([0.2, -0.2], cooperative=True), outcome([-0.19], cooperative=True)
    ('draw', 'draw')
    """
    if not returns:
        return "draw"
    if cooperative:
        mean = sum(returns) / len(returns)
        return "won" if mean >= TEAM_THRESHOLD else "lost" if mean <= -TEAM_THRESHOLD else "draw"
    if len(returns) == 1:
        return "score"
    best = max(returns)
    return "draw" if all(r == best for r in returns) else "won"


def winners(returns: Sequence[float], cooperative: bool) -> list[int]:
    """The players who won, numbered from 0: the best in a competitive game, all or none in a team.

    >>> winners([0.5, 0.5, -1.0], cooperative=False)
    [0, 1]
    >>> winners([0.9, 0.6], cooperative=True), winners([0.1, -0.1], cooperative=True)
    ([0, 1], [])
    """
    if outcome(returns, cooperative) != "won":
        return []
    if cooperative:
        return list(range(len(returns)))
    best = max(returns)
    return [p for p, r in enumerate(returns) if r == best]


__all__ = ["TEAM_THRESHOLD", "Outcome", "outcome", "winners"]
