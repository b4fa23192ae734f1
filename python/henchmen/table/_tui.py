"""The full-screen terminal table (Textual): ``henchmen play GAME --bots human,greedy``.

One screen that updates in place, drawn from the presentation model
(``State.layout``, through :mod:`henchmen.table.panels`): the opponents'
summaries at the top, the shared centre, your cards in play and your hand
at the bottom; your moves and the log on the right.  Nothing is printed
twice: the panels are redrawn, the log only grows.

The game runs in a worker thread (:class:`~henchmen.table.session.Session`,
as in the line mode, undo included); a person's seat (:class:`TuiSeat`)
hands its decision to the screen and waits for the answer.  When a
person's only legal move is a pass, their table answers it for them with
a note in the log (``auto_pass``, on by default); the engine still asks, so
the bots learn nothing from it.  When a person is out (knocked out,
eliminated) while others play on, the table offers to watch, skip to the
end, or quit.

Needs Textual: ``pip install henchmen[tui]``.
"""

from __future__ import annotations

import io
import queue
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from henchmen.narration import Narrator
from henchmen.printable import printable
from henchmen.state import State
from henchmen.table import panels
from henchmen.table.seat import HumanSeat, Quit, UndoRequest, move_label, only_pass
from henchmen.table.session import Session

#: Event kinds that put a player out of a game that goes on without them.
OUT_KINDS = ("out", "eliminated")
#: Seconds between two bots' moves while a person watches (0: as fast as drawn).
BOT_PACE = 0.12


class TuiSeat(HumanSeat):
    """A person at the full-screen table: their decisions go to ``app``, the answers come back."""

    def __init__(self, app: TableApp, label: str, *, auto_pass: bool = True) -> None:
        super().__init__(io.StringIO(), io.StringIO(), label)
        self.app = app
        self.auto_pass = auto_pass
        self.answers: queue.Queue[int | str] = queue.Queue()

    def say(self, text: str) -> None:
        self.app.from_game(self.app.log_lines, self.app.log_out.take())  # what came before it
        self.app.from_game(self.app.note, text)

    def choose(self, state: State) -> int:
        me = state.current_player
        layout = state.layout(me)
        passing = only_pass(state) if self.auto_pass else None
        if passing is not None:
            why = layout.get("prompt") or "nothing to answer with"
            self.say(f"{self.label}: auto-pass ({printable(str(why))})")
            return passing.id
        moves = [(k, move_label(state, a), a.id) for k, a in self._moves(state)]
        title = f"{self.label}: your move (digits or arrows, Enter)"
        self.app.from_game(self.app.log_lines, self.app.log_out.take())
        self.app.from_game(self.app.ask, layout, me, title, moves)
        answer = self.answers.get()
        if answer == "undo":
            raise UndoRequest
        if answer == "quit" or not isinstance(answer, int):
            raise Quit
        return answer


class _LogOut:
    """A text stream holding whole lines for the app's log panel, sent a move at a time.

    One call to the screen per move, not per line: a terminal redraws at each.
    """

    def __init__(self) -> None:
        self._part = ""
        self._lines: list[str] = []
        self._lock = threading.Lock()

    def write(self, text: str) -> int:
        with self._lock:
            lines = (self._part + text).split("\n")
            self._part = lines.pop()
            self._lines += lines
        return len(text)

    def take(self) -> list[str]:
        """The whole lines written since the last call."""
        with self._lock:
            lines, self._lines = self._lines, []
        return lines

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False  # plain lines: the panel colours them


class TableNarrator(Narrator):
    """The narrator of the full-screen table: tells the log, then redraws the table."""

    def __init__(self, app: TableApp, state: State, reader: int, seats: Sequence[str]) -> None:
        super().__init__(app.log_out, state.game, reader, seats)
        self.app = app

    def follow(self, state: State) -> None:
        super().follow(state)
        self.app.followed(state)


