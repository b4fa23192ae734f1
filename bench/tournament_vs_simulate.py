"""A tournament's cost per game against ``simulate``'s, for the same bots and games.

    python bench/tournament_vs_simulate.py              # 5 interleaved rounds, medians
    python bench/tournament_vs_simulate.py --rounds 3 --games 10

Seven Secret Supervillains, the field greedy, random and ismcts:iterations=50
(three tables), ``--games`` games a table on one worker; ``simulate`` plays
the same three pairings, ``--games`` games each, on one thread.  Each round
runs every variant once, in turn, so a busy machine slows them alike, and the
medians over the rounds are printed:

- ``simulate`` and ``tournament`` as commands (``henchmen simulate`` and
  ``henchmen tournament --workers 1``): what a user waits for, process start
  and the worker pool's start included;
- the same in this process (``run_matches`` and ``run_tournament`` on a
  one-thread pool): the cost per game alone;
- ``move by move``: every native move chosen through ``State.bot_action``
  from Python, as tournaments played before results format 2.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import henchmen
from henchmen.analysis import Tournament, run_tournament
from henchmen.analysis.play import play_game
from henchmen.matches import parse_bot_spec, run_matches

GAME = "seven-secret-supervillains"
FIELD = ("greedy", "random", "ismcts:iterations=50")


def _seconds(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=10, help="games a table (default 10)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    t = Tournament(GAME, FIELD, games_per_table=args.games, seed=1)
    games = t.total_games
    game = henchmen.Game(GAME)
    henchmen_cli = [sys.executable, "-m", "henchmen"]

    def simulate_cli() -> None:
        for table in t.tables:
            bots = ",".join(FIELD[b] for b in table)
            subprocess.run([*henchmen_cli, "simulate", GAME, "--bots", bots, "--games",
                            str(args.games)], check=True, capture_output=True)  # fmt: skip

    def tournament_cli(round_: int) -> None:
        out = folder / f"cli-{round_}.jsonl"
        subprocess.run([*henchmen_cli, "tournament", GAME, "--bots", ",".join(FIELD), "--games",
                        str(args.games), "--workers", "1", "--out", str(out)],
                       check=True, capture_output=True)  # fmt: skip

    def simulate_here() -> None:
        for table in t.tables:
            run_matches(game, [parse_bot_spec(FIELD[b]) for b in table], games=args.games, seed=1)

    def tournament_here(round_: int) -> None:
        with ThreadPoolExecutor(1) as pool:
            run_tournament(t, folder / f"here-{round_}.jsonl", executor=pool)

    def move_by_move() -> None:
        for table in range(len(t.tables)):
            for g in range(t.games_per_table):
                play_game(t, table, g)

    times: dict[str, list[float]] = {}
    for round_ in range(args.rounds):
        runs: dict[str, Callable[[], object]] = {
            "simulate (command)": simulate_cli,
            "tournament (command)": functools.partial(tournament_cli, round_),
            "simulate (in process)": simulate_here,
            "tournament (in process)": functools.partial(tournament_here, round_),
            "move by move (format 1)": move_by_move,
        }
        for name, work in runs.items():
            times.setdefault(name, []).append(_seconds(work))
        print(f"round {round_ + 1}: " + ", ".join(f"{k} {v[-1]:.2f}s" for k, v in times.items()),
              file=sys.stderr, flush=True)  # fmt: skip
    print(f"{games} games ({len(t.tables)} tables of {args.games}), {args.rounds} rounds, medians")
    print("| variant | seconds | ms per game | against simulate |")
    print("|---|---:|---:|---:|")
    base = {
        "command": statistics.median(times["simulate (command)"]),
        "in process": statistics.median(times["simulate (in process)"]),
    }
    for name, values in times.items():
        median = statistics.median(values)
        against = base["command" if "command" in name else "in process"]
        print(f"| {name} | {median:.2f} | {1000 * median / games:.0f} | {median / against:.2f}x |")


if __name__ == "__main__":
    main()
