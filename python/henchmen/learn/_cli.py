"""``henchmen train GAME --minutes N``: retrain a learned evaluator."""

from __future__ import annotations

import argparse
import json
from typing import Any

from henchmen._cli_args import int_arg
from henchmen.errors import OptionError
from henchmen.learn.selfplay import SELF_PLAY_BOT, SELF_PLAY_ITERATIONS
from henchmen.learn.train import train


def add_command(sub: argparse._SubParsersAction[Any]) -> None:
    """The ``train`` subcommand."""
    p = sub.add_parser(
        "train",
        help="retrain the learned leaf evaluator of a game by self-play (bounded time)",
        description="Play self-play games natively for about 70%% of the time, fit a small "
        "network to their results for the rest, and write the weights file that "
        "ismcts:leaf=learned reads (docs/strength.md, 'Learned evaluator').",
    )
    p.add_argument("game", help="the game (its registry name)")
    p.add_argument("--minutes", default="5", help="the time budget, in minutes (default 5)")
    p.add_argument("--players", default=None, help="player count (default: the game's)")
    p.add_argument("--out", default=None, help="the weights file (default: the package's)")
    p.add_argument("--seed", default="0", help="seed of the self-play games (default 0)")
    p.add_argument("--threads", default="1", help="native threads for self-play (default 1)")
    p.add_argument("--hidden", default="32", help="hidden units (default 32)")
    p.add_argument(
        "--no-heuristic-input",
        dest="heuristic_input",
        action="store_false",
        help="leave the game's heuristic out of the inputs (a value from the tensor alone)",
    )
    p.add_argument(
        "--iterations",
        default=str(SELF_PLAY_ITERATIONS),
        help=f"the self-play bot's ISMCTS iterations a move (default {SELF_PLAY_ITERATIONS})",
    )


def cmd_train(args: argparse.Namespace, out: Any) -> int:
    """Run ``henchmen train``; prints the training summary as JSON."""
    try:
        minutes = float(args.minutes)
    except ValueError:
        raise OptionError(f"--minutes must be a number, got {args.minutes!r}") from None
    if not 0.05 <= minutes <= 24 * 60:
        raise OptionError(f"--minutes must be from 0.05 to 1440, got {args.minutes}")
    summary = train(
        args.game,
        seconds=minutes * 60,
        out=args.out,
        players=None if args.players is None else int_arg(args.players, "--players", 1, 64),
        hidden=int_arg(args.hidden, "--hidden", 1, 1024),
        seed=int_arg(args.seed, "--seed", 0, 2**63 - 1),
        threads=int_arg(args.threads, "--threads", 1, 64),
        heuristic_input=args.heuristic_input,
        bot={**SELF_PLAY_BOT, "iterations": int_arg(args.iterations, "--iterations", 1, 100_000)},
    )
    out.write(json.dumps(summary, indent=1) + "\n")
    return 0
