"""The documented tensor layouts: they tile each tensor, and they name what is there."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest
from tests.rl.modes import DESCRIBED, DESCRIBED_IDS

import henchmen
from henchmen.rl.encodings import markdown, slices


@pytest.mark.parametrize(("name", "options"), DESCRIBED, ids=DESCRIBED_IDS)
def test_slices_tile_the_tensor(name: str, options: dict[str, Any]) -> None:
    game = henchmen.Game(name, **options)
    parts = slices(game)
    assert parts[0].start == 0
    assert all(a.stop == b.start for a, b in itertools.pairwise(parts))
    assert parts[-1].stop == int(np.prod(game.observation_shape))
    assert len({s.name for s in parts}) == len(parts)
    assert markdown(game).count("\n") == len(parts) + 1


def named(game: henchmen.Game, name: str) -> slice:
    part = next(s for s in slices(game) if s.name == name)
    return slice(part.start, part.stop)


def test_sss_slices_hold_what_they_say() -> None:
    state = henchmen.new_game("seven-secret-supervillains", seed=4)
    game = state.game
    t = state.observation_tensor(0)
    me = state.observation(0)["players"][0]
    assert (
        t[named(game, "seat 0 hand")].sum()
        == me["hand_size"]
        == t[named(game, "seat 0 hand size")][0]
    )
    assert t[named(game, "seat 0 deck size")][0] == me["deck_size"]
    other = state.observation(0)["players"][1]
    assert t[named(game, "seat 1 hand")].sum() == len(other["hand_known"])
    assert t[named(game, "seat 1 hidden")].sum() == len(other["unseen"])
    assert t[named(game, "viewer's turn")][0] == 1.0
    assert sorted(t[named(game, "minion row")][t[named(game, "minion row")] > 0]) == [1, 2, 3, 4, 5]


def test_legendary_slices_hold_what_they_say() -> None:
    state = henchmen.new_game("legendary", seed=4, players=2)
    game = state.game
    t = state.observation_tensor(0)
    summary = t[named(game, "seat 0 summary")]
    assert summary[1] == t[named(game, "seat 0 hand")].sum()
    assert t[named(game, "seat 1 hand")].sum() == 0
    assert t[named(game, "hero deck size")][0] == t[named(game, "hero deck")].sum()
    assert t[named(game, "scheme")].sum() == 1 and t[named(game, "mastermind")].sum() == 1
    assert t[named(game, "unused")].sum() == 0
