"""Henchmen benchmarks, with OpenSpiel's card games measured in the same run.

    python bench/run.py            # full table (about two minutes)
    python bench/run.py --quick    # smaller budgets, for a smoke run
    python bench/run.py --markdown # the table as Markdown, for docs/performance.md
    python bench/run.py --games suet suet:players=4,long_game=true  # a mode: name:option=value,...

Every figure is taken one after another, so ratios between rows compare like
with like on this machine at this time. The native playouts, the figure the
tightest target is judged on, go further: each game's are measured in rounds
interleaved with hearts' (bench/interleaved.py), and the target reads the
median of the rounds' ratios. OpenSpiel rows need the
``open-spiel`` package (``pip install open-spiel``); without it they are
skipped. Each OpenSpiel measurement runs in a process of its own: OpenSpiel
2.0.2's ISMCTS bot segfaults at some hearts positions, and a crash there
becomes a finding in the table (which measure, which positions, which
signal) instead of killing the run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import henchmen
from henchmen.walks import random_walk

# bench/interleaved.py beside this file, also when a test loads this file by its path.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import interleaved

OPENSPIEL_GAMES = ("hearts", "gin_rummy", "dou_dizhu")


@dataclass
class Row:
    name: str
    figures: dict[str, float] = field(default_factory=dict)
    #: What went wrong in an isolated measurement (a crash, a timeout), for the findings.
    findings: list[str] = field(default_factory=list)


def best_of(runs: int, fn: Callable[[], float]) -> float:
    """The best (highest) of several measurements: the least disturbed one."""
    return max(fn() for _ in range(runs))


def sustained(run: Callable[[], tuple[float, float]], seconds: float) -> float:
    """Work per second over repeats of ``run`` (which returns work done and seconds
    spent) lasting at least ``seconds`` in all. One batch of playouts takes tens of
    milliseconds (a thousand Hearts games about 15), a window that reads the host's
    hiccups more than the code, and the best of a few such windows flatters the
    shorter one; both sides are measured over the same longer window instead."""
    work = spent = 0.0
    while spent < seconds:
        done, took = run()
        work += done
        spent += took
    return work / spent


Options = dict[str, Any]


def parse_spec(spec: str) -> tuple[str, Options]:
    """``name`` or ``name:option=value,...`` (true/false and integers as such)."""
    name, _, rest = spec.partition(":")
    options: Options = {}
    for item in filter(None, rest.split(",")):
        key, eq, text = item.partition("=")
        if not eq:
            raise SystemExit(f"bad game spec {spec!r}: write name:option=value,option=value")
        low = text.lower()
        options[key] = (
            low == "true"
            if low in ("true", "false")
            else int(text)
            if text.lstrip("-").isdigit()
            else text
        )
    return name, options


def midgame(name: str, seed: int, steps: int, options: Options | None = None) -> henchmen.State:
    """A position some random steps into a game (a fair place to time), with a
    player to move: a seed whose game ends first gives way to the next."""
    while True:
        state = random_walk(name, seed, steps, **(options or {}))
        if state.current_player >= 0:
            return state
        seed += 1


#: The Python-driven figures. A henchmen state resolves chance itself (its seeded
#: generator), so its Python loop calls ``apply`` for decisions only; OpenSpiel's loop
#: applies chance outcomes through ``apply_action`` too. Both count calls made from
#: Python; the chance a henchmen state resolved inside is a figure of its own, never
#: added in (it used to be: in Seven Secret Supervillains it doubled the figure).
PYTHON_DRIVEN = "python-driven actions/s (apply calls from python)"
CORE_CHANCE = "chance resolved in the core/s (python loop, not in apply calls)"


def python_game(
    name: str, seed: int, rng: random.Random, options: Options | None = None
) -> tuple[int, int]:
    """One random game through the public API: (``apply`` calls, chance outcomes the state
    resolved inside, the deal included)."""
    state = henchmen.new_game(name, seed=seed, **(options or {}))
    applied = 0
    while not state.is_terminal:
        ids = state.legal_action_ids
        state.apply(ids[rng.randrange(len(ids))])
        applied += 1
    return applied, state.move_number - applied


def python_loop(name: str, seconds: float, options: Options | None = None) -> dict[str, float]:
    """A plain loop over the public API: ``apply`` calls (decisions) a second, and the
    chance outcomes the states resolved inside meanwhile, a second."""
    rng = random.Random(1)
    decisions = chance = 0
    start = time.perf_counter()
    game = 0
    while time.perf_counter() - start < seconds:
        applied, resolved = python_game(name, game, rng, options)
        decisions += applied
        chance += resolved
        game += 1
    elapsed = time.perf_counter() - start
    return {PYTHON_DRIVEN: decisions / elapsed, CORE_CHANCE: chance / elapsed}


#: The native playout figures: one thread (the median of the interleaved rounds),
#: and the median of those rounds' ratios to hearts, which the target reads.
NATIVE = "native actions/s (1 thread)"
NATIVE_RATIO = "native / hearts (interleaved, median of rounds)"


def ours(spec: str, quick: bool, native: interleaved.Interleaved | None = None) -> Row:
    """Our figures for one game; ``native``: its playouts' interleaved rounds (measured
    alone, best of three windows, when not given)."""
    name, options = parse_spec(spec)
    row = Row(spec)
    game = henchmen.Game(name, **options)
    games = 200 if quick else 2000
    window = 0.1 if quick else 0.5

    def playouts(threads: int, n: int) -> tuple[float, float]:
        stats = game.random_playouts(n, seed=1, threads=threads)
        return float(stats["actions"]), float(stats["seconds"])

    if native and native.ours:
        row.figures[NATIVE] = statistics.median(native.ours)
        ratio = native.ratio()
        if ratio is not None:
            row.figures[NATIVE_RATIO] = ratio
    else:
        row.figures[NATIVE] = best_of(3, lambda: sustained(lambda: playouts(1, games), window))
    cores = os.cpu_count() or 1
    row.figures[f"native actions/s ({cores} threads)"] = best_of(
        3, lambda: sustained(lambda: playouts(cores, games * 2), window)
    )
    row.figures.update(python_loop(name, 1.0 if quick else 3.0, options))
    for full in (False, True):
        label = "obs+mask" if full else "no obs"
        row.figures[f"batched actions/s (256 games, {label})"] = best_of(
            2, lambda full=full: batched(name, 256, full, 1.0 if quick else 2.0, options)
        )
    state = midgame(name, seed=3, steps=40, options=options)
    core = state._s
    repeats = 20_000 if quick else 200_000
    for op in ("clone", "legal_actions", "apply", "observation_tensor"):
        row.figures[f"{op} ns (native)"] = min(core.native_cost_ns(op, repeats) for _ in range(3))
    row.figures["clone ns (from python)"] = _per_call(state.clone, 20_000)
    row.figures["legal_actions ns (from python)"] = _per_call(
        lambda: state.legal_action_ids, 20_000
    )
    row.figures["state bytes"] = core.native_size_bytes()
    iterations = 200 if quick else 1000
    result = core.search({"iterations": iterations, "seed": 1, "rollout_depth": -1})
    row.figures["ismcts iterations/s (native)"] = result["iterations"] / result["seconds"]
    row.figures["ismcts rollout steps/s (native)"] = result["rollout_steps"] / result["seconds"]
    from henchmen.search import ISMCTS

    start = time.perf_counter()
    python = ISMCTS(iterations=max(20, iterations // 10), seed=1, native=False).search(state)
    row.figures["ismcts iterations/s (python)"] = python.iterations / (time.perf_counter() - start)
    return row


def batched(
    name: str, games: int, full: bool, seconds: float, options: Options | None = None
) -> float:
    """Actions (decisions and chance outcomes) per second through VectorGame.step_random."""
    from henchmen.batch import VectorGame

    vector = VectorGame(
        name,
        num_games=games,
        seed=1,
        threads=os.cpu_count() or 1,
        observations=full,
        legal_mask=full,
        **(options or {}),
    )
    vector.reset()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        vector.step_random()
    # Count chance outcomes too, as every other row does.
    return vector.actions_applied / (time.perf_counter() - start)


TARGETS = (
    # (what, our measure, OpenSpiel's measure on hearts, ratio wanted)
    (
        "native random playouts per thread >= 3.5x hearts (interleaved)",
        NATIVE,
        NATIVE,
        3.5,
    ),
    ("python-driven actions/s >= hearts", PYTHON_DRIVEN, PYTHON_DRIVEN, 1.0),
    (
        "batched actions/s >= 10x hearts python-driven",
        "batched actions/s (256 games, no obs)",
        PYTHON_DRIVEN,
        10.0,
    ),
    (
        "native ISMCTS rollout steps/s >= 2x hearts",
        "ismcts rollout steps/s (native)",
        "ismcts rollout steps/s (native)",
        2.0,
    ),
)


def targets(rows: list[Row]) -> list[str]:
    """The issue's targets, each marked met or not, with the ratio."""
    hearts = next((r for r in rows if r.name == "openspiel:hearts"), None)
    lines = ["| target | game | ours | hearts | ratio | met |", "|---|---|---:|---:|---:|---|"]
    for row in rows:
        if row.name.startswith("openspiel:"):
            continue
        clone = row.figures.get("clone ns (native)", float("nan"))
        ok = "met" if clone < 150 else "NOT met"
        lines.append(f"| native clone < 150 ns | {row.name} | {clone:.0f} ns | - | - | {ok} |")
        if hearts is None:
            continue
        for what, ours_key, theirs_key, want in TARGETS:
            a, b = row.figures.get(ours_key), hearts.figures.get(theirs_key)
            if a is None or b is None:
                continue
            # The playouts' ratio is the median of the interleaved rounds' own ratios
            # (the host's drift cancels within a round), not a ratio of two medians.
            ratio = row.figures.get(NATIVE_RATIO, a / b) if ours_key == NATIVE else a / b
            ok = "met" if ratio >= want else "NOT met"
            lines.append(f"| {what} | {row.name} | {fmt(a)} | {fmt(b)} | {ratio:.2f}x | {ok} |")
    return lines


