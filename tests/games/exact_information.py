"""What every game's ``test_exact_information.py`` checks against: the information-set oracle
of ``tests/conformance/test_infosets.py`` (every world an observer cannot rule out, from the
observations and events alone) and the same position loaded without what the players knew,
whose resamples the oracle must be able to reject (so the check can fail).

>>> import henchmen
>>> s = henchmen.new_game("parry", seed=1)
>>> position_alone(s) == s
True
"""

from __future__ import annotations

import random

from tests.conformance import test_infosets as oracle
from tests.hardening.support import position_only

import henchmen


def position_alone(state: henchmen.State) -> henchmen.State:
    """The same position with no history and no record of what the players knew: all a
    resample then has is the position."""
    return henchmen.deserialize(position_only(state.serialize()))


def random_step(state: henchmen.State, rng: random.Random) -> int:
    """A chance outcome or a legal move, each as likely as the others: one step of the
    random walks that look for a position worth resampling."""
    if state.is_chance:
        outcomes = state.chance_outcomes
        return outcomes[rng.randrange(len(outcomes))][0].id
    ids = state.legal_action_ids
    return ids[rng.randrange(len(ids))]


def oracle_check(game: henchmen.Game, state: henchmen.State, observer: int, seed: int = 0) -> int:
    """Enumerates the worlds ``observer`` cannot rule out and checks ``state.resample``
    against them (their set and frequencies); how many worlds there are."""
    belief = oracle.follow(game, state.history_ids, observer)
    worlds: int = oracle.check(state, observer, belief, random.Random(seed))
    return worlds


def alone_leaks(game: henchmen.Game, state: henchmen.State, samples: int = 200) -> bool:
    """Player 0's resamples of ``state`` all lie in their information set; whether a
    resample of the position alone gives a world they could rule out."""
    worlds = oracle.follow(game, state.history_ids, 0).worlds
    alone = position_alone(state)
    leaked = False
    for i in range(samples):
        assert oracle.position_key(state.resample(0, i)) in worlds
        leaked = leaked or oracle.position_key(alone.resample(0, i)) not in worlds
    return leaked
