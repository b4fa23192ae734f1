"""The narrated log: each reader's events, with headings, scores, the end and its reason."""

from __future__ import annotations

import io
import random
import re
from typing import Any, cast

import pytest

import henchmen
from henchmen import narration
from henchmen.narration import Narrator, ranking, result_lines, score_line, team_result
from henchmen.state import State

SEATS = ["Player 1 (greedy)", "Player 2 (random)"]


def random_game(name: str, seed: int, **options: Any) -> State:
    state = henchmen.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_action_ids))
    return state


def told(state: State, reader: int | str, **kw: Any) -> str:
    out = io.StringIO()
    who = henchmen.events.reader_id(reader, state.game.num_players)
    seats = [f"Player {p + 1}" for p in range(state.game.num_players)]
    Narrator(out, state.game, who, seats, **kw).finish(state)
    return out.getvalue()


def event_lines(log: str) -> list[str]:
    """The lines of a log that tell an event (no heading, score, turn summary or result)."""
    return [
        line[2:]
        for line in log.splitlines()
        if line.startswith("  ") and not line.startswith(("  Health: ", "  -- "))
    ]


def story(events: list[henchmen.events.Event]) -> list[str]:
    """Parry's events as the log tells them: a run of one player's draws is one line."""
    lines: list[str] = []
    run: list[henchmen.events.Event] = []
    for e in [*events, None]:
        if e is not None and e.kind == "draw" and (not run or run[0].player == e.player):
            if not run or ("card" in e.data) == ("card" in run[0].data):
                run.append(e)
                continue
        if len(run) == 1:
            lines.append(run[0].text)
        elif run and "card" in run[0].data:  # "You draw a Strike, a Parry and a Strike"
            head = re.match(r".* draws? ", run[0].text)
            assert head is not None
            cards = [r.text.removeprefix(head[0]) for r in run]
            lines.append(head[0] + ", ".join(cards[:-1]) + " and " + cards[-1])
        elif run:  # "Player 2 draws 3 cards"
            lines.append(run[0].text.replace("a card", f"{len(run)} cards"))
        run = [e] if e is not None and e.kind == "draw" else []
        if e is not None and e.kind != "draw":
            lines.append(e.text)
    return lines


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("reader", [0, 1, "spectator", "omniscient"])
def test_the_log_is_the_readers_events_in_order(seed: int, reader: int | str) -> None:
    state = random_game("parry", seed)
    log = told(state, reader)
    events = state.events_for(reader)
    assert event_lines(log) == story([e for e in events if e.kind != "turn"])
    headings = [line for line in log.splitlines() if line.startswith("== Turn ")]
    assert headings == [f"== {e.text} ==" for e in events if e.kind == "turn"]
    assert log.startswith("== Setup ==\n")


def test_chance_is_shown_only_as_the_reader_saw_it() -> None:
    state = random_game("parry", 4)
    first, second, public, everything = (told(state, r) for r in (0, 1, "spectator", "omniscient"))
    card = re.compile(r"draws? an? (Strike|Parry)")
    assert re.search(r"You draw an? (Strike|Parry)", first)
    assert not re.search(r"Player 1 draws an? (Strike|Parry)", second)
    assert not re.search(r"Player 2 draws an? (Strike|Parry)", first)
    assert not card.search(public) and "draws a card" in public
    assert re.search(r"Player 1 draws an? (Strike|Parry)", everything)
    assert re.search(r"Player 2 draws an? (Strike|Parry)", everything)


def test_every_turn_has_a_heading_and_a_running_score() -> None:
    state = henchmen.new_game("parry", seed=1)
    state.apply("strike player 2")
    state.apply("pass")  # Player 2 holds a Parry but takes the hit
    state.apply("end turn")
    log = told(state, "spectator")
    lines = log.splitlines()
    turn2 = lines.index("== Turn 2: Player 2's turn ==")
    assert lines[turn2 + 1] == "  Health: Player 1 3/3, Player 2 2/3"
    turn1 = lines.index("== Turn 1: Player 1's turn ==")
    assert lines[turn1 + 1] == "  Health: Player 1 3/3, Player 2 3/3"
    assert "  Player 2 loses 1 health (2 left)" in lines[turn1:turn2]
    # A reader is "you" in their own score line.
    assert "  Health: Player 1 3/3, you 2/3" in told(state, 1).splitlines()


def test_the_end_is_told_with_its_reason_and_the_winner() -> None:
    state = random_game("parry", 5)
    log = told(state, "spectator").splitlines()
    over = [e for e in state.events_for("spectator") if e.kind == "game-over"]
    assert len(over) == 1
    reason = log.index(f"  {over[0].text}")
    winner = state.returns.index(1.0)
    assert log[-1] == (
        f"Result after {state.move_number} actions: Player {winner + 1} wins (returns "
        + ", ".join(f"{r:g}" for r in state.returns)
        + ")"
    )
    assert reason < len(log) - 1 and log[-2].startswith("  Health: ")


def test_a_cooperative_game_gives_a_team_result_and_a_ranking_never_a_winner() -> None:
    state = random_game("legendary", 1, players=3)
    assert not state.game.info.zero_sum
    lines = result_lines(state, ["Ann", "Bob", "Cy"])
    assert re.match(rf"Result after {state.move_number} actions: ", lines[0])
    assert not re.search(r"\b(Ann|Bob|Cy) wins?\b", " ".join(lines))
    assert "the team" in lines[0] or "win" in lines[0].lower() or "tie" in lines[0]
    assert lines[1].startswith(("VP ranking: ", "Ranking (by return"))
    assert all(name in lines[1] for name in ("Ann", "Bob", "Cy"))


