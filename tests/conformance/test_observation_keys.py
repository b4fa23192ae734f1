"""Every key an observation holds is explained by the game's observation_keys
(the list ``help()``, the guide and frontends read), and every key explained
is one an observation can hold: the two cannot drift apart."""

from __future__ import annotations

import json
import random

import pytest
from tests.games.sss.builder import CREWS_GIZZARD

import henchmen
from henchmen import _core

KEYS = {g["name"]: g["observation_keys"] for g in json.loads(_core.games_json())}
# Option sets whose observations hold keys the defaults do not (a crew's own cards).
EXTRA_OPTIONS: dict[str, list[dict[str, object]]] = {
    "seven-secret-supervillains": [{"crews": list(CREWS_GIZZARD)}],  # the spell books
}


def keys_of(observation: dict[str, object]) -> set[str]:
    """Top-level keys, and players[].key for the keys of each player's entry."""
    out = set(observation)
    for entry in observation.get("players") or []:
        if isinstance(entry, dict):
            out.update(f"players[].{k}" for k in entry)
    return out


# A random game of every player count (and each EXTRA_OPTIONS) in the default tier, which
# shows every explained key today; two more of each in the long tier (tests/conftest.py),
# which look for keys nobody explains.
FIRST, MORE = range(1), range(1, 3)


@pytest.mark.parametrize("seeds", [FIRST, MORE], ids=["first-games", "more-games"])
@pytest.mark.parametrize("name", sorted(KEYS))
def test_observation_keys_explain_every_key_and_no_other(name: str, seeds: range) -> None:
    info = henchmen.game_info(name)
    explained = KEYS[name]
    assert explained, f"{name} explains none of its observation keys"
    assert all(isinstance(d, str) and d for d in explained.values())
    seen: set[str] = set()
    runs: list[tuple[dict[str, object], int]] = [
        ({"players": players}, seed)
        for players in range(info.min_players, info.max_players + 1)
        for seed in seeds
    ]
    if seeds == FIRST:
        runs += [(options, 0) for options in EXTRA_OPTIONS.get(name, [])]
    for options, seed in runs:
        state = henchmen.new_game(name, seed=seed, **options)
        rng = random.Random(seed)
        while True:
            for viewer in range(state.game.num_players):
                seen |= keys_of(state.observation(viewer))
            if state.is_terminal:
                break
            state.apply(rng.choice(list(state.legal_actions)))
    assert sorted(seen - set(explained)) == [], "observation keys nobody explains"
    if seeds == FIRST:  # the further games need not show every key again
        assert sorted(set(explained) - seen) == [], "explained keys no observation held"
