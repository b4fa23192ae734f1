"""``henchmen tournament`` and ``henchmen report``: the analysis commands of the CLI.

    henchmen tournament parry --bots random,greedy,ismcts:iterations=100 --games 200 \\
        --out results/parry.jsonl --workers 2
    henchmen tournament parry --bots ... --out r.jsonl --scheduler tcp://10.0.0.5:8786
    henchmen report results/parry.jsonl --html results/parry.html
    henchmen balance seven-secret-supervillains --games 400 --workers 2

Running the same ``tournament`` or ``balance`` command again resumes it:
the games already in its results are kept and only the rest are played.
"""

from __future__ import annotations

import argparse
import io
from pathlib import Path
from typing import Any

from henchmen import _checks, _cli_json
from henchmen._cli_args import int_arg
from henchmen._cli_output import ProgressBar
from henchmen.analysis.balance import DEFAULT_BOT, balance_table, results_files, study
from henchmen.analysis.cli_pool import command_pool, game_options, sigterm_stops
from henchmen.analysis.cli_race import RACE_HELP
from henchmen.analysis.plan import Tournament
from henchmen.analysis.progress import measures_of
from henchmen.analysis.run import dask_executor, run_tournament
from henchmen.analysis.store import ResultsFile, load_results
from henchmen.analysis.summary import summarize, text_report
from henchmen.errors import OptionError
from henchmen.game import game_info
from henchmen.printable import TextOut


def add_commands(sub: Any) -> None:
    """Add ``tournament`` and ``report`` to the CLI's subparsers.

    >>> parser = argparse.ArgumentParser(prog="henchmen")
    >>> add_commands(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["tournament", "parry", "--bots", "random,greedy", "--out", "r"])
    >>> args.command, args.bots, args.games, args.workers
    ('tournament', 'random,greedy', '100', '1')
    >>> parser.parse_args(["report", "r.jsonl", "--html", "r.html"]).html
    'r.html'
    """
    t = sub.add_parser(
        "tournament",
        help="a round robin or gauntlet between bots, streamed to a results file",
        description="Play a round robin (or with --gauntlet, the first bot against every "
        "table of the others) with seats rotated, on local processes or a Dask cluster. "
        "Each finished game is appended to --out at once; running the same command again "
        "resumes, playing only the missing games.",
    )
    t.add_argument("game", help="the game's name (see `henchmen games`)")
    t.add_argument(
        "--bots",
        required=True,
        help="comma-separated bot specs, the field (as in ismcts:iterations=200); "
        "python:NAME plays a bot's Python implementation",
    )
    t.add_argument("--games", default="100", help="games per table (default 100)")
    t.add_argument("--seed", default="1", help="tournament seed (default 1)")
    t.add_argument("--gauntlet", action="store_true", help="the first bot against the others")
    t.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option"
    )
    t.add_argument("--out", required=True, metavar="PATH", help="the results file (JSON lines)")
    t.add_argument("--workers", default="1", help="local worker processes (default 1)")
    t.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="run on the Dask cluster of this scheduler (tcp://host:8786, or a scheduler "
        "file's path) instead",
    )
    t.add_argument(
        "--batch", default="0", help="games per task (default 0: a few tasks per worker)"
    )
    t.add_argument("--replays", default=None, metavar="DIR", help="keep every game's replay here")
    t.add_argument("--race", action="store_true", help=RACE_HELP)
    t.add_argument(
        "--measure",
        action="append",
        default=[],
        metavar="KIND[ NAME]",
        help="a count to draw the first-to-X curve of, besides the game's own: an event kind, "
        "maybe a name ('buy Royal Rule'); 'other:KIND' counts for the event's second player",
    )
    _cli_json.add_json_flag(t, "the report at the end")
    r = sub.add_parser(
        "report",
        help="ratings and balance statistics of a results file, as text and HTML",
        description="Summarize a results file: ratings with intervals, seat advantage, head "
        "to head, game length and feature contributions; --html writes one self-contained "
        "page with plots.",
    )
    r.add_argument(
        "results",
        nargs="+",
        help="the results file of `henchmen tournament`; several ([TAG=]PATH) are rated in one "
        "pool, with alpha-Rank",
    )
    r.add_argument(
        "--versioned",
        action="append",
        default=[],
        metavar="SPEC",
        help="in a pool, this bot spec is a different bot in each file (SPEC [TAG])",
    )
    r.add_argument("--html", default=None, metavar="PATH", help="write the HTML report here")
    r.add_argument(
        "--min-games",
        default="0",
        help="games a feature needs to be shown (default 0: 5%% of the games)",
    )
    _cli_json.add_json_flag(r, "the report (the HTML page is written as well)")
    b = sub.add_parser(
        "balance",
        help="a game's balance table: one bot in every seat, by seat and by group",
        description="Self-play on the tournament machinery: one bot in every seat, then "
        "each seat's score and each group's (crew, hero, power, genius, deck) with 95% "
        "Wilson intervals, and the first-to-X curves, as markdown for the rules page. The "
        "games stream to results files in --out; the same command resumes.",
    )
    b.add_argument("game", help="the game's name (see `henchmen games`)")
    b.add_argument("--bot", default=DEFAULT_BOT, help=f"the bot in every seat ({DEFAULT_BOT})")
    _cli_json.add_json_flag(b, "the balance table")
    b.add_argument("--games", default="200", help="games per setup (default 200)")
    b.add_argument("--seed", default="1", help="seed (default 1)")
    b.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option"
    )
    b.add_argument(
        "--out", default=None, metavar="DIR", help="results folder (default balance-GAME)"
    )
    b.add_argument("--workers", default="1", help="local worker processes (default 1)")
    b.add_argument("--scheduler", default=None, metavar="ADDRESS", help="a Dask scheduler")
    b.add_argument("--batch", default="0", help="games per task (default 0: a few per worker)")
    b.add_argument("--min-games", default="1", help="games a group needs to be shown (default 1)")
    b.add_argument("--race", action="store_true", help=RACE_HELP)
    from henchmen.analysis.cli_tune import add_tune

    add_tune(sub)


