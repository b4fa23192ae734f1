"""The game loop at the table: undo takes back a person's decision and the bots' moves after it."""

from __future__ import annotations

import io

import pytest

import henchmen
from henchmen.bots import Bot, make_bot
from henchmen.narration import Narrator
from henchmen.state import State
from henchmen.table import HumanSeat, Quit, Session


class Watched(HumanSeat):
    """A person whose every decision point is kept, to compare positions after an undo."""

    def __init__(self, lines: str, out: io.StringIO, label: str = "Ann") -> None:
        super().__init__(io.StringIO(lines), out, label, width=100)
        self.seen: list[State] = []

    def choose(self, state: State) -> int:
        self.seen.append(state.clone())
        return super().choose(state)


def play(seats: list[Bot], out: io.StringIO) -> tuple[State, Session]:
    state = henchmen.new_game("parry", seed=1)
    names = [f"Player {p + 1}" for p in range(2)]
    narrator = Narrator(out, state.game, 0, names)
    session = Session(state, seats, seed=1, narrator=narrator)
    with pytest.raises(Quit):
        session.run()
    return state, session


def test_undo_takes_back_your_decision_and_the_bots_moves_after_it() -> None:
    out = io.StringIO()
    ann = Watched("end turn\nundo\nstrike player 2\nquit\n", out)
    state, session = play([ann, make_bot("greedy", 2)], out)
    first, after_bot, after_undo = ann.seen[:3]
    assert after_bot.move_number > first.move_number + 2  # the bot played its whole turn
    # Back exactly where Ann first decided: the same position and the same history.
    assert after_undo == first and after_undo.history_ids == first.history_ids
    text = out.getvalue()
    assert "undone: your last decision and 1 move(s) after it; you decide again" in text
    replay = session.replay()
    assert [s.move for s in replay.steps if s.player == 0] == ["strike player 2"]
    replay.verify()  # the replay is the game as it stands, undone moves left out
    # The log goes on from the position taken back to: the strike follows the undo.
    assert text.index("You strike Player 2") > text.index("undone: ")
    assert not state.is_terminal


def test_undo_twice_goes_back_one_decision_each_time() -> None:
    out = io.StringIO()
    ann = Watched("end turn\nend turn\nundo\nundo\nundo\nquit\n", out)
    play([ann, make_bot("greedy", 2)], out)  # greedy ends its turns here: Ann decides at 1, 3, 5
    first, second, _, back1, back2, back3 = ann.seen
    assert [s.turn_player for s in ann.seen[:3]] == [0, 0, 0]
    assert back1 == second and back2 == first and back3 == first
    assert "nothing to undo: you have not decided anything yet" in out.getvalue()


def test_a_person_never_undoes_another_persons_move() -> None:
    out = io.StringIO()
    lines = io.StringIO("end turn\nend turn\nundo\nquit\n")  # Ann, Bob, Ann: one hot seat
    ann = HumanSeat(lines, out, "Ann", width=100)
    bob = HumanSeat(lines, out, "Bob", width=100)
    state, _ = play([ann, bob], out)
    assert "cannot undo: Player 2 decided after you" in out.getvalue()
    assert state.move_number > 8 and state.turn_player == 0


def test_nothing_to_undo_before_the_first_decision() -> None:
    out = io.StringIO()
    ann = Watched("undo\nquit\n", out)
    play([ann, make_bot("greedy", 2)], out)
    assert "nothing to undo: you have not decided anything yet" in out.getvalue()
    assert ann.seen[0] == ann.seen[1]
