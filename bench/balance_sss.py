"""Balance study for Seven Secret Supervillains' designed card values, on henchmen.analysis.

Plays a greedy-vs-greedy tournament (seats rotated, every game streamed to a
results file, so a stopped study resumes) and reports (1) how often the first
seat wins and (2) for each crew, how often the player who bought more of its
Minions won, read from the games' buy events.  A crew that dominates would
show a rate far above the others.

    python bench/balance_sss.py --games 2000 --workers 2
    python bench/balance_sss.py --scheduler tcp://10.0.0.5:8786 --games 20000

The same table for any game and field of bots comes from
``henchmen tournament`` and ``henchmen report``.
"""

from __future__ import annotations

import argparse
import os
import tempfile

from henchmen.analysis import Tournament, dask_executor, run_tournament
from henchmen.analysis.stats import contributions, regroup, seat_advantage

GAME = "seven-secret-supervillains"


def interval(wins: float, n: int, lo: float, hi: float) -> str:
    """Win rate with a 95% Wilson interval."""
    if n == 0:
        return "n/a"
    return f"{100 * wins / n:5.1f}% [{100 * lo:4.1f}, {100 * hi:4.1f}] (n={n})"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="greedy", help="the bot in both seats")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scheduler", default=None, help="a Dask scheduler address")
    parser.add_argument("--out", default=None, help="results file (default: a temporary one)")
    args = parser.parse_args()
    tournament = Tournament(GAME, (args.bot, args.bot), games_per_table=args.games, seed=args.seed)
    out = args.out or os.path.join(tempfile.mkdtemp(), "balance_sss.jsonl")
    executor, client = (None, None) if args.scheduler is None else dask_executor(args.scheduler)
    try:
        run = run_tournament(tournament, out, executor=executor, workers=args.workers)
    finally:
        if client is not None:
            client.close()
    records = run.records
    first = seat_advantage(records, cooperative=False)[0]
    lo, hi = first.interval
    print(
        f"first seat wins ({args.bot} vs {args.bot}, {first.games} games): "
        f"{interval(first.successes, first.games, lo, hi)}"
    )
    crews = [c["name"] for c in tournament.make_game().card_table()["crews"]]

    def crew_of(feature: str) -> str | None:
        # Minions are named "<crew> <reputation>": the crew is the longest matching prefix.
        if not feature.startswith("buy "):
            return None
        card = feature[len("buy ") :]
        owners = [c for c in crews if card.startswith(c + " ")]
        return max(owners, key=len) if owners else None

    by_crew = {c.feature: c for c in contributions(regroup(records, crew_of), False, 1)}
    print("player who bought more of a crew's Minions wins (from the buy events):")
    if not by_crew:
        print("  (no buy events: this build of the game tells no events)")
    for crew in crews:
        c = by_crew.get(crew)
        rate = "n/a" if c is None else interval(c.successes, c.games, *c.interval)
        print(f"  {crew:<18} {rate}")
    print(f"results in {out}")


if __name__ == "__main__":
    main()
