"""Native random playouts measured interleaved with OpenSpiel's hearts (issue 41).

    python bench/interleaved.py                  # every game, the ratios alone (about a minute)
    python bench/interleaved.py --quick --games legendary

A shared machine's speed drifts by more than the margins the targets are
judged at, so a rate taken now and hearts' taken a minute later compare two
machines. Here both run in rounds: each round a burst of our playouts and a
burst of hearts' of the same length, side by side (the order alternating,
ABBA, so a drift inside a round falls on both alike), and each round gives
a ratio; the figure is the median of the rounds' ratios, beside the median
rates. Hearts runs in a long-lived process of its own that answers "a burst
of S seconds" requests (``--worker hearts``): a crash there (OpenSpiel's
bots have crashed on us before) becomes a finding, not the end of the run.
bench/run.py uses this for its native playout figures and target.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import select
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import henchmen

#: What hearts' worker plays: OpenSpiel's uniform random bots, one game after another.
ANCHOR = "hearts"


@dataclass
class Interleaved:
    """One game's rounds: our rate and hearts' (actions a second, one thread) in each."""

    ours: list[float] = field(default_factory=list)
    hearts: list[float] = field(default_factory=list)

    @property
    def ratios(self) -> list[float]:
        return [o / h for o, h in zip(self.ours, self.hearts, strict=False)]

    def ratio(self) -> float | None:
        """The median of the rounds' ratios; None when hearts gave no burst."""
        return statistics.median(self.ratios) if self.hearts else None


def budget(quick: bool) -> tuple[int, float]:
    """Rounds and seconds a burst: --quick keeps the whole run to a few seconds."""
    return (3, 0.1) if quick else (7, 0.5)


def our_burst(game: henchmen.Game, seconds: float, games: int) -> float:
    """Native random playouts (one thread) for at least ``seconds``: actions a second,
    over the C++ loop's own clock (as bench/run.py's figures always were)."""
    actions = spent = 0.0
    while spent < seconds:
        stats = game.random_playouts(games, seed=1, threads=1)
        actions += float(stats["actions"])
        spent += float(stats["seconds"])
    return actions / spent


def worker_argv(quick: bool) -> list[str]:
    """The command that starts hearts' worker (this file, ``--worker hearts``)."""
    argv = [sys.executable, os.path.abspath(__file__), "--worker", ANCHOR]
    return argv + (["--quick"] if quick else [])


class HeartsWorker:
    """OpenSpiel's hearts in a process of its own, asked for one burst at a time."""

    def __init__(self, quick: bool) -> None:
        self.proc = subprocess.Popen(
            worker_argv(quick),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        #: Why the worker stopped answering (a sentence for the findings), once it has.
        self.failed: str | None = None
        self._reply(timeout=120.0)  # "ready", after hearts' mean game length is measured

    def burst(self, seconds: float) -> float | None:
        """Hearts' native actions a second over a burst; None once the worker has failed."""
        if self.failed:
            return None
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(f"{seconds}\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            self._fail("stopped reading requests")
            return None
        got = self._reply(timeout=seconds * 20 + 30)
        return None if got is None else float(got["actions"]) / float(got["seconds"])

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if pipe:
                pipe.close()

    def _reply(self, timeout: float) -> dict[str, Any] | None:
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        line = self.proc.stdout.readline() if ready else None
        if line is None:
            self.proc.kill()
            self._fail(f"did not answer within {timeout:.0f} s")
            return None
        if not line:
            self._fail(None)
            return None
        reply: dict[str, Any] = json.loads(line)
        return reply

    def _fail(self, why: str | None) -> None:
        code = self.proc.wait()
        if why is None and code < 0:
            try:
                why = f"crashed ({signal.Signals(-code).name})"
            except ValueError:
                why = f"crashed (signal {-code})"
        elif why is None:
            said = self.proc.stderr.read().strip().splitlines() if self.proc.stderr else []
            why = f"failed (exit {code}: {(said or ['no output'])[-1]})"
        self.failed = f"interleaved {ANCHOR} playouts: the worker {why}"


def spiel_step(state: Any, rng: random.Random) -> None:
    """One step of random OpenSpiel play: a chance outcome by its probability, or a
    uniformly random legal action."""
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probs)[0])
    else:
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])


def openspiel_installed() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def measure(
    games: list[tuple[str, henchmen.Game]], quick: bool, rounds: int | None = None
) -> tuple[dict[str, Interleaved], str | None]:
    """Each game's rounds beside hearts' (one hearts worker for the whole run), and
    why hearts stopped, if it did. Without open-spiel, our bursts alone."""
    n_rounds, seconds = budget(quick)
    n_rounds = rounds or n_rounds
    batch = 200 if quick else 1000
    worker = HeartsWorker(quick) if openspiel_installed() else None
    results: dict[str, Interleaved] = {}
    try:
        for spec, game in games:
            our_burst(game, seconds / 4, batch)  # warm: the first batch pays for page faults
            got = results[spec] = Interleaved()
            for r in range(n_rounds):
                # ABBA: ours then hearts, then hearts then ours, so a steady drift cancels.
                order = ("ours", "hearts") if r % 2 == 0 else ("hearts", "ours")
                rates: dict[str, float | None] = {}
                for who in order:
                    if who == "ours":
                        rates[who] = our_burst(game, seconds, batch)
                    else:
                        rates[who] = worker.burst(seconds) if worker else None
                got.ours.append(rates["ours"] or 0.0)
                if rates["hearts"] is not None:
                    got.hearts.append(rates["hearts"])
    finally:
        if worker:
            worker.close()
    return results, worker.failed if worker else None


def serve_bursts(name: str, quick: bool) -> None:
    """The worker: play ``name`` with OpenSpiel's uniform random bots in bursts, one
    per request line (seconds), answering each with a JSON line of actions and seconds.
    Actions are games times the mean game length, as bench/run.py's native figure counts."""
    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(1)

    def length() -> int:
        state = game.new_initial_state()
        while not state.is_terminal():
            spiel_step(state, rng)
        return len(state.history())

    mean_length = statistics.mean(length() for _ in range(20 if quick else 100))
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(game.num_players())]
    print(json.dumps({"ready": True, "mean_length": mean_length}), flush=True)
    seed = 0
    for line in sys.stdin:
        seconds = float(line)
        games = 0
        start = time.perf_counter()
        while (spent := time.perf_counter() - start) < seconds:
            for _ in range(10):
                pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
                seed += 1
            games += 10
        print(json.dumps({"actions": games * mean_length, "seconds": spent}), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 rounds of 0.1 s bursts")
    parser.add_argument("--rounds", type=int, help="rounds a game (default 7; --quick 3)")
    parser.add_argument("--games", nargs="*", help="only these games (default: all)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        serve_bursts(args.worker, args.quick)
        return
    names = args.games or [g.name for g in henchmen.games()]
    results, failed = measure([(n, henchmen.Game(n)) for n in names], args.quick, args.rounds)
    print("| game | native actions/s | hearts (same rounds) | ratio (median of rounds) | rounds |")
    print("|---|---:|---:|---:|---|")
    for name, got in results.items():
        ratio = got.ratio()
        print(
            f"| {name} | {statistics.median(got.ours) / 1e6:.2f}M | "
            + (f"{statistics.median(got.hearts) / 1e6:.2f}M | {ratio:.2f}x" if ratio else "- | -")
            + " | "
            + ", ".join(f"{r:.2f}" for r in got.ratios)
            + " |"
        )
    if failed:
        print(f"finding: {failed}")


if __name__ == "__main__":
    main()
