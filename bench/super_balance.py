"""Super! balance: ISMCTS self-play, each seat's and each Super Power's share of wins.

    python bench/super_balance.py                 # the tables of docs/rules/super.md
    python bench/super_balance.py --games 40      # a smoke run

Every seat is the native ISMCTS bot (the same budget); each player chooses a
Super Power in the setup as the bot decides, so a power's share of wins is
how well it does when strong players pick it. A win is the unique best
return (a round-limit tie wins for nobody). Intervals are 95% Wilson
intervals; a fair seat or power wins 1/n of its games. With --random-powers
each seat's power is drawn uniformly instead (every power gets about as many
games: a screen for rarely picked powers, not the documented tables).
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor

import henchmen
from henchmen import _core
from henchmen.matches import parse_bot_spec, wilson_interval


def play(
    players: int, spec: object, seed: int, random_powers: bool = False
) -> tuple[list[str], int, int]:
    """One self-play game: each seat's power, the winning seat (-1: none), its length."""
    state = henchmen.new_game("super", players=players, seed=seed)
    rng = _core.Rng(_core.derive_seed(seed, 99))
    core = state._s
    while not core.is_terminal:
        legal = core.legal_actions()
        if random_powers and core.action_to_string(legal[0]).startswith("choose "):
            core.apply(legal[rng.below(len(legal))])
            continue
        core.apply(core.bot_action(spec, rng))  # type: ignore[arg-type]
    powers = [p["power"] for p in state.observation(0)["players"]]
    returns = list(state.returns)
    best = max(returns)
    winner = returns.index(best) if returns.count(best) == 1 else -1
    return powers, winner, state.move_number


def table(
    players: int, games: int, iterations: int, threads: int, seed: int, random_powers: bool = False
) -> str:
    spec = parse_bot_spec(f"ismcts:iterations={iterations}").native()
    started = time.perf_counter()
    with ThreadPoolExecutor(threads) as pool:
        results = list(
            pool.map(
                lambda g: play(players, spec, _core.derive_seed(seed, g), random_powers),
                range(games),
            )
        )
    seats = [0] * players
    power_games: defaultdict[str, int] = defaultdict(int)
    power_wins: defaultdict[str, int] = defaultdict(int)
    undecided = 0
    for powers, winner, _ in results:
        undecided += winner < 0
        if winner >= 0:
            seats[winner] += 1
        for seat, power in enumerate(powers):
            power_games[power] += 1
            power_wins[power] += seat == winner
    mean_length = sum(r[2] for r in results) / len(results)
    lines = [
        f"{players} players: {games} games (ismcts:iterations={iterations} in every seat"
        f"{', powers drawn at random' if random_powers else ''}), "
        f"{undecided} without a single winner, {mean_length:.0f} actions a game, "
        f"{time.perf_counter() - started:.0f}s; a fair share is {1 / players:.3f}",
        "",
        "| who | games | wins | share | 95% Wilson interval |",
        "|---|---:|---:|---:|---|",
    ]
    for seat, wins in enumerate(seats):
        lo, hi = wilson_interval(wins, games)
        lines.append(
            f"| seat {seat + 1} | {games} | {wins} | {wins / games:.3f} | [{lo:.3f}, {hi:.3f}] |"
        )
    for power in sorted(power_games, key=lambda p: -power_wins[p] / power_games[p]):
        n, wins = power_games[power], power_wins[power]
        lo, hi = wilson_interval(wins, n)
        lines.append(f"| {power} | {n} | {wins} | {wins / n:.3f} | [{lo:.3f}, {hi:.3f}] |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games at each player count")
    parser.add_argument("--players", default="2,4", help="player counts, comma-separated")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--random-powers", action="store_true", help="draw each seat's power uniformly"
    )
    args = parser.parse_args()
    for players in (int(p) for p in args.players.split(",")):
        print(
            table(
                players, args.games, args.iterations, args.threads, args.seed, args.random_powers
            ),
            flush=True,
        )
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
