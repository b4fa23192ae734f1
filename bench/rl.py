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
step_random's with the same observations and legal actions: the two are
alternated in six rounds (``--seconds`` in all for each) and the median of the rounds'
ratios is shown, so the host's drift cancels (their rows are the median rates).
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


class Loop:
    """A VectorEnv stepped by ``policy``: None (step_random), "mask" or "flat"."""

    def __init__(
        self, name: str, games: int, encoding: str, policy: str | None, legal: str = "mask"
    ) -> None:
        self.games = games
        self.env = VectorEnv(
            name,
            games,
            seed=1,
            threads=os.cpu_count() or 1,
            encoding=encoding,
            final_observation=True,
            legal=legal,
        )
        self.obs, _ = self.env.reset()
        self.rng = np.random.default_rng(1)
        self.step: Callable[[], object] = {
            None: self.env.step_random,
            "mask": self.mask_policy,
            "flat": self.flat_policy,
        }[policy]

    def mask_policy(self) -> None:
        # A random legal action per game: the argmax of noise over the mask.
        noise = self.rng.random(self.obs["action_mask"].shape, dtype=np.float32)
        self.obs = self.env.step(np.argmax(noise * self.obs["action_mask"], axis=1))[0]

    def flat_policy(self) -> None:
        obs = self.obs
        self.obs = self.env.step(sample_legal(obs["legal_offsets"], obs["legal_ids"], self.rng))[0]

    def burst(self, seconds: float) -> tuple[float, float]:
        """(decisions/s, actions/s) over ``seconds`` of stepping."""
        steps, before = 0, self.env.actions_applied
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            self.step()
            steps += 1
        elapsed = time.perf_counter() - start
        return steps * self.games / elapsed, (self.env.actions_applied - before) / elapsed


def paired(
    name: str, games: int, encoding: str, policy: str, legal: str, seconds: float, rounds: int = 6
) -> tuple[tuple[float, float], tuple[float, float], float]:
    """step_random and a policy with the same outputs, alternated in ``rounds`` so that the
    host's drift cancels: their median rates and the median of the rounds' ratios."""
    rand = Loop(name, games, encoding, None, legal)
    pol = Loop(name, games, encoding, policy, legal)
    r_runs, p_runs = [], []
    for _ in range(rounds):
        r_runs.append(rand.burst(seconds / rounds))
        p_runs.append(pol.burst(seconds / rounds))
    ratio = float(np.median([p[0] / r[0] for p, r in zip(p_runs, r_runs, strict=True)]))
    r_med = tuple(float(x) for x in np.median(r_runs, axis=0))
    p_med = tuple(float(x) for x in np.median(p_runs, axis=0))
    return (r_med[0], r_med[1]), (p_med[0], p_med[1]), ratio


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
        for encoding in ("compact", "none"):
            d, a = Loop(name, args.games, encoding, None).burst(args.seconds)
            rows.append((f"vector step_random, {encoding} obs + mask", d, a, ""))
        pairs = [("float", "mask", "mask"), ("float", "flat", "flat"), ("compact", "flat", "flat")]
        for encoding, legal, policy in pairs:
            (r_d, r_a), (p_d, p_a), ratio = paired(
                name, args.games, encoding, policy, legal, args.seconds
            )
            outputs = f"{encoding} obs + " + ("mask" if legal == "mask" else "flat legal ids")
            chooser = "numpy policy on the mask" if policy == "mask" else "sample_legal"
            rows.append((f"vector step_random, {outputs}", r_d, r_a, ""))
            rows.append((f"vector step({chooser}), {outputs}", p_d, p_a, f"{ratio:.2f}"))
        for label, d, a, share in rows:
            print(f"| {name} | {label} | {si(d)} | {si(a)} | {d / base_d:.1f}x | {share} |")


if __name__ == "__main__":
    main()
