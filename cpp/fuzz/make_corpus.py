"""Seed corpora for the fuzz targets: serialized states and move notation
from seeded random games of every game and player count.

    python cpp/fuzz/make_corpus.py OUT_DIR
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import henchmen


def main(out: Path) -> int:
    (out / "deserialize").mkdir(parents=True, exist_ok=True)
    (out / "notation").mkdir(parents=True, exist_ok=True)
    n = 0
    for g in henchmen.games():
        for players in range(g.min_players, g.max_players + 1):
            state = henchmen.Game(g.name, players=players).new_initial_state(seed=None)
            rng = random.Random(players)
            for step in range(400):
                if state.is_terminal:
                    break
                if step in (0, 1, 5, 20, 60, 150, 399):
                    path = out / "deserialize" / f"{g.name}-{players}p-{step}.json"
                    path.write_text(state.serialize(), encoding="utf-8")
                for k, a in enumerate(state.legal_actions):
                    if k < 3:
                        (out / "notation" / f"m{n}").write_bytes(bytes([n % 256]) + str(a).encode())
                        n += 1
                ids = state.legal_action_ids()
                state.apply(ids[rng.randrange(len(ids))])
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
