"""The new default search bot against today's, at equal time a move (issue 40).

    python bench/versus.py                       # every game: 200 games each, the table into docs
    python bench/versus.py --only super --games 40 --no-write        # a screen
    python bench/versus.py --only suet --games 40 --no-write \
        --candidate ismcts:exploration=0.5:rollout_depth=3           # a setting to try

Today's default (main at 02a2ca6) is ISMCTS at 1000 iterations a move,
exploration 0.3, the game's heuristic at the leaf (``rollout_depth=0``), UCT,
one thread, no time management: :data:`OLD` spells every one of those out, so
the game's new defaults never leak into it.  For each game the candidate (by
default ``ismcts`` with no settings, that is the game's new defaults) plays
today's settings natively, seats rotated, scored as wins plus half the draws
with a 95% Wilson interval.  In cooperative Legendary every seat is one team,
so the new bot's team (every seat) and today's team play the same deals (the
same seeds); the rows give both teams' win rates against the Mastermind.

**Equal time** is measured, not assumed: each bot plays on its own budget
(iterations; a bot that manages its time spends a mean of them a decision)
and the match reports each bot's mean **processor time** a decision (the
thread's CPU time, which other work on a shared machine does not inflate),
so a row shows both.  ``--timed`` plays the older way instead: today's
default's mean wall time a decision, measured in ``--timing-games`` games
against itself (or ``--per-move``), becomes both bots' clock (``max_seconds``,
iterations unbounded).  On a loaded machine a wall clock runs on while the
search waits for a core, so every decision overruns it by the wait: a bot
that plays a forced move at once (``early_stop``) pays none of it and the
other pays it on every decision, so that way is fair only on a quiet machine.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from typing import Any

import henchmen
from curves import DOC, _commit, match, score
from henchmen.matches import parse_bot_spec

OLD = ("ismcts:iterations=1000:exploration=0.3:rollout_depth=0:puct=false:greedy_prior=0"
       ":early_stop=0:bank=0:reuse=false")
UNBOUNDED = 100_000_000
GAMES = ("seven-secret-supervillains", "villainy", "super", "suet", "legendary")
BEGIN, END = "<!-- versus: begin (bench/versus.py) -->", "<!-- versus: end -->"


def seconds_a_decision(name: str, games: int, seed: int, bot: str = OLD) -> float:
    """A bot's mean wall time a decision (today's default's unless told), over ``games``
    native games against itself."""
    game = henchmen.Game(name)
    spec = parse_bot_spec(bot).native()
    assert spec is not None
    n = game.num_players
    seeds = [henchmen._core.derive_seed(seed, 1000 + g) for g in range(games)]
    started = time.perf_counter()
    raw = game._core.play_recorded([[spec] * n] * games, seeds, False, 1)
    elapsed = time.perf_counter() - started
    decisions = 0
    for played in raw:
        state = game.new_initial_state(auto_chance=False)
        for action in played["history"]:
            decisions += state._s.current_player >= 0
            state._s.apply(action)
    return elapsed / max(1, decisions)


def timed(spec: str, seconds: float) -> str:
    """``spec`` on a clock: ``seconds`` a move, iterations unbounded (the spec's own go)."""
    name, *parts = spec.split(":")
    kept = [p for p in parts if not p.startswith(("iterations=", "max_seconds="))]
    return ":".join([name, *kept, f"iterations={UNBOUNDED}", f"max_seconds={seconds:.6f}"])


def budgets(name: str, bots: list[str], games: int, seed: int) -> dict[str, Any]:
    """The first bot's record against the second (a cooperative game: the first bot in
    every seat, the team's wins), natively, each on its own budget, with each bot's
    mean processor and wall milliseconds a decision."""
    game = henchmen.Game(name)
    specs = [native for b in bots if (native := parse_bot_spec(b).native()) is not None]
    assert len(specs) == len(bots), "both bots need native twins"
    n = game.num_players
    team = not game.info.zero_sum
    r = game._core.play_matches([specs[0]] * n if team else specs, games, seed, 1)
    wins = draws = 0
    for g in range(games):
        mine = r["returns"][g * n:(g + 1) * n]
        if team:
            wins += all(x > 0 for x in mine)
        else:
            wins += mine[0] > mine[1]
            draws += mine[0] == mine[1]
    decisions = r["decisions"] if not team else [sum(r["decisions"])]
    cpu = r["decision_cpu_seconds"] if not team else [sum(r["decision_cpu_seconds"])]
    wall = r["decision_seconds"] if not team else [sum(r["decision_seconds"])]
    ms = [1000 * c / max(1, d) for c, d in zip(cpu, decisions, strict=True)]
    wall_ms = [1000 * w / max(1, d) for w, d in zip(wall, decisions, strict=True)]
    return {"games": games, "wins": wins, "draws": draws, "ms": ms, "wall_ms": wall_ms,
            **({} if team else {"high": 1})}


def versus(name: str, candidate: str, games: int, seed: int, per_move: float,
           cap: float) -> dict[str, Any]:
    """The candidate's record against today's default, both at ``per_move`` seconds a move."""
    row = match(name, [timed(candidate, per_move), timed(OLD, per_move)], games, seed, cap)
    return {"high": 1, **row}


def teams(name: str, candidate: str, games: int, seed: int, per_move: float,
          cap: float) -> tuple[dict[str, Any], dict[str, Any]]:
    """A cooperative game: the candidate's team and today's, on the same deals and clock."""
    n = henchmen.Game(name).num_players
    new = match(name, [timed(candidate, per_move)] * n, games, seed, cap / 2)
    old = match(name, [timed(OLD, per_move)] * n, new["games"], seed, cap / 2)
    return new, old


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--candidate", default="ismcts",
                        help="the new bot (default: ismcts with the game's defaults)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--timing-games", type=int, default=6)
    parser.add_argument("--pair-seconds", type=float, default=3600.0)
    parser.add_argument("--seed", type=int, default=4040)
    parser.add_argument("--only", default=None, help="games by name, comma-separated")
    parser.add_argument("--per-move", type=float, default=None,
                        help="seconds a move (skips the timing; one game only)")
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument("--timed", action="store_true",
                        help="both on today's default's wall clock a move (quiet machine only)")
    args = parser.parse_args()
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    command = f"python bench/versus.py {' '.join(sys.argv[1:])}".rstrip()
    measured = f"{when}, {_commit()}, `{command}`"
    rows: list[str] = []
    for name in args.only.split(",") if args.only else GAMES:
        if not args.timed and not args.per_move:
            rows += _budget_rows(name, args.candidate, args.games, args.seed, measured)
            print("\n".join(rows[-2:] if not henchmen.Game(name).info.zero_sum else rows[-1:]),
                  flush=True)
            continue
        per_move = args.per_move or seconds_a_decision(name, args.timing_games, args.seed)
        own = seconds_a_decision(name, args.timing_games, args.seed, args.candidate)
        if henchmen.Game(name).info.zero_sum:
            row = versus(name, args.candidate, args.games, args.seed, per_move, args.pair_seconds)
            got = [_line(name, f"`{args.candidate}`", per_move, own, row, measured)]
        else:
            new, old = teams(name, args.candidate, args.games, args.seed, per_move,
                             args.pair_seconds)
            got = [_line(name, f"team of `{args.candidate}` (win rate)", per_move, own, new,
                         measured),
                   _line(name, "team of today's default (win rate)", per_move, per_move, old,
                         measured)]
        rows += got
        print("\n".join(got), flush=True)
    if not args.no_write:
        _write(rows)
    return 0


