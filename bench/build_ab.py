"""Two or more builds of the extension compared on the hot path, interleaved,
beside OpenSpiel's hearts in the same run (for a build change: issue 39).

    python bench/build_ab.py before=/tmp/old/_core.so after=build/.../_core.so
    python bench/build_ab.py --rounds 5 --games legendary,super a=... b=...
    python bench/build_ab.py old=/tmp/old/_core.so:/tmp/old/python/henchmen new=...

Each build is a ``_core`` shared object; this package's Python files are the
same for all, unless a build names its own after a colon (a Python-side change:
an older checkout's package beside the shared object built from it). Every
round measures each build in a fresh process, one after another, then hearts
(bench/run.py's isolated anchor), so a busy machine's drift falls on all of
them alike; the table gives each figure's median over the rounds. The measures
are bench/run.py's, timed in CPU-seconds of the process rather than wall time
(the machine may be shared): native random playouts on one thread (actions a
CPU-second), native clone (CPU ns, the loop's overhead included), Python-driven
actions a CPU-second, batched actions a CPU-second (256 games on one thread,
no observations) and native ISMCTS iterations a CPU-second (1,000 iterations
from a midgame position, forty random steps from seed 3, one tree, rollouts
to the end). The child script uses only what every build's package has, so a
build from before an API change is measured the same way.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.join(HERE, "..", "python", "henchmen")
GAMES = ("seven-secret-supervillains", "legendary", "parry", "super", "villainy", "suet")
MEASURES = ("playouts", "clone ns", "python", "batched", "ismcts")

# Runs in the child, with the build's package first on the path (python -S:
# no editable-install hook reads the worktree's own build instead).
CHILD = """
import json, random, sys, time
import henchmen
cpu = time.process_time
def legal_ids(state):
    ids = state.legal_action_ids
    return ids if isinstance(ids, list) else ids()  # a method before 7 December
def midgame(name, seed=3):
    # bench/run.py's midgame (forty random steps; a seed whose game ends first gives
    # way to the next), spelled with what every build's package has.
    while True:
        state, rng = henchmen.new_game(name, seed=seed), random.Random(seed)
        for _ in range(40):
            if state.is_terminal:
                break
            ids = legal_ids(state)
            state.apply(ids[rng.randrange(len(ids))])
        if state.current_player >= 0:
            return state
        seed += 1
def rate(work):
    start = cpu()
    done = work()
    return done / (cpu() - start)
def python_actions():
    rng, actions, seed, start = random.Random(1), 0, 0, cpu()
    while cpu() - start < 1.0:
        state = henchmen.new_game(name, seed=seed)
        while not state.is_terminal:
            ids = legal_ids(state)
            state.apply(ids[rng.randrange(len(ids))])
        actions += state.move_number
        seed += 1
    return actions
def batched_actions():
    from henchmen.batch import VectorGame
    vector = VectorGame(name, num_games=256, seed=1, threads=1)
    vector.reset()
    for _ in range(200):
        vector.step_random()
    return vector.actions_applied
out = {{}}
for name in {games!r}:
    game = henchmen.Game(name)
    core = midgame(name)._s
    n = 2_000_000
    def playouts():
        return game.random_playouts(4000, seed=1, threads=1)["actions"]
    def clones():
        core.native_cost_ns("clone", n)
        return n
    def ismcts():
        return core.search({{"iterations": 1000, "seed": 1, "rollout_depth": -1}})["iterations"]
    out[name] = {{
        "playouts": max(rate(playouts) for _ in range(3)),
        "clone ns": min(1e9 / rate(clones) for _ in range(3)),
        "python": rate(python_actions),
        "batched": max(rate(batched_actions) for _ in range(2)),
        "ismcts": max(rate(ismcts) for _ in range(2)),
    }}
print(json.dumps(out))
"""


def site_packages() -> list[str]:
    """The interpreter's own search path (numpy, pyspiel), without .pth hooks' extras."""
    return [p for p in sys.path if p and os.path.isdir(p) and "__editable__" not in p]


def package_with(build: str, into: str) -> str:
    """A copy of the henchmen package (``SO`` or ``SO:PACKAGE``) whose _core is the shared
    object; returns its parent folder."""
    so, _, package = build.partition(":")
    target = os.path.join(into, "henchmen")
    skip = shutil.ignore_patterns("_core*.so", "__pycache__")
    shutil.copytree(package or PACKAGE, target, ignore=skip)
    shutil.copy(so, os.path.join(target, "_core" + importlib.machinery.EXTENSION_SUFFIXES[0]))
    return into


def measure(root: str, games: tuple[str, ...]) -> dict[str, dict[str, float]]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([root, *site_packages()]))
    code = CHILD.format(games=games)
    done = subprocess.run(
        [sys.executable, "-S", "-c", code], env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(f"measuring {root} failed:\n{done.stderr}")
    result: dict[str, dict[str, float]] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def hearts() -> float:
    argv = [sys.executable, os.path.join(HERE, "run.py"), "--anchor", "hearts"]
    done = subprocess.run([*argv, "--measure", "native"], capture_output=True, text=True)
    if done.returncode != 0:
        return float("nan")
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures["native actions/s (1 thread)"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("builds", nargs="+", help="label=path/to/_core.so[:path/to/henchmen]")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated")
    args = parser.parse_args()
    builds = dict(b.split("=", 1) for b in args.builds)
    games = tuple(args.games.split(","))
    seen: dict[str, list[dict[str, dict[str, float]]]] = {label: [] for label in builds}
    anchor: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        roots = {label: package_with(so, os.path.join(tmp, label)) for label, so in builds.items()}
        for r in range(args.rounds):
            # Alternate the order (ABBA) so a drift in the load falls on all alike.
            order = list(roots.items()) if r % 2 == 0 else list(roots.items())[::-1]
            for label, root in order:
                seen[label].append(measure(root, games))
            anchor.append(hearts())
            print(f"round {r + 1} of {args.rounds} done", file=sys.stderr)
    each = ", ".join(f"{a / 1e6:.2f}M" for a in anchor)
    print(
        f"medians of {args.rounds} interleaved rounds; hearts native "
        f"{statistics.median(anchor) / 1e6:.2f}M actions/s ({each})"
    )
    print("| game | measure | " + " | ".join(builds) + " |")
    print("|---|---|" + "---:|" * len(builds))
    for name in games:
        for m in MEASURES:
            cells = []
            for label in builds:
                v = statistics.median(run[name][m] for run in seen[label])
                if m == "clone ns":
                    cells.append(f"{v:.1f}")
                elif m == "ismcts":
                    cells.append(f"{v / 1e3:.2f}k")
                else:
                    cells.append(f"{v / 1e6:.2f}M")
            print(f"| {name} | {m} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
