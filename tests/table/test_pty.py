"""Whole games played by a person at a real terminal (a pseudo-terminal driven by pexpect).

The driver reads each screen the table draws, picks one of the listed moves
by its key, and on the way takes a move back (``undo``), asks for a card's
text (``help CARD``) and makes a typo, as a person would; the game is
played to its end and its replay must load.  Every game is played: Parry
tells its story in events; for a game that tells no events yet (Seven
Secret Supervillains and Legendary, while their events are being written)
the test checks what the table can show without them (the fallback note,
the player's own moves, no chance outcome) and, once they emit events,
checks the story instead: the same test, no skip.

The reviewer's case (issue 11): ``henchmen play seven-secret-supervillains
--bots human,ismcts --seed 1``, quit at once, must show the human none of the
opponent's hidden cards.
"""

from __future__ import annotations

import os
import random
import re
import signal
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pexpect
import pytest

import henchmen
from henchmen.replay import load_replay

SSS = "seven-secret-supervillains"
PROMPT = r"your move \(key, move, or help\): "
MOVE = re.compile(r"\[(\d+)\] (.+?)(?=   \[|$)")
#: A card each game's table shows at the first decision, for ``help CARD``.
A_CARD = {"parry": "strike", SSS: "tiny bot", "legendary": "S.H.I.E.L.D. Agent"}


def _foreground() -> None:
    # From a background script Ctrl-C comes ignored: restore it (as test_cli_interrupt does).
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(tmp_path: Path, *args: str) -> pexpect.spawn:
    if args[:1] == ("play",):  # the line mode (a terminal would get the full-screen table)
        args = (*args, "--plain")
    # NO_COLOR: these tests read the table's text; its colours have tests of their own.
    return pexpect.spawn(
        sys.executable, ["-m", "henchmen", *args], cwd=str(tmp_path), encoding="utf-8",
        timeout=120, dimensions=(50, 140), preexec_fn=_foreground,
        env={**os.environ, "NO_COLOR": "1"},
    )  # fmt: skip


def screen_moves(text: str) -> list[tuple[str, str]]:
    """The moves of the last screen in ``text``: (key, notation)."""
    block: list[str] = []
    for line in text.replace("\r", "").splitlines():
        if line.startswith("  Moves: "):
            block = [line[len("  Moves: ") :]]
        elif line.startswith("         [") and block:
            block.append(line.strip())
    return [(m[1], m[2].strip()) for row in block for m in MOVE.finditer(row)]


def emits_events(game: str) -> bool:
    """Whether the game tells its moves as events (decided from a random game, not assumed)."""
    state = henchmen.new_game(game, seed=1)
    rng = random.Random(1)
    for _ in range(40):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_action_ids))
    return any(e.kind != "setup" for e in state.events_for("omniscient"))


def pick(moves: list[tuple[str, str]], rng: random.Random, game: str) -> str:
    """A key: Parry strikes when it can; other games play at random, ending turns now and then."""
    texts = [t for _, t in moves]
    if game == "parry":
        for want in ("strike player 2", "parry", "end turn"):
            if want in texts:
                return moves[texts.index(want)][0]
    if "end turn" in texts and rng.random() < 0.3:
        return moves[texts.index("end turn")][0]
    return rng.choice(moves)[0]


def play_to_the_end(child: pexpect.spawn, game: str) -> Iterator[str]:
    """Drive the table until the game ends; yields each screen's text (and the answers)."""
    rng = random.Random(7)
    decisions = 0
    while True:
        got = child.expect([PROMPT, pexpect.EOF], timeout=120)
        yield child.before
        if got == 1:
            return
        moves = screen_moves(child.before)
        assert moves, f"no moves on the screen:\n{child.before[-2000:]}"
        decisions += 1
        if decisions == 3:
            child.sendline("edn trun")  # a typo
            child.expect(PROMPT)
            yield child.before
            assert "is not a move or a command here" in child.before
        if decisions == 4:
            child.sendline(f"help {A_CARD[game]}")
            child.expect(PROMPT)
            yield child.before
            assert "no card named" not in child.before, child.before
        if decisions == 6:
            child.sendline("undo")  # the last decision and the bot's moves after it
            child.expect(PROMPT)
            yield child.before
            assert "undone: your last decision" in child.before
            moves = screen_moves(child.before)
        child.sendline(pick(moves, rng, game))