def cmd_tournament(args: argparse.Namespace, out: TextOut, err: TextOut, bar: TextOut) -> int:
    """Run ``henchmen tournament``.

    Here the results file already holds every game, so the command resumes,
    plays nothing and reports:

    >>> import io, os, tempfile
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
    >>> with ThreadPoolExecutor(1) as pool:
    ...     _ = run_tournament(Tournament("parry", ("random", "greedy"), 2), path, executor=pool)
    >>> parser = argparse.ArgumentParser(prog="henchmen")
    >>> add_commands(parser.add_subparsers())
    >>> args = parser.parse_args(
    ...     ["tournament", "parry", "--bots", "random,greedy", "--games", "2", "--out", path]
    ... )
    >>> out, err = io.StringIO(), io.StringIO()
    >>> cmd_tournament(args, out, err, io.StringIO())
    0
    >>> print(err.getvalue())  # doctest: +ELLIPSIS
    henchmen: 2 games of parry (1 table(s) of 2), seats rotated, on 1 process(es)
    henchmen: resumed: 2 games were already in ...
    >>> out.getvalue().splitlines()[0]
    "Parry (the engine's test game): 2 of 2 games, bots random, greedy; seed 1"
    """
    info = game_info(args.game)
    options = game_options(info, args.option)
    bots = tuple(b for b in (s.strip() for s in args.bots.split(",")) if b)
    if "human" in bots:
        raise OptionError("a tournament plays bots only; use `henchmen play` to play")
    tournament = Tournament(
        info.name,
        bots,
        games_per_table=int_arg(args.games, "--games", 1, 10_000_000),
        seed=int_arg(args.seed, "--seed", 0, _checks.U64_MAX),
        gauntlet=args.gauntlet,
        options=options,
        measures=measures_of(info.name, args.measure),
    )
    workers = int_arg(args.workers, "--workers", 1, 1024)
    batch = int_arg(args.batch, "--batch", 0, 1_000_000)
    ResultsFile.open(args.out, tournament).close()  # a file of another run fails before anything
    executor, client = (None, None) if not args.scheduler else dask_executor(args.scheduler)
    where = f"the Dask cluster at {args.scheduler}" if args.scheduler else f"{workers} process(es)"
    err.write(
        f"henchmen: {tournament.total_games} games of {info.name} ({len(tournament.tables)} "
        f"table(s) of {tournament.games_per_table}), seats rotated, on {where}\n"
    )
    try:
        with sigterm_stops():
            if args.race:
                from henchmen.analysis.cli_race import race_tournament

                run = race_tournament(tournament, args.out, executor, workers, batch, err, bar)
            else:
                run = run_tournament(
                    tournament,
                    args.out,
                    executor=executor,
                    workers=workers,
                    batch_size=batch,
                    replays=args.replays,
                    progress=ProgressBar(bar, "games"),
                )
    except KeyboardInterrupt:
        raise KeyboardInterrupt(
            f"interrupted; the finished games are in {args.out}: the same command resumes"
        ) from None
    finally:
        if client is not None:
            client.close()
    if run.resumed:
        err.write(f"henchmen: resumed: {run.resumed} games were already in {args.out}\n")
    summary = summarize(tournament, run.records)
    if args.json:
        _cli_json.write_json(
            out, {**_cli_json.report_json(summary), "command": "tournament", "results": args.out}
        )
        return 0
    out.write(text_report(summary) + "\n")
    out.write(f"Results in {args.out}\n")
    return 0


