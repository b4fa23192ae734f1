"""How strong is ISMCTS? Win rates against the greedy and random bots, every game.

    python bench/strength.py              # ISMCTS against greedy and random, every game
    python bench/strength.py --quick      # fewer games, for a smoke run
    python bench/strength.py --iterations 2000 --exploration 0.5   # try other settings

Two-player zero-sum games: ISMCTS (SearchBot's defaults unless told) plays
the greedy bot and the random bot natively, seats rotated every game; a win
is the strictly better return.  Cooperative games (Legendary): every seat is
played by the same bot and the team's results are compared; a team win is a
win against the Mastermind (every return > 0), a draw the villain deck
running out, and the team score is the players' victory points summed.
Intervals are 95% Wilson intervals.  It also times ISMCTS iterations per
second, natively and in the readable Python implementation.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import henchmen
from heading import print_heading
from henchmen import _core
from henchmen.bots.search_bot import DEFAULT_EXPLORATION, DEFAULT_ITERATIONS
from henchmen.matches import BotSpec, parse_bot_spec, run_matches, wilson_interval
from henchmen.search import ISMCTS, HeuristicEvaluator
from henchmen.walks import random_walk


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def interval(wins: int, games: int) -> str:
    lo, hi = wilson_interval(wins, games)
    return f"[{pct(lo)}, {pct(hi)}]"


def midgame(name: str, seed: int, steps: int) -> henchmen.State:
    state = random_walk(name, seed, steps)
    while state.is_terminal:  # too far: start again with fewer steps
        steps //= 2
        state = midgame(name, seed + 1, steps)
    return state


def speed(name: str, iterations: int, quick: bool) -> tuple[float, float, float]:
    """ISMCTS iterations per second (native, Python) and native ms per move at the budget."""
    positions = [midgame(name, s, 40) for s in range(1, 3 if quick else 5)]
    native = python = 0.0
    n_native = 0
    n_python = 0
    for p in positions:
        r = ISMCTS(iterations=4000, seed=1, evaluator=HeuristicEvaluator()).search(p)
        native += r.seconds
        n_native += r.iterations
        r = ISMCTS(iterations=300, seed=1, evaluator=HeuristicEvaluator(), native=False).search(p)
        python += r.seconds
        n_python += r.iterations
    per_move = 1000 * native / n_native * iterations
    return n_native / native, n_python / python, per_move


def team_games(
    game: henchmen.Game, spec: BotSpec, games: int, seed: int, threads: int
) -> dict[str, Any]:
    """Every seat the same native bot, driven from Python so the final position is known."""
    native = spec.native()
    assert native is not None

    def one(g: int) -> tuple[float, int]:
        game_seed = _core.derive_seed(seed, g)
        state = game.new_initial_state(seed=game_seed)
        rng = _core.Rng(_core.derive_seed(game_seed, 99))
        core = state._s
        while not core.is_terminal:
            core.apply(core.bot_action(native, rng))
        view = state.observation(0)
        vp = sum(p.get("vp", 0) for p in view.get("players", []))
        return state.returns[0], vp

    with ThreadPoolExecutor(threads) as pool:
        results = list(pool.map(one, range(games)))
    wins = sum(1 for r, _ in results if r > 0)
    losses = sum(1 for r, _ in results if r < -0.5)
    return {
        "games": games,
        "wins": wins,
        "draws": games - wins - losses,
        "losses": losses,
        "vp": sum(v for _, v in results) / games,
        "return": sum(r for r, _ in results) / games,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer games (a smoke run)")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--exploration", type=float, default=DEFAULT_EXPLORATION)
    parser.add_argument("--games", type=int, default=100, help="games against greedy")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--only", default=None, help="one game by name")
    args = parser.parse_args()
    games_greedy = 12 if args.quick else args.games
    games_random = 8 if args.quick else max(40, args.games // 2)
    games_team = 8 if args.quick else max(40, args.games // 2)
    ismcts = parse_bot_spec(
        f"ismcts:iterations={args.iterations}:exploration={args.exploration}:rollout_depth=0"
    )
    greedy, rand = parse_bot_spec("greedy"), parse_bot_spec("random")
    started = time.perf_counter()
    setup = f"ISMCTS: {ismcts}; native matches, {args.threads} threads, seed {args.seed}"
    print_heading("strength", setup)
    print("| game | matchup | games | wins | draws | win rate | 95% interval | notes |")
    print("|---|---|---:|---:|---:|---:|---|---|")
    speeds = []
    for info in henchmen.games():
        if args.only and info.name != args.only:
            continue
        game = henchmen.Game(info.name)
        if info.zero_sum:
            for other, n in ((greedy, games_greedy), (rand, games_random)):
                r = run_matches(game, [ismcts, other], n, seed=args.seed, threads=args.threads)
                s = r.score(0)
                print(
                    f"| {info.name} | ISMCTS vs {other} | {s.games} | {s.wins} | {s.draws} "
                    f"| {pct(s.win_rate)} | {interval(s.wins, s.games)} "
                    f"| {r.seconds:.0f}s, {sum(r.lengths) / r.games:.0f} actions a game |",
                    flush=True,
                )
        else:
            for label, spec in (("ISMCTS", ismcts), ("greedy", greedy), ("random", rand)):
                t = time.perf_counter()
                t_r = team_games(game, spec, games_team, args.seed, args.threads)
                won, n = t_r["wins"], t_r["games"]
                print(
                    f"| {info.name} ({game.num_players} players) | team of {label} "
                    f"| {n} | {won} | {t_r['draws']} | {pct(won / n)} | {interval(won, n)} "
                    f"| team VP {t_r['vp']:.1f}, mean return "
                    f"{t_r['return']:+.2f}; {time.perf_counter() - t:.0f}s |",
                    flush=True,
                )
        speeds.append((info.name, *speed(info.name, args.iterations, args.quick)))
    print()
    print(
        "| game | ISMCTS iterations/s, native | iterations/s, Python | native/Python "
        f"| ms a move at {args.iterations} iterations |"
    )
    print("|---|---:|---:|---:|---:|")
    for name, nat, py, ms in speeds:
        print(f"| {name} | {nat:,.0f} | {py:,.0f} | {nat / py:.0f}x | {ms:.1f} |")
    print()
    print(f"# total {time.perf_counter() - started:.0f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
