"""Two builds of the native core on bench/run.py's row "batched actions/s (256
games, obs+mask)", interleaved: each round runs A, B, B, A (ABBA), each in a
fresh process one after another, so the host's drift falls on both alike;
the medians of wall-clock actions/s and of the rounds' B/A
ratios (above 1: B is faster).

    python bench/obs_ab.py A.so B.so [--games sss,legendary] [--rounds 3] [--seconds 2]

A build is a copy of ``henchmen/_core*.so`` taken after ``pip install -e .``.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES = ("seven-secret-supervillains", "legendary", "super", "villainy", "suet")


def child(so: str, game: str, seconds: float) -> None:
    """Load the core from ``so``; print run.py's batched row (wall-clock actions/s)."""
    spec = importlib.util.spec_from_file_location("henchmen._core", so)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["henchmen._core"] = module
    spec.loader.exec_module(module)
    sys.path.insert(0, HERE)
    from run import batched

    print(batched(game, 256, True, seconds))


def measure(so: str, game: str, seconds: float) -> float:
    out = subprocess.run(
        [sys.executable, __file__, so, so, "--child", "--games", game, "--seconds", str(seconds)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return float(out[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.a, args.games, args.seconds)
        return
    print(f"load {os.getloadavg()[0]:.2f}")
    for game in args.games.split(","):
        a_rates: list[float] = []
        b_rates: list[float] = []
        for _ in range(args.rounds):
            for so, rates in (
                (args.a, a_rates),
                (args.b, b_rates),
                (args.b, b_rates),
                (args.a, a_rates),
            ):
                rates.append(measure(so, game, args.seconds))
        ratios = [
            (b_rates[2 * r] + b_rates[2 * r + 1]) / (a_rates[2 * r] + a_rates[2 * r + 1])
            for r in range(args.rounds)
        ]
        a_med, b_med = statistics.median(a_rates) / 1e6, statistics.median(b_rates) / 1e6
        print(
            f"{game}: A median {a_med:.2f}M best {max(a_rates) / 1e6:.2f}M, "
            f"B median {b_med:.2f}M best {max(b_rates) / 1e6:.2f}M actions/s "
            f"(wall, 2 threads); B/A median {statistics.median(ratios):.3f}",
            flush=True,
        )
    print(f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
