"""Golden playthroughs: seeded games written step by step as readable text.

For every registered game and player count, GAMES_PER_CONFIG short games
with random bots and explicit chance, both drawn from the engine's own pinned
generator (``henchmen._core.Rng``, xoshiro256**), so the files depend only on
the rules, the notation and the encodings. Each step shows the state
(``str(state)`` in full every FULL_BOARD_EVERY steps, its changed lines
in between), what changed in each player's observation (every field at
step 0), a digest of each observation tensor, the legal actions (or chance
outcomes with their probabilities), the action chosen, and the events of
that step as each reader read them (every player, then the spectator; one
line when they all read the same).

Golden narrated logs (``logs/``): for every game, the whole narrated log
of a seeded bot game exactly as ``henchmen play GAME --bots ... --seed 1``
prints it (the spectator's view), and for Parry one player's view too.

Regenerate (and so accept a change) with::

    python tests/golden/regenerate.py

then review the diff in git like any other change.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import sys
from pathlib import Path
from typing import Any

import henchmen
from henchmen import _core
from henchmen.events import read as read_events

HERE = Path(__file__).resolve().parent
LOGS = HERE / "logs"
#: Golden narrated logs: file stem -> the arguments of ``henchmen play``.
LOG_GAMES: dict[str, tuple[str, ...]] = {
    "parry-2p-seed1": ("parry", "--bots", "greedy,random", "--seed", "1"),
    "parry-2p-seed1-player1": (
        "parry", "--bots", "greedy,random", "--seed", "1", "--observer", "1",
    ),
    "parry-3p-seed1": ("parry", "--bots", "greedy,random,greedy", "--seed", "1"),
    "seven-secret-supervillains-1p-seed1": (
        "seven-secret-supervillains", "--bots", "greedy", "--seed", "1",
    ),
    "seven-secret-supervillains-2p-seed1": (
        "seven-secret-supervillains", "--bots", "greedy,random", "--seed", "1",
    ),
    "seven-secret-supervillains-4p-seed1": (
        "seven-secret-supervillains", "--bots", "greedy,random,greedy,random", "--seed", "1",
    ),
    "seven-secret-supervillains-classic-4p-seed1": (
        "seven-secret-supervillains", "--bots", "greedy,random,greedy,random", "--seed", "1",
        "--option", "mode=classic",
    ),
    "seven-secret-supervillains-climb-1p-seed1": (
        "seven-secret-supervillains", "--bots", "greedy", "--seed", "1",
        "--option", "mode=climb",
    ),
    "seven-secret-supervillains-gizzard-2p-seed1": (
        "seven-secret-supervillains", "--bots", "greedy,random", "--seed", "1",
        "--option",
        "crews=Royal Rule,Gizzard Wizards,Telemacawters,Tourist Trap,Fire Starters,Pig Out,"
        "Sleuths N' Sniffs",
    ),
    "seven-secret-supervillains-trendset-2p-seed1": (
        "seven-secret-supervillains", "--bots", "greedy,random", "--seed", "1",
        "--option",
        "crews=Royal Rule,Freezer Burn,Health Hazards,Dinomite Dressers,Gale Force,Yard-Sailers,"
        "Tourist Trap",
    ),
    "seven-secret-supervillains-secretive-4p-seed1": (
        "seven-secret-supervillains", "--bots", "greedy,random,greedy,random", "--seed", "1",
        "--option", "mode=secretive",
    ),
    "legendary-1p-seed1": ("legendary", "--bots", "greedy", "--seed", "1"),
    "legendary-2p-seed1": ("legendary", "--bots", "greedy,random", "--seed", "1"),
    "super-3p-seed1": ("super", "--bots", "greedy,random,greedy", "--seed", "1"),
    "villainy-2p-seed1": ("villainy", "--bots", "greedy,random", "--seed", "1"),
    "suet-2p-seed1": ("suet", "--bots", "greedy,random", "--seed", "1"),
}  # fmt: skip
GAMES_PER_CONFIG = 2
MAX_STEPS = 100
FULL_BOARD_EVERY = 20
SEEDS = (1, 2)


#: Modes beyond those a player count picks: (game, mode) -> the player counts they allow.
MODES: dict[tuple[str, str], tuple[int, ...]] = {
    ("seven-secret-supervillains", "classic"): (4,),
    ("seven-secret-supervillains", "secretive"): (3, 4),
    ("seven-secret-supervillains", "climb"): (1,),
}


def configs() -> list[tuple[str, int]]:
    """Every registered game with every player count it allows."""
    return [(g.name, p) for g in henchmen.games() for p in range(g.min_players, g.max_players + 1)]


def file_name(name: str, players: int, seed: int, mode: str = "") -> str:
    return f"{name}-{mode + '-' if mode else ''}{players}p-seed{seed}.txt"


def options_of(mode: str) -> dict[str, str]:
    return {"mode": mode} if mode else {}


def _flatten(value: Any, prefix: str, out: dict[str, str]) -> None:
    if isinstance(value, dict) and value:
        for k in sorted(value):
            _flatten(value[k], f"{prefix}.{k}" if prefix else str(k), out)
    elif isinstance(value, list) and value and any(isinstance(v, (dict, list)) for v in value):
        for i, v in enumerate(value):
            _flatten(v, f"{prefix}[{i}]", out)
    else:
        out[prefix or "."] = json.dumps(value, sort_keys=True, separators=(",", ":"))


def _tensor_digest(state: henchmen.State, player: int) -> str:
    t = state.observation_tensor(player)
    digest = hashlib.sha256(t.tobytes()).hexdigest()[:16]
    return f"sha256 {digest}, {int((t != 0).sum())} nonzero of {t.size}, sum {float(t.sum()):.6g}"


def _events(state: henchmen.State, start: int, players: int) -> list[str]:
    """The events of history step ``start`` (-1: the setup) as each reader read them."""
    readers: list[tuple[str, int]] = [(str(p), p) for p in range(players)]
    readers.append(("spectator", henchmen.SPECTATOR))
    read = {
        label: [e.text for e in read_events(state, who, start, max(start + 1, 0))]
        for label, who in readers
    }
    texts = list(read.values())
    if not any(texts):
        return []
    if all(t == texts[0] for t in texts):
        return [f"events (all): {' | '.join(texts[0])}"]
    return [f"events {label}: {' | '.join(t) if t else '-'}" for label, t in read.items()]


def render_log(stem: str) -> str:
    """The golden narrated log: what ``henchmen play`` prints for ``LOG_GAMES[stem]``."""
    from henchmen.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["play", *LOG_GAMES[stem], "--no-replay"])
    if status != 0:
        raise RuntimeError(f"henchmen play {' '.join(LOG_GAMES[stem])} exited with {status}")
    return out.getvalue()


def render(name: str, players: int, seed: int, mode: str = "") -> str:
    """The golden text of one seeded game (at most MAX_STEPS actions)."""
    game = henchmen.Game(name, players=players, **options_of(mode))
    state = game.new_initial_state(auto_chance=False)
    rng = _core.Rng(seed)
    lines = [
        f"# Golden playthrough: {name}, {players} players, "
        + (f"mode {mode}, " if mode else "")
        + f"seed {seed}",
        "# Random bots and chance, both from henchmen._core.Rng(seed); explicit chance.",
        "# Regenerate with: python tests/golden/regenerate.py",
        "",
    ]
    last: list[dict[str, str]] = [{} for _ in range(players)]
    last_board: list[str] = []
    setup = _events(state, -1, players)
    if setup:
        lines += ["## setup", *setup, ""]
    for step in range(MAX_STEPS + 1):
        who = state.current_player
        if who == henchmen.CHANCE:
            head = "chance to act"
        elif who == henchmen.TERMINAL:
            head = f"game over, returns {list(state.returns)}"
        else:
            head = f"player {who} to act (turn of player {state._s.turn_player})"
        lines.append(f"## step {step}: {head}")
        lines.append(f"hash {state.position_hash:016x}")
        board = str(state).splitlines()[1:]  # past the line that says it shows hidden cards
        if step % FULL_BOARD_EVERY == 0 or who == henchmen.TERMINAL:
            lines.append("state:")
            lines += ["  " + row for row in board]
        else:
            # Between full boards, the lines that changed (numbered as in the board).
            lines.append("state changes:")
            lines += [
                f"  {i:>3}| {row}"
                for i, row in enumerate(board)
                if i >= len(last_board) or last_board[i] != row
            ]
            if len(board) < len(last_board):
                lines.append(f"  (board now {len(board)} lines, was {len(last_board)})")
        last_board = board
        for p in range(players):
            flat: dict[str, str] = {}
            _flatten(state.observation(p), "", flat)
            changed = [f"  {k} = {v}" for k, v in flat.items() if last[p].get(k) != v]
            changed += [f"  {k} (gone)" for k in last[p] if k not in flat]
            word = "observation" if step == 0 else "observation changes"
            lines.append(f"{word} {p}: {len(changed)} field(s)")
            lines += changed
            lines.append(f"tensor {p}: {_tensor_digest(state, p)}")
            last[p] = flat
        if who == henchmen.TERMINAL or step == MAX_STEPS:
            if who != henchmen.TERMINAL:
                lines.append(f"(stopped after {MAX_STEPS} actions)")
            break
        if who == henchmen.CHANCE:
            outcomes = state.chance_outcomes
            lines.append("outcomes: " + ", ".join(f"{a} ({a.id}) p={q:.6g}" for a, q in outcomes))
            u = rng.uniform()
            chosen = outcomes[-1][0]
            for a, q in outcomes:
                u -= q
                if u < 0:
                    chosen = a
                    break
        else:
            legal = list(state.legal_actions)
            lines.append("legal: " + ", ".join(f"{a} ({a.id})" for a in legal))
            chosen = legal[rng.below(len(legal))]
        lines.append(f"chosen: {chosen} ({chosen.id})")
        state.apply(chosen.id)
        lines += _events(state, step, players)
        lines.append("")
    return "\n".join(lines) + "\n"


def expected_files() -> dict[str, tuple[str, int, int, str]]:
    """File name -> (game, players, seed, mode) for every golden file there should be
    (mode "": the one the player count picks)."""
    want = {
        file_name(n, p, s): (n, p, s, "") for n, p in configs() for s in SEEDS[:GAMES_PER_CONFIG]
    }
    for (n, mode), counts in MODES.items():
        for p in counts:
            for s in SEEDS[:GAMES_PER_CONFIG]:
                want[file_name(n, p, s, mode)] = (n, p, s, mode)
    return want


def expected_logs() -> dict[str, str]:
    """File name (in ``logs/``) -> the stem of LOG_GAMES it pins."""
    return {f"{stem}.txt": stem for stem in LOG_GAMES}


def main() -> int:
    LOGS.mkdir(exist_ok=True)
    logs = expected_logs()
    for stale in sorted(LOGS.glob("*.txt")):
        if stale.name not in logs:
            stale.unlink()
            print(f"removed logs/{stale.name}")
    for fname, stem in logs.items():
        path = LOGS / fname
        text = render_log(stem)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            path.write_text(text, encoding="utf-8")
            print(f"{'updated' if old is not None else 'wrote'} logs/{fname}")
    want = expected_files()
    for stale in sorted(HERE.glob("*.txt")):
        if stale.name not in want:
            stale.unlink()
            print(f"removed {stale.name}")
    for fname, (n, p, s, mode) in want.items():
        path = HERE / fname
        text = render(n, p, s, mode)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            path.write_text(text, encoding="utf-8")
            print(f"{'updated' if old is not None else 'wrote'} {fname}")
    print(f"{len(want)} golden files in {HERE}, {len(logs)} narrated logs in {LOGS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