class _Finished:
    """A finished cooperative game as result_lines reads it (returns, a status, VP counters)."""

    def __init__(self, returns: list[float], layout: dict[str, Any]) -> None:
        self.returns = tuple(returns)
        self.move_number = 300
        self.game = henchmen.Game("legendary", players=len(returns))
        self._layout = layout

    def layout(self, viewer: object) -> dict[str, Any]:
        return self._layout


def test_the_team_result_is_the_games_status_and_the_ranking_its_vp() -> None:
    vp = [{"name": "VP", "owner": p, "value": v} for p, v in enumerate([7, 12])]
    lost = _Finished([-0.8, -0.6], {"status": "Evil wins: the Scheme is complete", "counters": vp})
    assert result_lines(cast(State, lost), ["Ann", "Bob"]) == [
        "Result after 300 actions: Evil wins: the Scheme is complete (returns -0.8, -0.6)",
        "VP ranking: 1. Bob 12 VP, 2. Ann 7 VP",
    ]
    solo = _Finished([0.9], {"status": "The heroes win", "counters": vp[:1]})
    assert result_lines(cast(State, solo), ["Ann"]) == [
        "Result after 300 actions: The heroes win (returns 0.9)",
        "VP: Ann 7",
    ]
    # A game whose layout says nothing yet: the mean return, and the ranking by return.
    assert team_result([0.6, -0.2]) == "the team wins (from the returns)"
    assert ranking([-0.6, -1.0], ["Ann", "Bob"], None).endswith("1. Ann, 2. Bob")
    assert ranking([1, 1], ["Ann", "Bob"], [5, 5]) == "VP ranking: 1. Ann 5 VP, 1. Bob 5 VP"


def test_score_lines_group_counters_by_name() -> None:
    layout = {
        "counters": [
            {"name": "VP", "owner": 0, "value": 3},
            {"name": "Wounds", "owner": None, "value": 30},
            {"name": "VP", "owner": 1, "value": 5},
            {"name": "Escaped", "owner": None, "value": 2, "max": 8},
        ]
    }
    assert score_line(layout, 0) == "VP: you 3, Player 2 5 | Wounds 30 | Escaped 2/8"
    assert score_line({"counters": []}, 0) == "" and score_line({}, 0) == ""


def test_a_replay_numbers_each_steps_first_line() -> None:
    state = random_game("parry", 6)
    log = told(state, "omniscient", numbered=True)
    numbers = [int(m[1]) for m in re.finditer(r"^ *(\d+)\. ", log, flags=re.MULTILINE)]
    assert numbers == sorted(set(numbers)) and numbers[0] == 1
    # A step with no number of its own is a draw told in the line of the run it joined
    # (and perhaps a heading, which is never numbered).
    for step in set(range(1, state.move_number + 1)) - set(numbers):
        kinds = {e.kind for e in state.events_for("omniscient") if e.step == step - 1}
        assert "draw" in kinds and kinds <= {"draw", "turn"}, (step, kinds)


def test_after_an_undo_the_log_goes_on_from_the_position_taken_back_to() -> None:
    state = henchmen.new_game("parry", seed=1)
    out = io.StringIO()
    narrator = Narrator(out, state.game, 0, SEATS)
    narrator.follow(state)
    state.apply("end turn")
    narrator.follow(state)
    state.undo()
    narrator.rewind(state)
    before = out.getvalue()
    state.apply("strike player 2")
    narrator.follow(state)
    assert out.getvalue()[len(before) :] == "".join(f"  {e.text}\n" for e in state.last_events(0))
    assert before.count("You end the turn") == 1  # nothing retold


def test_a_step_the_game_tells_nothing_of_shows_only_what_is_certain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A game without events yet (as SSS and Legendary were when the table was built).
    monkeypatch.setattr(narration, "read_events", lambda *a, **k: [])
    state = henchmen.new_game("parry", seed=1)
    state.apply("end turn")  # Player 2 then draws (chance) and decides
    state.apply("end turn")
    mine, everything = told(state, 0), told(state, "omniscient")
    assert narration._NO_EVENTS_NOTE in mine
    assert "  Player 1: end turn" in mine and "  Player 2: (a move)" in mine
    assert "chance:" not in mine and "draw Strike" not in mine and "draw Parry" not in mine
    assert "  chance: draw " in everything and "  Player 2: end turn" in everything
    assert "== Turn 1: Player 1 ==" in mine and "== Turn 2: Player 2 ==" in mine


@pytest.mark.parametrize("reader", [0, "spectator"])
def test_super_heads_its_power_picks_and_tells_every_step(reader: int | str) -> None:
    # Super!'s picks come before any turn: the game heads them with a "phase" event, so the
    # narrator invents no turn for them; seed 9 has an eliminated player choose their top card.
    state = random_game("super", 9, players=3)
    log = told(state, reader)
    assert narration._NO_EVENTS_NOTE not in log and "(a move)" not in log
    headings = [line for line in log.splitlines() if line.startswith("== ")]
    events = state.events_for(reader)
    assert headings[0] == "== Setup =="
    assert headings[1] == "== Choosing Super Powers, in seat order =="
    assert headings[1:] == [f"== {e.text} ==" for e in events if e.kind in ("phase", "turn")]
    assert "parting-top" in [e.kind for e in events]


def test_a_person_choosing_a_super_power_sees_no_turn_heading_yet() -> None:
    state = henchmen.new_game("super", seed=1)
    out = io.StringIO()
    narrator = Narrator(out, state.game, 0, SEATS)
    narrator.follow(state)
    narrator.before_decision()
    assert out.getvalue().splitlines() == [
        "== Setup ==",
        "  The 76 Playing Cards are shuffled into the deck; every player starts with 40 health",
        "== Choosing Super Powers, in seat order ==",
    ]
