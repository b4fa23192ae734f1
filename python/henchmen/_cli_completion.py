"""Shell completion for the ``henchmen`` command, through argcomplete.

``henchmen completion bash`` (or ``zsh``, ``fish``) prints the script a
shell sources once (``eval "$(henchmen completion bash)"``); from then on
the shell asks ``henchmen`` itself, through argcomplete's environment
variables, what may follow: commands, flags, game names, bot names and a
game's ``--option`` keys.  argcomplete is a small pure-Python dependency;
where it is missing the tool runs as before and ``completion`` says how to
get it.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import Any

from henchmen.bots import bot_names
from henchmen.errors import HenchmenError, OptionError
from henchmen.game import game_info, games
from henchmen.printable import TextOut

SHELLS = ("bash", "zsh", "fish")


def _games(**_: Any) -> list[str]:
    return [g.name for g in games()]


def _bots(prefix: str, **_: Any) -> list[str]:
    # A comma-separated list: complete its last name, keeping the ones before.
    done, _comma, last = prefix.rpartition(",")
    head = f"{done}," if done else ""
    return [f"{head}{name}" for name in [*bot_names(), "human"] if name.startswith(last)]


def _options(parsed_args: argparse.Namespace, **_: Any) -> list[str]:
    try:
        info = game_info(getattr(parsed_args, "game", None) or "")
    except HenchmenError:  # no game typed yet, or a misspelt one: nothing to offer
        return []
    return [f"{o.name}=" for o in info.options]


#: Which completer an argument gets, by its ``dest``: every command that takes a game,
#: bots or options (those added later too) completes the same way.
_COMPLETERS = {"game": _games, "bots": _bots, "bot": _bots, "option": _options}


def _commands(parser: argparse.ArgumentParser) -> Iterable[argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield from dict.fromkeys(action.choices.values())


def add_command(sub: Any) -> None:
    """Add ``henchmen completion SHELL``."""
    cmd = sub.add_parser(
        "completion",
        help="print the shell completion script (bash, zsh or fish)",
        description="Print the script that teaches a shell to complete henchmen's commands, "
        'games, bots and options; e.g. add eval "$(henchmen completion bash)" to ~/.bashrc.',
    )
    cmd.add_argument("shell", choices=SHELLS, help="the shell: bash, zsh or fish")


def complete(parser: argparse.ArgumentParser, finder: Any = None, **how: Any) -> None:
    """Answer the shell and exit, when the shell is asking (argcomplete's ``_ARGCOMPLETE``
    variable); else return at once.  Without argcomplete, nothing is completed.

    ``how`` goes to argcomplete's finder (a test passes ``output_stream`` and
    ``exit_method`` to read the answer in process); ``finder`` replaces
    ``argcomplete.autocomplete`` (a test's keeps argcomplete's debug stream off
    file descriptor 9, which pytest holds)."""
    try:
        import argcomplete
    except ImportError:
        return
    for cmd in _commands(parser):
        for action in cmd._actions:
            completer = _COMPLETERS.get(action.dest)
            if completer is not None:
                action.completer = completer  # type: ignore[attr-defined]
    # Flags when a "-" is typed; before that, what the position takes (a game's name).
    how.setdefault("always_complete_options", False)
    (finder or argcomplete.autocomplete)(parser, **how)


def cmd_completion(args: argparse.Namespace, out: TextOut) -> int:
    """Print the completion script of ``args.shell``."""
    try:
        import argcomplete
    except ImportError:
        raise OptionError(
            "shell completion needs the argcomplete package: pip install argcomplete"
        ) from None
    script: str = argcomplete.shellcode(["henchmen"], shell=args.shell)
    out.write(script)
    return 0


__all__ = ["SHELLS", "add_command", "cmd_completion", "complete"]
