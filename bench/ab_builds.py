"""Two builds of the native core side by side on a shared machine: batched
stepping (``VectorGame.step_random``) in each, run at the same time, one
thread each, so that both see the same load; CPU time per action, and the
median over rounds of the ratio B/A (above 1: B is faster).

    python bench/ab_builds.py A.so B.so [--game sss] [--mode both] [--rounds 6]

A build is a copy of ``henchmen/_core*.so`` taken after ``pip install -e .``
(copy the old one aside, rebuild, pass both). ``--mode``: ``both``
(observations and masks), ``obs``, ``mask`` or ``none``.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import time


def child(so: str, game: str, mode: str, steps: int, games: int) -> None:
    """Load the core from ``so``, step, print CPU-time actions/s."""
    spec = importlib.util.spec_from_file_location("henchmen._core", so)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["henchmen._core"] = module
    spec.loader.exec_module(module)
    from henchmen.batch import VectorGame

    vector = VectorGame(
        game,
        num_games=games,
        seed=1,
        threads=1,
        observations=mode in ("obs", "both"),
        legal_mask=mode in ("mask", "both"),
    )
    vector.reset()
    for _ in range(20):
        vector.step_random()
    before = vector.actions_applied
    start = time.process_time()
    for _ in range(steps):
        vector.step_random()
    print((vector.actions_applied - before) / (time.process_time() - start))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--game", default="seven-secret-supervillains")
    parser.add_argument("--mode", default="both", choices=("both", "obs", "mask", "none"))
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--games", type=int, default=256)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.a, args.game, args.mode, args.steps, args.games)
        return
    rates: list[tuple[float, float]] = []
    rest = ["--child", "--game", args.game, "--mode", args.mode]
    rest += ["--steps", str(args.steps), "--games", str(args.games)]
    for _ in range(args.rounds):
        runs = [
            subprocess.Popen(
                [sys.executable, __file__, so, so, *rest], stdout=subprocess.PIPE, text=True
            )
            for so in (args.a, args.b)
        ]
        a, b = (float(run.communicate()[0]) for run in runs)
        rates.append((a, b))
    ratios = [b / a for a, b in rates]
    print(
        f"{args.game} {args.mode}: A {statistics.median(a for a, _ in rates) / 1e6:.2f}M, "
        f"B {statistics.median(b for _, b in rates) / 1e6:.2f}M actions/s (CPU time, 1 thread); "
        f"median B/A {statistics.median(ratios):.3f} "
        f"(rounds: {', '.join(f'{r:.2f}' for r in ratios)})"
    )


if __name__ == "__main__":
    main()
