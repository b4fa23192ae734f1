"""A game at the table: people and bots take turns, the log follows, moves can be taken back.

:class:`Session` runs the game loop: it asks the seat to move for each
decision, applies the move, records it for the replay and tells the
narrator.  When a person asks to undo (:class:`~henchmen.table.seat.UndoRequest`),
their last decision is taken back with the bots' moves after it
(``State.undo``, one call per move), as if it had never been made; a
person's decision is never taken back by another person.

>>> import io, henchmen
>>> from henchmen.bots import make_bot
>>> state = henchmen.new_game("parry", seed=1)
>>> session = Session(state, [make_bot("greedy", 1), make_bot("random", 2)], seed=1)
>>> session.run()
>>> state.is_terminal and session.replay().terminal
True
"""

from __future__ import annotations

from collections.abc import Sequence

from henchmen.bots import Bot
from henchmen.errors import HenchmenError
from henchmen.narration import Narrator
from henchmen.replay import Replay, ReplayPlayer, ReplayRecorder
from henchmen.state import State
from henchmen.table.seat import HumanSeat, UndoRequest


class Session:
    """One game between ``seats`` (one per player: :class:`HumanSeat` or any Bot) on ``state``."""

    def __init__(
        self,
        state: State,
        seats: Sequence[Bot],
        *,
        seed: int | None = None,
        players: Sequence[ReplayPlayer] | None = None,
        narrator: Narrator | None = None,
    ) -> None:
        self.state = state
        self.seats = list(seats)
        self.narrator = narrator
        self._seed = seed
        self._players = list(players) if players is not None else None
        self.recorder = ReplayRecorder(state, seed=seed, players=self._players)
        # (move_number before, player) of every decision applied here, in order.
        self._decisions: list[tuple[int, int]] = []

    def replay(self) -> Replay:
        """The replay of the game so far."""
        return self.recorder.replay()

    def _tell(self) -> None:
        self.recorder.sync()
        if self.narrator is not None:
            self.narrator.follow(self.state)

    def run(self) -> None:
        """Play until the game ends (or a seat raises: Quit, Ctrl-C, an error)."""
        state = self.state
        limit = state.game.max_game_length
        self._tell()  # the setup: shuffles and first draws
        while not state.is_terminal:
            if state.move_number > limit:
                raise HenchmenError(f"the game did not end within {limit} actions (an engine bug)")
            player = state.current_player
            seat = self.seats[player]
            if self.narrator is not None and isinstance(seat, HumanSeat):
                self.narrator.before_decision()  # the log so far, before the table is drawn
            try:
                action = seat.choose(state)
            except UndoRequest:
                self.undo(player)
                continue
            self._decisions.append((state.move_number, player))
            state.apply(action)
            self._tell()

    def undo(self, player: int) -> int:
        """Take back ``player``'s last decision and every bot move after it; how many moves.

        Says why to the seat when there is nothing it may take back.
        """
        seat = self.seats[player]
        mine = [i for i, (_, p) in enumerate(self._decisions) if p == player]
        if not mine:
            _say(seat, "nothing to undo: you have not decided anything yet")
            return 0
        first = mine[-1]
        people = {
            p for _, p in self._decisions[first + 1 :] if isinstance(self.seats[p], HumanSeat)
        }
        if people - {player}:
            who = ", ".join(f"Player {p + 1}" for p in sorted(people - {player}))
            _say(seat, f"cannot undo: {who} decided after you (a person's move is theirs to undo)")
            return 0
        taken = len(self._decisions) - first
        for _ in range(taken):
            self.state.undo()
        del self._decisions[first:]
        self.recorder = ReplayRecorder(self.state, seed=self._seed, players=self._players)
        self.recorder.sync()
        if self.narrator is not None:
            self.narrator.rewind(self.state)
        others = taken - 1
        after = f" and {others} move(s) after it" if others else ""
        _say(seat, f"undone: your last decision{after}; you decide again")
        return taken


def _say(seat: Bot, text: str) -> None:
    if isinstance(seat, HumanSeat):
        seat.say(text)


__all__ = ["Session"]
