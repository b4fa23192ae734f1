"""The RL adapters side by side, from one run: PettingZoo's own loop, the
vector environment with float, compact and no observations.

    python bench/rl.py [--seconds 3] [--games 256] [--markdown]

Rows per game:
- *pettingzoo loop*: ``aec_env`` driven the PettingZoo way (``agent_iter``,
  ``last()``, a random legal action from the mask, ``step``).
- *vector, step_random*: ``VectorEnv.step_random`` (actions drawn natively),
  writing observations (by encoding) and legal masks every step.
- *vector, numpy policy*: ``VectorEnv.step(actions)`` with a random legal
  action per game chosen in numpy from the masks: what a training loop pays.

Decisions are the agents' moves; actions add chance outcomes (draws,
reveals), as bench/run.py counts them.  Ratios are against the PettingZoo
loop in the same run.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

import numpy as np

from henchmen.rl import VectorEnv, aec_env

GAMES = ("seven-secret-supervillains", "legendary")


def pettingzoo_loop(name: str, seconds: float) -> tuple[float, float]:
    """(decisions/s, actions/s) through the AEC API."""
    env = aec_env(name)
    rng = np.random.default_rng(1)
    env.reset(seed=1)
    decisions = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            before = env.state_.move_number
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            decisions += 1
            actions += env.state_.move_number - before
            if decisions % 256 == 0 and time.perf_counter() - start >= seconds:
                break
        else:
            env.reset()
            continue
        break
    elapsed = time.perf_counter() - start
    return decisions / elapsed, actions / elapsed


def vector(
    name: str, games: int, encoding: str, seconds: float, policy: bool
) -> tuple[float, float]:
    """(decisions/s, actions/s) through VectorEnv."""
    env = VectorEnv(
        name, games, seed=1, threads=os.cpu_count() or 1, encoding=encoding, final_observation=True
    )
    obs, _ = env.reset()
    rng = np.random.default_rng(1)
    step: Callable[[], None]
    if policy:

        def step() -> None:
            nonlocal obs
            # A random legal action per game: the argmax of noise over the mask.
            noise = rng.random(obs["action_mask"].shape, dtype=np.float32)
            obs = env.step(np.argmax(noise * obs["action_mask"], axis=1))[0]

    else:

        def step() -> None:
            env.step_random()

    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        step()
        steps += 1
    elapsed = time.perf_counter() - start
    return steps * games / elapsed, env.actions_applied / elapsed


def si(x: float) -> str:
    return f"{x / 1e6:.2f}M" if x >= 1e6 else f"{x / 1e3:.0f}k"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", type=int, default=256)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    print(f"# bench/rl.py: {args.games} games per batch, {os.cpu_count()} threads\n")
    print("| game | loop | decisions/s | actions/s | x pettingzoo (decisions) |")
    print("|---|---|---:|---:|---:|")
    for name in GAMES:
        base_d, base_a = pettingzoo_loop(name, args.seconds)
        rows = [("pettingzoo loop (AEC, float obs)", base_d, base_a)]
        for encoding in ("float", "compact", "none"):
            d, a = vector(name, args.games, encoding, args.seconds, policy=False)
            rows.append((f"vector step_random, {encoding} obs + mask", d, a))
        for encoding in ("float", "compact"):
            d, a = vector(name, args.games, encoding, args.seconds, policy=True)
            rows.append((f"vector step(numpy policy), {encoding} obs + mask", d, a))
        for label, d, a in rows:
            print(f"| {name} | {label} | {si(d)} | {si(a)} | {d / base_d:.1f}x |")


if __name__ == "__main__":
    main()
