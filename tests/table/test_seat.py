"""The person's seat: keys that keep their meaning, notation, commands, typos, help and log."""

from __future__ import annotations

import io

import pytest

import henchmen
from henchmen.state import State
from henchmen.table import HumanSeat, Quit, UndoRequest
from henchmen.table.seat import HELP


def seat(lines: str) -> tuple[HumanSeat, io.StringIO]:
    out = io.StringIO()
    return HumanSeat(io.StringIO(lines), out, "Ann", width=100), out


def parry(players: int = 2) -> State:
    return henchmen.new_game("parry", seed=1, players=players)


def test_keys_stay_with_their_moves_from_decision_to_decision() -> None:
    state = parry()
    ann, out = seat("1\n1\nend turn\n4\n2\n")
    assert state.action_to_string(ann.choose(state)) == "strike player 2"
    state.apply("strike player 2")
    state.apply("parry")  # Player 2 answers: Ann is asked off her turn
    # [1] now names a move that is not possible: it is said, never taken for another move.
    assert state.action_to_string(ann.choose(state)) == "pass"
    text = out.getvalue()
    assert "  Moves: [1] strike player 2   [2] end turn" in text
    assert "  Moves: [3] parry   [4] pass" in text
    assert "[1] is 'strike player 2', not possible now; keys now: 3, 4" in text
    assert "'end turn' is not possible now; keys now: 3, 4" in text
    assert ">> Player 2 parried: parry it or pass" in text
    state.apply("pass")
    assert state.action_to_string(ann.choose(state)) == "end turn"  # [2], as at the start
    assert out.getvalue().count("  Moves: [1] strike player 2   [2] end turn") == 2


def test_notation_in_any_case_and_unique_beginnings() -> None:
    state = parry()
    for line in ("END TURN", "end", "  End   Turn "):
        ann, _ = seat(line + "\n")
        assert state.action_to_string(ann.choose(state)) == "end turn"
    ann, out = seat("e\nst\nstri\n")  # too short to be taken, then unique
    assert state.action_to_string(ann.choose(state)) == "strike player 2"
    assert "'e' is not a move or a command here" in out.getvalue()


def test_a_beginning_that_fits_several_moves_lists_them() -> None:
    state = parry(players=3)
    ann, out = seat("strike\nstrike player 3\n")
    assert state.action_to_string(ann.choose(state)) == "strike player 3"
    assert "'strike' could be: [1] strike player 2, [2] strike player 3" in out.getvalue()


def test_typos_get_suggestions() -> None:
    state = parry()
    ann, out = seat("edn turn\nhepl strike\nundu\n99\nend turn\n")
    ann.choose(state)
    text = out.getvalue()
    assert "'edn turn' is not a move or a command here; did you mean 'end turn'?" in text
    assert "did you mean 'help strike'?" in text
    assert "did you mean 'undo'?" in text
    assert "no move has the key [99]; keys now: 1, 2" in text


def test_help_view_and_log() -> None:
    state = parry()
    ann, out = seat("help\nhelp PARRY\nhelp parri\nview\nlog 3\nlog x\nend turn\n")
    ann.choose(state)
    text = out.getvalue()
    assert HELP in text
    assert (
        "  Parry (count 6)\n    When a Strike or a Parry is played by someone else: cancel it."
        in text
    )
    assert "no card named 'parri'; did you mean: Parry?" in text
    assert text.count("=== Parry -- Turn 1: Your turn ===") == 2  # drawn, then drawn again
    last3 = [e.text for e in state.events_for(0)[-3:]]
    assert last3 == ["Player 2 draws a card", "Turn 1: your turn", "You draw a Strike"]
    assert "".join(
        f"  {t}\n" if not t.startswith("Turn ") else f"  == {t} ==\n" for t in last3
    ) in (text)
    assert "log takes a number of events (log 20), got 'x'" in text


@pytest.mark.parametrize(
    ("line", "raised"), [("undo", UndoRequest), ("u", UndoRequest), ("quit", Quit), ("q", Quit)]
)
def test_undo_and_quit_are_for_the_game_loop(line: str, raised: type[Exception]) -> None:
    ann, _ = seat(line + "\n")
    with pytest.raises(raised):
        ann.choose(parry())


def test_the_end_of_input_quits() -> None:
    ann, out = seat("")
    with pytest.raises(Quit):
        ann.choose(parry())
    assert out.getvalue().endswith(": \n")


def test_the_screen_shows_only_what_the_seat_may_see() -> None:
    state = parry()
    state.apply("end turn")  # Player 2's turn: they drew a card we must not see
    ann, out = seat("end turn\n")
    ann.choose(state)
    screen = out.getvalue()
    mine = state.layout(1)
    assert "Player 1's hand: 4 cards" in screen and "  Your hand (4):" in screen
    assert [z["cards"] for z in mine["zones"] if z.get("owner") == 0] == [[{"back": True}] * 4]