@pytest.mark.parametrize("game", ["parry", SSS, "legendary"])
def test_a_whole_human_game_at_the_table(tmp_path: Path, game: str) -> None:
    child = spawn(tmp_path, "play", game, "--bots", "human,greedy", "--seed", "3",
                  "--replay", "h.json")  # fmt: skip
    text = "".join(play_to_the_end(child, game)).replace("\r", "")
    child.close()
    assert child.exitstatus == 0, text[-3000:]
    assert "Traceback" not in text
    replay = load_replay(tmp_path / "h.json")
    assert replay.terminal and not replay.abandoned
    assert re.search(r"^Result after \d+ actions: ", text, flags=re.MULTILINE)
    assert "Replay written to h.json" in text
    # Each decision's screen: the table, then the moves with their keys.
    assert text.count("  Moves: [") >= sum(1 for s in replay.steps if s.player == 0)
    assert "chance:" not in text  # chance only as the human saw it
    final = replay.final_state
    assert final is not None
    if emits_events(game):
        mine = [e.text for e in final.events_for(0)]
        assert any(t.startswith("You ") for t in mine)
        over = [e.text for e in final.events_for(0) if e.kind == "game-over"]
        assert len(over) == 1 and f"  {over[0]}\n" in text  # the end, with its reason
        assert "(this game does not tell its moves as events yet" not in text
    else:
        # Until the game tells its events: the note, and the human's own moves by name.
        assert "(this game does not tell its moves as events yet" in text
        assert re.search(r"^  Player 1 \(human\): \w", text, flags=re.MULTILINE)
        assert re.search(r"^  Player 2 \(greedy\): \((a move|\d+ moves)\)$", text, re.MULTILINE)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _reviewers_case(tmp_path: Path, bots: str, ends: int) -> str:
    child = spawn(tmp_path, "play", SSS, "--bots", bots, "--seed", "1", "--replay", "h.json")
    for _ in range(ends):
        child.expect(PROMPT)
        child.sendline("end turn")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    text = child.before
    child.close()
    assert child.exitstatus == 0, text
    return text.replace("\r", "")


@pytest.mark.parametrize("ends", [0, 3])
def test_the_reviewers_case_shows_none_of_the_opponents_hidden_cards(
    tmp_path: Path, ends: int
) -> None:
    bots = "human,ismcts" if ends == 0 else "human,ismcts:iterations=100"
    text = _reviewers_case(tmp_path, bots, ends)
    replay = load_replay(tmp_path / "h.json")
    final = replay.final_state
    assert final is not None and replay.abandoned
    theirs = final.observation(1)["players"][1]  # the opponent's own view: what is hidden
    mine = final.observation(0)["players"][1]
    hidden = Counter(theirs["hand"]) - Counter(mine.get("hand_known", []))
    assert hidden, "the opponent holds no hidden card: the test would prove nothing"
    # The old leaks: chance outcomes named in the log, the opponent's hand listed.
    assert "chance:" not in text
    assert ", ".join(theirs["hand"]) not in text
    for line in text.splitlines():
        if "Player 2" in line:
            named = [card for card in hidden if card in line]
            assert not named, f"the human was shown the opponent's {named}: {line!r}"
    # A card the human could not have seen anywhere in the game is named nowhere.
    known = {s for state in replay.states() for s in _strings(state.observation(0))}
    for card in hidden:
        if card not in known:
            assert card not in text, f"the opponent's hidden {card} is in the human's output"
    # What an omniscient log says of the opponent's draws is not in the human's.
    everything = [e.text for e in final.events_for("omniscient") if e.player == 1]
    seen = {e.text for e in final.events_for(0)}
    for told in everything:
        if told not in seen:
            assert told not in text


def test_line_editing_completion_and_history(tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", "parry", "--bots", "human,greedy", "--seed", "1",
                  "--no-replay")  # fmt: skip
    child.expect(PROMPT)
    child.send("help str\t\r")  # Tab completes the card's name
    child.expect(PROMPT)
    assert "Strike (count 8)" in child.before
    child.send("\x1b[A\r")  # the up arrow brings the last line back
    child.expect(PROMPT)
    assert "Strike (count 8)" in child.before
    child.send("end t\t\r")  # and completes a move
    child.expect(PROMPT)
    assert "You end the turn" in child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
