"""From command-line text to a game: integers in range, option values, players, bot seeds.

The command line tool (:mod:`henchmen.cli`) reads everything as text; this
turns it into what the API takes, with errors that name the flag at fault.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from henchmen import _checks
from henchmen.errors import OptionError
from henchmen.game import GameInfo

#: How to fix a count of bots that fits no count of players.
_ONE_PER_SEAT = "give one bot per player, or one bot and --players N to seat it everywhere"


def int_arg(text: str, what: str, lo: int, hi: int) -> int:
    allowed = f"exactly {lo}" if lo == hi else f"an integer from {lo} to {hi}"
    try:
        n = int(text)
    except ValueError:
        raise OptionError(f"{what} must be {allowed}, got '{text}'") from None
    if not lo <= n <= hi:
        raise OptionError(f"{what} must be {allowed}, got {n}")
    return n


def _canonical(choices: Sequence[str], value: str) -> str:
    """``value`` spelled as the game spells it, matched ignoring case and spacing as moves are."""
    key = " ".join(value.split()).casefold()
    return next((c for c in choices if " ".join(c.split()).casefold() == key), value.strip())


def parse_option(info: GameInfo, text: str) -> tuple[str, _checks.OptionValue]:
    """``KEY=VALUE`` from the command line, typed by the game's declared option kind.

    Names of choices are matched ignoring case, and given to the game as it
    spells them; a name that matches none is passed on for the game to refuse.

    >>> import henchmen
    >>> parse_option(henchmen.game_info("seven-secret-supervillains"), "players=2")
    ('players', 2)
    >>> parse_option(henchmen.game_info("legendary"), "mastermind=red skull")
    ('mastermind', 'Red Skull')
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
    choices = info.option(key).choices
    if kind == "choice-list":
        return key, [_canonical(choices, x) for x in raw.split(",") if x.strip()]
    if kind == "choice":
        return key, _canonical(choices, raw)
    return key, raw


def seed_for_bot(seed: int, seat: int) -> int:
    # splitmix64 of (seed, seat): independent, reproducible streams per seat.
    x = (seed + 0x9E3779B97F4A7C15 * (seat + 1)) & _checks.U64_MAX
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _checks.U64_MAX
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _checks.U64_MAX
    return x ^ (x >> 31)


def seats_and_options(args: argparse.Namespace, info: GameInfo) -> tuple[list[str], dict[str, Any]]:
    """The bots (one per seat) and the game's options, agreeing on the number of players.

    The count comes from ``--players`` or ``--option players=N`` (which must
    then agree), else from ``--bots``, else the game's default; an error
    names the flag that disagrees.  Given a count, one bot in ``--bots``
    takes every seat (``--players 5 --bots greedy``); several must be one
    per player.
    """
    options: dict[str, Any] = dict(parse_option(info, text) for text in args.option)
    bot_list = [b.strip() for b in args.bots.split(",")] if args.bots is not None else None
    said: list[tuple[str, int]] = []  # (the flag, as given; the count it asks for)
    if args.players is not None:
        n = int_arg(args.players, "--players", info.min_players, info.max_players)
        said.append((f"--players {n}", n))
    if "players" in options:
        said.append((f"--option players={options['players']}", options["players"]))
    if len(said) == 2 and said[0][1] != said[1][1]:
        raise OptionError(f"{said[1][0]} disagrees with {said[0][0]}; give the count once")
    if said:
        players = said[0][1]
    elif bot_list is not None:
        players = len(bot_list)
    elif options:
        # The other options may settle the count (a mode played at one count only).
        from henchmen.game import Game

        players = Game(info.name, **options).num_players
    else:
        players = info.option("players").default
    if bot_list is None:
        bot_list = ["random"] * players
    elif said and len(bot_list) == 1:
        bot_list = bot_list * players
    elif said and len(bot_list) != players:
        raise OptionError(
            f"--bots names {len(bot_list)} bot(s) but {said[0][0]} asks for {players} players; "
            "give one bot per player, or one for every seat"
        )
    elif not info.min_players <= players <= info.max_players:
        span = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players} to {info.max_players}"
        )
        raise OptionError(
            f"--bots names {len(bot_list)} bot(s) but the game has {span} players; {_ONE_PER_SEAT}"
        )
    elif not said and options:
        _bots_fit_the_options(info, options, args.option, players)
    options["players"] = players  # out of range only if --option said so: the game names it
    return bot_list, options


def _bots_fit_the_options(
    info: GameInfo, options: dict[str, Any], given: Sequence[str], players: int
) -> None:
    """The count came from ``--bots``: if the other options rule it out (a mode played at
    other counts), the error names the bots and the counts those options allow, not a
    ``players=N`` nobody typed; options wrong at every count get the game's own message."""
    from henchmen.game import Game

    def fits(n: int) -> bool:
        try:
            Game(info.name, **options, players=n)
        except OptionError:
            return False
        return True

    if fits(players):
        return
    allowed = [n for n in range(info.min_players, info.max_players + 1) if fits(n)]
    if not allowed:
        return  # the game refuses the options themselves, and says why
    last = str(allowed[-1])
    counts = f"{', '.join(map(str, allowed[:-1]))} or {last}" if len(allowed) > 1 else last
    flags = " ".join(f"--option {text}" for text in given)
    noun = "player" if allowed == [1] else "players"
    raise OptionError(
        f"--bots names {players} bot(s) but {flags} asks for {counts} {noun}; {_ONE_PER_SEAT}"
    )


__all__ = ["int_arg", "parse_option", "seats_and_options", "seed_for_bot"]