def cmd_balance(args: argparse.Namespace, out: TextOut, err: TextOut, bar: TextOut) -> int:
    """Run ``henchmen balance``: every setup's games, then the table.

    >>> import io, os, tempfile
    >>> parser = argparse.ArgumentParser(prog="henchmen")
    >>> add_commands(parser.add_subparsers())
    >>> folder = os.path.join(tempfile.mkdtemp(), "b")
    >>> argv = ["balance", "parry", "--bot", "greedy", "--games", "4", "--out", folder]
    >>> cmd_balance(parser.parse_args(argv), out := io.StringIO(), io.StringIO(), io.StringIO())
    0
    >>> lines = out.getvalue().splitlines()
    >>> lines[0]  # doctest: +ELLIPSIS
    "Parry (the engine's test game): 4 games, greedy in every seat, 2 players, seed 1; ..."
    >>> [line.split(" | ")[0] for line in lines if line.startswith("| seat")]
    ['| seat 1', '| seat 2']
    """
    # With --json the text goes nowhere, and the document, last, to standard output.
    document, out = out, (io.StringIO() if args.json else out)
    info = game_info(args.game)
    if args.bot.strip() == "human":
        raise OptionError("a balance study plays bots only; use `henchmen play` to play")
    tournaments = study(
        info.name,
        args.bot.strip(),
        games=int_arg(args.games, "--games", 1, 10_000_000),
        seed=int_arg(args.seed, "--seed", 0, _checks.U64_MAX),
        options=game_options(info, args.option),
    )
    workers = int_arg(args.workers, "--workers", 1, 1024)
    batch = int_arg(args.batch, "--batch", 0, 1_000_000)
    min_games = int_arg(args.min_games, "--min-games", 1, 10**9)
    folder = Path(args.out or f"balance-{info.name}")
    paths = results_files(folder, tournaments)
    for t, path in zip(tournaments, paths, strict=True):
        ResultsFile.open(path, t).close()  # a folder of another study fails before anything
    # One pool for every setup: workers start once.
    records = []
    stopped = f"interrupted; the finished games are in {folder}: the same command resumes"
    with command_pool(args.scheduler, workers, stopped) as executor:
        if args.race:
            from henchmen.analysis.cli_race import race_study

            records = race_study(tournaments, paths, executor, workers, batch, err, bar)
        plain = [] if args.race else list(zip(tournaments, paths, strict=True))
        for i, (t, path) in enumerate(plain):
            setup = ", ".join(f"{k}={_shown(v)}" for k, v in t.options.items()) or "default options"
            err.write(
                f"henchmen: {info.name} setup {i + 1} of {len(tournaments)} ({setup}): "
                f"{t.total_games} games of {t.bots[0]} in every seat, into {path}\n"
            )
            run = run_tournament(
                t, path, executor=executor, workers=workers, batch_size=batch,
                progress=ProgressBar(bar, "games"),
            )  # fmt: skip
            if run.resumed:
                err.write(f"henchmen: resumed: {run.resumed} games were already in {path}\n")
            records += run.records
    out.write(balance_table(tournaments, records, min_games) + "\n")
    out.write(f"Results in {folder}\n")
    if args.json:
        doc = _cli_json.balance_json(tournaments, records, min_games)
        _cli_json.write_json(document, {**doc, "results": str(folder)})
    return 0


def _shown(value: Any) -> str:
    """An option as the progress line names it: a card table by its size, not its whole text."""
    text = str(value)
    return text if len(text) <= 60 else f"<{len(text):,} characters>"


def cmd_report(args: argparse.Namespace, out: TextOut) -> int:
    """Run ``henchmen report``.

    >>> import io, os, tempfile
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
    >>> with ThreadPoolExecutor(1) as pool:
    ...     _ = run_tournament(Tournament("parry", ("random", "greedy"), 4), path, executor=pool)
    >>> parser = argparse.ArgumentParser(prog="henchmen")
    >>> add_commands(parser.add_subparsers())
    >>> out = io.StringIO()
    >>> cmd_report(parser.parse_args(["report", path]), out)
    0
    >>> print(out.getvalue())  # doctest: +ELLIPSIS
    Parry (the engine's test game): 4 of 4 games, bots random, greedy; seed 1
    ...
    game length: mean ... actions, median ..., from ... to ...
    """
    if len(args.results) > 1 or args.versioned:
        return _pool_report(args, out)
    loaded = load_results(args.results[0])
    min_games = int_arg(args.min_games, "--min-games", 0, 10**9)
    summary = summarize(loaded.tournament, loaded.records, min_games)
    out.write(text_report(summary) + "\n")
    if loaded.repeats:
        lines = ", ".join(map(str, loaded.repeats[:10])) + (
            ", ..." if len(loaded.repeats) > 10 else ""
        )
        out.write(
            f"Note: {len(loaded.repeats)} line(s) of {args.results[0]} repeat a game already read, "
            f"word for word, and were left out (line {lines})\n"
        )
    if args.html:
        from henchmen.analysis.html import html_report

        _write_html(args.html, html_report(summary), out)
    return 0


def _pool_report(args: argparse.Namespace, out: TextOut) -> int:
    from henchmen.analysis.population import population_text
    from henchmen.analysis.population_report import pooled, population_html

    s = pooled(args.results, args.versioned)
    out.write(population_text(s) + "\n")
    if args.html:
        _write_html(args.html, population_html(s), out)
    return 0


def _write_html(path: str, page: str, out: TextOut) -> None:
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(page, encoding="utf-8")
    except OSError as e:
        raise OptionError(f"cannot write {path}: {e.strerror or e}") from None
    out.write(f"Report written to {path}\n")


__all__ = ["add_commands", "cmd_balance", "cmd_report", "cmd_tournament"]
