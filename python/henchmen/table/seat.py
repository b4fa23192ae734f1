"""A person at the terminal table: the screen, the moves with their keys, the commands.

At each of their decisions the seat draws the table from the game's layout
for that player (never more than they may see), lists the legal moves with
keys that keep their meaning all game (:mod:`henchmen.table.keys`), and
reads a command:

- a move's key (``3``), its notation (``end turn``, any case) or a unique
  beginning of it of three letters or more (``end``);
- ``undo``: take back your last decision (and the bots' moves after it);
- ``help``: the commands; ``help CARD``: a card's text from the card table;
- ``view``: the table again; ``log [N]``: the last N events you saw;
- ``quit`` (or the end of input): stop the game; the replay so far is kept.

A typo gets the nearest moves or commands as a suggestion.

>>> import io, henchmen
>>> state = henchmen.new_game("parry", seed=1)
>>> out = io.StringIO()
>>> seat = HumanSeat(io.StringIO("edn turn\\nend\\n"), out, "Ann")
>>> seat.choose(state) == state.string_to_action("end turn").id
True
>>> "did you mean 'end turn'?" in out.getvalue()
True
"""

from __future__ import annotations

import difflib
import shutil
from collections.abc import Sequence
from typing import Any, TextIO

from henchmen.action import Action
from henchmen.narration import HEADINGS, score_line
from henchmen.printable import TextOut, printable
from henchmen.state import State
from henchmen.table.cards import CardIndex
from henchmen.table.keys import MoveKeys, normal
from henchmen.table.lines import LineReader
from henchmen.table.screen import draw, move_lines

COMMANDS = ("undo", "help", "view", "log", "quit")
#: Moves that only let a window go by: when one is a person's only legal move,
#: their table answers it for them (``auto_pass``); the engine still asks.
PASS_MOVES = ("pass", "take the hit")
_ALIASES = {"exit": "quit", "q": "quit", "u": "undo", "v": "view", "?": "help", "h": "help"}
#: The shortest beginning of a move's notation that is taken for the move.
MIN_PREFIX = 3
LOG_LINES = 12

HELP = """\
  Moves: type a move's key ([3]), its notation (end turn) or a unique beginning of it (end).
  Keys stay with their move for the whole game; Tab completes moves, commands and cards.
  undo       take back your last decision (and the bots' moves after it)
  help CARD  a card's text (from the card table);  help: this list
  view       the table again;  log [N]: the last N things you saw (default 12)
  quit       stop the game (the replay so far is written)"""


def only_pass(state: State) -> Action | None:
    """The current decider's only legal move when it is a pass (a reaction window), else None.

    >>> import henchmen
    >>> only_pass(henchmen.new_game("parry", seed=1)) is None
    True
    """
    legal = list(state.legal_actions)
    if len(legal) == 1 and normal(legal[0].text) in PASS_MOVES:
        return legal[0]
    return None


def move_label(state: State, action: Action) -> str:
    """A move's notation, with the damage it deals when the game previews it (Super!).

    >>> import henchmen
    >>> state = henchmen.new_game("parry", seed=1)
    >>> move_label(state, state.legal_actions[-1])
    'end turn'
    """
    info = state.action_info(action)
    damage = info.get("damage")
    text = printable(action.text)
    return f"{text} ({damage} damage)" if type(damage) is int else text


class Quit(Exception):
    """The person at the table stopped the game (``quit`` or the end of input)."""


class UndoRequest(Exception):
    """The person asked to take back their last decision; the game loop does it."""


