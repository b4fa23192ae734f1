"""``henchmen tune GAME``: search designed card values for the best balance table.

    henchmen tune super --option players=2 --field "powers:Stone Skin:amount=1..6" \\
        --trials 8 --games 400 --workers 2 --out tune-stone-skin

Running the same command again continues the search (docs/analysis.md, Tuning).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from henchmen import _checks
from henchmen._cli_args import int_arg
from henchmen.analysis.balance import DEFAULT_BOT
from henchmen.analysis.tune import (
    Search,
    check_fields,
    default_folder,
    parse_field,
    run_search,
    write_outcome,
)
from henchmen.errors import OptionError
from henchmen.game import game_info
from henchmen.printable import TextOut


def add_tune(sub: Any) -> None:
    """Add ``tune`` to the CLI's subparsers.

    >>> parser = argparse.ArgumentParser(prog="henchmen")
    >>> add_tune(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["tune", "super", "--field", "powers:Quake:amount=3..7"])
    >>> args.field, args.trials, args.games
    (['powers:Quake:amount=3..7'], '12', '200')
    """
    p = sub.add_parser(
        "tune",
        help="search designed card values (Optuna) for the table whose balance is best",
        description="Each trial sets the chosen designed values of the card table, plays a "
        "balance study of it (one bot in every seat) and scores it: far-out rows, then the "
        "spread of every row from its reference. Writes best-cards.json and report.md into "
        "--out; the same command continues a stopped search. Needs henchmen[tune].",
    )
    p.add_argument("game", help="the game's name (see `henchmen games`)")
    p.add_argument(
        "--field", action="append", default=[], metavar="SECTION:NAME:KEY=LOW..HIGH",
        help="a designed value and its range, as powers:Stone Skin:amount=1..6 (repeatable)",
    )  # fmt: skip
    p.add_argument("--trials", default="12", help="finished trials in all (default 12)")
    p.add_argument("--games", default="200", help="games a trial plays a setup (default 200)")
    p.add_argument("--bot", default=DEFAULT_BOT, help=f"the bot in every seat ({DEFAULT_BOT})")
    p.add_argument("--seed", default="1", help="seed of the games and the sampler (default 1)")
    p.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option"
    )
    p.add_argument("--out", default=None, metavar="DIR", help="the search's folder (tune-GAME)")
    p.add_argument("--workers", default="1", help="local worker processes (default 1)")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS", help="a Dask scheduler")
    p.add_argument("--race", action="store_true", help="race each trial's study (--games the cap)")


def cmd_tune(args: argparse.Namespace, out: TextOut, err: TextOut, bar: TextOut) -> int:
    """Run ``henchmen tune``: the missing trials, then the best table and the report.

    >>> import io, os, tempfile
    >>> parser = argparse.ArgumentParser(prog="henchmen")
    >>> add_tune(parser.add_subparsers())
    >>> folder = os.path.join(tempfile.mkdtemp(), "t")
    >>> args = parser.parse_args(["tune", "super", "--field", "powers:Quake:amount=3..7",
    ...     "--trials", "1", "--games", "2", "--bot", "greedy", "--out", folder])
    >>> cmd_tune(args, out := io.StringIO(), err := io.StringIO(), io.StringIO())
    0
    >>> out.getvalue().splitlines()[0]
    '# Tuning Super!: 1 trials, 2 games'
    >>> err.getvalue().startswith("henchmen: trial 1: Quake amount=")
    True
    """
    from henchmen._cli_output import ProgressBar
    from henchmen.analysis.cli_pool import command_pool, game_options

    info = game_info(args.game)
    fields = [parse_field(f) for f in args.field]
    options = game_options(info, args.option)
    if "card_data" in options:
        raise OptionError("tune makes its own card_data tables from the built-in one")
    from henchmen.game import Game

    check_fields(Game(info.name, **options), fields)
    search = Search(
        info.name, fields, Path(args.out or default_folder(info.name)),
        trials=int_arg(args.trials, "--trials", 1, 100_000),
        games=int_arg(args.games, "--games", 1, 10_000_000), bot=args.bot.strip(),
        seed=int_arg(args.seed, "--seed", 0, _checks.U64_MAX), options=options, race=args.race,
    )  # fmt: skip
    workers = int_arg(args.workers, "--workers", 1, 1024)
    stopped = f"interrupted; the search is in {search.folder}: the same command continues it"
    with command_pool(args.scheduler, workers, stopped) as executor:
        study = run_search(
            search, executor=executor, workers=workers, progress=ProgressBar(bar, "games"),
            told=lambda line: err.write(f"henchmen: {line}\n"),
        )  # fmt: skip
        cards, report, text = write_outcome(search, study)
    out.write(text + "\n")
    out.write(f"Best card table in {cards}; report in {report}\n")
    return 0
