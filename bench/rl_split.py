"""Where a policy-driven VectorEnv step's time goes: the policy's choice, the step after
it, and step_random with the same outputs, with the mask and with the flat legal ids.

    python bench/rl_split.py [--games 256] [--steps 150] [game ...]

Prints microseconds a step for the batch: the best of five runs of ``--steps``
steps each (the best, so that a busy host's preemptions count least). The
step is timed with the policy's actions but without the policy.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from henchmen.rl import VectorEnv
from henchmen.rl.legal import sample_legal

GAMES = ("seven-secret-supervillains", "legendary", "villainy", "super", "suet")


def best(run: Callable[[], float], steps: int, runs: int = 5) -> float:
    """The least mean of ``run()``'s returned seconds over ``runs`` runs of ``steps`` calls."""
    return min(sum(run() for _ in range(steps)) / steps for _ in range(runs)) * 1e6


def timed(call: Callable[[], Any]) -> Callable[[], float]:
    def run() -> float:
        start = time.perf_counter()
        call()
        return time.perf_counter() - start

    return run


def split(name: str, games: int, steps: int) -> list[float]:
    """[mask: choose, step, step_random; flat: sample_legal, step, step_random] in µs."""
    rng = np.random.default_rng(1)
    threads = os.cpu_count() or 1
    mask_env = VectorEnv(name, games, seed=1, threads=threads)
    flat_env = VectorEnv(name, games, seed=1, threads=threads, legal="flat")
    obs = {"mask": mask_env.reset()[0], "flat": flat_env.reset()[0]}

    def mask_choice() -> Any:
        noise = rng.random(obs["mask"]["action_mask"].shape, dtype=np.float32)
        return np.argmax(noise * obs["mask"]["action_mask"], axis=1)

    def flat_choice() -> Any:
        return sample_legal(obs["flat"]["legal_offsets"], obs["flat"]["legal_ids"], rng)

    def stepped(env: VectorEnv, key: str, choose: Callable[[], Any]) -> Callable[[], float]:
        def run() -> float:
            actions = choose()
            start = time.perf_counter()
            obs[key] = env.step(actions)[0]
            return time.perf_counter() - start

        return run

    return [
        best(timed(mask_choice), steps),
        best(stepped(mask_env, "mask", mask_choice), steps),
        best(timed(mask_env.step_random), steps),
        best(timed(flat_choice), steps),
        best(stepped(flat_env, "flat", flat_choice), steps),
        best(timed(flat_env.step_random), steps),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=256)
    parser.add_argument("--steps", type=int, default=150)
    parser.add_argument("names", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    print(f"# bench/rl_split.py: µs a step, {args.games} games, {os.cpu_count()} threads\n")
    print(
        "| game | mask: choose | mask: step | step_random (mask) "
        "| flat: sample_legal | flat: step | step_random (flat) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in args.names:
        cells = " | ".join(f"{x:,.0f}" for x in split(name, args.games, args.steps))
        print(f"| {name} | {cells} |")


if __name__ == "__main__":
    main()
