"""The ``henchmen`` command: list games, and play bots against each other.

    henchmen games
    henchmen play seven-secret-supervillains --bots greedy,random --seed 1

Every error is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn, TextIO

from henchmen import __version__, _checks
from henchmen.bots import Bot, bot_names, make_bot
from henchmen.errors import HenchmenError, OptionError
from henchmen.game import Game, GameInfo, game_info, games
from henchmen.replay import ReplayPlayer, ReplayRecorder, ReplayStep, write_replay

EXIT_USAGE = 2


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (no usage dump) and exit 2."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{message} (see {self.prog} --help)")


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
        help="play a whole game between bots, narrated, and write a replay",
        description="Play a whole game between bots, print a narrated log and write a replay.",
    )
    play.add_argument("game", help="the game's name (see `henchmen games`)")
    play.add_argument(
        "--bots",
        default=None,
        help="comma-separated bot names, one per player (default: random for everyone); "
        f"known: {', '.join(bot_names())}",
    )
    play.add_argument("--seed", default="1", help="seed for chance and the bots (default 1)")
    play.add_argument("--players", default=None, help="number of players (default: one per bot)")
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable); lists are comma-separated",
    )
    play.add_argument(
        "--replay",
        default=None,
        metavar="PATH",
        help="where to write the replay (default replays/<game>-seed<seed>.json)",
    )
    play.add_argument("--quiet", action="store_true", help="print only the result")
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


class _Narrator:
    def __init__(self, out: TextIO, names: list[str], quiet: bool) -> None:
        self.out = out
        self.names = names
        self.quiet = quiet
        self.turn = 0
        self.turn_player: int | None = None
        self.started = False

    def step(self, step: ReplayStep, turn_player: int) -> None:
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
        if step.is_chance:
            self.out.write(f"  chance: {step.move}\n")
        else:
            self.out.write(f"  {self.names[step.player]}: {step.move}\n")


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    info = game_info(args.game)
    seed = _int_arg(args.seed, "--seed", 0, _checks.U64_MAX)
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
    options = dict(parse_option(info, text) for text in args.option)
    if "players" in options and options["players"] != players:
        raise OptionError("--option players=... disagrees with --players/--bots")
    options["players"] = players
    bots: list[Bot] = [make_bot(name, _seed_for_bot(seed, i)) for i, name in enumerate(bot_list)]
    names = [f"Player {i + 1} ({name})" for i, name in enumerate(bot_list)]
    seats = [
        ReplayPlayer(f"Player {i + 1}", name, _seed_for_bot(seed, i))
        for i, name in enumerate(bot_list)
    ]

    state = Game(info.name, **options).new_initial_state(seed=seed)
    recorder = ReplayRecorder(state, seed=seed, players=seats)
    narrator = _Narrator(out, names, args.quiet)
    if not args.quiet:
        out.write(f"{info.title}: {', '.join(names)}; seed {seed}\n")

    for step in recorder.sync():  # the setup: shuffles and first draws
        narrator.step(step, state.turn_player)
    limit = state.game.max_game_length
    while not state.is_terminal:
        if state.move_number > limit:
            raise HenchmenError(f"the game did not end within {limit} actions (an engine bug)")
        acting = state.current_player
        turn_player = state.turn_player
        action = bots[acting].choose(state)
        state.apply(action)
        for step in recorder.sync():
            narrator.step(step, turn_player)

    returns = state.returns
    best = max(returns)
    top = [p for p, r in enumerate(returns) if r == best]
    shown = ", ".join(f"{r:g}" for r in returns)
    if len(top) == len(returns):  # all equal: a draw, or a shared fate in a cooperative game
        verdict = "everyone wins" if best > 0 else "everyone loses" if best < 0 else "a draw"
    else:
        verdict = " and ".join(names[p] for p in top) + (" wins" if len(top) == 1 else " win")
    out.write(f"Result after {state.move_number} actions: {verdict} (returns {shown})\n")

    path = Path(args.replay) if args.replay else Path("replays") / f"{info.name}-seed{seed}.json"
    written = write_replay(path, recorder.replay())
    out.write(f"Replay written to {written}\n")
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
        return _cmd_play(args, out)
    except _UsageError as e:
        sys.stderr.write(f"henchmen: error: {e}\n")
        return EXIT_USAGE
    except HenchmenError as e:
        sys.stderr.write(f"henchmen: error: {e}\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        sys.stderr.write("henchmen: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["main", "parse_option"]