HEAD = [
    "| game | new bot | ms a decision: the new bot, today's default | games | wins | draws "
    "| score | 95% interval | measured (UTC, commit, command; one thread, 2 shared cores) |",
    "|---|---|---:|---:|---:|---:|---:|---|---|",
]


def _budget_rows(name: str, candidate: str, games: int, seed: int, measured: str) -> list[str]:
    """The rows of one game played on budgets, processor time measured."""
    def cell(ms: list[float], wall: list[float]) -> str:
        return (", ".join(f"{m:.2f}" for m in ms) + " processor (wall "
                + ", ".join(f"{w:.2f}" for w in wall) + ")")

    if henchmen.Game(name).info.zero_sum:
        row = budgets(name, [candidate, OLD], games, seed)
        return [_row(name, f"`{candidate}`", cell(row["ms"], row["wall_ms"]), row, measured)]
    new = budgets(name, [candidate], games, seed)
    old = budgets(name, [OLD], games, seed)
    both = cell(new["ms"] + old["ms"], new["wall_ms"] + old["wall_ms"])
    return [_row(name, f"team of `{candidate}` (win rate)", both, new, measured),
            _row(name, "team of today's default (win rate)", both, old, measured)]


def _row(name: str, bot: str, ms: str, row: dict[str, Any], measured: str) -> str:
    s, lo, hi = score(row)
    return (f"| {name} | {bot} | {ms} | {row['games']} | {row['wins']} | {row['draws']} "
            f"| {100 * s:.1f}% | [{100 * lo:.1f}%, {100 * hi:.1f}%] | {measured} |")


def _line(name: str, bot: str, per_move: float, own: float, row: dict[str, Any],
          measured: str) -> str:
    clock = f"{1000 * own:.2f} untimed, {1000 * per_move:.2f} (both bots' wall clock)"
    return _row(name, bot, clock, row, measured)


def _write(rows: list[str]) -> None:
    """The table between the markers, this run's games' rows replaced (the others kept),
    in the order of GAMES."""
    doc = DOC.read_text()
    head, sep, rest = doc.partition(BEGIN)
    kept, sep2, tail = rest.partition(END)
    if not sep or not sep2:
        raise SystemExit(f"{DOC} lacks the markers {BEGIN!r} and {END!r}")
    ran = {r.split("|")[1].strip() for r in rows}
    old = [r for r in kept.splitlines()
           if r.startswith("| ") and r not in HEAD and r.split("|")[1].strip() not in ran]
    every = sorted(old + rows, key=lambda r: GAMES.index(r.split("|")[1].strip()))
    DOC.write_text(f"{head}{BEGIN}\n" + "\n".join(HEAD + every) + f"\n{END}{tail}")


if __name__ == "__main__":
    raise SystemExit(main())
