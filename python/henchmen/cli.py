"""The ``henchmen`` command: list games, play, replay and simulate.

    henchmen games
    henchmen play seven-secret-supervillains --bots greedy,random --seed 1
    henchmen play seven-secret-supervillains --bots human,ismcts:iterations=800
    henchmen replay replays/seven-secret-supervillains-seed1.json [--observer 1] [--check]
    henchmen simulate seven-secret-supervillains --bots ismcts,greedy --games 200 --threads 2

Every game ``play`` plays writes a replay (unless ``--no-replay``), even one
stopped by Ctrl-C; every error is one line on stderr and exit status 2;
Ctrl-C exits with status 130 and one line.  Players are numbered from 1 here,
as people count (the Python API counts from 0).  Everything printed from a
game or a replay goes through :mod:`henchmen.printable`, so no name or card
in a stranger's replay can send escape sequences to the terminal.
"""

from __future__ import annotations

import argparse
import dataclasses
import errno
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from henchmen import __version__, _checks, _core
from henchmen._cli_args import int_arg, parse_option, seats_and_options, seed_for_bot
from henchmen._cli_output import OutputFailed, OutputStream, silence_stdout
from henchmen._replay_target import ReplayTarget, holding_sigint
from henchmen.bots import Bot, bot_names
from henchmen.errors import HenchmenError, NotationError, OptionError
from henchmen.game import Game, game_info, games
from henchmen.matches import BotSpec, parse_bot_spec, run_matches
from henchmen.printable import TextOut, printable
from henchmen.replay import (
    ReplayPlayer,
    ReplayRecorder,
    ReplayStep,
    load_replay,
    make_replay,
)
from henchmen.state import State

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
        help="comma-separated bots, one per player (default: random for everyone); "
        f"known: {', '.join(bot_names())}{what}; settings follow the name, "
        "as in ismcts:iterations=800:exploration=0.5",
    )
    cmd.add_argument("--seed", default="1", help="seed for chance and the bots (default 1)")
    cmd.add_argument("--players", default=None, help="number of players (default: one per bot)")
    cmd.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable); lists are comma-separated",
    )


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="henchmen",
        description="Rules engine and search toolkit for supervillain card games.",
    )
    parser.add_argument("--version", action="version", version=f"henchmen {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    sub.add_parser("games", help="list the games and their options")
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
    play.add_argument(
        "--force", action="store_true", help="overwrite the --replay file if it exists"
    )
    play.add_argument("--quiet", action="store_true", help="print only the result")
    replay = sub.add_parser(
        "replay",
        help="show a replay step by step, or check it",
        description="Show a replay step by step (narrated), or check it with --check.",
    )
    replay.add_argument("file", help="the replay file (JSON)")
    replay.add_argument(
        "--observer",
        default=None,
        metavar="P",
        help="show the game as player P (1 for the first player) saw it: moves hidden "
        "from them are masked, and their view is shown at each of their turns",
    )
    replay.add_argument(
        "--check",
        action="store_true",
        help="only verify the replay: exit 0 if it is sound, 2 naming the first bad step",
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
    simulate.add_argument("--threads", default="1", help="native threads (default 1)")
    return parser


def _cmd_games(out: TextOut) -> int:
    for g in games():
        span = (
            str(g.min_players)
            if g.min_players == g.max_players
            else f"{g.min_players}-{g.max_players}"
        )
        out.write(f"{g.name}  ({g.title}, {span} players)\n    {g.summary}\n")
        for o in g.options:
            default = json.dumps(o.default, ensure_ascii=False)
            out.write(f"    --option {o.name}=...  {o.doc} [{o.allowed}; default {default}]\n")
    return 0


def _seat_names(bots: Sequence[str], players: Sequence[ReplayPlayer] | None = None) -> list[str]:
    if players is not None:  # from a replay: a stranger's text, escaped once here
        return [printable(f"{p.name} ({p.bot or 'human'})") for p in players]
    return [printable(f"Player {i + 1} ({name})") for i, name in enumerate(bots)]


class _Narrator:
    """The log of a game: a heading per turn, one line per action.

    With an ``observer``, actions that player could not tell apart from
    another (an opponent's secret choice, a card drawn into another hand)
    are masked, so the log shows only what they saw.
    """

    def __init__(
        self,
        out: TextOut,
        names: list[str],
        quiet: bool,
        *,
        observer: int | None = None,
        numbered: bool = False,
    ) -> None:
        self.out = out
        self.names = names
        self.quiet = quiet
        self.observer = observer
        self.numbered = numbered
        self.turn = 0
        self.turn_player: int | None = None
        self.started = False

    def step(self, step: ReplayStep, turn_player: int, before: _core.State | None = None) -> None:
        if self.quiet:
            return
        if not self.started:
            self.started = True
            if step.is_chance:
                self.out.write("== Setup ==\n")
        if not step.is_chance and turn_player != self.turn_player:
            self.turn += 1
            self.turn_player = turn_player
            self.out.write(f"== Turn {self.turn}: {self.names[turn_player]} ==\n")
        move = printable(step.move)
        if (
            self.observer is not None
            and before is not None
            and _hidden(before, step, self.observer)
        ):
            move = "(hidden)"
        who = "chance" if step.is_chance else self.names[step.player]
        number = f"{step.step:>4}. " if self.numbered else "  "
        self.out.write(f"{number}{who}: {move}\n")


def _hidden(before: _core.State, step: ReplayStep, observer: int) -> bool:
    """True if ``observer`` could not tell ``step`` from some other move at ``before``.

    Uses the no-leak contract: two moves the observer cannot tell apart leave
    the same ``observation(observer)``.
    """
    if step.player == observer:
        return False
    if before.is_chance:
        alternatives = [a for a, _ in before.chance_outcomes()]
    else:
        alternatives = before.legal_actions()
    if len(alternatives) < 2:
        return False
    after = before.clone()
    after.apply(step.id)
    seen = after.observation_json(observer)
    for a in alternatives:
        if a == step.id:
            continue
        other = before.clone()
        other.apply(a)
        if other.observation_json(observer) == seen:
            return True
    return False


def _render(value: Any, indent: str = "  ", key: str = "") -> list[str]:
    """A compact, readable rendering of an observation (a JSON-ready dict).

    Players are numbered from 1, as everywhere in the command line tool (the
    observation counts from 0): the ``players`` list, and the number held
    by a key that names a player (``current_player``, ``turn_player``).
    """
    lines: list[str] = []
    if isinstance(value, dict):
        for k, item in value.items():
            name = printable(str(k))
            if item in (None, [], {}, ""):
                continue
            if isinstance(item, dict) or (
                isinstance(item, list) and any(isinstance(x, dict | list) for x in item)
            ):
                lines.append(f"{indent}{name}:")
                lines += _render(item, indent + "  ", str(k))
            elif isinstance(item, list):
                lines.append(f"{indent}{name}: {', '.join(printable(str(x)) for x in item)}")
            elif _names_a_player(str(k)) and type(item) is int and item >= 0:
                lines.append(f"{indent}{name}: Player {item + 1}")
            else:
                lines.append(f"{indent}{name}: {printable(json.dumps(item, ensure_ascii=False))}")
    elif isinstance(value, list):
        label = "Player " if key == "players" else ""
        for i, item in enumerate(value):
            lines.append(f"{indent}[{label}{i + 1}]")
            lines += _render(item, indent + "  ")
    else:
        lines.append(f"{indent}{printable(str(value))}")
    return lines


def _names_a_player(key: str) -> bool:
    return key == "player" or key.endswith("_player")


class _Quit(Exception):
    pass


class HumanPlayer:
    """A player at the terminal: shows their view and the legal moves, reads a choice.

    A choice is the number of a listed move or its notation (case-insensitive);
    ``view`` shows the position again, ``quit`` (or end of input) stops the game.

    >>> import io, henchmen
    >>> state = henchmen.new_game("seven-secret-supervillains", seed=1)
    >>> human = HumanPlayer(io.StringIO("99\\nfly\\n1\\n"), io.StringIO(), "Ann")
    >>> human.choose(state) == state.legal_action_ids()[0]
    True
    """

    name = "human"

    def __init__(self, stdin: TextIO, out: TextOut, label: str) -> None:
        self.stdin = stdin
        self.out = out
        self.label = label
        self.shown_turn: tuple[int, int] | None = None

    def choose(self, state: State) -> int:
        """Ask at the terminal until a legal move is given; raises _Quit on ``quit`` or EOF."""
        me = state.current_player
        legal = state.legal_actions
        key = (state.turn_player, me)
        if self.shown_turn != key:
            self._show(state, me)
            self.shown_turn = key
        self._list(legal)
        while True:
            self.out.write(f"{self.label}, your move (number or notation; 'view', 'quit'): ")
            self.out.flush()
            try:
                line = self.stdin.readline()
            except KeyboardInterrupt:
                self.out.write("\n")  # the message that follows gets its own line
                raise
            if not line:
                self.out.write("\n")
                raise _Quit
            text = line.strip()
            low = text.lower()
            if low in ("quit", "exit", "q"):
                raise _Quit
            if low in ("view", "v", "?", "help"):
                self._show(state, me)
                self._list(legal)
                continue
            if not text:
                continue
            if text.isdigit():
                k = int(text)
                if 1 <= k <= len(legal):
                    return legal[k - 1].id
                self.out.write(f"  no move numbered {k}; choose 1 to {len(legal)}\n")
                continue
            try:
                return state.string_to_action(text).id
            except NotationError as e:
                self.out.write(f"  {printable(str(e))}\n")

    def _show(self, state: State, me: int) -> None:
        self.out.write(f"-- What {self.label} sees --\n")
        self.out.write("\n".join(_render(state.observation(me))) + "\n")

    def _list(self, legal: Sequence[Any]) -> None:
        for i, a in enumerate(legal, 1):
            self.out.write(f"  {i:>3}. {printable(a.text)}\n")


class _ProgressBar:
    """Progress on stderr: a bar redrawn in place on a terminal, else a line per tenth."""

    def __init__(self, stream: TextOut, what: str) -> None:
        self.stream = stream
        self.what = what
        self.tty = stream.isatty()
        self.start = time.perf_counter()
        self.last_tenth = 0

    def __call__(self, done: int, total: int) -> None:
        secs = time.perf_counter() - self.start
        if self.tty:
            width = 30
            fill = width * done // max(total, 1)
            eta = secs / done * (total - done) if done else 0.0
            self.stream.write(
                f"\r[{'#' * fill}{'.' * (width - fill)}] {done}/{total} {self.what}"
                f"  {secs:.1f}s, ~{eta:.0f}s left "
            )
            if done >= total:
                self.stream.write("\n")
        else:
            tenth = 10 * done // max(total, 1)
            if tenth > self.last_tenth:
                self.last_tenth = tenth
                self.stream.write(f"henchmen: {done}/{total} {self.what} ({secs:.1f}s)\n")
        self.stream.flush()


def _verdict(returns: Sequence[float], names: Sequence[str]) -> str:
    best = max(returns)
    top = [p for p, r in enumerate(returns) if r == best]
    if len(top) == len(returns):  # all equal: a draw, or a shared fate in a cooperative game
        return "everyone wins" if best > 0 else "everyone loses" if best < 0 else "a draw"
    return " and ".join(names[p] for p in top) + (" wins" if len(top) == 1 else " win")


def _cmd_play(args: argparse.Namespace, out: TextOut, err: TextOut) -> int:
    info = game_info(args.game)
    seed = int_arg(args.seed, "--seed", 0, _checks.U64_MAX)
    bot_list, options = seats_and_options(args, info)
    specs = [None if name == "human" else parse_bot_spec(name) for name in bot_list]
    shown = ["human" if spec is None else str(spec) for spec in specs]
    names = _seat_names(shown)
    log = err if args.replay == "-" else out  # standard output then carries the replay alone
    bots: list[Bot] = [
        HumanPlayer(sys.stdin, log, f"Player {i + 1}")
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
    humans = [i for i, spec in enumerate(specs) if spec is None]
    # One human sees the log from their seat; several at one terminal share it all.
    observer = humans[0] if len(humans) == 1 else None

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
    recorder = ReplayRecorder(state, seed=seed, players=seats)
    narrator = _Narrator(log, names, args.quiet, observer=observer)

    def save() -> str:
        """Write the replay so far (abandoned unless the game is over); say where it went."""
        if target is None:
            return "no replay written (--no-replay)"
        with holding_sigint():
            replay = recorder.replay()
            if not replay.terminal:
                replay = dataclasses.replace(replay, abandoned=True)
            target.write(replay)
        return f"the replay so far is in {target.where}"

    shadow = state.game._core.new_initial_state()  # the log's view needs each step's before

    def narrate(turn_player: int) -> None:
        for step in recorder.sync():
            before = shadow.clone() if observer is not None else None
            shadow.apply(step.id)
            narrator.step(step, turn_player, before)

    limit = state.game.max_game_length
    try:
        if not args.quiet:
            log.write(f"{info.title}: {', '.join(names)}; seed {seed}\n")
        narrate(state.turn_player)  # the setup: shuffles and first draws
        while not state.is_terminal:
            if state.move_number > limit:
                raise HenchmenError(f"the game did not end within {limit} actions (an engine bug)")
            acting = state.current_player
            turn_player = state.turn_player
            action = bots[acting].choose(state)
            state.apply(action)
            narrate(turn_player)
        shown_returns = ", ".join(f"{r:g}" for r in state.returns)
        log.write(
            f"Result after {state.move_number} actions: {_verdict(state.returns, names)} "
            f"(returns {shown_returns})\n"
        )
        save()
    except _Quit:
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
    return 0


def _cmd_replay(args: argparse.Namespace, out: TextOut) -> int:
    replay = load_replay(args.file)  # verifies every step: errors name the first bad one
    names = _seat_names([], replay.players)
    result = (
        _verdict(replay.returns, names)
        if replay.terminal
        else "abandoned"
        if replay.abandoned
        else "unfinished"
    )
    if args.check:
        out.write(f"ok: {args.file}: {replay.game}, {len(replay.steps)} steps, {result}\n")
        return 0
    game = Game(replay.game, **replay.options)
    observer: int | None = None
    if args.observer is not None:
        # People count players from 1: --observer 1 is the first player (0 is refused).
        observer = int_arg(args.observer, "--observer", 1, game.num_players) - 1
    seed = "" if replay.seed is None else f"; seed {replay.seed}"
    engine = printable(replay.engine)
    out.write(f"{game.info.title}: {', '.join(names)}{seed}; written by henchmen {engine}\n")
    if observer is not None:
        out.write(f"As seen by {names[observer]}: moves hidden from them show as (hidden)\n")
    narrator = _Narrator(out, names, False, observer=observer, numbered=True)
    cursor = replay.cursor()
    previous: int | None = None
    while not cursor.at_end:
        before = cursor.state
        if observer is not None and before.current_player == observer and previous != observer:
            # The start of a run of the observer's decisions: show what they see.
            out.write(f"-- What {names[observer]} sees --\n")
            out.write("\n".join(_render(before.observation(observer), "      ")) + "\n")
        step = cursor.next()
        previous = step.player
        narrator.step(step, before.turn_player, before._s if observer is not None else None)
    shown_returns = ", ".join(f"{r:g}" for r in replay.returns)
    out.write(f"Result after {len(replay.steps)} actions: {result} (returns {shown_returns})\n")
    return 0


def _cmd_simulate(args: argparse.Namespace, out: TextOut, err: TextOut, progress: TextOut) -> int:
    info = game_info(args.game)
    seed = int_arg(args.seed, "--seed", 0, _checks.U64_MAX)
    n_games = int_arg(args.games, "--games", 1, 10_000_000)
    threads = int_arg(args.threads, "--threads", 1, 256)
    bot_list, options = seats_and_options(args, info)
    if "human" in bot_list:
        raise OptionError("simulate plays bots only; use `henchmen play` to play as a human")
    specs: list[BotSpec] = [parse_bot_spec(name) for name in bot_list]
    game = Game(info.name, **options)
    native = all(spec.native() is not None for spec in specs)
    how = f"natively on {threads} thread(s)" if native else "in Python (a bot has no native twin)"
    err.write(f"henchmen: {n_games} games of {info.name}, seats rotated, {how}\n")
    results = run_matches(
        game, specs, n_games, seed=seed, threads=threads, progress=_ProgressBar(progress, "games")
    )
    mean_len = sum(results.lengths) / max(len(results.lengths), 1)
    out.write(
        f"{info.title}: {results.games} games, seed {seed}, seats rotated; "
        f"{mean_len:.0f} actions a game; {results.seconds:.1f}s\n"
    )
    if results.cooperative:
        out.write(
            "Cooperative game: a team win is every player's return > 0, a loss every return < 0; "
            "mixed bots share one team result.\n"
        )
    out.write(results.table() + "\n")
    if results.truncated:
        out.write(f"{results.truncated} game(s) hit the length limit and count as draws\n")
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
    try:
        status = _run(argv, out, err)
        out.flush()  # a full disk shows here, while the error can still be told
        return status
    except (_UsageError, HenchmenError) as e:
        err.say(f"henchmen: error: {_one_line(str(e))}")
        return EXIT_USAGE
    except KeyboardInterrupt as e:
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
    try:
        args = _parser().parse_args(argv)
    except SystemExit as e:  # --help and --version, printed by argparse itself
        out.flush()
        return e.code if isinstance(e.code, int) else 0
    except OSError as e:  # argparse's own writes (--help) to a closed or full output
        raise OutputFailed(e) from None
    if args.command == "games":
        return _cmd_games(out)
    if args.command == "replay":
        return _cmd_replay(args, out)
    if args.command == "simulate":
        progress = OutputStream(sys.stderr, keep="\r\n")  # the bar redraws its line
        return _cmd_simulate(args, out, err, progress)
    return _cmd_play(args, out, err)


def _one_line(text: str) -> str:
    return " ".join(text.split())


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["HumanPlayer", "main", "parse_option"]
