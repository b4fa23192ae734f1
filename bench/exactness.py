"""What exact information sets buy: ISMCTS redrawing hidden cards from
everything the player saw, against the same bot redrawing from the position
alone (the conservative tracking: a reshuffled public pile, a card seen
passing or looked at, is forgotten).

    python bench/exactness.py                 # the table recorded in docs/strength.md
    python bench/exactness.py --quick         # a smoke run
    python bench/exactness.py --games 400 --iterations 500

Two-player games: the exact bot and the conservative bot, seats rotated
every game; a win is the strictly better return. Cooperative games
(Legendary): a team of exact bots and a team of conservative bots play the
same seeded deals; a team win is a win against the Mastermind. Every move
is the native search on the game's own state (which holds its history, so
the exact bot can read it); the loop between moves is Python. Intervals are
95% Wilson intervals. It also times search iterations per second with each
tracking, on the same positions.
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ThreadPoolExecutor

import henchmen
from heading import print_heading
from henchmen import _core
from henchmen.matches import parse_bot_spec, wilson_interval
from henchmen.search import ISMCTS, HeuristicEvaluator

GAMES = {"seven-secret-supervillains": 2, "legendary": 2}


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def play(name: str, players: int, seats: list[dict[str, object]], seed: int) -> list[float]:
    """One game with a native bot per seat, moved on the full state; the returns."""
    state = henchmen.new_game(name, players=players, seed=seed)
    rng = _core.Rng(_core.derive_seed(seed, 99))
    core = state._s
    while not core.is_terminal:
        core.apply(core.bot_action(seats[core.current_player], rng))
    return list(state.returns)


def duel(name: str, exact: object, loose: object, games: int, seed: int, threads: int) -> str:
    def one(g: int) -> float:
        seats = [exact, loose] if g % 2 == 0 else [loose, exact]
        r = play(name, 2, seats, _core.derive_seed(seed, g))  # type: ignore[arg-type]
        me, other = (r[0], r[1]) if g % 2 == 0 else (r[1], r[0])
        return 1.0 if me > other else 0.5 if me == other else 0.0

    with ThreadPoolExecutor(threads) as pool:
        scores = list(pool.map(one, range(games)))
    wins = sum(1 for s in scores if s == 1.0)
    draws = sum(1 for s in scores if s == 0.5)
    lo, hi = wilson_interval(wins, games)
    return (
        f"| {name} (2 players) | exact vs conservative | {games} | {wins} | {draws} "
        f"| {pct(wins / games)} | [{pct(lo)}, {pct(hi)}] |"
    )


def teams(
    name: str, players: int, exact: object, loose: object, games: int, seed: int, threads: int
) -> str:
    def one(args: tuple[int, object]) -> bool:
        g, spec = args
        r = play(name, players, [spec] * players, _core.derive_seed(seed, g))  # type: ignore[list-item]
        return all(x > 0 for x in r)

    rows = []
    for label, spec in (("exact", exact), ("conservative", loose)):
        with ThreadPoolExecutor(threads) as pool:
            won = sum(pool.map(one, [(g, spec) for g in range(games)]))
        lo, hi = wilson_interval(won, games)
        rows.append(
            f"| {name} ({players} players) | team of {label} | {games} | {won} | - "
            f"| {pct(won / games)} | [{pct(lo)}, {pct(hi)}] |"
        )
    return "\n".join(rows)


def speed(name: str, players: int, positions: int) -> str:
    """Native search iterations per second, exact and conservative, same positions."""
    rates = {}
    for exact in (True, False):
        seconds = iterations = 0.0
        for s in range(1, positions + 1):
            state = henchmen.new_game(name, players=players, seed=s)
            rng = random.Random(s)
            for _ in range(40):
                if state.is_terminal:
                    break
                ids = state.legal_action_ids
                state.apply(ids[rng.randrange(len(ids))])
            if state.is_terminal or state.is_chance:
                continue
            r = ISMCTS(
                iterations=3000, seed=1, evaluator=HeuristicEvaluator(), exact_knowledge=exact
            ).search(state)
            seconds += r.seconds
            iterations += r.iterations
        rates[exact] = iterations / seconds if seconds else 0.0
    cost = rates[False] / rates[True] if rates[True] else float("nan")
    return f"| {name} | {rates[True]:,.0f} | {rates[False]:,.0f} | {cost:.2f}x |"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few games (a smoke run)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    games = 8 if args.quick else args.games
    base = f"ismcts:iterations={args.iterations}:rollout_depth=0"
    exact = parse_bot_spec(base).native()
    loose = parse_bot_spec(base + ":exact=false").native()
    started = time.perf_counter()
    print_heading("exactness", f"bots: {base} (exact) and {base}:exact=false; seed {args.seed}")
    print("| game | matchup | games | wins | draws | win rate | 95% interval |")
    print("|---|---|---:|---:|---:|---:|---|")
    for name, players in GAMES.items():
        info = henchmen.game_info(name)
        if info.zero_sum:
            print(duel(name, exact, loose, games, args.seed, args.threads), flush=True)
        else:
            print(teams(name, players, exact, loose, games, args.seed, args.threads), flush=True)
    print()
    print("| game | iterations/s, exact | iterations/s, conservative | cost of exactness |")
    print("|---|---:|---:|---:|")
    for name, players in GAMES.items():
        print(speed(name, players, 2 if args.quick else 6), flush=True)
    print()
    print(f"# total {time.perf_counter() - started:.0f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
