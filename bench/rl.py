"""The RL adapters side by side, from one run: PettingZoo's own loop, the
vector environment with float, compact and no observations.

    python bench/rl.py [--seconds 3] [--games 256] [--markdown]

Rows per game:
- *pettingzoo loop*: ``aec_env`` driven the PettingZoo way (``agent_iter``,
  ``last()``, a random legal action from the mask, ``step``).
- *vector, step_random*: ``VectorEnv.step_random`` (actions drawn natively),
  writing observations (by encoding) and legal masks every step.
- *vector, numpy policy*: ``VectorEnv.step(actions)`` with a random legal
  action per game chosen in numpy from the masks (the argmax of noise over
  the mask): what a training loop paid before the flat legal actions.
- *flat legal ids*: the same with ``legal="flat"`` (no mask; each game's
  legal action ids end to end), step_random beside ``step`` with the actions
  from ``henchmen.rl.legal.sample_legal``: the fast path.

Decisions are the agents' moves; actions add chance outcomes (draws,
reveals), as bench/run.py counts them.  Ratios are against the PettingZoo
loop in the same run; the last column is a policy row's decisions/s over
step_random's with the same observations and legal actions, in the same run.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

import numpy as np

from henchmen.rl import VectorEnv, aec_env
from henchmen.rl.legal import sample_legal

GAMES = ("seven-secret-supervillains", "villainy", "legendary", "super", "suet")


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
    name: str, games: int, encoding: str, seconds: float, policy: str | None, legal: str = "mask"
) -> tuple[float, float]:
    """(decisions/s, actions/s) through VectorEnv; ``policy``: None (step_random), mask, flat."""
    env = VectorEnv(
        name,
        games,
        seed=1,
        threads=os.cpu_count() or 1,
        encoding=encoding,
        final_observation=True,
        legal=legal,
    )
    obs, _ = env.reset()
    rng = np.random.default_rng(1)
    step: Callable[[], None]
    if policy == "flat":

        def step() -> None:
            nonlocal obs
            obs = env.step(sample_legal(obs["legal_offsets"], obs["legal_ids"], rng))[0]

    elif policy == "mask":

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
    print(
        "| game | loop | decisions/s | actions/s | x pettingzoo (decisions) "
        "| x step_random (same obs) |"
    )
    print("|---|---|---:|---:|---:|---:|")
    for name in GAMES:
        base_d, base_a = pettingzoo_loop(name, args.seconds)
        rows = [("pettingzoo loop (AEC, float obs)", base_d, base_a, "")]
        random_d: dict[tuple[str, str], float] = {}
        for encoding in ("float", "compact", "none"):
            d, a = vector(name, args.games, encoding, args.seconds, policy=None)
            random_d[encoding, "mask"] = d
            rows.append((f"vector step_random, {encoding} obs + mask", d, a, ""))
        d, a = vector(name, args.games, "float", args.seconds, policy="mask")
        ratio = f"{d / random_d['float', 'mask']:.2f}"
        rows.append(("vector step(numpy policy on the mask), float obs + mask", d, a, ratio))
        for encoding in ("float", "compact"):
            d, a = vector(name, args.games, encoding, args.seconds, policy=None, legal="flat")
            rows.append((f"vector step_random, {encoding} obs + flat legal ids", d, a, ""))
            p_d, p_a = vector(name, args.games, encoding, args.seconds, "flat", legal="flat")
            rows.append(
                (
                    f"vector step(sample_legal), {encoding} obs + flat legal ids",
                    p_d,
                    p_a,
                    f"{p_d / d:.2f}",
                )
            )
        for label, d, a, ratio in rows:
            print(f"| {name} | {label} | {si(d)} | {si(a)} | {d / base_d:.1f}x | {ratio} |")


if __name__ == "__main__":
    main()
