"""Seed corpora for the fuzz targets: serialized states and move notation
from seeded random games of every game and player count, and card tables
(the built-in ones and small variants of them, plus a dictionary of their
words) for the card-table target.

    python cpp/fuzz/make_corpus.py OUT_DIR
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import henchmen


def main(out: Path) -> int:
    (out / "deserialize").mkdir(parents=True, exist_ok=True)
    (out / "notation").mkdir(parents=True, exist_ok=True)
    n = 0
    # Each distinct move once: the target reads an input's first byte as the
    # position to try it in, so a move repeated over a game (thousands of
    # "end turn"s) adds nothing but start-up time (15,421 seeds were 865).
    moves: set[str] = set()
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
                for a in state.legal_actions[:3]:
                    if str(a) not in moves:
                        moves.add(str(a))
                        (out / "notation" / f"m{n}").write_bytes(bytes([n % 256]) + str(a).encode())
                        n += 1
                ids = state.legal_action_ids
                state.apply(ids[rng.randrange(len(ids))])
    card_tables(out)
    return 0


def _numbers(node: Any, out: list[tuple[Any, Any]]) -> None:
    """Every (container, key) holding an integer."""
    items = (
        node.items()
        if isinstance(node, dict)
        else enumerate(node)
        if isinstance(node, list)
        else []
    )
    for k, v in items:
        if isinstance(v, bool):
            continue
        if isinstance(v, int):
            out.append((node, k))
        else:
            _numbers(v, out)


def _words(node: Any, out: set[str]) -> None:
    if isinstance(node, dict):
        for k, v in node.items():
            out.add(k)
            _words(v, out)
    elif isinstance(node, list):
        for v in node:
            _words(v, out)
    elif isinstance(node, str) and len(node) < 40:
        out.add(node)


def card_tables(out: Path) -> None:
    """card_table/: a player-count byte, then a table as JSON text."""
    (out / "card_table").mkdir(parents=True, exist_ok=True)
    words: set[str] = set()
    rng = random.Random(11)
    for g in henchmen.games():
        if "card_data" not in {o.name for o in g.options}:
            continue
        table = henchmen.Game(g.name).card_table()
        _words(table, words)
        for players in range(g.max_players - g.min_players + 1):
            text = json.dumps(table, separators=(",", ":"))
            (out / "card_table" / f"{g.name}-{players}").write_bytes(
                bytes([players]) + text.encode()
            )
        for k in range(8):  # a few numbers changed each
            variant = json.loads(json.dumps(table))
            spots: list[tuple[Any, Any]] = []
            _numbers(variant, spots)
            for node, key in rng.sample(spots, 3):
                node[key] = rng.choice([0, 1, 5, 10, 20, node[key] + 1])
            text = json.dumps(variant, separators=(",", ":"))
            (out / "card_table" / f"{g.name}-variant{k}").write_bytes(bytes([k]) + text.encode())
    # libFuzzer's dictionary format: one quoted token a line, \\ and \" escaped.
    tokens = [json.dumps(w) for w in sorted(words) if w.isascii() and w.isprintable()]
    lines = ['"' + t.replace("\\", "\\\\").replace('"', '\\"') + '"' for t in tokens]
    (out / "card_table.dict").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
