"""The line mode (``henchmen play --plain``) at a real terminal: the table once a turn.

Issue 38 measured 1,325 lines for 8 turns of a duel, the whole table
reprinted at every decision.  Now the whole table is printed at the first
decision of a turn; later decisions of the same turn print the status, why
the person is asked, and the moves.  A person who holds nothing to answer
with is not asked (auto-pass), and the opponent's hand is only counted.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.table.test_pty import PROMPT, screen_moves, spawn

TURNS = 8


def test_an_8_turn_duel_prints_the_table_once_a_turn_at_most(tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", "villainy", "--bots", "human,greedy", "--seed", "1",
                  "--no-replay")  # fmt: skip
    seen = ""
    while True:
        child.expect(PROMPT)
        seen += child.before + child.after
        if len(re.findall(r"^== Round \d+, turn \d+", seen, re.M)) > TURNS:
            break
        moves = screen_moves(seen)
        keys = [k for k, text in moves if text.startswith("play")] or [moves[-1][0]]
        child.sendline(keys[0])
    child.sendline("quit")
    child.expect("Game abandoned")
    text = seen.replace("\r", "")
    turns = re.split(r"^== Round \d+, turn \d+.*$", text, flags=re.M)[1:]
    assert len(turns) > TURNS
    # The whole table (its hand panel) at most once a turn, however many decisions.
    tables = [t.count("  Your hand (") for t in turns]
    decisions = [t.count("your move (key, move, or help)") for t in turns]
    assert max(tables) == 1 and sum(decisions) > sum(tables)
    assert all(n <= 1 for n in tables)
    # Pass-only windows were answered by the table, the person never asked to just pass.
    assert "(auto-pass: " in text
    assert not re.search(r"Moves: \[\d+\] pass\s*$", text, re.M)
    # The opponent's hand is counted, never shown.
    assert "Player 2's hand (" not in text
    assert len(text.splitlines()) < 60 * TURNS
