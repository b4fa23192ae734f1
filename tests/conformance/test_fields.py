"""The guard of the declared position fields (issue 43, item 4).

Each game declares its position fields once (``State::fields()``, see
cpp/core/fields.h); JSON reading, writing and range checks follow from that
table, while hash.cpp stays hand-written (its values are pinned by replays).
What that split risks is a field that reaches the JSON but not the hash, or
one JSON direction only. So, for every declared field of every game, in
positions met in play: each other value the field may take must change the
position JSON and, read back from it, the hash; and the changed JSON must
read back to itself. The check runs natively (``State._field_check``) and
lists every field that fails.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from tests.hardening.support import play_random

import henchmen

INFOS = {info.name: info for info in henchmen.games()}
#: Every game at its fewest and most players.
CONFIGS = sorted(
    {(name, p) for name, info in INFOS.items() for p in (info.min_players, info.max_players)}
)
STEPS = 120  # moves, chance included, of each game played
EVERY = 15  # checked every this many moves


def field_check(state: henchmen.State) -> dict[str, Any]:
    report = json.loads(state._s._field_check())
    assert isinstance(report, dict), "every game declares its position fields"
    return report


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=[f"{n}-{p}" for n, p in CONFIGS])
def test_every_declared_field_reaches_the_json_and_the_hash(name: str, players: int) -> None:
    rng = random.Random(43)
    state = henchmen.Game(name, players=players).new_initial_state(auto_chance=False)
    tried = 0
    problems: set[str] = set()
    for _ in range(0, STEPS + 1, EVERY):
        report = field_check(state)
        tried += int(report["tried"])
        problems.update(f"move {state.move_number}: {p}" for p in report["problems"])
        if state.is_terminal:
            break
        play_random(state, EVERY, rng)
    assert not problems, "\n".join(sorted(problems))
    assert tried > 0
