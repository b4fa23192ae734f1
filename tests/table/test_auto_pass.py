"""A person's table passes for them when a pass is their only move (issue 38, item 3).

The engine still asks (the move is applied like any other), so a bot learns
nothing from it; only the person's own table answers, with a note.  Found
from real games: random play until a person's only legal move is a pass in
a reaction window (Villainy's Segue windows, S.U.E.T.'s block window).
"""

from __future__ import annotations

import io
import random

import pytest

import henchmen
from henchmen.state import State
from henchmen.table import HumanSeat, Quit
from henchmen.table.seat import move_label, only_pass


def window(game: str, move: str = "pass") -> State:
    """A position where the player to decide may only pass (``move``), off their turn."""
    for seed in range(40):
        state = henchmen.new_game(game, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            legal = list(state.legal_actions)
            if (
                len(legal) == 1
                and legal[0].text == move
                and state.current_player != state.turn_player
            ):
                return state
            state.apply(rng.choice(legal).id)
    raise AssertionError(f"no pass-only window in 40 random games of {game}")


@pytest.mark.parametrize(
    ("game", "move"), [("villainy", "pass"), ("suet", "pass"), ("super", "take the hit")]
)
def test_the_table_passes_when_a_pass_is_the_only_move(game: str, move: str) -> None:
    state = window(game, move)
    out = io.StringIO()
    seat = HumanSeat(io.StringIO(""), out, "Ann", width=100)  # no input: asking would quit
    assert state.action_to_string(seat.choose(state)) == move
    assert "(auto-pass: " in out.getvalue()
    assert "Moves:" not in out.getvalue()  # the person was not asked


@pytest.mark.parametrize("game", ["villainy", "suet"])
def test_no_auto_pass_asks_the_person(game: str) -> None:
    state = window(game)
    out = io.StringIO()
    seat = HumanSeat(io.StringIO(""), out, "Ann", width=100, auto_pass=False)
    with pytest.raises(Quit):  # asked, and the input ended
        seat.choose(state)
    assert "[1] pass" in out.getvalue() or "] pass" in out.getvalue()


def test_a_turn_move_is_never_passed_for_the_person() -> None:
    state = henchmen.new_game("parry", seed=1)
    assert only_pass(state) is None
    state.apply("end turn")
    state.apply("strike player 1")  # Player 1 may parry or pass: a choice, not auto-passed
    assert only_pass(state) is None


def test_super_attacks_preview_their_damage() -> None:
    state = henchmen.new_game("super", seed=3)
    rng = random.Random(3)
    while not any(a.text.startswith("attack player") for a in state.legal_actions):
        state.apply(rng.choice(list(state.legal_actions)).id)
    attack = next(a for a in state.legal_actions if a.text.startswith("attack player"))
    damage = state.action_info(attack)["damage"]
    assert move_label(state, attack) == f"{attack.text} ({damage} damage)"
