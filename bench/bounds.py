"""Bounds for a flat strength curve: is it the game or the bot?

    python bench/bounds.py                          # every competitive game, 1000 iterations
    python bench/bounds.py --only super --games 100 --iterations 1000
    python bench/bounds.py --only super --skip sees,playouts,10,ten --games 60 --seed 2027 \
        --extra ismcts:iterations=500:exploration=0.3:rollout_depth=10   # a setting to try

For each competitive game, natively, seats rotated, at equal iterations a move:

- **sees every card**: MCTS on the true state (``mcts``: the cards in every hand
  and pile as they lie; future draws stay chance) against the honest ISMCTS.  Its
  edge bounds what the hidden information is worth to this search: a large
  edge says better inference about hidden cards would pay; none says it would not.
- **playouts**: ISMCTS with random playouts to the end (``rollout_depth=-1``) and
  with 10 random steps before the heuristic, against the default heuristic leaf.
  If playouts beat the heuristic, the heuristic caps the search.
- **x10**: the default at ten times the budget against itself (the curve's slope
  in one number).

Scores are wins plus half the draws over games, with 95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import datetime
import sys
from typing import Any

import henchmen
from curves import add_match_arguments, match, score
from henchmen.bots.search_bot import DEFAULT_EXPLORATION

COMPETITIVE = ("seven-secret-supervillains", "super", "villainy", "suet")


def matchups(iterations: int) -> list[tuple[str, str, str]]:
    honest = f"ismcts:iterations={iterations}:exploration={DEFAULT_EXPLORATION}:rollout_depth=0"
    return [
        ("sees every card", honest.replace("ismcts:", "mcts:"), honest),
        ("playouts to the end", honest.replace("rollout_depth=0", "rollout_depth=-1"), honest),
        ("10 playout steps, then the heuristic",
         honest.replace("rollout_depth=0", "rollout_depth=10"), honest),
        ("ten times the budget", honest.replace(f"iterations={iterations}",
                                                f"iterations={10 * iterations}"), honest),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=1000)
    add_match_arguments(parser, "matchup", 150.0)
    parser.add_argument("--skip", default="", help="matchups to leave out, by their first word")
    parser.add_argument("--extra", action="append", default=[],
                        help="another bot spec to play against the default (repeatable)")
    args = parser.parse_args()
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"# {when}: python bench/bounds.py {' '.join(sys.argv[1:])}".rstrip())
    print("| game | matchup (against the default) | games | wins | draws | score "
          "| 95% interval | s a game |")
    print("|---|---|---:|---:|---:|---:|---|---:|")
    games = args.only.split(",") if args.only else list(COMPETITIVE)
    skip = {s for s in args.skip.split(",") if s}
    for name in games:
        henchmen.Game(name)  # an unknown name fails here, before any game is played
        honest = matchups(args.iterations)[0][2]
        extra = [(f"`{bot}`", bot, honest) for bot in args.extra]
        for label, bot, honest in matchups(args.iterations) + extra:
            if label.split()[0] in skip:
                continue
            row: dict[str, Any] = {"high": 1, **match(name, [bot, honest], args.games, args.seed,
                                                      args.pair_seconds)}
            s, lo, hi = score(row)
            print(f"| {name} | {label} | {row['games']} | {row['wins']} | {row['draws']} "
                  f"| {100 * s:.1f}% | [{100 * lo:.1f}%, {100 * hi:.1f}%] "
                  f"| {row['seconds'] / row['games']:.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
