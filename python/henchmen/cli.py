# PYTHON_ARGCOMPLETE_OK (argcomplete's mark: this tool answers shell completion itself)
"""The ``henchmen`` command: list games, play, replay and simulate.

    henchmen games
    henchmen play seven-secret-supervillains --bots greedy,random --seed 1
    henchmen play seven-secret-supervillains --bots human,ismcts:iterations=800
    henchmen replay replays/seven-secret-supervillains-seed1.json [--observer 1] [--check]
    henchmen simulate seven-secret-supervillains --bots ismcts,greedy --games 200 --threads 2
    henchmen serve --port 8765        (the browser table at http://127.0.0.1:8765/)
    henchmen serve --stdio            (the protocol on standard input and output)
    henchmen tournament parry --bots random,greedy,ismcts --games 100 --out parry.jsonl
    henchmen report parry.jsonl --html parry.html
    henchmen balance seven-secret-supervillains --games 400 --workers 2
    henchmen simulate legendary --players 5 --bots greedy --json   (one bot in every seat)
    eval "$(henchmen completion bash)"    (shell completion; zsh and fish too)

``--json`` prints one JSON document instead of the text (docs/cli.md lists
the keys); ``--color auto|always|never`` (and ``NO_COLOR``) decide colour.
Every game ``play`` plays writes a replay (unless ``--no-replay``), even one
stopped by Ctrl-C; every error is one line on stderr and exit status 2;
Ctrl-C exits with status 130 and one line.  Players are numbered from 1 here,
as people count (the Python API counts from 0).  Everything printed from a
game or a replay goes through :mod:`henchmen.printable`, so no name or card
in a stranger's replay can send escape sequences to the terminal.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import errno
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from henchmen import __version__, _checks, _cli_completion, _core
from henchmen._cli_args import int_arg, parse_option, seats_and_options, seed_for_bot
from henchmen._cli_json import (
    add_json_flag,
    games_json,
    replay_json,
    report_command,
    simulate_json,
    write_json,
)
from henchmen._cli_output import (
    COLOR_CHOICES,
    Highlighted,
    OutputFailed,
    OutputStream,
    ProgressBar,
    colour_wanted,
    silence_stdout,
)
from henchmen._replay_target import ReplayTarget, holding_sigint
from henchmen.analysis import cli as analysis_cli
from henchmen.bots import Bot, bot_names
from henchmen.errors import HenchmenError, OptionError
from henchmen.events import OMNISCIENT, SPECTATOR
from henchmen.game import Game, game_info, games
from henchmen.game_names import option_texts
from henchmen.learn import _cli as learn_cli
from henchmen.matches import BotSpec, parse_bot_spec, run_matches
from henchmen.narration import Narrator, reader_label, result_lines, team_result, verdict
from henchmen.printable import TextOut, printable
from henchmen.replay import Replay, ReplayPlayer, load_replay, make_replay
from henchmen.state import State
from henchmen.storyline import wrapped
from henchmen.table import HumanSeat, Quit, Session
from henchmen.table.screen import draw

if TYPE_CHECKING:  # Textual is optional (the tui extra)
    from henchmen.table._tui import TableApp

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a process stopped by Ctrl-C
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE: the reader went away (``henchmen games | head -1``)


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (no usage dump) and exit 2."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{message} (see {self.prog} --help)")


def _game_arguments(cmd: argparse.ArgumentParser, what: str) -> None:
    cmd.add_argument("game", help="the game's name (see `henchmen games`)")
    cmd.add_argument(
        "--bots",
        default=None,
        help="comma-separated bots, one per player, or one for every seat of --players "
        "(default: random for everyone); "
        f"known: {', '.join(bot_names())}{what}; settings follow the name, "
        "as in ismcts:iterations=800:exploration=0.5",
    )
    cmd.add_argument("--seed", default="1", help="seed for chance and the bots (default 1)")
    cmd.add_argument(
        "--players",
        default=None,
        help="number of players (default: one per bot); one bot in --bots takes every seat",
    )
    cmd.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable); lists are comma-separated",
    )


def _reader_arguments(cmd: argparse.ArgumentParser, when: str) -> None:
    who = cmd.add_mutually_exclusive_group()
    who.add_argument(
        "--observer",
        default=None,
        metavar="P",
        help=f"tell the game as player P (1 for the first player) saw it ({when})",
    )
    who.add_argument(
        "--omniscient",
        action="store_true",
        help="tell everything, hidden cards included (for debugging; never show it to a player)",
    )


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="henchmen",
        description="Rules engine and search toolkit for supervillain card games.",
    )
    parser.add_argument("--version", action="version", version=f"henchmen {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    add_json_flag(sub.add_parser("games", help="list the games and their options"), "the list")
    play = sub.add_parser(
        "play",
        help="play a whole game (bots or humans), narrated, and write a replay",
        description="Play a whole game between bots or humans at the terminal, print a "
        "narrated log and write a replay.",
    )
    _game_arguments(play, ", human (you, at the terminal)")
    where = play.add_mutually_exclusive_group()
    where.add_argument(
        "--replay",
        default=None,
        metavar="PATH",
        help="where to write the replay, '-' for standard output (then the log goes to "
        "standard error); default replays/<game>-seed<seed>.json, or the first free "
        "<...>-2.json, <...>-3.json",
    )
    where.add_argument("--no-replay", action="store_true", help="write no replay")
    add_json_flag(play, "the result (as --quiet, the rest on standard error)")
    play.add_argument(
        "--force", action="store_true", help="overwrite the --replay file if it exists"
    )
    play.add_argument("--quiet", action="store_true", help="print only the result")
    play.add_argument(
        "--plain",
        action="store_true",
        help="the line-by-line table (for pipes and screen readers), even on a terminal "
        "where the full-screen table (pip install henchmen[tui]) would be used",
    )
    play.add_argument(
        "--no-auto-pass",
        dest="auto_pass",
        action="store_false",
        help="ask a person even when their only move is to pass (by default their table "
        "passes for them, with a note)",
    )
    _reader_arguments(play, "bots only; default: the one human's view, else a spectator's")
    replay = sub.add_parser(
        "replay",
        help="show a replay step by step, or check it",
        description="Show a replay step by step (narrated), or check it with --check.",
    )
    replay.add_argument("file", help="the replay file (JSON)")
    _reader_arguments(replay, "default: a spectator's view (public events only)")
    replay.add_argument(
        "--check",
        action="store_true",
        help="only verify the replay: exit 0 if it is sound, 2 naming the first bad step",
    )
    add_json_flag(
        replay, "the --check verdict, or without --check the events as JSON lines after it"
    )
    simulate = sub.add_parser(
        "simulate",
        help="play many games between bots and print a win-rate table",
        # argparse %-formats help= texts but prints a description as it is: one % here.
        description="Play many games between bots (seats rotated every game) and print "
        "win rates with 95% Wilson intervals.  Runs natively on --threads threads when "
        "every bot has a native twin (random, greedy, ismcts, mcts).",
    )
    _game_arguments(simulate, "")
    simulate.add_argument("--games", default="100", help="how many games (default 100)")
    simulate.add_argument(
        "--threads", default="1", help=f"native threads (default 1, at most {_core.MAX_THREADS})"
    )
    add_json_flag(simulate, "the win-rate table")
    _serve_arguments(sub)
    analysis_cli.add_commands(sub)
    learn_cli.add_command(sub)
    _cli_completion.add_command(sub)
    _colour_arguments(parser, sub)
    return parser


def _colour_arguments(
    parser: argparse.ArgumentParser, sub: argparse._SubParsersAction[_Parser]
) -> None:
    """``--color`` before the command or after it, on every command (however added)."""
    what = "colour the output: auto (on a terminal, unless NO_COLOR is set), always or never"
    parser.add_argument("--color", choices=COLOR_CHOICES, default="auto", help=what)
    for cmd in dict.fromkeys(sub.choices.values()):  # an alias would be seen twice
        # SUPPRESS: a command that was not given it keeps what stood before the command.
        cmd.add_argument("--color", choices=COLOR_CHOICES, default=argparse.SUPPRESS, help=what)


def _serve_arguments(sub: argparse._SubParsersAction[_Parser]) -> None:
    serve = sub.add_parser(
        "serve",
        help="serve the protocol (stdin/stdout or WebSocket) and the browser table",
        description="Serve games over the henchmen protocol (docs/protocol.md): on standard "
        "input and output with --stdio, or over WebSocket at ws://HOST:PORT/ws with the "
        "browser table at http://HOST:PORT/ with --port (needs the 'serve' extra).",
    )
    how = serve.add_mutually_exclusive_group(required=True)
    how.add_argument("--stdio", action="store_true", help="one client on stdin/stdout")
    how.add_argument("--port", default=None, help="TCP port (0: any free port, printed)")
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    # The server's limits: each flag, and what it bounds (with its default).
    for flag, what in (
        ("--threads", "bot threads (default: one per core)"),
        ("--max-games", "open games in all (default 256)"),
        ("--max-message-bytes", "largest message (default 1048576)"),
        ("--rate", "requests a second per connection (default 200)"),
        ("--hint-threads", "threads for hints (default: half the cores)"),
        ("--max-games-per-address", "open games an address may make (64)"),
        ("--max-outbound-bytes", "output a client may leave unread (1 MiB)"),
        ("--write-timeout", "seconds a reply waits for that room (10)"),
    ):
        serve.add_argument(flag, default=None, help=what)


def _cmd_games(args: argparse.Namespace, out: OutputStream) -> int:
    if args.json:
        write_json(out, games_json(games()))
        return 0
    for g in games():
        span = (
            str(g.min_players)
            if g.min_players == g.max_players
            else f"{g.min_players}-{g.max_players}"
        )
        out.paint(g.name, "name")
        out.write(f"  ({g.title}, {span} players)\n    {g.summary}\n")
        for o in g.options:
            default = json.dumps(o.default, ensure_ascii=False)
            out.write("    ")
            out.paint(f"--option {o.name}=...", "head")
            out.write(f"  {o.doc} [{o.allowed}; default {default}]\n")
    return 0


def _seat_names(bots: Sequence[str], players: Sequence[ReplayPlayer] | None = None) -> list[str]:
    if players is not None:  # from a replay: a stranger's text, escaped once here
        return [printable(f"{p.name} ({p.bot or 'human'})") for p in players]
    return [printable(f"Player {i + 1} ({name})") for i, name in enumerate(bots)]


def _reader(args: argparse.Namespace, players: int, humans: Sequence[int]) -> int:
    """Whose log it is: the one human's, else --observer N, --omniscient or the spectator's."""
    asked = args.observer is not None or args.omniscient
    if asked and humans:
        raise OptionError(
            "--observer and --omniscient show a game of bots from another seat; with a human "
            "at the table the log is what the human saw"
        )
    if args.omniscient:
        return OMNISCIENT
    if args.observer is not None:
        # People count players from 1: --observer 1 is the first player (0 is refused).
        return int_arg(args.observer, "--observer", 1, players) - 1
    return humans[0] if len(humans) == 1 else SPECTATOR  # people sharing a screen: public only


def _full_screen(title: str, humans: Sequence[int]) -> TableApp | None:
    """The full-screen table for ``humans`` when Textual is installed, else None (line mode)."""
    if not humans:
        return None
    try:
        from henchmen.table._tui import TableApp
    except ImportError:  # the tui extra is not installed: the line mode
        return None
    return TableApp(humans, title=title)


def _table_narrator(app: TableApp, state: State, reader: int, names: Sequence[str]) -> Narrator:
    from henchmen.table._tui import TableNarrator

    return TableNarrator(app, state, reader, names)


def _cmd_play(args: argparse.Namespace, out: OutputStream, err: OutputStream) -> int:
    info = game_info(args.game)
    seed = int_arg(args.seed, "--seed", 0, _checks.U64_MAX)
    bot_list, options = seats_and_options(args, info)
    specs = [None if name == "human" else parse_bot_spec(name) for name in bot_list]
    shown = ["human" if spec is None else str(spec) for spec in specs]
    names = _seat_names(shown)
    if args.json:
        if args.replay == "-":
            raise OptionError("--json and --replay - both want standard output; choose one")
        args.quiet = True  # standard output carries the document alone; the rest goes to stderr
    # Standard output then carries the replay (or the --json document) alone.
    to_stdout = not (args.replay == "-" or args.json)
    log = Highlighted(out if to_stdout else err)
    humans = [i for i, spec in enumerate(specs) if spec is None]
    reader = _reader(args, len(specs), humans)
    # Line editing only when the person's terminal is both ends (not with --replay -).
    interactive = to_stdout and sys.stdin.isatty() and sys.stdout.isatty()
    full_screen = interactive and not (args.plain or args.quiet)
    app = _full_screen(info.title, humans) if full_screen else None
    bots: list[Bot] = [
        (
            app.seat(i, f"Player {i + 1}", auto_pass=args.auto_pass)
            if app is not None
            else HumanSeat(
                sys.stdin,
                log,
                f"Player {i + 1}",
                interactive=interactive,
                auto_pass=args.auto_pass,
                narrated=not args.quiet,
            )
        )
        if spec is None
        else spec.make(seed_for_bot(seed, i))
        for i, spec in enumerate(specs)
    ]
    seats = [
        ReplayPlayer(f"Player {i + 1}")
        if spec is None
        else ReplayPlayer(f"Player {i + 1}", str(spec), seed_for_bot(seed, i))
        for i, spec in enumerate(specs)
    ]
    state = Game(info.name, **options).new_initial_state(seed=seed)
    # Settled before anyone plays: an existing or unwritable file fails here.
    target = None
    if not args.no_replay:
        default = Path("replays") / f"{info.name}-seed{seed}.json"
        with holding_sigint():  # the file is never left claimed but empty
            target = ReplayTarget.settle(args.replay, default=default, force=args.force, stdout=out)
            if target.path is not None:  # from now on it holds a replay that loads
                start = make_replay(state, seed=seed, players=seats)
                target.write(dataclasses.replace(start, abandoned=not start.terminal))
    narrator = (
        None
        if args.quiet
        else _table_narrator(app, state, reader, names)
        if app is not None
        else Narrator(log, state.game, reader, names)
    )
    session = Session(state, bots, seed=seed, players=seats, narrator=narrator)

    def save() -> str:
        """Write the replay so far (abandoned unless the game is over); say where it went."""
        if target is None:
            return "no replay written (--no-replay)"
        with holding_sigint():
            replay = session.replay()
            if not replay.terminal:
                replay = dataclasses.replace(replay, abandoned=True)
            target.write(replay)
        return f"the replay so far is in {target.where}"

    try:
        if app is not None:
            app.play(session, lambda s: result_lines(s, names))
            app.run()
            app.settle()
            if app.interrupted:
                raise KeyboardInterrupt
            if app.error is not None:
                raise app.error
            if not state.is_terminal:
                raise Quit
            log.write("\n".join(result_lines(state, names)) + "\n")
        else:
            if narrator is not None:
                log.write(wrapped("", f"{info.title}: {', '.join(names)}; seed {seed}") + "\n")
                if not humans or reader != humans[0]:
                    log.write(f"As seen by {reader_label(reader, names)}\n")
            session.run()
            if narrator is not None:
                narrator.finish(state)
            else:
                log.write("\n".join(result_lines(state, names)) + "\n")
        save()
    except Quit:
        save()
        log.write(f"Game abandoned after {state.move_number} actions.\n")
    except KeyboardInterrupt:
        raise KeyboardInterrupt(
            f"interrupted after {state.move_number} actions; {save()}"
        ) from None
    except OutputFailed as e:
        e.note = f"{save()} ({state.move_number} actions)"
        raise
    except HenchmenError as e:
        raise HenchmenError(f"{e}; {save()} ({state.move_number} actions)") from None
    log.write(f"Replay written to {target.where}\n" if target else "No replay written.\n")
    if args.json:
        result = result_lines(state, names)[0] if state.is_terminal else "abandoned"
        where = {"replay": str(target.where)} if target is not None else {}
        write_json(out, {"command": "play", **replay_json(session.replay(), result), **where})
    return 0


def _cmd_replay(args: argparse.Namespace, out: OutputStream) -> int:
    try:
        replay = load_replay(args.file)  # verifies every step: errors name the first bad one
    except HenchmenError as e:
        if args.json:  # the verdict on standard output too, for the program reading it
            write_json(out, {"command": "replay", "file": args.file, "ok": False, "error": str(e)})
        raise
    names = _seat_names([], replay.players)
    result = (
        verdict(replay.returns, names)
        if replay.terminal and game_info(replay.game).zero_sum and len(replay.returns) > 1
        else f"return {replay.returns[0]:g}"
        if replay.terminal and game_info(replay.game).zero_sum  # a solo score
        else team_result(replay.returns)
        if replay.terminal
        else "abandoned"
        if replay.abandoned
        else "unfinished"
    )
    if args.json:
        events = [] if args.check else _replay_events(args, replay)  # a bad --observer: no doc
        doc = {"command": "replay", "file": args.file, "ok": True}
        for line in [{**doc, **replay_json(replay, result)}, *events]:
            write_json(out, line)
        return 0
    if args.check:
        out.paint("ok", "ok")
        out.write(f": {args.file}: {replay.game}, {len(replay.steps)} steps, {result}\n")
        if replay.renumbered:
            out.write(f"note: {printable(replay.renumbered)}\n")
        return 0
    game = Game(replay.game, **replay.options)
    reader = _reader(args, game.num_players, [])
    seed = "" if replay.seed is None else f"; seed {replay.seed}"
    engine = printable(replay.engine)
    out.write(f"{game.info.title}: {', '.join(names)}{seed}; written by henchmen {engine}\n")
    if replay.renumbered:
        out.write(f"Note: {printable(replay.renumbered)}\n")
    out.write(f"As seen by {reader_label(reader, names)}\n")

    def show_table(before: State) -> None:
        # The start of a run of the observer's decisions: what their table showed.
        lines = draw(before.layout(reader), reader, width=94)
        out.write("\n".join("    | " + line for line in lines))
        out.write("\n")

    final = replay.final_state or replay.verify()  # load_replay verified it: kept there
    narrator = Narrator(
        Highlighted(out),
        game,
        reader,
        names,
        event_names=[printable(p.name) for p in replay.players],
        numbered=True,
        at_decision=show_table if reader >= 0 else None,
    )
    narrator.follow(final)
    if replay.terminal:
        narrator.finish(final)
    else:
        narrator.flush()
        out.write(f"The replay ends after {len(replay.steps)} actions: {result}\n")
    return 0


def _replay_events(args: argparse.Namespace, replay: Replay) -> list[dict[str, object]]:
    """``replay --json``: what the reader saw, an event a line after the verdict."""
    game = Game(replay.game, **replay.options)
    reader = _reader(args, game.num_players, [])
    final = replay.final_state or replay.verify()
    names = [p.name for p in replay.players]
    events = final.events_for(reader, names=names)
    return [{k: v for k, v in e.to_json().items() if v is not None} for e in events]


def _cmd_simulate(
    args: argparse.Namespace, out: OutputStream, err: TextOut, progress: TextOut
) -> int:
    info = game_info(args.game)
    seed = int_arg(args.seed, "--seed", 0, _checks.U64_MAX)
    n_games = int_arg(args.games, "--games", 1, 10_000_000)
    threads = int_arg(args.threads, "--threads", 1, _core.MAX_THREADS)
    bot_list, options = seats_and_options(args, info)
    if "human" in bot_list:
        raise OptionError("simulate plays bots only; use `henchmen play` to play as a human")
    specs: list[BotSpec] = [parse_bot_spec(name) for name in bot_list]
    game = Game(info.name, **options)
    native = all(spec.native() is not None for spec in specs)
    how = f"natively on {threads} thread(s)" if native else "in Python (a bot has no native twin)"
    err.write(f"henchmen: {n_games} games of {info.name}, seats rotated, {how}\n")
    results = run_matches(
        game, specs, n_games, seed=seed, threads=threads, progress=ProgressBar(progress, "games")
    )
    mean_len = sum(results.lengths) / max(len(results.lengths), 1)
    if args.json:
        write_json(out, simulate_json(results, info.title, seed))
        return 0
    out.paint(
        f"{info.title}: {results.games} games, seed {seed}, seats rotated; "
        f"{mean_len:.0f} actions a game; {results.seconds:.1f}s",
        "head",
    )
    out.write("\n")
    if results.cooperative:
        out.write(
            "Cooperative game: a team win is every player's return > 0, a loss every return < 0; "
            "mixed bots share one team result.\n"
        )
    head, _, rows = results.table().partition("\n")
    out.paint(head, "head")
    out.write(f"\n{rows}\n" if rows else "\n")
    if results.truncated:
        out.write(f"{results.truncated} game(s) hit the length limit and count as draws\n")
    return 0


def _cmd_serve(args: argparse.Namespace, out: OutputStream) -> int:
    from henchmen import serve

    limits = serve.Limits()
    changes: dict[str, object] = {}
    if args.max_games is not None:
        changes["max_games"] = int_arg(args.max_games, "--max-games", 1, 100_000)
    if args.max_message_bytes is not None:
        changes["max_message_bytes"] = int_arg(
            args.max_message_bytes, "--max-message-bytes", 1024, 64 << 20
        )
    if args.rate is not None:
        rate = int_arg(args.rate, "--rate", 1, 1_000_000)
        changes.update(requests_per_second=float(rate), burst=2 * rate)
    if args.max_games_per_address is not None:
        changes["max_games_per_address"] = int_arg(
            args.max_games_per_address, "--max-games-per-address", 1, 100_000
        )
    if args.max_outbound_bytes is not None:
        changes["max_outbound_bytes"] = int_arg(
            args.max_outbound_bytes, "--max-outbound-bytes", 1024, 1 << 30
        )
    if args.write_timeout is not None:
        changes["write_timeout"] = float(int_arg(args.write_timeout, "--write-timeout", 1, 3600))
    limits = dataclasses.replace(limits, **changes)  # type: ignore[arg-type]
    threads = None if args.threads is None else int_arg(args.threads, "--threads", 1, 256)
    hints = (
        None if args.hint_threads is None else int_arg(args.hint_threads, "--hint-threads", 1, 256)
    )
    if args.stdio:
        serve.run_stdio(limits, threads, hints)
        return 0
    port = int_arg(args.port, "--port", 0, 65535)

    def announce(bound: int) -> None:
        shown = f"[{args.host}]" if ":" in args.host else args.host
        out.write(
            f"henchmen serve: the table at http://{shown}:{bound}/ and the protocol at "
            f"ws://{shown}:{bound}/ws (Ctrl-C stops)\n"
        )
        out.flush()

    try:
        serve.run_port(args.host, port, limits, threads, announce, hints)
    except OSError as e:
        raise OptionError(f"cannot serve on {args.host}:{port}: {e.strerror or e}") from None
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line tool; returns the exit status.

    0 on success, 2 for any error (one line on standard error), 130 after
    Ctrl-C, 141 when the reader of standard output went away.

    >>> main(["games"]) == 0  # doctest: +ELLIPSIS
    seven-secret-supervillains ...
    True
    """
    out, err = OutputStream(sys.stdout), OutputStream(sys.stderr)
    err.colour = colour_wanted(err)  # before the arguments are read: a usage error is told too
    try:
        status = _run(argv, out, err)
        out.flush()  # a full disk shows here, while the error can still be told
        return status
    except (_UsageError, HenchmenError) as e:
        with contextlib.suppress(OutputFailed):
            err.paint("henchmen: error:", "error")
        err.say(f" {_one_line(str(e))}")
        return EXIT_USAGE
    except KeyboardInterrupt as e:
        # What standard output still buffers (a line the interrupt cut in
        # the middle of its flush) goes out before the message on stderr.
        with contextlib.suppress(OutputFailed, KeyboardInterrupt):
            out.flush()
        if out.isatty():
            # At a terminal the cursor may stand anywhere: after the echoed ^C, or
            # inside a line the interrupt cut in the buffered stream beneath us,
            # which mid_line cannot see. Start afresh there.
            out.mid_line = True
        out.end_line()
        err.say(f"henchmen: {_one_line(str(e)) or 'interrupted'}")
        return EXIT_INTERRUPTED
    except OutputFailed as e:
        silence_stdout()  # else the interpreter's last flush at exit fails again, noisily
        note = f"; {e.note}" if e.note else ""
        if e.error.errno == errno.EPIPE:
            if note:
                err.say(f"henchmen: the output was closed{note}")
            return EXIT_BROKEN_PIPE
        err.say(f"henchmen: error: cannot write the output: {e.error.strerror or e.error}{note}")
        return EXIT_USAGE


