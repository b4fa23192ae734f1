"""How the cost grows: with players, with game length and with batch size.

    python bench/scaling.py            # prints three Markdown tables
    python bench/scaling.py --quick

1. Players: native random-playout actions/s and cost per action for every
   game at every player count it allows.
2. Game length: native actions/s over successive stretches of a game (early,
   middle, late), to show whether later positions (bigger decks, more cards
   in play) cost more per action.
3. Batch size: VectorGame throughput (decisions and chance outcomes) against
   the number of games per batch, with and without observation tensors and
   legal masks.
"""

from __future__ import annotations

import argparse
import os
import random
import time

import numpy as np

import henchmen
from henchmen.batch import VectorGame


def players_table(quick: bool) -> list[str]:
    rows = [
        "| game | players | actions/s (1 thread) | ns/action | actions/game |",
        "|---|---:|---:|---:|---:|",
    ]
    for info in henchmen.games():
        for players in range(info.min_players, info.max_players + 1):
            game = henchmen.Game(info.name, players=players)
            stats = max(
                (game.random_playouts(100 if quick else 500, seed=s, threads=1) for s in (1, 2)),
                key=lambda st: st["actions"] / st["seconds"],
            )
            rate = stats["actions"] / stats["seconds"]
            rows.append(
                f"| {info.name} | {players} | {rate / 1e6:.2f}M | {1e9 / rate:.0f} | "
                f"{stats['actions'] / stats['games']:.0f} |"
            )
    return rows


def length_table(quick: bool) -> list[str]:
    rows = [
        "| game | stretch (actions) | ns/action (apply + legal, from Python) |",
        "|---|---|---:|",
    ]
    for info in henchmen.games():
        stretches: dict[int, list[float]] = {}
        for seed in range(5 if quick else 20):
            state = henchmen.new_game(info.name, seed=seed)
            rng = random.Random(seed)
            step = 0
            while not state.is_terminal:
                start = time.perf_counter_ns()
                ids = state.legal_action_ids
                state.apply(ids[rng.randrange(len(ids))])
                stretches.setdefault(step // 200, []).append(time.perf_counter_ns() - start)
                step += 1
        for k in sorted(stretches)[:6]:
            rows.append(
                f"| {info.name} | {k * 200}-{k * 200 + 199} | {np.median(stretches[k]):.0f} |"
            )
    return rows


def batch_table(quick: bool) -> list[str]:
    cores = os.cpu_count() or 1
    rows = [
        f"| game | games per batch | actions/s, obs+mask ({cores} threads) "
        f"| actions/s, no obs ({cores} threads) |",
        "|---|---:|---:|---:|",
    ]
    for info in henchmen.games():
        for n in (16, 256, 4096) if not quick else (16, 256):
            rates = []
            for full in (True, False):
                games = VectorGame(
                    info.name,
                    num_games=n,
                    seed=1,
                    threads=cores,
                    observations=full,
                    legal_mask=full,
                )
                games.reset()
                steps = max(5, 200_000 // n if not quick else 20_000 // n)
                start = time.perf_counter()
                for _ in range(steps):
                    games.step_random()
                rates.append(games.actions_applied / (time.perf_counter() - start))
            rows.append(f"| {info.name} | {n} | {rates[0] / 1e6:.2f}M | {rates[1] / 1e6:.2f}M |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description="scaling tables")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    for title, table in (
        ("Cost by player count", players_table(args.quick)),
        ("Cost along a game", length_table(args.quick)),
        ("Batched throughput by batch size", batch_table(args.quick)),
    ):
        print(f"\n### {title}\n")
        print("\n".join(table))


if __name__ == "__main__":
    main()
