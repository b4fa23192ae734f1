"""Strength curves: the default search bot at doubling budgets, each against the one before.

    python bench/curves.py          # docs/strength-curves.png, the table in docs/strength.md
    python bench/curves.py --quick  # a smoke run (two budgets, a few games; writes nothing)
    python bench/curves.py --only super --budgets 50,100,200 --games 20 --no-write

Competitive games (every zero-sum game but the test game Parry): ISMCTS with
SearchBot's defaults at ``budget`` iterations a move plays the same bot at
half the budget, natively, seats rotated every game; the score is wins plus
half the draws over games, with its 95% Wilson interval.  A curve that stays
above one half keeps gaining from the extra thinking.  Cooperative Legendary
has no opponent to beat: every seat is the same bot, and the curve is the
team's win rate against the Mastermind at each budget.

Each pair plays ``--games`` games in chunks of ``CHUNK`` and stops early at
``--pair-seconds`` (the games played are reported, never padded); a game's
ladder stops once the next pair would not fit ten games in that time.  The
results go to a JSON file next to the plot, so ``--replot`` redraws the plot
and the table without playing again.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import henchmen
from henchmen import _core
from henchmen.bots.search_bot import DEFAULT_EXPLORATION
from henchmen.matches import parse_bot_spec, run_matches, wilson_interval

ROOT = Path(__file__).resolve().parent.parent
PNG = ROOT / "docs" / "strength-curves.png"
DATA = ROOT / "docs" / "strength-curves.json"
DOC = ROOT / "docs" / "strength.md"
BEGIN, END = "<!-- curves: begin (bench/curves.py) -->", "<!-- curves: end -->"
CHUNK = 10  # even, so every chunk seats each bot first equally often
SHORT = {"seven-secret-supervillains": "sss"}


def spec(budget: int) -> str:
    return f"ismcts:iterations={budget}:exploration={DEFAULT_EXPLORATION}:rollout_depth=0"


def match(name: str, bots: list[str], games: int, seed: int, cap: float) -> dict[str, Any]:
    """The first bot's record against the second, natively, until ``games`` games or ``cap``
    seconds; in a cooperative game both seats are one team, and a win is the team's."""
    game = henchmen.Game(name)
    specs = [parse_bot_spec(b) for b in bots]
    wins = draws = played = 0
    started = time.perf_counter()
    chunk = 0
    while played < games and time.perf_counter() - started < cap:
        n = min(CHUNK, games - played)
        r = run_matches(game, specs, n, seed=_core.derive_seed(seed, chunk), threads=1)
        s = r.score(0)
        wins, draws, played = wins + s.wins, draws + s.draws, played + s.games
        chunk += 1
    return {"games": played, "wins": wins, "draws": draws,
            "seconds": time.perf_counter() - started}


def pair(name: str, low: int, high: int, games: int, seed: int, cap: float) -> dict[str, Any]:
    """``high`` against ``low``."""
    return {"low": low, "high": high, **match(name, [spec(high), spec(low)], games, seed, cap)}


def team(name: str, budget: int, games: int, seed: int, cap: float) -> dict[str, Any]:
    """Legendary's team of one bot at ``budget`` in every seat: team wins over games (a draw,
    the villain deck running out, is not a win)."""
    return {"budget": budget, **match(name, [spec(budget)] * 2, games, seed, cap)}


def score(row: dict[str, Any]) -> tuple[float, float, float]:
    """Score (wins, and half the draws in a duel) over games, with its Wilson interval."""
    points = row["wins"] + (0.5 * row["draws"] if "high" in row else 0.0)
    lo, hi = wilson_interval(points, row["games"])
    return points / row["games"], lo, hi


def elo(share: float) -> float:
    """The rating gap (Elo) a score implies, the score kept within [1%, 99%]."""
    share = min(0.99, max(0.01, share))
    return -400.0 * math.log10(1.0 / share - 1.0)


def ladder(rows: list[dict[str, Any]]) -> list[tuple[float, float]]:
    """Each budget's rating over the ladder's first, summed pair by pair, with a 95% half-width
    (the pairs' half-widths from their Wilson intervals, added in quadrature)."""
    out, total, var = [], 0.0, 0.0
    for row in rows:
        s, lo, hi = score(row)
        total += elo(s)
        var += ((elo(hi) - elo(lo)) / 2) ** 2
        out.append((total, math.sqrt(var)))
    return out


def measure(args: argparse.Namespace) -> dict[str, Any]:
    budgets = [int(b) for b in args.budgets.split(",")]
    out: dict[str, Any] = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "command": "python bench/curves.py " + " ".join(sys.argv[1:]),
        "commit": _commit(),
        "seed": args.seed,
        "games": {},
    }
    for info in henchmen.games():
        if info.name == "parry" or (args.only and info.name not in args.only.split(",")):
            continue
        rows: list[dict[str, Any]] = []
        if info.zero_sum:
            for low, high in itertools.pairwise(budgets):
                if rows and rows[-1]["seconds"] / rows[-1]["games"] * 2.2 * 10 > args.pair_seconds:
                    break  # the next pair (twice the cost) would not fit ten games
                row = pair(info.name, low, high, args.games, args.seed, args.pair_seconds)
                rows.append(row)
                s, lo, hi = score(row)
                print(f"{info.name}: {high} vs {low}: {row['wins']}+{row['draws']}d/{row['games']}"
                      f" {100 * s:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] {row['seconds']:.0f}s",
                      flush=True)
        else:
            for budget in budgets:
                if rows and rows[-1]["seconds"] / rows[-1]["games"] * 2.2 * 10 > args.pair_seconds:
                    break
                row = team(info.name, budget, args.games, args.seed, args.pair_seconds)
                rows.append(row)
                print(f"{info.name}: team at {budget}: {row['wins']}/{row['games']}"
                      f" {row['seconds']:.0f}s", flush=True)
        out["games"][info.name] = {"zero_sum": info.zero_sum, "rows": rows}
    return out


