"""The full-screen table (Textual), driven headlessly by Textual's own pilot (``App.run_test``).

A person (Player 1) plays against greedy bots by pressing Enter on the first
move of each decision: the game runs in its thread, the screen only draws
what the presentation model holds for Player 1 (the opponent's hand as
backs, never its cards), Villainy's pass-only windows are answered by the
table, and ``q`` leaves a game half-way.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import pytest
from rich.console import ConsoleRenderable
from textual.widgets import Static

import henchmen
from henchmen.bots import make_bot
from henchmen.narration import result_lines
from henchmen.notebook import omniscient_layout
from henchmen.state import State
from henchmen.table import panels
from henchmen.table._tui import TableApp, TableNarrator
from henchmen.table.session import Session

SIZE = (150, 45)


class Recording(TableApp):
    """The table, remembering every decision it showed and every layout it drew."""

    def __init__(self) -> None:
        super().__init__([0], pace=0, title="test")
        self.asked: list[list[str]] = []
        self.drawn: list[dict[str, Any]] = []
        self.notes: list[str] = []
        self.state: State | None = None
        self.leaks: list[str] = []  # a card of Player 2's hand seen on Player 1's screen

    def ask(
        self,
        layout: dict[str, Any] | None,
        player: int,
        title: str,
        moves: Sequence[tuple[str, str, int]],
    ) -> None:
        self.asked.append([text for _, text, _ in moves])
        super().ask(layout, player, title, moves)
        if self.state is not None and layout is not None:  # the game waits: a still state
            self.leaks += hidden_on_screen(self, self.state, layout)

    def draw(self, layout: dict[str, Any]) -> None:
        self.drawn.append(layout)
        super().draw(layout)

    def note(self, text: str) -> None:
        self.notes.append(text)
        super().note(text)


def names(zones: list[dict[str, Any]]) -> set[str]:
    return {c["name"] for z in zones for c in z["cards"] if "name" in c}


def hidden_on_screen(app: TableApp, state: State, layout: dict[str, Any]) -> list[str]:
    """Names of Player 2's hand cards (not visible anywhere else to Player 1) on the screen."""
    theirs = [z for z in omniscient_layout(state)["zones"] if z["id"] == "hand-1"]
    hidden = names(theirs) - names(layout["zones"])
    return [n for n in hidden if n in screen_text(app)]


def screen_text(app: TableApp) -> str:
    """What the table's panels show now, as plain text."""
    ids = ("#status", "#opponents", "#centre", "#mine", "#hand")
    shown = [app.query_one(i, Static).content for i in ids]
    return "\n".join(panels.plain(c, 150) for c in shown if isinstance(c, str | ConsoleRenderable))


def seated(game: str, seed: int) -> tuple[Recording, State]:
    state = henchmen.new_game(game, seed=seed)
    n = state.game.num_players
    names = ["Player 1 (human)", *(f"Player {i + 1} (greedy)" for i in range(1, n))]
    app = Recording()
    app.state = state
    seats = [app.seat(0, "Player 1"), *(make_bot("greedy", i + 1) for i in range(1, n))]
    narrator = TableNarrator(app, state, 0, names)
    app.play(Session(state, seats, seed=seed, narrator=narrator), lambda s: result_lines(s, names))
    return app, state


async def _play(app: Recording, state: State, decisions: int) -> None:
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(4000):
            await pilot.pause(0.01)
            if app.finished is not None or app.error or len(app.asked) > decisions:
                break
            if app._deciding is not None:
                await pilot.press("enter")
        if app.finished is None:
            await pilot.press("q")


def play(game: str, seed: int, decisions: int = 10_000) -> tuple[Recording, State]:
    app, state = seated(game, seed)
    asyncio.run(_play(app, state, decisions))
    assert app.error is None
    return app, state


def test_a_whole_game_is_played_on_the_screen_and_ends_with_the_result() -> None:
    app, state = play("parry", 1)
    assert state.is_terminal
    assert app.finished is not None and app.finished[0].startswith("Result after")
    assert app.asked and all(moves for moves in app.asked)


@pytest.fixture(scope="module")
def villainy_twelve() -> tuple[Recording, State]:
    """Twelve decisions of Villainy, played once for the two tests that read them (what the
    screen showed, the pass-only windows answered): the same game, looked at twice."""
    return play("villainy", 2, decisions=12)


def test_the_screen_shows_only_what_player_1_may_see(
    villainy_twelve: tuple[Recording, State],
) -> None:
    app, _ = villainy_twelve
    assert app.drawn and len(app.asked) > 5
    assert app.leaks == []  # checked at every decision, on the panels' text
    for layout in app.drawn:
        assert layout["viewer"] == 0
        for zone in layout["zones"]:
            if zone["role"] == "hand" and zone.get("owner") != 0:
                assert all(card == {"back": True} for card in zone["cards"])


def test_villainy_pass_only_windows_are_answered_by_the_table(
    villainy_twelve: tuple[Recording, State],
) -> None:
    app, state = villainy_twelve
    assert [m for m in app.asked if m == ["pass"]] == []  # never asked to just pass
    assert any("auto-pass" in note for note in app.notes)
    assert state.move_number > 0


def test_quit_leaves_the_game_unfinished() -> None:
    app, state = play("villainy", 2, decisions=1)
    assert not state.is_terminal
    assert app.finished is None


def test_typing_a_moves_key_picks_it() -> None:
    app, state = seated("parry", 1)

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            while app._deciding is None:
                await pilot.pause(0.01)
            assert app.asked[0] == ["strike player 2", "end turn"]
            await pilot.press("2", "enter")  # [2] end turn, not the highlighted [1]
            while state.move_number < 9 and app.error is None:
                await pilot.pause(0.01)
            await pilot.press("q")

    asyncio.run(go())
    assert app.error is None
    assert app.session is not None
    first = next(step for step in app.session.replay().steps if not step.is_chance)
    assert first.move == "end turn"


def test_a_person_out_of_a_game_that_goes_on_may_skip_to_the_end() -> None:
    state = henchmen.new_game("super", seed=2, players=3)
    names = ["Player 1 (human)", "Player 2 (greedy)", "Player 3 (greedy)"]
    app = Recording()
    seats = [app.seat(0, "Player 1"), make_bot("greedy", 2), make_bot("greedy", 3)]
    session = Session(state, seats, seed=2, narrator=TableNarrator(app, state, 0, names))
    app.play(session, lambda s: result_lines(s, names))
    out = ["watch the others play on", "skip to the end", "quit"]

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(4000):
                await pilot.pause(0.01)
                if app.finished is not None or app.error is not None:
                    break
                if app._deciding is not None:
                    await pilot.press(*(["down"] if app.asked[-1] == out else []), "enter")

    asyncio.run(go())
    assert app.error is None
    assert app.asked.count(out) == 1  # asked once, when Player 1 was eliminated
    assert state.is_terminal and app.finished is not None
    assert "skipping to the end..." in app.notes
