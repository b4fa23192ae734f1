"""Native random playouts play the games the Python-visible contract plays.

``Game.random_playouts`` runs in C++, where a game may list and pick a random
action in one step (``S::random_action``, cpp/core/random_action.h) instead of
listing into a vector.  Its pick must be the one ``legal_actions`` and
``Rng.below(len)`` make, or playout statistics, rollouts and the random bot
would quietly stop being uniform over the legal moves.  Here every game's
first playouts are replayed from Python with the same generators (game g
draws from ``Rng(derive_seed(seed, g))``) and must total the same.
"""

from __future__ import annotations

import pytest
from tests.hardening.support import player_counts

import henchmen
from henchmen import _core

SEED = 11
GAMES = 3
CONFIGS = [
    (info.name, players)
    for info in henchmen.games()
    for players in sorted(
        {info.min_players, min(info.max_players, 4)}
        & set(player_counts(info.min_players, info.max_players))
    )
]


def replayed(game: henchmen.Game) -> tuple[int, int, list[float]]:
    """Actions, decisions and each seat's mean return of the Python loop."""
    actions = decisions = 0
    totals = [0.0] * game.num_players
    for g in range(GAMES):
        rng = _core.Rng(_core.derive_seed(SEED, g))
        s = game._core.new_initial_state()
        while not s.is_terminal:
            if s.is_chance:
                s.apply(s.sample_chance(rng))
            else:
                legal = s.legal_actions()
                s.apply(legal[rng.below(len(legal))])
                decisions += 1
            actions += 1
        totals = [t + r for t, r in zip(totals, s.returns(), strict=True)]
    return actions, decisions, [t / GAMES for t in totals]


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_native_playouts_pick_as_the_legal_list_does(name: str, players: int) -> None:
    game = henchmen.Game(name, players=players)
    stats = game.random_playouts(GAMES, seed=SEED, threads=1)
    assert stats["truncated"] == 0
    actions, decisions, means = replayed(game)
    assert (stats["actions"], stats["decisions"]) == (actions, decisions)
    assert stats["mean_returns"] == pytest.approx(means)
