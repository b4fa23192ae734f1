"""What the command line prints with ``--json``: one JSON document a command, keys stable.

Every document is one object on one line of standard output, its first key
``"command"`` naming the command that wrote it; docs/cli.md lists the keys.
A key that does not apply is left out (never null), as on the protocol.
Rates come with their 95% Wilson interval as ``[low, high]``.  The text
stays ASCII (``\\uXXXX`` escapes), so no name in a stranger's replay can
reach the terminal as a control sequence.

>>> import io
>>> out = io.StringIO()
>>> write_json(out, {"command": "games", "games": []})
>>> out.getvalue()
'{"command": "games", "games": []}\\n'
"""

from __future__ import annotations

import argparse
import io
import json
from collections.abc import Callable, Sequence
from typing import Any

from henchmen._cli_args import int_arg
from henchmen.analysis.balance import out_of_line
from henchmen.analysis.groups import groupings
from henchmen.analysis.plan import Tournament
from henchmen.analysis.play import GameRecord
from henchmen.analysis.progress import Curve, curves
from henchmen.analysis.stats import (
    Contribution,
    Rate,
    contributions,
    regroup,
    seat_advantage,
    turn_order,
)
from henchmen.analysis.store import load_results
from henchmen.analysis.summary import Summary, summarize
from henchmen.errors import OptionError
from henchmen.game import GameInfo
from henchmen.matches import MatchResults
from henchmen.printable import TextOut
from henchmen.replay import Replay

Json = dict[str, Any]


def add_json_flag(cmd: argparse.ArgumentParser, what: str) -> None:
    """Give ``cmd`` the ``--json`` switch; ``what`` says what the document holds."""
    cmd.add_argument(
        "--json",
        action="store_true",
        help=f"print {what} as one JSON document instead of text (keys: docs/cli.md)",
    )


def write_json(out: TextOut, doc: Json) -> None:
    """``doc`` as one line of ASCII JSON."""
    out.write(json.dumps(doc, ensure_ascii=True, allow_nan=False) + "\n")


def _rate(r: Rate | Contribution, **more: Any) -> Json:
    lo, hi = r.interval
    return {**more, "games": r.games, "rate": r.rate, "interval": [lo, hi]}


def games_json(infos: Sequence[GameInfo]) -> Json:
    """``henchmen games --json``: every game as the protocol's ``list_games`` lists it."""
    from henchmen.serve.protocol import game_entry  # the server only when asked for this

    return {"command": "games", "games": [game_entry(g) for g in infos]}


def simulate_json(results: MatchResults, title: str, seed: int) -> Json:
    """``henchmen simulate --json``: a row per bot (bot order, not seats), as the table."""
    bots = []
    for i, (label, spec) in enumerate(zip(results.labels(), results.bots, strict=True)):
        s = results.score(i)
        lo, hi = s.interval
        bots.append({
            "label": label, "spec": str(spec), "games": s.games, "wins": s.wins,
            "draws": s.draws, "losses": s.losses, "win_rate": s.win_rate,
            "interval": [lo, hi], "mean_return": s.mean_return,
        })  # fmt: skip
    doc: Json = {
        "command": "simulate",
        "game": results.game,
        "title": title,
        "seed": seed,
        "games": results.games,
        "cooperative": results.cooperative,
        "native": results.native,
        "seconds": results.seconds,
        "mean_length": sum(results.lengths) / max(len(results.lengths), 1),
        "truncated": results.truncated,
        "bots": bots,
    }
    measure = results.measure()
    if measure is not None:
        doc["measure"] = {
            "name": measure.name,
            "reached": measure.reached,
            "missed": measure.missed,
            **({} if measure.mean is None else {"mean": measure.mean}),
            **({} if measure.interval is None else {"interval": list(measure.interval)}),
        }
    return doc


def replay_json(replay: Replay, result: str) -> Json:
    """What ``replay --check --json`` and ``play --json`` tell of a game: its setup,
    players and result (``result`` is the line the text prints)."""
    doc: Json = {
        "game": replay.game,
        "options": {k: v for k, v in replay.options.items() if k != "card_data"},
        "players": [{"name": p.name, **({"bot": p.bot} if p.bot else {})} for p in replay.players],
        "steps": len(replay.steps),
        "terminal": replay.terminal,
        "abandoned": replay.abandoned,
        "result": result,
    }
    if replay.terminal:
        doc["returns"] = list(replay.returns)
    if replay.seed is not None:
        doc["seed"] = replay.seed
    if replay.renumbered:
        doc["note"] = replay.renumbered
    return doc


def _curve(c: Curve) -> Json:
    points = []
    for p in c.points:
        point = {"x": p.x, "median_step": p.split, **_rate(p.rate)}
        if p.late is not None:
            point["after"] = _rate(p.late)
        points.append(point)
    return {
        "measure": c.measure, "label": c.label, "games": c.games,
        "baseline": c.baseline, "points": points,
    }  # fmt: skip


def _contribution(c: Contribution) -> Json:
    return _rate(c, feature=c.feature, baseline=c.baseline)


