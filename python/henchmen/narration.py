"""The story of a game as one reader saw it, told from the game's events.

A :class:`Narrator` follows a game (live, or a replay's final state) and
writes a line per event its reader perceived: a player sees their own
draws and "Player 2 draws a card" for the others', the spectator only what
every player sees, the omniscient reader everything (for debugging).  The
lines read as a story (``storyline.py``): a run of one player's
draws is one line ("Player 2 draws 5 cards"), each turn ends with a line
saying what it changed in the score, and no line is longer than 100
characters.  It
never decides itself what is hidden: the game's events say it.  Each turn
opens with a heading and a score line (the table layout's counters); the
game's ``game-over`` event gives the reason it ended, and
:func:`result_lines` the result: a winner in a zero-sum game, a team
result and the VP ranking in a cooperative one.

>>> import io, henchmen
>>> state = henchmen.new_game("parry", seed=1)
>>> out = io.StringIO()
>>> narrator = Narrator(out, state.game, 1, ["Player 1", "Player 2"])
>>> state.apply("end turn")
>>> narrator.follow(state)
>>> print(out.getvalue().strip())  # doctest: +NORMALIZE_WHITESPACE
== Setup ==
  The deck of 8 Strikes and 6 Parries is shuffled
  Player 1 draws 3 cards
  You draw a Strike, a Parry and a Strike
== Turn 1: Player 1's turn ==
  Health: Player 1 3/3, you 3/3
  Player 1 draws a card
  Player 1 ends the turn
  -- Turn 1 ends: no change to the score
== Turn 2: your turn ==
  Health: Player 1 3/3, you 3/3
  You draw a Strike

A game that tells no events for a step (one whose events are still to be
written) is narrated from what is certain to be seen: the reader's own
moves, and that another player moved.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from henchmen import _core
from henchmen.events import OMNISCIENT, SPECTATOR, Event
from henchmen.events import read as read_events
from henchmen.printable import TextOut, printable
from henchmen.state import State
from henchmen.storyline import Line, Run, score_changes, wrapped, wrapped_parts

if TYPE_CHECKING:
    from henchmen.game import Game

#: Counter names that are a player's victory points (for the cooperative ranking).
VP_COUNTERS = ("vp", "victory points")
#: Event kinds told as headings: a turn (with the score under it), or a part of the
#: game before or between turns (Super!'s Super Power picks).
HEADINGS = ("turn", "phase")

_NO_EVENTS_NOTE = (
    "  (this game does not tell its moves as events yet: only what is certain to be seen is shown)"
)


def reader_label(reader: int, seats: Sequence[str]) -> str:
    """Who a log is told for, in words.

    >>> reader_label(SPECTATOR, ["Ann", "Bob"]), reader_label(1, ["Ann", "Bob"])
    ('a spectator (public events only)', 'Bob')
    """
    if reader == SPECTATOR:
        return "a spectator (public events only)"
    if reader == OMNISCIENT:
        return "the omniscient reader (everything, hidden cards included: for debugging)"
    return seats[reader]


def _owner(owner: object, viewer: int, names: Sequence[str] | None) -> str:
    if type(owner) is not int:
        return ""
    if owner == viewer:
        return "you"
    return printable(names[owner]) if names and 0 <= owner < len(names) else f"Player {owner + 1}"


def score_line(layout: dict[str, Any], viewer: int, names: Sequence[str] | None = None) -> str:
    """The layout's counters on one line, grouped by name ('' when it has none).

    ``names`` name the players ("Player N" by default); the viewer is "you".

    >>> layout = {"counters": [{"name": "Health", "owner": 0, "value": 3, "max": 3},
    ...                        {"name": "Health", "owner": 1, "value": 2, "max": 3},
    ...                        {"name": "Deck", "owner": None, "value": 7}]}
    >>> score_line(layout, 1)
    'Health: Player 1 3/3, you 2/3 | Deck 7'
    """
    groups: dict[str, list[str]] = {}
    owned: set[str] = set()
    for c in layout.get("counters") or []:
        if not isinstance(c, dict):
            continue
        name = printable(str(c.get("name", "")))
        value = f"{c.get('value')}" + (f"/{c['max']}" if c.get("max") is not None else "")
        who = _owner(c.get("owner"), viewer, names)
        if who:
            owned.add(name)
        groups.setdefault(name, []).append(f"{who} {value}" if who else value)
    parts = [
        f"{name}: {', '.join(values)}" if name in owned else f"{name} {', '.join(values)}"
        for name, values in groups.items()
    ]
    return " | ".join(parts)


def _vp(layout: dict[str, Any], players: int) -> list[float] | None:
    """Each player's VP from the layout's counters, or None if it shows no VP."""
    vp: dict[int, float] = {}
    for c in layout.get("counters") or []:
        if not isinstance(c, dict) or str(c.get("name", "")).casefold() not in VP_COUNTERS:
            continue
        owner, value = c.get("owner"), c.get("value")
        if type(owner) is int and 0 <= owner < players and isinstance(value, int | float):
            vp[owner] = float(value)
    return [vp[p] for p in range(players)] if len(vp) == players else None


def verdict(returns: Sequence[float], seats: Sequence[str]) -> str:
    """Who won a zero-sum game, in words.

    >>> verdict([1.0, -1.0], ["Ann", "Bob"]), verdict([0.0, 0.0], ["Ann", "Bob"])
    ('Ann wins', 'a draw')
    """
    best = max(returns)
    top = [p for p, r in enumerate(returns) if r == best]
    if len(top) == len(returns):
        return "everyone wins" if best > 0 else "everyone loses" if best < 0 else "a draw"
    return " and ".join(seats[p] for p in top) + (" wins" if len(top) == 1 else " win")


def team_result(returns: Sequence[float], status: str | None = None) -> str:
    """The result of a cooperative game: the team as one.

    The game's own words come first: the status of its final layout ("The
    heroes win", "Evil wins", "A tie").  A game whose layout says nothing
    yet is read from the mean return (in a team game the players' shares of
    the ranking cancel out in the mean; a solo game's score may not).

    >>> team_result([0.9, 0.7]), team_result([-0.6, -1.0])
    ('the team wins (from the returns)', 'the team loses (from the returns)')
    >>> team_result([0.2, -0.2])
    'a tie (from the returns)'
    >>> team_result([-1.0, -0.6], "Evil wins: 8 Killbots escaped")
    'Evil wins: 8 Killbots escaped'
    """
    if status:
        return printable(status)
    mean = sum(returns) / max(len(returns), 1)
    word = "the team wins" if mean > 1e-9 else "the team loses" if mean < -1e-9 else "a tie"
    return f"{word} (from the returns)"


def ranking(returns: Sequence[float], seats: Sequence[str], vp: Sequence[float] | None) -> str:
    """The players ranked by VP (or by their returns when the game shows no VP); ties share a rank.

    >>> ranking([0.9, 0.7], ["Ann", "Bob"], [4, 9])
    'VP ranking: 1. Bob 9 VP, 2. Ann 4 VP'
    >>> ranking([0.9, 0.9], ["Ann", "Bob"], None)
    'Ranking (by return; the table shows no VP): 1. Ann, 1. Bob'
    """
    key = list(vp) if vp is not None else list(returns)
    order = sorted(range(len(key)), key=lambda p: (-key[p], p))
    parts = []
    for p in order:
        rank = 1 + sum(1 for q in range(len(key)) if key[q] > key[p])
        parts.append(f"{rank}. {seats[p]}" + (f" {key[p]:g} VP" if vp is not None else ""))
    head = "VP ranking" if vp is not None else "Ranking (by return; the table shows no VP)"
    return f"{head}: {', '.join(parts)}"


def result_lines(state: State, seats: Sequence[str], actions: int | None = None) -> list[str]:
    """The result of a finished game: the winner, or a cooperative team's result and ranking.

    >>> import henchmen
    >>> state = henchmen.new_game("parry", seed=1)
    >>> while not state.is_terminal:
    ...     state.apply(state.legal_actions[0])
    >>> result_lines(state, ["Ann", "Bob"])[0]
    'Result after 16 actions: Ann wins (returns 1, -1)'
    """
    returns = state.returns
    shown = ", ".join(f"{r:g}" for r in returns)
    n = state.move_number if actions is None else actions
    if state.game.info.zero_sum and len(returns) > 1:
        return [f"Result after {n} actions: {verdict(returns, seats)} (returns {shown})"]
    layout = state.layout("spectator")
    status = layout.get("status") if isinstance(layout.get("status"), str) else None
    lines = [f"Result after {n} actions: {team_result(returns, status)} (returns {shown})"]
    vp = _vp(layout, len(returns))
    if len(returns) > 1:
        lines.append(ranking(returns, seats, vp))
    elif vp is not None:
        lines.append(f"VP: {seats[0]} {vp[0]:g}")
    return lines


class Narrator:
    """Writes what ``reader`` perceived of a game, a line per event, as the game goes.

    ``reader`` is a player index, :data:`~henchmen.events.SPECTATOR` or
    :data:`~henchmen.events.OMNISCIENT`; ``seats`` names the players for headings
    and results ("Player 1 (greedy)"), ``event_names`` in the events'
    sentences ("Player N" when None).  ``numbered`` puts each step's
    number (1-based, as in replays) before its first line.  ``at_decision``
    is called with the position before each run of the reader's own
    decisions (a replay shows their table there).

    >>> import io, henchmen
    >>> state = henchmen.new_game("parry", seed=1)
    >>> out = io.StringIO()
    >>> seats = ["Ann", "Bob"]
    >>> narrator = Narrator(out, state.game, henchmen.SPECTATOR, seats, event_names=seats,
    ...                     numbered=True)
    >>> state.apply("end turn")
    >>> narrator.follow(state)
    >>> print(out.getvalue())  # doctest: +ELLIPSIS
    == Setup ==
          The deck of 8 Strikes and 6 Parries is shuffled
       1. Ann draws 3 cards
       4. Bob draws 3 cards
    == Turn 1: Ann's turn ==
      Health: Ann 3/3, Bob 3/3
       7. Ann draws a card
       8. Ann ends the turn
      -- Turn 1 ends: no change to the score
    == Turn 2: Bob's turn ==
      Health: Ann 3/3, Bob 3/3
       9. Bob draws a card
    <BLANKLINE>
    """

    def __init__(
        self,
        out: TextOut,
        game: Game,
        reader: int,
        seats: Sequence[str],
        *,
        event_names: Sequence[str] | None = None,
        numbered: bool = False,
        at_decision: Callable[[State], None] | None = None,
    ) -> None:
        self.out = out
        self.game = game
        self.reader = reader
        self.seats = list(seats)
        self.event_names = list(event_names) if event_names is not None else None
        self.numbered = numbered
        self.at_decision = at_decision
        self._restart()

    def _restart(self) -> None:
        self._shadow = self.game._core.new_initial_state()  # explicit chance: one step at a time
        self._done = -1  # the next step to tell; -1: the setup's events first
        self._heading = False
        self._turn_events = False  # the game heads its log itself ("turn" and "phase" events)
        self._turn = 0
        self._turn_player: int | None = None
        self._last_decider: int | None = None
        self._noted = False
        self._unseen: tuple[int, int, int] | None = None  # (player, step, moves) not yet written
        self._run: Run | None = None  # draws held back, to be told as one line
        self._turn_name = ""  # the turn under way ("Turn 3"), for its summary
        self._turn_score: dict[tuple[str, int | None], Any] | None = None  # its score at the start

    @property
    def _viewer(self) -> int | str:
        return self.reader if self.reader >= 0 else "spectator"

    def follow(self, state: State) -> None:
        """Tell every step of ``state``'s history not told yet.

        Call it after each move (or once, with a finished game): what was
        told is not told again.

        >>> import io, henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> out = io.StringIO()
        >>> narrator = Narrator(out, state.game, 0, ["Ann", "Bob"])
        >>> narrator.follow(state)
        >>> told = len(out.getvalue())
        >>> narrator.follow(state)  # nothing new
        >>> len(out.getvalue()) == told
        True
        >>> state.apply("end turn")
        >>> narrator.follow(state)
        >>> print(out.getvalue()[told:])
          You end the turn
          -- Turn 1 ends: no change to the score
        == Turn 2: Player 2's turn ==
          Health: you 3/3, Player 2 3/3
          Player 2 draws a card
        <BLANKLINE>
        """
        history = state.history_ids
        end = len(history)
        start = self._done
        if start >= end and start >= 0:
            return
        by_step: dict[int, list[Event]] = defaultdict(list)
        for e in read_events(state, self.reader, start, end, self.event_names):
            by_step[e.step].append(e)
        if start == -1:
            self._setup_heading()
            self._tell(-1, by_step[-1])
            start = 0
        for i in range(start, end):
            decider = self._shadow.current_player
            if decider >= 0:
                if self.at_decision and decider == self.reader and self._last_decider != decider:
                    self.flush()  # the log up to this decision, before the table
                    self.at_decision(State._wrap(self._shadow.clone(), self.game))
                self._last_decider = decider
                self._fallback_heading(self._shadow.turn_player)
            move = self._shadow.action_to_string(history[i])
            self._shadow.apply(history[i])
            events = by_step.get(i, [])
            if events:
                self._tell(i, events)
            elif not read_events(state, OMNISCIENT, i, i + 1):
                self._untold(i, decider, move)
        self._done = end
        self._tell_run()  # a run of draws ends with the steps there are

    def rewind(self, state: State) -> None:
        """Go back to ``state`` after moves were taken back (its history is a prefix of ours).

        Nothing is written: the lines already told stay, and the next
        :meth:`follow` tells what is played from ``state`` on.

        >>> import io, henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> out = io.StringIO()
        >>> narrator = Narrator(out, state.game, 0, ["Ann", "Bob"])
        >>> state.apply("end turn")
        >>> narrator.follow(state)
        >>> told = out.getvalue()
        >>> state.undo()
        >>> narrator.rewind(state)
        >>> out.getvalue() == told
        True
        >>> state.apply("strike player 2")
        >>> narrator.follow(state)
        >>> out.getvalue()[len(told):]
        '  You strike Player 2\\n'
        """
        self._restart()
        self._heading = True  # what is retold is not written again
        quiet = self.out
        self.out = _Null()
        try:
            self.follow(state)
            self.flush()  # what the retold steps held back was told already
        finally:
            self.out = quiet

    def finish(self, state: State) -> None:
        """Tell the rest of the game, then the final score and the result.

        >>> import io, henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> while not state.is_terminal:
        ...     state.apply(state.legal_action_ids[0])
        >>> out = io.StringIO()
        >>> Narrator(out, state.game, 0, ["Ann", "Bob"], event_names=["Ann", "Bob"]).finish(state)
        >>> print(out.getvalue())  # doctest: +ELLIPSIS
        == Setup ==
        ...
          Bob is out
          You are the last one standing and win
          -- Turn 1 ends: Bob Health 3 -> 0
          Health: you 3/3, Bob 0/3
        Result after 16 actions: Ann wins (returns 1, -1)
        <BLANKLINE>
        """
        self.follow(state)
        self._turn_ends()
        self._score()
        for line in result_lines(state, self.seats):
            self._write(wrapped("", line) + "\n")

    # ------------------------------------------------------------------ lines
    def _setup_heading(self) -> None:
        if not self._heading:
            self._heading = True
            self._write("== Setup ==\n")

    def _prefix(self, step: int, first: bool) -> str:
        if not self.numbered:
            return "  "
        return f"{step + 1:>4}. " if first and step >= 0 else "      "

    def _tell(self, step: int, events: list[Event]) -> None:
        first = True
        for e in events:
            text = printable(e.text)
            if e.kind in HEADINGS:
                self._turn_events = True
                self._turn_ends()
                self._write(f"== {text} ==\n")
                if e.kind == "turn":
                    self._score()
                    self._turn_begins(text.split(":")[0])
                continue
            card = e.data.get("card") if isinstance(e.data, dict) else None
            line = Line(e.kind, e.player, text, printable(card) if isinstance(card, str) else None)
            prefix = self._prefix(step, first)
            first = False
            if self._run is not None and self._run.add(line):
                continue
            if Run.can_start(line):
                self._write("")  # what is held back before it goes first
                self._run = Run.start(line, prefix)
                continue
            self._write(wrapped(prefix, text) + "\n")

    def _turn_begins(self, name: str) -> None:
        self._turn_name = name
        self._turn_score = self._score_now()

    def _turn_ends(self) -> None:
        """The one-line summary of the turn under way: what it changed in the score."""
        before, self._turn_score = self._turn_score, None
        if before is None:
            return
        changes = score_changes(before, self._score_now(), self._who)
        summary = "; ".join(changes) if changes else "no change to the score"
        self._write(wrapped("  ", f"-- {self._turn_name} ends: {summary}") + "\n")

    def _who(self, owner: object) -> str:
        return _owner(owner, self.reader, self.event_names)

    def _score_now(self) -> dict[tuple[str, int | None], Any]:
        layout = State._wrap(self._shadow, self.game).layout(self._viewer)
        return {
            (printable(str(c["name"])), c.get("owner")): c.get("value")
            for c in layout.get("counters") or []
            if isinstance(c, dict) and c.get("measure") == "score"
        }

    def _untold(self, step: int, decider: int, move: str) -> None:
        """A step the game told nothing of: only what is certain to be seen."""
        if not self._noted:
            self._noted = True
            self._write(_NO_EVENTS_NOTE + "\n")
        everything = self.reader == OMNISCIENT
        if decider == _core.CHANCE:
            if everything:
                self._write(f"{self._prefix(step, True)}chance: {printable(move)}\n")
            return
        if decider < 0:
            return
        if everything or decider == self.reader:
            self._write(f"{self._prefix(step, True)}{self.seats[decider]}: {printable(move)}\n")
        elif self._unseen is not None and self._unseen[0] == decider:
            self._unseen = (decider, self._unseen[1], self._unseen[2] + 1)
        else:
            self.flush()
            self._unseen = (decider, step, 1)

    def flush(self) -> None:
        """Write what is held back (a run of another player's untold moves, told as one line).

        Only a game that tells no events holds lines back; with one that
        does, there is nothing to flush.

        >>> import io, henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> out = io.StringIO()
        >>> narrator = Narrator(out, state.game, 0, ["Ann", "Bob"])
        >>> narrator.follow(state)
        >>> told = out.getvalue()
        >>> narrator.flush()
        >>> out.getvalue() == told
        True
        """
        self._tell_run()
        if self._unseen is not None:
            decider, step, n = self._unseen
            self._unseen = None
            what = "a move" if n == 1 else f"{n} moves"
            self.out.write(f"{self._prefix(step, True)}{self.seats[decider]}: ({what})\n")

    def before_decision(self) -> None:
        """Bring the log up to the decision about to be asked (before a person's table is drawn).

        For a game without turn events it also writes the turn's heading, so
        a person sees whose turn it is before their table.

        >>> import io, henchmen
        >>> state = henchmen.new_game("parry", seed=1)
        >>> out = io.StringIO()
        >>> narrator = Narrator(out, state.game, 0, ["Ann", "Bob"])
        >>> narrator.follow(state)
        >>> narrator.before_decision()
        >>> "== Turn 1" in out.getvalue()
        True
        """
        self.flush()
        if self._shadow.current_player >= 0:
            self._fallback_heading(self._shadow.turn_player)

    def _tell_run(self) -> None:
        if self._run is not None:
            run, self._run = self._run, None
            self.out.write(wrapped(run.prefix, run.text()) + "\n")

    def _write(self, text: str) -> None:
        self.flush()
        self.out.write(text)

    def _fallback_heading(self, turn_player: int) -> None:
        # Only for a game without heading events: a new turn when another player's turn begins.
        if self._turn_events or turn_player == self._turn_player:
            return
        self._turn += 1
        self._turn_player = turn_player
        self._heading = True
        self._turn_ends()
        self._write(f"== Turn {self._turn}: {self.seats[turn_player]} ==\n")
        self._score()
        self._turn_begins(f"Turn {self._turn}")

    def _score(self) -> None:
        layout = State._wrap(self._shadow, self.game).layout(self._viewer)
        line = score_line(layout, self.reader, self.event_names)
        if line:
            self._write(wrapped_parts("  ", line.split(" | ")) + "\n")


class _Null:
    def write(self, text: str, /) -> int:
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


__all__ = [
    "Narrator",
    "ranking",
    "reader_label",
    "result_lines",
    "score_line",
    "team_result",
    "verdict",
]
