"""Villainy balance: ISMCTS self-play, 2 players, every ordered pair of decks (100 games each).

Prints the table of docs/rules/villainy.md (seat 1 and each deck, a draw
scoring one half, with 95% Wilson intervals). Run from the repository root:
``python bench/villainy_balance.py``.
"""

from __future__ import annotations

import itertools
from collections import defaultdict

import henchmen
from henchmen.matches import parse_bot_spec, run_matches, wilson_interval

DECKS = ["Mugga Mugga", "Mallory Maleficarum", "Dr. Oblongata"]
GAMES = 100
BOT = "ismcts:iterations=100"


def main() -> None:
    bot = parse_bot_spec(BOT)
    decks: defaultdict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    seat = [0.0, 0.0]
    decided = 0
    for a, b in itertools.permutations(DECKS, 2):
        game = henchmen.Game("villainy", players=2, deck_1=a, deck_2=b)
        results = run_matches(game, [bot, bot], games=GAMES, seed=21, threads=1)
        for ret in results.returns:
            first = 1.0 if ret[0] > ret[1] else 0.0 if ret[0] < ret[1] else 0.5
            decks[a][0] += first
            decks[a][1] += 1
            decks[b][0] += 1 - first
            decks[b][1] += 1
            seat[0] += first
            seat[1] += 1
            decided += ret[0] != ret[1]
    print(f"{int(seat[1])} games ({BOT}), {decided} decided before the round limit")
    print("| who | games | score | 95% Wilson interval |")
    print("|---|---:|---:|---|")
    for name, (score, n) in [("seat 1", seat), *((d, decks[d]) for d in DECKS)]:
        lo, hi = wilson_interval(score, int(n))
        print(f"| {name} | {int(n)} | {score / n:.3f} | [{lo:.3f}, {hi:.3f}] |")


if __name__ == "__main__":
    main()