def report_json(s: Summary) -> Json:
    """``henchmen report --json`` (and ``tournament --json``): the whole summary."""
    t = s.tournament
    ordered = sorted(s.lengths)
    doc: Json = {
        "command": "report",
        "game": t.game,
        "title": s.title,
        "seed": t.seed,
        "bots": s.labels,
        "games": s.games,
        "expected": s.expected,
        "cooperative": s.cooperative,
        "truncated": s.truncated,
        "ratings": [
            {"label": r.label, "rating": r.rating, "interval": [r.low, r.high], "games": r.games}
            for r in s.ratings
        ],
        "seats": [_rate(r, label=r.label) for r in s.seats],
        "head_to_head": [
            _rate(r, bot=s.labels[i], opponent=s.labels[j])
            for i, row in enumerate(s.head_to_head)
            for j, r in enumerate(row)
            if r is not None
        ],
        "contributions": [_contribution(c) for c in s.contributions],
        "curves": [_curve(c) for c in s.curves],
    }
    if ordered:
        doc["length"] = {
            "mean": sum(ordered) / len(ordered),
            "median": ordered[len(ordered) // 2],
            "min": ordered[0],
            "max": ordered[-1],
        }
    return doc


def report_command(
    args: argparse.Namespace,
    out: TextOut,
    text_command: Callable[[argparse.Namespace, TextOut], int],
) -> int:
    """``henchmen report FILE --json``.

    ``text_command`` is the text report's command: with ``--html`` it writes
    the page (its text goes nowhere), so the page and its errors are the same
    with ``--json`` or without.
    """
    # One path; a list where several files make one pool (their document is not this one).
    paths = args.results if isinstance(args.results, list) else [args.results]
    if len(paths) != 1:
        raise OptionError(f"report --json reads one results file, got {len(paths)}")
    min_games = int_arg(args.min_games, "--min-games", 0, 10**9)
    if args.html:
        text_command(args, io.StringIO())
    loaded = load_results(paths[0])
    summary = summarize(loaded.tournament, loaded.records, min_games)
    doc = {**report_json(summary), "repeated_lines": loaded.repeats}
    write_json(out, {**doc, **({"html": args.html} if args.html else {})})
    return 0


def _table(rows: Sequence[tuple[str, Rate]], reference: float | None) -> list[Json]:
    """Rows of a balance table; ``far`` marks those out of line (when a reference applies)."""
    if reference is None:
        return [_rate(r, label=name) for name, r in rows]
    far = {id(r) for r in out_of_line([r for _, r in rows], reference)}
    return [_rate(r, label=name, far=id(r) in far) for name, r in rows]


def balance_json(
    tournaments: Sequence[Tournament], records: Sequence[GameRecord], min_games: int
) -> Json:
    """``henchmen balance --json``: what the markdown table shows, row by row.

    Read with the same functions and thresholds as
    :func:`~henchmen.analysis.balance.balance_table`: ``far`` is its "far out
    of line" verdict (competitive games only).
    """
    first = tournaments[0]
    game = first.make_game()
    cooperative = not game.info.zero_sum
    fair = None if cooperative else 1.0 / game.num_players
    seats = [(r.label, r) for r in seat_advantage(records, cooperative)]
    order = [] if cooperative else [(r.label, r) for r in turn_order(records)]
    groups = {}
    for name, group in groupings(game).items():
        found = sorted(
            contributions(regroup(records, group), cooperative, min_games), key=lambda c: c.feature
        )
        if not found:
            continue
        pooled = sum(c.successes for c in found) / sum(c.games for c in found)
        rows = [(c.feature[len(name) + 1 :], Rate(c.feature, c.successes, c.games)) for c in found]
        groups[name] = _table(rows, None if cooperative else pooled)
        if cooperative:  # beside each, the team win rate of the games without it
            for row, c in zip(groups[name], found, strict=True):
                row["without"] = c.baseline
    support = max(min_games, len(records) // 10)
    found_curves = curves(records, first.game, first.measures or (), cooperative, support)
    ordered = sorted(r.length for r in records)
    return {
        "command": "balance",
        "game": first.game,
        "title": game.info.title,
        "bot": first.bots[0],
        "players": game.num_players,
        "seed": first.seed,
        # A card table of one's own is named, not copied: it can run to megabytes.
        "setups": [{k: v for k, v in t.options.items() if k != "card_data"} for t in tournaments],
        "own_cards": bool(first.options.get("card_data")),
        "games": len(records),
        "truncated": sum(r.truncated for r in records),
        "median_length": ordered[len(ordered) // 2] if ordered else 0,
        "cooperative": cooperative,
        "seats": _table(seats, fair),
        "turn_order": _table(order, fair),
        "groups": groups,
        "curves": [_curve(c) for c in found_curves if c.points],
    }


__all__ = [
    "add_json_flag",
    "balance_json",
    "games_json",
    "replay_json",
    "report_command",
    "report_json",
    "simulate_json",
    "write_json",
]
