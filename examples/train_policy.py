"""Train a small numpy policy against the random bot, and print its win rate as it rises.

    python examples/train_policy.py [--minutes 3] [--game parry]

The policy plays seat 0 of ``--envs`` games at once through
:class:`henchmen.rl.VectorEnv`; seat 1 plays uniformly random legal moves
(the random bot).  It is linear and softmax over the legal actions:
``logits = theta + features @ W``, where ``features`` are seat 0's own
scalars from the observation tensor (power, Supervillains won, hand and deck
sizes, ability tokens, reputation; see henchmen.rl.encodings), or the whole
tensor of a small game such as Parry (the default: its games are short, so a
few minutes hold thousands of them).  It learns by
REINFORCE: when a game ends, every move seat 0 made in it is pushed toward
(or away from) in proportion to the result minus a running baseline.

At the start (theta = W = 0) the policy *is* uniformly random, so the first
line is the random-against-random win rate of seat 0.  docs/rl.md shows a
measured curve.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from henchmen.rl import VectorEnv
from henchmen.rl.encodings import slices


def feature_slice(env: VectorEnv) -> slice:
    """The whole tensor of a small game; else seat 0's scalars (henchmen.rl.encodings)."""
    if env.observation_length <= 64:
        return slice(0, env.observation_length)
    parts = [s for s in slices(env.game) if s.name.startswith("seat 0 ") and s.stop - s.start < 20]
    return slice(parts[0].start, parts[-1].stop)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="parry")
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--lr", type=float, default=0.0005)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--report", type=int, default=1000, help="games per printed line")
    args = parser.parse_args()

    env = VectorEnv(args.game, args.envs, seed=args.seed, final_observation=False)
    rng = np.random.default_rng(args.seed)
    feats = feature_slice(env)
    n_feat = feats.stop - feats.start
    n_act = env.game.num_distinct_actions
    theta = np.zeros(n_act)
    weights = np.zeros((n_feat, n_act))
    trace_theta = np.zeros((args.envs, n_act))
    trace_w = np.zeros((args.envs, n_feat, n_act))
    moves = np.zeros(args.envs)
    baseline = 0.0
    window: list[float] = []
    games = 0
    obs, _ = env.reset()
    start = time.perf_counter()
    print("games  minutes  win rate of the policy (seat 0) against random, last window")
    while time.perf_counter() - start < args.minutes * 60:
        mask = obs["action_mask"]
        ours = obs["current_player"] == 0
        x = np.log1p(np.maximum(obs["observation"].reshape(args.envs, -1)[:, feats], 0.0))
        logits = np.where(ours[:, None], theta + x @ weights, 0.0)
        logits = np.where(mask, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        gumbel = -np.log(-np.log(rng.random(probs.shape)))
        actions = np.argmax(np.where(mask, logits + gumbel, -np.inf), axis=1)
        rows = np.flatnonzero(ours)
        if rows.size:
            grad = -probs[rows]
            grad[np.arange(rows.size), actions[rows]] += 1.0
            trace_theta[rows] += grad
            trace_w[rows] += x[rows, :, None] * grad[:, None, :]
            moves[rows] += 1
        obs, rewards, terminated, truncated, _ = env.step(actions)
        for i in np.flatnonzero(terminated | truncated):
            result = float(rewards[i, 0])
            scale = args.lr * (result - baseline) / max(moves[i], 1.0)
            theta += scale * trace_theta[i]
            weights += scale * trace_w[i]
            baseline += 0.01 * (result - baseline)
            trace_theta[i] = 0.0
            trace_w[i] = 0.0
            moves[i] = 0
            window.append(1.0 if result > 0 else 0.0)
            games += 1
            if len(window) == args.report:
                minutes = (time.perf_counter() - start) / 60
                print(f"{games:5d}  {minutes:7.2f}  {np.mean(window):.3f}", flush=True)
                window = []


if __name__ == "__main__":
    main()
