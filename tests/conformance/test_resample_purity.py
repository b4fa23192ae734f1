"""``resample(observer, seed)`` is a function of the state and the seed alone:
the redraws made before it, on this state or a copy sharing its caches, never
change what it draws (else two runs of one seeded game, or of one search,
diverge)."""

from __future__ import annotations

import random

import pytest

import henchmen

CONFIGS = [
    (info.name, players)
    for info in henchmen.games()
    for players in sorted({info.min_players, min(info.max_players, 4)})
    if players > 1
]


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_a_redraw_does_not_depend_on_the_redraws_before_it(name: str, players: int) -> None:
    checked = 0
    for seed in range(3):
        state = henchmen.new_game(name, players=players, seed=seed)
        rng = random.Random(seed)
        for step in range(300):
            if state.is_terminal:
                break
            if step % 20 == 0 and state.current_player >= 0:
                observer = (state.current_player + 1) % players
                first = state.resample(observer, 5).serialize()
                for other in range(6):
                    state.resample(observer, other)
                assert state.resample(observer, 5).serialize() == first, f"seed {seed} step {step}"
                fresh = henchmen.deserialize(state.serialize())
                assert fresh.resample(observer, 5).serialize() == first, f"seed {seed} step {step}"
                checked += 1
            state.apply(rng.choice(list(state.legal_actions)))
    assert checked > 0