class TableApp(App[None]):
    """The table: ``humans`` are the people's seats (the first is whose table is shown)."""

    TITLE = "Henchmen"
    CSS = """
    Screen { layout: vertical; }
    #status { height: auto; background: $boost; padding: 0 1; }
    #main { height: 1fr; }
    #table { width: 2fr; }
    #board { height: 1fr; }
    #handbox { height: auto; max-height: 45%; }
    #side { width: 1fr; min-width: 36; }
    .panel { border: round $primary; height: auto; padding: 0 1; }
    #opponents { border: round $error; }
    #centre { border: round $secondary; }
    #hand { border: round $success; }
    #moves { height: 2fr; border: round $warning; }
    #log { height: 3fr; border: round $primary; }
    """
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("u", "undo", "Undo"),
        Binding("s", "skip", "Skip to the end"),
        Binding("q", "quit_game", "Quit"),
        # Ctrl-C interrupts as at the line table (the command writes the replay so far, exit
        # 130), rather than Textual's copy.
        Binding("ctrl+c", "interrupt", "Interrupt", show=False, priority=True),
    ]

    def __init__(
        self, humans: Sequence[int] = (0,), *, pace: float = BOT_PACE, title: str = "Henchmen"
    ) -> None:
        super().__init__()
        self.title = title
        self.humans = list(humans)
        self.pace = pace
        self.seats: dict[int, TuiSeat] = {}
        self.session: Session | None = None
        self.error: BaseException | None = None
        self.quit_asked = False
        self.interrupted = False  # Ctrl-C: the command raises KeyboardInterrupt once the app ends
        self.finished: list[str] | None = None  # the result lines, once the game is over
        self._deciding: TuiSeat | None = None
        self._skip = False
        self._out_told: set[int] = set()
        self._result: Callable[[State], list[str]] | None = None
        self._reader = self.humans[0] if len(self.humans) == 1 else -1
        self._typed = ""  # a move's key being typed (digits), to jump to it
        self._game: threading.Thread | None = None
        self.log_out = _LogOut()  # the narrator's lines, until the screen takes them

    # ---------------------------------------------------------------- building
    def seat(self, player: int, label: str, *, auto_pass: bool = True) -> TuiSeat:
        """The seat of ``player``, a person at this table."""
        seat = TuiSeat(self, label, auto_pass=auto_pass)
        self.seats[player] = seat
        return seat

    def play(self, session: Session, result: Callable[[State], list[str]]) -> None:
        """Play ``session`` when the app runs; ``result`` words the end."""
        self.session = session
        self._result = result

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            with Vertical(id="table"):
                with VerticalScroll(id="board"):
                    yield Static(id="opponents", classes="panel")
                    yield Static(id="centre", classes="panel")
                    yield Static(id="mine", classes="panel")
                with VerticalScroll(id="handbox"):
                    yield Static(id="hand", classes="panel")
            with Vertical(id="side"):
                yield OptionList(id="moves")
                yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#opponents").border_title = "Opponents"
        self.query_one("#centre").border_title = "Table"
        self.query_one("#mine").border_title = "You: your score and cards in play"
        self.query_one("#hand").border_title = "Your hand"
        self.query_one("#moves").border_title = "Your moves (key digits or arrows, Enter; or click)"
        self.query_one("#log").border_title = "Log"
        if self.session is not None:
            self._game = threading.Thread(target=self._run_game, daemon=True, name="henchmen-game")
            self._game.start()

    def settle(self, timeout: float = 30.0) -> None:
        """After the app: wait for the game's thread to stop (at its next move, on a quit).

        The replay is then read from a game no thread is changing.

        >>> TableApp().settle()  # no game was started: nothing to wait for
        """
        if self._game is not None:
            self.quit_asked = True
            for seat in self.seats.values():
                seat.answers.put("quit")  # a seat still waiting for the screen
            self._game.join(timeout)

    # -------------------------------------------------------- the game thread
    def from_game(self, fn: Callable[..., Any], *args: Any) -> None:
        """Call ``fn`` on the screen's thread (from the game's thread), unless the app is gone."""
        if self.is_running:
            try:
                self.call_from_thread(fn, *args)
            except RuntimeError:  # the app closed meanwhile (the person quit)
                pass

    def _run_game(self) -> None:
        assert self.session is not None
        state = self.session.state
        try:
            self.session.run()
            if self.session.narrator is not None:
                self.session.narrator.flush()
            self.from_game(self.log_lines, self.log_out.take())
            lines = self._result(state) if self._result else ["The game is over."]
            self.from_game(self.game_over, state.layout(self._viewer()), lines)
        except Quit:
            self.from_game(self.exit)
        except BaseException as e:  # shown after the screen is gone, by the command
            self.error = e
            self.from_game(self.exit)

    def _viewer(self) -> int | str:
        return self._reader if self._reader >= 0 else "spectator"

    def followed(self, state: State) -> None:
        """After each move (game thread): redraw the table, and see whether a person is out."""
        if self.quit_asked:
            raise Quit
        if self._skip:
            return
        for e in state.last_events("spectator"):
            if e.kind in OUT_KINDS and e.player in self.seats and e.player not in self._out_told:
                self._out_told.add(e.player)
                if not state.is_terminal:
                    self._ask_out(e.player)
        layout = state.layout(self._viewer())
        self.from_game(self._moved, self.log_out.take(), layout)
        if self.pace and not state.is_terminal and state.current_player not in self.seats:
            time.sleep(self.pace)

    def _ask_out(self, player: int) -> None:
        """A person is out: watch, skip to the end, or quit (asked like a move)."""
        seat = self.seats[player]
        moves = [
            ("w", "watch the others play on", -1),
            ("s", "skip to the end", -2),
            ("q", "quit", -3),
        ]
        title = f"{seat.label} is out: watch, skip to the end, or quit?"
        self.from_game(self.ask, None, player, title, moves)
        answer = seat.answers.get()
        if answer == -2:
            self._skip = True
            self.from_game(self.note, "skipping to the end...")
        elif answer in (-3, "quit"):
            raise Quit

    # ------------------------------------------------------ the screen thread
    def draw(self, layout: dict[str, Any]) -> None:
        """Redraw every panel from ``layout``."""
        viewer = layout.get("viewer", -1)
        status = Text(printable(str(layout.get("title") or "")), style="bold")
        if layout.get("status"):
            status.append("  " + printable(str(layout["status"])))
        if layout.get("prompt"):
            status.append("\n>> " + printable(str(layout["prompt"])), style="bold yellow")
        lines = panels.last_move(layout).plain.splitlines()
        if lines:  # the last move in two lines at most: the log has all of it
            status.append("\nLast: ")
            more = f"  (+{len(lines) - 2} more in the log)" if len(lines) > 2 else ""
            status.append("\n      ".join(lines[:2]) + more, style="yellow")
        self.query_one("#status", Static).update(status)
        self.query_one("#opponents", Static).update(panels.opponents(layout, viewer))
        centre = self.query_one("#centre", Static)
        centre.update(panels.centre(layout))
        centre.display = any(isinstance(z, dict) and "owner" not in z for z in layout["zones"])
        self.query_one("#mine", Static).update(panels.mine(layout, viewer))
        self.query_one("#hand", Static).update(panels.hand(layout, viewer))

    def ask(
        self,
        layout: dict[str, Any] | None,
        player: int,
        title: str,
        moves: Sequence[tuple[str, str, int]],
    ) -> None:
        """Show ``player``'s decision: the table from their chair, their moves to pick from."""
        if layout is not None:
            self.draw(layout)
        self._deciding = self.seats.get(player)
        options = self.query_one("#moves", OptionList)
        options.border_title = printable(title)
        options.clear_options()
        # Text, not markup: a card's name may hold brackets.
        options.add_options([Option(Text(f"[{k}] {text}"), id=str(a)) for k, text, a in moves])
        options.highlighted = 0
        options.focus()
        self._typed = ""

    def _moved(self, lines: list[str], layout: dict[str, Any]) -> None:
        self.log_lines(lines)
        self.draw(layout)

    def log_lines(self, lines: list[str]) -> None:
        for line in lines:
            self.log_line(line)

    def note(self, text: str) -> None:
        self.query_one("#log", RichLog).write(Text(text, style="italic cyan"))

    def log_line(self, line: str) -> None:
        """A line of the narrated log (its first indent dropped: the panel is narrow)."""
        if line.startswith("=="):
            self.query_one("#log", RichLog).write(Text(line, style="bold"))
        else:
            self.query_one("#log", RichLog).write(Text(line.removeprefix("  ")))

    def game_over(self, layout: dict[str, Any], lines: list[str]) -> None:
        self.draw(layout)
        self.finished = lines
        for line in lines:
            self.query_one("#log", RichLog).write(Text(line, style="bold green"))
        options = self.query_one("#moves", OptionList)
        options.border_title = "The game is over"
        options.clear_options()
        options.add_options([Option(Text(line, style="bold green")) for line in lines])
        options.add_option(Option(Text("[q] leave the table"), id="quit"))
        options.focus()

    def _answer(self, answer: int | str) -> None:
        seat = self._deciding
        if seat is None:
            return
        self._deciding = None
        self.query_one("#moves", OptionList).clear_options()
        seat.answers.put(answer)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        oid = event.option.id
        if oid == "quit":
            self.exit()
        elif oid is not None:
            self._answer(int(oid))

    def on_key(self, event: events.Key) -> None:
        """Digits jump to the move with that key ([12]: type 1 then 2); Enter takes it."""
        if self._deciding is None or not (event.character or "").isdigit():
            return
        options = self.query_one("#moves", OptionList)
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        for typed in (self._typed + str(event.character), str(event.character)):
            found = [i for i, p in enumerate(prompts) if p.startswith(f"[{typed}]")]
            if found:
                self._typed = typed
                options.highlighted = found[0]
                return

    def action_undo(self) -> None:
        self._answer("undo")

    def action_skip(self) -> None:
        if self._deciding is None:
            self._skip = True
            self.note("skipping to the end...")

    def action_interrupt(self) -> None:
        self.interrupted = True
        self.action_quit_game()

    def action_quit_game(self) -> None:
        self.quit_asked = True
        if self._deciding is not None:
            self._answer("quit")
        else:
            self.exit()


__all__ = ["TableApp", "TableNarrator", "TuiSeat"]
