"""Regenerate the terminal table's screenshots: docs/screenshots/terminal-<game>.png.

    .venv/bin/python docs/screenshots/terminal.py [GAME ...]

Each game is played by greedy bots from a fixed seed until Player 1 decides
on their own turn (after a few rounds, so the table has something on it);
the full-screen table (henchmen.table._tui, Textual) is drawn for Player 1
at 160x50 and saved as SVG by Textual, then converted to PNG with cairosvg
(or rsvg-convert) when one is installed; otherwise the SVG is kept.
"""

from __future__ import annotations

import asyncio
import io
import shutil
import subprocess
import sys
from pathlib import Path

import henchmen
from henchmen.bots import make_bot
from henchmen.game import game_info
from henchmen.narration import Narrator
from henchmen.table._tui import TableApp
from henchmen.table.seat import move_label

HERE = Path(__file__).resolve().parent
GAMES = ("parry", "seven-secret-supervillains", "legendary", "super", "villainy", "suet")
#: Moves played before the picture is taken (then on to Player 1's next own-turn decision).
WARM_UP = {"parry": 6, "legendary": 30, "suet": 20}
SIZE = (160, 50)


def position(game: str) -> henchmen.State:
    state = henchmen.new_game(game, seed=3)
    bots = [make_bot("greedy", i + 1) for i in range(state.game.num_players)]
    n = 0
    while not state.is_terminal and (
        n < WARM_UP.get(game, 40) or not (state.current_player == 0 == state.turn_player)
    ):
        state.apply(bots[state.current_player].choose(state))
        n += 1
    return state


def log_lines(state: henchmen.State) -> list[str]:
    out = io.StringIO()
    names = [f"Player {i + 1}" for i in range(state.game.num_players)]
    narrator = Narrator(out, state.game, 0, names)
    narrator.follow(state)
    narrator.flush()
    return out.getvalue().splitlines()


async def shoot(game: str, target: Path) -> None:
    state = position(game)
    app = TableApp([0], title=f"{game_info(game).title}: Player 1 (you) against greedy bots")
    async with app.run_test(size=SIZE) as pilot:
        seat = app.seat(0, "Player 1")
        for line in log_lines(state):
            app.log_line(line)
        moves = [(k, move_label(state, a), a.id) for k, a in seat._moves(state)]
        app.ask(state.layout(0), 0, "Player 1: your move (digits or arrows, Enter)", moves)
        await pilot.pause()
        app.save_screenshot(str(target.name), str(target.parent))


def to_png(svg: Path) -> Path:
    png = svg.with_suffix(".png")
    try:
        import cairosvg  # type: ignore[import-not-found]

        cairosvg.svg2png(url=str(svg), write_to=str(png))
    except ImportError:
        if shutil.which("rsvg-convert") is None:
            return svg
        subprocess.run(["rsvg-convert", "-o", str(png), str(svg)], check=True)
    svg.unlink()
    return png


def main(games: list[str]) -> None:
    for game in games or GAMES:
        svg = HERE / f"terminal-{game}.svg"
        asyncio.run(shoot(game, svg))
        print(to_png(svg).relative_to(HERE.parent.parent))


if __name__ == "__main__":
    main(sys.argv[1:])