def _run(argv: Sequence[str] | None, out: OutputStream, err: OutputStream) -> int:
    parser = _parser()
    if argv is None:  # the shell asking for completions (argcomplete): answered, then exit
        _cli_completion.complete(parser)
    try:
        args = parser.parse_args(argv)
        out.colour, err.colour = colour_wanted(out, args.color), colour_wanted(err, args.color)
    except SystemExit as e:  # --help and --version, printed by argparse itself
        out.flush()
        return e.code if isinstance(e.code, int) else 0
    except OSError as e:  # argparse's own writes (--help) to a closed or full output
        raise OutputFailed(e) from None
    if isinstance(getattr(args, "game", None), str):  # "parry(players=3)": options join --option
        args.game, args.option = option_texts(args.game, list(getattr(args, "option", None) or []))
    if args.command == "games":
        return _cmd_games(args, out)
    if args.command == "replay":
        return _cmd_replay(args, out)
    if args.command == "serve":
        return _cmd_serve(args, out)
    if args.command == "simulate":
        progress = OutputStream(sys.stderr, keep="\r\n")  # the bar redraws its line
        return _cmd_simulate(args, out, err, progress)
    if args.command == "tournament":
        return analysis_cli.cmd_tournament(args, out, err, OutputStream(sys.stderr, keep="\r\n"))
    if args.command == "report":
        if args.json:
            return report_command(args, out, analysis_cli.cmd_report)
        return analysis_cli.cmd_report(args, out)
    if args.command == "train":
        return learn_cli.cmd_train(args, out)
    if args.command == "completion":
        return _cli_completion.cmd_completion(args, out)
    if args.command == "balance":
        return analysis_cli.cmd_balance(args, out, err, OutputStream(sys.stderr, keep="\r\n"))
    if args.command == "tune":
        from henchmen.analysis.cli_tune import cmd_tune

        return cmd_tune(args, out, err, OutputStream(sys.stderr, keep="\r\n"))
    return _cmd_play(args, out, err)


def _one_line(text: str) -> str:
    return " ".join(text.split())


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["main", "parse_option"]