class HumanSeat:
    """A player at the terminal: a :class:`~henchmen.bots.Bot` whose choices a person makes.

    ``label`` names them in the prompt; ``interactive`` turns on line
    editing (readline), which needs standard input and output to be the
    terminal; ``width`` is the screen's (the terminal's by default).

    >>> import io, henchmen
    >>> from henchmen.bots import Bot
    >>> seat = HumanSeat(io.StringIO("quit\\n"), io.StringIO(), "Ann", width=72)
    >>> isinstance(seat, Bot), seat.name
    (True, 'human')
    >>> seat.choose(henchmen.new_game("parry", seed=1))
    Traceback (most recent call last):
    ...
    henchmen.table.seat.Quit
    """

    name = "human"

    def __init__(
        self,
        stdin: TextIO,
        out: TextOut,
        label: str,
        *,
        interactive: bool = False,
        width: int | None = None,
        auto_pass: bool = True,
        narrated: bool = False,
    ) -> None:
        self.out = out
        self.label = printable(label)
        self.lines = LineReader(stdin, out, interactive=interactive)
        self.width = width
        self.auto_pass = auto_pass
        # A narrator heads each turn with its number and score: the table does not repeat them.
        self.narrated = narrated
        self.keys = MoveKeys()
        self._index: CardIndex | None = None
        # (turn player, turn headings seen) when the whole table was last drawn.
        self._drawn: tuple[int, int] | None = None

    # ------------------------------------------------------------- the screen
    def _width(self) -> int:
        if self.width is not None:
            return self.width
        return max(60, min(shutil.get_terminal_size((100, 24)).columns, 140))

    def say(self, text: str) -> None:
        """A line to the person (a note from the game loop, an answer to a command).

        >>> import io
        >>> out = io.StringIO()
        >>> HumanSeat(io.StringIO(), out, "Ann").say("Bob strikes you")
        >>> out.getvalue()
        '  Bob strikes you\\n'
        """
        self.out.write(f"  {text}\n")

    def _moves(self, state: State) -> list[tuple[str, Action]]:
        legal = list(state.legal_actions)
        return list(zip(self.keys.assign([a.text for a in legal]), legal, strict=True))

    def show(self, state: State, me: int, whole: bool = True, again: bool = True) -> None:
        """Draw the table for ``me`` and the moves, each with its key.

        With ``whole=False``, only the status, the prompt and the moves (the
        table was drawn earlier this turn and the log told what changed);
        ``again=False``: drawn at the turn's first decision, right under the
        narrator's turn heading (a ``narrated`` seat then leaves out its own).

        >>> import io, henchmen
        >>> out = io.StringIO()
        >>> seat = HumanSeat(io.StringIO(), out, "Ann", width=72)
        >>> seat.show(henchmen.new_game("parry", seed=1), 0)
        >>> print(out.getvalue())  # doctest: +ELLIPSIS
        <BLANKLINE>
        === Parry -- Turn 1: Your turn ===
        ...
          Moves: [1] strike player 2   [2] end turn
        <BLANKLINE>
        """
        width = self._width()
        layout = state.layout(me)
        if not layout.get("status"):  # a game whose layout has no words of its own yet
            whose = (
                "Your turn" if state.turn_player == me else f"Player {state.turn_player + 1}'s turn"
            )
            layout = {**layout, "status": whose}
        if whole:
            self._drawn = self._turn_mark(state, me)
            lines = ["", *draw(layout, me, width)]
            if self.narrated and not again:  # the turn heading and score were just told
                score = score_line(layout, me)
                lines = ["", *lines[3 if score and lines[2] == f"  {score}" else 2 :]]
        else:  # the table as it was drawn this turn; only why we ask, and the moves
            status = layout.get("status")
            lines = [f"  -- {printable(str(status))} --"] if status else []
            prompt = layout.get("prompt")
            if prompt:
                lines.append(f"  >> {printable(str(prompt))}")
        if not layout.get("prompt") and state.turn_player not in (me, -1):
            lines.append(f"  >> Player {state.turn_player + 1}'s turn: you are asked to decide")
        moves = [(k, move_label(state, a)) for k, a in self._moves(state)]
        lines += move_lines(moves, width)
        self.out.write("\n".join(lines) + "\n")

    def _turn_mark(self, state: State, me: int) -> tuple[int, int]:
        """Which turn it is, as ``me`` saw it: the turn player and the turn headings so far."""
        turns = sum(1 for e in state.events_for(me) if e.kind in HEADINGS)
        return (state.turn_player, turns)

    # -------------------------------------------------------------- a choice
    def choose(self, state: State) -> int:
        """Draw the table and ask until a legal move is given.

        Raises :class:`Quit` on ``quit`` or the end of input and
        :class:`UndoRequest` on ``undo``.

        >>> import io, henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> out = io.StringIO()
        >>> seat = HumanSeat(io.StringIO("help strike\\n2\\n"), out, "Ann", width=72)
        >>> state.action_to_string(seat.choose(state))
        'end turn'
        >>> "On your turn: choose another player" in out.getvalue()
        True
        """
        me = state.current_player
        if self._index is None:
            self._index = CardIndex(state.game.card_table())
        passing = only_pass(state) if self.auto_pass else None
        if passing is not None:  # nothing to answer with: the table passes, the engine asked
            why = state.layout(me).get("prompt") or "nothing to answer with"
            self.say(f"(auto-pass: {printable(str(why))})")
            return passing.id
        # The whole table once a turn (and on "view"); the log tells what changes meanwhile.
        self.show(state, me, whole=self._drawn != self._turn_mark(state, me), again=False)
        while True:
            try:
                line = self.lines.read(
                    f"{self.label}, your move (key, move, or help): ",
                    lambda: self._completions(state),
                )
            except KeyboardInterrupt:
                self.out.write("\n")  # the message that follows gets its own line
                raise
            if line is None:
                self.out.write("\n")
                raise Quit
            action = self._answer(state, me, line.strip())
            if action is not None:
                return action

    def _answer(self, state: State, me: int, text: str) -> int | None:
        """The move ``text`` names, or None after answering a command or a mistake."""
        if not text:
            return None
        moves = self._moves(state)
        by_text = {normal(a.text): a for _, a in moves}
        if normal(text) in by_text:
            return by_text[normal(text)].id
        word, _, rest = text.partition(" ")
        command = _ALIASES.get(word.casefold(), word.casefold())
        if command in COMMANDS and (command in ("help", "log") or not rest.strip()):
            self._command(state, me, command, rest.strip())
            return None
        if text.isdigit():
            return self._by_key(text, moves)
        starting = [a for _, a in moves if normal(a.text).startswith(normal(text))]
        if len(starting) == 1 and len(normal(text)) >= MIN_PREFIX:
            return starting[0].id
        if len(starting) > 1:
            options = ", ".join(f"[{k}] {printable(a.text)}" for k, a in moves if a in starting)
            self.say(f"'{printable(text)}' could be: {options}")
            return None
        self.say(self._suggest(text, moves))
        return None

    def _by_key(self, key: str, moves: list[tuple[str, Action]]) -> int | None:
        for k, a in moves:
            if k == key:
                return a.id
        keys = ", ".join(k for k, _ in moves)
        known = self.keys.move(key)
        if known is not None:
            self.say(f"[{key}] is '{printable(known)}', not possible now; keys now: {keys}")
        else:
            self.say(f"no move has the key [{key}]; keys now: {keys}")
        return None

    def _suggest(self, text: str, moves: list[tuple[str, Action]]) -> str:
        """What to say to a line that is no move and no command: the nearest ones."""
        word, _, rest = text.partition(" ")
        near_command = difflib.get_close_matches(word.casefold(), COMMANDS, n=1, cutoff=0.6)
        texts = {normal(a.text): a.text for _, a in moves}
        near_move = difflib.get_close_matches(normal(text), list(texts), n=2, cutoff=0.6)
        ideas = [texts[m] for m in near_move]
        if near_command and (rest or not ideas):
            ideas.insert(0, f"{near_command[0]} {rest}".strip())
        if self.keys.known(text):
            keys = ", ".join(k for k, _ in moves)
            return f"'{printable(text)}' is not possible now; keys now: {keys}"
        head = f"'{printable(text)}' is not a move or a command here"
        if ideas:
            return head + "; did you mean " + " or ".join(f"'{printable(i)}'" for i in ideas) + "?"
        return head + "; type a key from the list, or help"

    def _command(self, state: State, me: int, command: str, arg: str) -> None:
        if command == "quit":
            raise Quit
        if command == "undo":
            raise UndoRequest
        if command == "view":
            self.show(state, me)
        elif command == "help":
            if not arg:
                self.out.write(HELP + "\n")
            else:
                for line in self._cards(state, me).describe(arg, self._width() - 2):
                    self.say(line)
        elif command == "log":
            self._log(state, me, arg)

    def _log(self, state: State, me: int, arg: str) -> None:
        if arg and not arg.isdigit():
            self.say(f"log takes a number of events (log 20), got '{printable(arg)}'")
            return
        n = int(arg) if arg else LOG_LINES
        events = state.events_for(me)[-n:] if n else []
        if not events:
            self.say("nothing to show yet" if n else "log 0 shows nothing")
        for e in events:
            self.say(f"== {printable(e.text)} ==" if e.kind in HEADINGS else printable(e.text))

    def _cards(self, state: State, me: int) -> CardIndex:
        if self._index is None:
            self._index = CardIndex(state.game.card_table())
        for face in _faces(state.layout(me)):
            self._index.add(face)
        return self._index

    def _completions(self, state: State) -> list[str]:
        moves = [a.text for a in state.legal_actions]
        cards = self._index.names if self._index is not None else []
        return moves + list(COMMANDS) + [f"help {c}" for c in cards]


def _faces(layout: dict[str, Any]) -> Sequence[dict[str, Any]]:
    return [
        c
        for z in layout.get("zones") or []
        if isinstance(z, dict)
        for c in z.get("cards") or []
        if isinstance(c, dict) and not c.get("back") and isinstance(c.get("name"), str)
    ]


__all__ = ["COMMANDS", "HumanSeat", "Quit", "UndoRequest"]
