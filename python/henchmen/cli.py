"""The ``henchmen`` command: list games, play, replay and simulate.

    henchmen games
    henchmen play seven-secret-supervillains --bots greedy,random --seed 1
    henchmen play seven-secret-supervillains --bots human,ismcts:iterations=800
    henchmen replay replays/seven-secret-supervillains-seed1.json [--observer 0] [--check]
    henchmen simulate seven-secret-supervillains --bots ismcts,greedy --games 200 --threads 2

Every game ``play`` plays writes a replay; every error is one line on stderr
and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from henchmen import __version__, _checks, _core
from henchmen.bots import Bot, bot_names
from henchmen.errors import HenchmenError, NotationError, OptionError
from henchmen.game import Game, GameInfo, game_info, games
from henchmen.matches import BotSpec, parse_bot_spec, run_matches
from henchmen.replay import (
    ReplayPlayer,
    ReplayRecorder,
    ReplayStep,
    load_replay,
    write_replay,
)
from henchmen.state import State

EXIT_USAGE = 2


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
    play.add_argument(
        "--replay",
        default=None,
        metavar="PATH",
        help="where to write the replay (default replays/<game>-seed<seed>.json)",
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
        help="show the game as player P (0-based) saw it: moves hidden from them are "
        "masked, and their view is shown at each of their turns",
    )
    replay.add_argument(
        "--check",
        action="store_true",
        help="only verify the replay: exit 0 if it is sound, 2 naming the first bad step",
    )
    simulate = sub.add_parser(
        "simulate",
        help="play many games between bots and print a win-rate table",
        description="Play many games between bots (seats rotated every game) and print "
        "win rates with 95%% Wilson intervals.  Runs natively on --threads threads when "
        "every bot has a native twin (random, greedy, ismcts, mcts).",
    )
    _game_arguments(simulate, "")
    simulate.add_argument("--games", default="100", help="how many games (default 100)")
    simulate.add_argument("--threads", default="1", help="native threads (default 1)")
    return parser


def _int_arg(text: str, what: str, lo: int, hi: int) -> int:
    try:
        n = int(text)
    except ValueError:
        raise OptionError(f"{what} must be an integer from {lo} to {hi}, got '{text}'") from None
    if not lo <= n <= hi:
        raise OptionError(f"{what} must be an integer from {lo} to {hi}, got {n}")
    return n


def parse_option(info: GameInfo, text: str) -> tuple[str, _checks.OptionValue]:
    """``KEY=VALUE`` from the command line, typed by the game's declared option kind.

    >>> import henchmen
    >>> parse_option(henchmen.game_info("seven-secret-supervillains"), "players=2")
    ('players', 2)
    """
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise OptionError(f"--option needs KEY=VALUE, got '{text}'")
    kind = info.option(key).kind
    if kind == "int":
        try:
            return key, int(raw)
        except ValueError:
            allowed = info.option(key).allowed
            raise OptionError(f"option '{key}' must be {allowed}, got '{raw}'") from None
    if kind == "bool":
        low = raw.strip().lower()
        if low in ("true", "yes", "on", "1"):
            return key, True
        if low in ("false", "no", "off", "0"):
            return key, False
        raise OptionError(f"option '{key}' must be true or false, got '{raw}'")
    if kind == "choice-list":
        return key, [x.strip() for x in raw.split(",") if x.strip()]
    return key, raw


def _seed_for_bot(seed: int, seat: int) -> int:
    # splitmix64 of (seed, seat): independent, reproducible streams per seat.
    x = (seed + 0x9E3779B97F4A7C15 * (seat + 1)) & _checks.U64_MAX
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _checks.U64_MAX
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _checks.U64_MAX
    return x ^ (x >> 31)


def _cmd_games(out: TextIO) -> int:
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
    if players is not None:
        return [f"{p.name} ({p.bot or 'human'})" for p in players]
    return [f"Player {i + 1} ({name})" for i, name in enumerate(bots)]


class _Narrator:
    """The log of a game: a heading per turn, one line per action.

    With an ``observer``, actions that player could not tell apart from
    another (an opponent's secret choice, a card drawn into another hand)
    are masked, so the log shows only what they saw.
    """

    def __init__(
        self,
        out: TextIO,
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
        move = step.move
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


def _render(value: Any, indent: str = "  ") -> list[str]:
    """A compact, readable rendering of an observation (a JSON-ready dict)."""
    lines: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if item in (None, [], {}, ""):
                continue
            if isinstance(item, dict) or (
                isinstance(item, list) and any(isinstance(x, dict | list) for x in item)
            ):
                lines.append(f"{indent}{key}:")
                lines += _render(item, indent + "  ")
            elif isinstance(item, list):
                lines.append(f"{indent}{key}: {', '.join(str(x) for x in item)}")
            else:
                lines.append(f"{indent}{key}: {json.dumps(item, ensure_ascii=False)}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            lines.append(f"{indent}[{i}]")
            lines += _render(item, indent + "  ")
    else:
        lines.append(f"{indent}{value}")
    return lines


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

    def __init__(self, stdin: TextIO, out: TextIO, label: str) -> None:
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
            line = self.stdin.readline()
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
                self.out.write(f"  {e}\n")

    def _show(self, state: State, me: int) -> None:
        self.out.write(f"-- What {self.label} sees --\n")
        self.out.write("\n".join(_render(state.observation(me))) + "\n")

    def _list(self, legal: Sequence[Any]) -> None:
        for i, a in enumerate(legal, 1):
            self.out.write(f"  {i:>3}. {a.text}\n")


class _ProgressBar:
    """Progress on stderr: a bar redrawn in place on a terminal, else a line per tenth."""

    def __init__(self, stream: TextIO, what: str) -> None:
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


def _bot_list(args: argparse.Namespace, info: GameInfo) -> tuple[list[str], int]:
    bot_list = [b.strip() for b in args.bots.split(",")] if args.bots is not None else None
    if args.players is not None:
        players = _int_arg(args.players, "--players", info.min_players, info.max_players)
    elif bot_list is not None:
        players = len(bot_list)
    else:
        players = info.option("players").default
    if bot_list is None:
        bot_list = ["random"] * players
    if len(bot_list) != players or not info.min_players <= players <= info.max_players:
        span = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players} to {info.max_players}"
        )
        need = players if args.players is not None else span
        raise OptionError(
            f"--bots names {len(bot_list)} bot(s) but the game has {need} players; "
            "give one bot per player"
        )
    return bot_list, players


def _options(args: argparse.Namespace, info: GameInfo, players: int) -> dict[str, Any]:
    options: dict[str, Any] = dict(parse_option(info, text) for text in args.option)
    if "players" in options and options["players"] != players:
        raise OptionError("--option players=... disagrees with --players/--bots")
    options["players"] = players
    return options


def _verdict(returns: Sequence[float], names: Sequence[str]) -> str:
    best = max(returns)
    top = [p for p, r in enumerate(returns) if r == best]
    if len(top) == len(returns):  # all equal: a draw, or a shared fate in a cooperative game
        return "everyone wins" if best > 0 else "everyone loses" if best < 0 else "a draw"
    return " and ".join(names[p] for p in top) + (" wins" if len(top) == 1 else " win")


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    info = game_info(args.game)
    seed = _int_arg(args.seed, "--seed", 0, _checks.U64_MAX)
    bot_list, players = _bot_list(args, info)
    options = _options(args, info, players)
    specs = [None if name == "human" else parse_bot_spec(name) for name in bot_list]
    shown = ["human" if spec is None else str(spec) for spec in specs]
    names = _seat_names(shown)
    bots: list[Bot] = [
        HumanPlayer(sys.stdin, out, f"Player {i + 1}")
        if spec is None
        else spec.make(_seed_for_bot(seed, i))
        for i, spec in enumerate(specs)
    ]
    seats = [
        ReplayPlayer(f"Player {i + 1}")
        if spec is None
        else ReplayPlayer(f"Player {i + 1}", str(spec), _seed_for_bot(seed, i))
        for i, spec in enumerate(specs)
    ]
    humans = [i for i, spec in enumerate(specs) if spec is None]
    # One human sees the log from their seat; several at one terminal share it all.
    observer = humans[0] if len(humans) == 1 else None

    state = Game(info.name, **options).new_initial_state(seed=seed)
    path = Path(args.replay) if args.replay else Path("replays") / f"{info.name}-seed{seed}.json"
    recorder = ReplayRecorder(state, seed=seed, players=seats)
    narrator = _Narrator(out, names, args.quiet, observer=observer)
    if not args.quiet:
        out.write(f"{info.title}: {', '.join(names)}; seed {seed}\n")

    shadow = state.game._core.new_initial_state()  # the log's view needs each step's before

    def narrate(turn_player: int) -> None:
        for step in recorder.sync():
            before = shadow.clone() if observer is not None else None
            shadow.apply(step.id)
            narrator.step(step, turn_player, before)

    narrate(state.turn_player)  # the setup: shuffles and first draws
    limit = state.game.max_game_length
    try:
        while not state.is_terminal:
            if state.move_number > limit:
                raise HenchmenError(f"the game did not end within {limit} actions (an engine bug)")
            acting = state.current_player
            turn_player = state.turn_player
            action = bots[acting].choose(state)
            state.apply(action)
            narrate(turn_player)
    except _Quit:
        written = write_replay(path, recorder.replay())
        out.write(f"Game abandoned after {state.move_number} actions.\n")
        out.write(f"Replay written to {written}\n")
        return 0

    shown_returns = ", ".join(f"{r:g}" for r in state.returns)
    out.write(
        f"Result after {state.move_number} actions: {_verdict(state.returns, names)} "
        f"(returns {shown_returns})\n"
    )
    written = write_replay(path, recorder.replay())
    out.write(f"Replay written to {written}\n")
    return 0


def _cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    replay = load_replay(args.file)  # verifies every step: errors name the first bad one
    names = _seat_names([], replay.players)
    result = _verdict(replay.returns, names) if replay.terminal else "unfinished"
    if args.check:
        out.write(f"ok: {args.file}: {replay.game}, {len(replay.steps)} steps, {result}\n")
        return 0
    game = Game(replay.game, **replay.options)
    observer: int | None = None
    if args.observer is not None:
        observer = _int_arg(args.observer, "--observer", 0, game.num_players - 1)
    seed = "" if replay.seed is None else f"; seed {replay.seed}"
    out.write(f"{game.info.title}: {', '.join(names)}{seed}; written by henchmen {replay.engine}\n")
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


def _cmd_simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    info = game_info(args.game)
    seed = _int_arg(args.seed, "--seed", 0, _checks.U64_MAX)
    n_games = _int_arg(args.games, "--games", 1, 10_000_000)
    threads = _int_arg(args.threads, "--threads", 1, 256)
    bot_list, players = _bot_list(args, info)
    if "human" in bot_list:
        raise OptionError("simulate plays bots only; use `henchmen play` to play as a human")
    specs: list[BotSpec] = [parse_bot_spec(name) for name in bot_list]
    options = _options(args, info, players)
    game = Game(info.name, **options)
    native = all(spec.native() is not None for spec in specs)
    how = f"natively on {threads} thread(s)" if native else "in Python (a bot has no native twin)"
    err.write(f"henchmen: {n_games} games of {info.name}, seats rotated, {how}\n")
    results = run_matches(
        game, specs, n_games, seed=seed, threads=threads, progress=_ProgressBar(err, "games")
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

    >>> main(["games"]) == 0  # doctest: +ELLIPSIS
    seven-secret-supervillains ...
    True
    """
    out = sys.stdout
    try:
        args = _parser().parse_args(argv)
        if args.command == "games":
            return _cmd_games(out)
        if args.command == "replay":
            return _cmd_replay(args, out)
        if args.command == "simulate":
            return _cmd_simulate(args, out, sys.stderr)
        return _cmd_play(args, out)
    except (_UsageError, HenchmenError) as e:
        sys.stderr.write(f"henchmen: error: {_one_line(str(e))}\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        sys.stderr.write("henchmen: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0


def _one_line(text: str) -> str:
    return " ".join(text.split())


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["HumanPlayer", "main", "parse_option"]
