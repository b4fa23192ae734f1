"""The documented tensor layouts: they tile each tensor, and they name what is there."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from tests.rl.modes import IDS, MODES

import henchmen
from henchmen.rl.encodings import markdown, slices


@pytest.mark.parametrize(("name", "options"), MODES, ids=IDS)
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


def played(name: str, moves: int, **options: Any) -> henchmen.State:
    """A game after `moves` random moves (seeded), chance included."""
    state = henchmen.new_game(name, seed=4, **options)
    rng = np.random.default_rng(1)
    for _ in range(moves):
        if state.is_terminal:
            break
        legal = list(state.legal_actions)
        state.apply(legal[int(rng.integers(len(legal)))])
    return state


def viewed(name: str, **options: Any) -> tuple[henchmen.Game, np.ndarray, dict[str, Any]]:
    """Seat 0's tensor and observation 30 random moves into a game, and the game."""
    state = played(name, 30, **options)
    return state.game, state.observation_tensor(0), state.observation(0)


def test_super_slices_hold_what_they_say() -> None:
    game, t, obs = viewed("super", players=3)
    assert t[named(game, "hand")].sum() == sum(obs["hand"].values())
    for seat in range(3):
        them = obs["players"][seat]
        assert t[named(game, f"seat {seat} health")][0] == them["health"] / 40
        assert t[named(game, f"seat {seat} hand size")][0] == them["hand_size"]
        assert t[named(game, f"seat {seat} power state")].sum() == 1
    assert t[named(game, "seat 3 health")].sum() == 0  # past the player count
    assert t[named(game, "discard pile")].sum() == sum(obs["discard"].values())
    assert t[named(game, "deck size")][0] == obs["deck_size"]
    assert t[named(game, "top discard")].sum() == 1
    assert t[named(game, f"phase option: {obs['phase']}")][0] == 1


def test_villainy_slices_hold_what_they_say() -> None:
    game, t, obs = viewed("villainy")
    assert t[named(game, "hand")].sum() * 4 == len(obs["hand"])
    for seat in range(2):
        them = obs["players"][seat]
        assert t[named(game, f"seat {seat} present")][0] == 1
        assert t[named(game, f"seat {seat} hideout hits")][0] * 6 == them["hideout"]["hits"]
        assert t[named(game, f"seat {seat} discard")].sum() * 4 == len(them["discard"])
        grid = t[named(game, f"seat {seat} grid")].reshape(6, 8)
        assert list(grid[:, 0]) == [float(spot is not None) for spot in them["grid"]]
        assert t[named(game, f"seat {seat} master column")][them["master"]["column"]] == 1
    assert t[named(game, "seat 2 present")].sum() == 0
    assert round(t[named(game, "actions left")][0] * 3) == obs["actions_left"]
    assert t[named(game, "phase")][0] == (obs["phase"] == "main")


def test_suet_slices_hold_what_they_say() -> None:
    game, t, obs = viewed("suet", players=3)
    assert t[named(game, "hand")].sum() == sum(obs["hand"].values())
    for seat in range(3):
        them = obs["players"][seat]
        assert round(t[named(game, f"seat {seat} hand size")][0] * 10) == them["hand_size"]
        assert t[named(game, f"seat {seat} genius")].sum() == 1
    assert t[named(game, "seat 3 genius")].sum() == 0
    assert t[named(game, "discard pile")].sum() == sum(obs["discard"].values())
    assert round(t[named(game, "deck size")][0] * 100) == obs["deck_size"]
    assert t[named(game, "round colour")][-1] == 1  # the short game has no round colour
    assert t[named(game, "turn player")][(obs["turn_player"] - 0) % 3] == 1


def test_docs_show_every_games_table() -> None:
    """docs/rl.md prints each game's table for its default options, as markdown() does."""
    doc = (Path(__file__).parents[2] / "docs" / "rl.md").read_text()
    for info in henchmen.games():
        table = markdown(henchmen.Game(info.name))
        assert table in doc, (
            f"docs/rl.md lacks or misprints {info.name}'s table: print it with "
            f"henchmen.rl.encodings.markdown(henchmen.Game('{info.name}'))"
        )