def _commit() -> str:
    import subprocess

    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], check=True,
                              capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def table(data: dict[str, Any]) -> str:
    lines = [
        f"Measured {data['date']} at commit {data['commit']}: `{data['command'].strip()}`",
        f"(seed {data['seed']}, one thread, on a 2-core machine shared with other work).",
        "",
        "| game | budget (iterations) | against | games | wins | draws | score | 95% interval "
        "| Elo over the first budget | s a game |",
        "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|",
    ]
    for name, g in data["games"].items():
        rated = ladder(g["rows"]) if g["zero_sum"] else [(0.0, 0.0)] * len(g["rows"])
        for row, (rating, half) in zip(g["rows"], rated, strict=True):
            s, lo, hi = score(row)
            per_game = row["seconds"] / row["games"]
            if g["zero_sum"]:
                lines.append(
                    f"| {name} | {row['high']} | {row['low']} | {row['games']} | {row['wins']} "
                    f"| {row['draws']} | {100 * s:.1f}% | [{100 * lo:.1f}%, {100 * hi:.1f}%] "
                    f"| {rating:+.0f} ± {half:.0f} | {per_game:.1f} |")
            else:
                lines.append(
                    f"| {name} (team win rate) | {row['budget']} | the Mastermind | {row['games']} "
                    f"| {row['wins']} | {row['draws']} | {100 * s:.1f}% "
                    f"| [{100 * lo:.1f}%, {100 * hi:.1f}%] | | {per_game:.1f} |")
    return "\n".join(lines)


def plot(data: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (duel, coop) = plt.subplots(1, 2, figsize=(11, 4.2), width_ratios=[2, 1])
    for name, g in data["games"].items():
        rows = g["rows"]
        if not rows:
            continue
        if g["zero_sum"]:
            rated = [(0.0, 0.0), *ladder(rows)]
            x = [rows[0]["low"]] + [r["high"] for r in rows]
            duel.errorbar(x, [r for r, _ in rated], yerr=[h for _, h in rated], marker="o",
                          capsize=3, label=SHORT.get(name, name))
        else:
            s = [score(r) for r in rows]
            coop.errorbar([r["budget"] for r in rows], [100 * v for v, _, _ in s],
                          yerr=[[100 * (v - lo) for v, lo, _ in s],
                                [100 * (hi - v) for v, _, hi in s]],
                          marker="o", capsize=3, label=SHORT.get(name, name))
    duel.axhline(0, color="grey", linewidth=0.8, linestyle="--")
    duel.set_title("ISMCTS: each budget against half of it, summed")
    duel.set_ylabel("Elo over the first budget (95%)")
    coop.set_title("Legendary: team of ISMCTS")
    coop.set_ylabel("team win rate (%), 95% Wilson")
    coop.set_ylim(0, 100)
    for ax in (duel, coop):
        ax.set_xscale("log", base=2)
        ax.set_xlabel("iterations a move")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle(f"Strength curves, {data['date']} (commit {data['commit']})", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def write_doc(text: str) -> None:
    doc = DOC.read_text()
    head, sep, rest = doc.partition(BEGIN)
    _, sep2, tail = rest.partition(END)
    if not sep or not sep2:
        raise SystemExit(f"{DOC} lacks the markers {BEGIN!r} and {END!r}")
    DOC.write_text(f"{head}{BEGIN}\n{text}\n{END}{tail}")


def add_match_arguments(parser: argparse.ArgumentParser, unit: str, seconds: float) -> None:
    """The options every script that plays bot matchups takes: games and wall-clock seconds
    a ``unit`` (a pair, a matchup), the seed, and which games."""
    parser.add_argument("--games", type=int, default=60, help=f"games a {unit} (at most)")
    parser.add_argument("--pair-seconds", type=float, default=seconds,
                        help=f"stop a {unit} after this long (wall clock)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--only", default=None, help="games by name, comma-separated")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budgets", default="50,100,200,400,800,1600,3200,6400",
                        help="iterations a move, ascending, comma-separated")
    add_match_arguments(parser, "pair", 240.0)
    parser.add_argument("--quick", action="store_true", help="two budgets, 4 games; writes nothing")
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument("--replot", type=Path, default=None,
                        help="redraw the plot and table from this JSON, playing nothing")
    parser.add_argument("--data", type=Path, default=DATA,
                        help=f"where the results go (default {DATA.relative_to(ROOT)})")
    args = parser.parse_args()
    if args.quick:
        args.budgets, args.games, args.no_write = "20,40", 4, True
    if args.replot:
        data = json.loads(args.replot.read_text())
    else:
        data = measure(args)
    print(table(data))
    if not args.no_write:
        if not args.replot:
            args.data.write_text(json.dumps(data, indent=1) + "\n")
        plot(data, PNG)
        write_doc(table(data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