def _per_call(fn: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter_ns()
        for _ in range(repeats):
            fn()
        best = min(best, (time.perf_counter_ns() - start) / repeats)
    return best


# ------------------------------------------------------------------ OpenSpiel, isolated
#: OpenSpiel measurements, each run in a process of its own (see run_isolated).
ANCHOR_MEASURES = ("native", "python", "clone", "ismcts")
#: Midgame positions for the ISMCTS figure: random.Random(seed) play to ply 60.
ISMCTS_SEEDS = tuple(range(1, 9))
ANCHOR_TIMEOUT = 600.0


def run_isolated(argv: Sequence[str], timeout: float = ANCHOR_TIMEOUT) -> dict[str, Any] | str:
    """Run one measurement in its own process: the JSON object its last line prints, or
    what went wrong (a crash by a signal, an error, a timeout) as a sentence.

    >>> run_isolated([sys.executable, "-c", "print('{\\"x\\": 1}')"])
    {'x': 1}
    >>> run_isolated([sys.executable, "-c", "import os; os.abort()"])
    'crashed (SIGABRT)'
    """
    try:
        done = subprocess.run(
            list(argv), capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        return f"did not finish within {timeout:.0f} s"
    if done.returncode < 0:
        try:
            name = signal.Signals(-done.returncode).name
        except ValueError:
            name = f"signal {-done.returncode}"
        return f"crashed ({name})"
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        said = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return f"failed (exit {done.returncode}: {said})"
    try:
        result = json.loads(lines[-1])
    except json.JSONDecodeError:
        return f"printed no result ({lines[-1][:80]})"
    if not isinstance(result, dict):
        return f"printed no result ({lines[-1][:80]})"
    return result


def _anchor_argv(name: str, measure: str, quick: bool, seed: int | None = None) -> list[str]:
    argv = [sys.executable, os.path.abspath(__file__), "--anchor", name, "--measure", measure]
    if seed is not None:
        argv += ["--seed", str(seed)]
    return argv + (["--quick"] if quick else [])


def openspiel(name: str, quick: bool, skip: Sequence[str] = ()) -> Row | None:
    """OpenSpiel's ``name``, each measure in its own process (but those in ``skip``,
    taken elsewhere); None without open-spiel."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return None
    row = Row(f"openspiel:{name}")
    for measure in ANCHOR_MEASURES:
        if measure in skip:
            continue
        if measure == "ismcts":
            _ismcts_row(row, name, quick)
            continue
        got = run_isolated(_anchor_argv(name, measure, quick))
        if isinstance(got, str):
            row.findings.append(f"{measure}: {got}")
        else:
            row.figures.update(got)
    return row


def _ismcts_row(row: Row, name: str, quick: bool) -> None:
    """ISMCTS at several midgame positions, each in its own process; medians of those that ran."""
    seeds = ISMCTS_SEEDS[:5] if quick else ISMCTS_SEEDS
    ran: list[dict[str, Any]] = []
    failed: dict[str, list[int]] = {}
    for seed in seeds:
        got = run_isolated(_anchor_argv(name, "ismcts", quick, seed))
        if isinstance(got, str):
            failed.setdefault(got, []).append(seed)
        elif got:  # empty: the game has no information-state resampling in OpenSpiel
            ran.append(got)
    for key in ("ismcts iterations/s (native)", "ismcts rollout steps/s (native)"):
        if ran:
            row.figures[key] = statistics.median(r[key] for r in ran)
    for what, at in failed.items():
        which = f"seed{'s' if len(at) > 1 else ''} {', '.join(map(str, at))}"
        row.findings.append(
            f"ISMCTSBot.step {what} at {len(at)} of {len(seeds)} midgame positions "
            f"({which}: random.Random(seed) play to ply 60)"
        )


def _spiel_random_game(game: Any, rng: random.Random) -> int:
    state = game.new_initial_state()
    while not state.is_terminal():
        interleaved.spiel_step(state, rng)
    return len(state.history())


def _spiel_midgame(game: Any, name: str, seed: int) -> Any:
    """A position in the play of the hand, with a real choice to make (random play to it)."""
    rng = random.Random(seed)
    depth = {"hearts": 60}.get(name, 20)
    state = game.new_initial_state()
    while not state.is_terminal() and (
        state.is_chance_node() or len(state.history()) < depth or len(state.legal_actions()) < 2
    ):
        interleaved.spiel_step(state, rng)
    return state


def anchor_measure(name: str, measure: str, quick: bool, seed: int = 1) -> dict[str, float]:
    """One OpenSpiel measurement (run in a child process by :func:`openspiel`)."""
    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(1)
    figures: dict[str, float] = {}
    if measure == "native":
        mean_length = statistics.mean(
            _spiel_random_game(game, rng) for _ in range(20 if quick else 100)
        )
        games = 100 if quick else 1000
        bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(game.num_players())]

        def native() -> tuple[float, float]:
            start = time.perf_counter()
            for g in range(games):
                pyspiel.evaluate_bots(game.new_initial_state(), bots, g)
            return games * mean_length, time.perf_counter() - start

        window = 0.1 if quick else 0.5
        figures["native actions/s (1 thread)"] = best_of(3, lambda: sustained(native, window))
    elif measure == "python":
        # Every action here, chance included, is an apply_action call made from Python.
        start = time.perf_counter()
        actions = 0
        while time.perf_counter() - start < (1.0 if quick else 3.0):
            actions += _spiel_random_game(game, rng)
        figures[PYTHON_DRIVEN] = actions / (time.perf_counter() - start)
    elif measure == "clone":
        state = _spiel_midgame(game, name, seed)
        figures["clone ns (from python)"] = _per_call(state.clone, 20_000)
        figures["legal_actions ns (from python)"] = _per_call(state.legal_actions, 20_000)
    elif measure == "ismcts":
        state = _spiel_midgame(game, name, seed)
        evaluator = pyspiel.RandomRolloutEvaluator(1, 1)
        sims = 200 if quick else 1000
        policy = pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT
        try:
            bot = pyspiel.ISMCTSBot(1, evaluator, 1.0, sims, -1, policy, False, True)
            start = time.perf_counter()
            bot.step(state)
            seconds = time.perf_counter() - start
        except pyspiel.SpielError:
            return figures  # this game has no information-state resampling in OpenSpiel
        remaining = statistics.mean(_remaining(state, rng) for _ in range(20))
        figures["ismcts iterations/s (native)"] = sims / seconds
        figures["ismcts rollout steps/s (native)"] = sims * remaining / seconds
    else:
        raise SystemExit(f"run.py: no measure {measure!r}; known: {', '.join(ANCHOR_MEASURES)}")
    return figures


def _remaining(state: object, rng: random.Random) -> int:
    s = state.clone()  # type: ignore[attr-defined]
    n = 0
    while not s.is_terminal():
        interleaved.spiel_step(s, rng)
        n += 1
    return n


def fmt(value: float) -> str:
    if value >= 1e6:
        return f"{value / 1e6:.2f}M"
    if value >= 1e4:
        return f"{value / 1e3:.0f}k"
    if value >= 100:
        return f"{value:.0f}"
    return f"{value:.1f}"


def cell(column: str, value: float) -> str:
    return f"{value:.2f}x" if column == NATIVE_RATIO else fmt(value)


def table(rows: list[Row], markdown: bool) -> list[str]:
    """The measures table (and, when a measurement failed, its findings)."""
    columns: list[str] = []
    for row in rows:
        columns += [c for c in row.figures if c not in columns]
    lines: list[str] = []
    failed = [r for r in rows if r.findings]
    if markdown:
        lines.append("| measure | " + " | ".join(r.name for r in rows) + " |")
        lines.append("|---|" + "---:|" * len(rows))
        for c in columns:
            lines.append(
                f"| {c} | "
                + " | ".join(cell(c, r.figures[c]) if c in r.figures else "-" for r in rows)
                + " |"
            )
        if failed:
            # A finding is a comparison point too (docs/reliability.md): it stays in the table.
            lines.append(
                "| findings (isolated runs) | "
                + " | ".join("; ".join(r.findings) if r.findings else "-" for r in rows)
                + " |"
            )
    else:
        width = max([len(c) for c in columns] + [1])
        lines.append(" " * width + "".join(f"{r.name[:22]:>24}" for r in rows))
        for c in columns:
            lines.append(
                f"{c:<{width}}"
                + "".join(f"{cell(c, r.figures[c]) if c in r.figures else '-':>24}" for r in rows)
            )
        if failed:
            lines.append("")
            lines += [f"finding: {r.name}: {f}" for r in failed for f in r.findings]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description="Henchmen benchmark table")
    parser.add_argument("--quick", action="store_true", help="smaller budgets")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument(
        "--games",
        nargs="*",
        help="only these henchmen games; name:option=value,... measures a mode",
    )
    # One isolated OpenSpiel measurement (what the table's own run starts in a child process).
    parser.add_argument("--anchor", help=argparse.SUPPRESS)
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.anchor:
        print(json.dumps(anchor_measure(args.anchor, args.measure, args.quick, args.seed)))
        return
    names = args.games or [g.name for g in henchmen.games()]
    games = [(n, henchmen.Game(parse_spec(n)[0], **parse_spec(n)[1])) for n in names]
    native, failed = interleaved.measure(games, args.quick)
    rows = [ours(n, args.quick, native.get(n)) for n in names]
    hearts_bursts = [h for got in native.values() for h in got.hearts]
    for name in OPENSPIEL_GAMES:
        # Hearts' native figure is its bursts beside ours (all games' rounds), unless they failed.
        interleaved_hearts = name == interleaved.ANCHOR and bool(hearts_bursts)
        row = openspiel(name, args.quick, skip=("native",) if interleaved_hearts else ())
        if row is None:
            continue
        if interleaved_hearts:
            row.figures = {NATIVE: statistics.median(hearts_bursts), **row.figures}
        if name == interleaved.ANCHOR and failed:
            row.findings.append(failed)
        rows.append(row)
    print(
        f"# {time.strftime('%Y-%m-%d %H:%M')} on {platform.machine()}, {os.cpu_count()} cores, "
        f"{platform.python_implementation()} {platform.python_version()}"
    )
    if args.markdown:
        print("\n".join(targets(rows)))
        print()
    print("\n".join(table(rows, args.markdown)))


if __name__ == "__main__":
    main()
