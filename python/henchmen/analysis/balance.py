"""A game's balance table: self-play on the tournament machinery, read per seat and per group.

One bot plays every seat (``ismcts:iterations=100`` unless told), so what
differs between seats and groups is the game, not the players.  The table
has each seat's score (a win 1, a best return shared by k seats 1/k; the
team win rate in a cooperative game), then each group of the game's card
table (:mod:`~henchmen.analysis.groups`: crew, hero, power, genius, deck)
read from the events through :func:`~henchmen.analysis.stats.regroup`, then
the first-to-X curves of the game's measures; every rate with a 95% Wilson
interval, as a markdown table for the game's rules page.

Where a game's setup is chosen by options rather than dealt (Villainy's
decks), the study sweeps it: one tournament per setup (every ordered choice
of decks), each in its own results file of the study's folder, pooled for
the table.  Every file resumes like a tournament's: the same command run
again plays only the games that are missing.

>>> [t.options["deck_2"] for t in study("villainy", "greedy", games=6)][:2]
['Mallory Maleficarum', 'Dr. Oblongata']
>>> len(study("super", "greedy", games=6, options={"players": 4}))
1
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from henchmen.analysis.groups import groupings
from henchmen.analysis.plan import Tournament
from henchmen.analysis.play import GameRecord
from henchmen.analysis.progress import Curve, curves
from henchmen.analysis.stats import Rate, contributions, regroup, seat_advantage, turn_order

#: The bot of a balance study unless told: the strength the rules pages' tables use.
DEFAULT_BOT = "ismcts:iterations=100"

#: A row is far out of line when its whole 95% interval lies more than this share of its
#: reference away from the reference: the fair share for a seat or a place in the turn order;
#: for a group, the groups' pooled score (the player who holds the most of anything tends to
#: be the one ahead, so crews run above the fair share together). The rules pages' "no deck,
#: crew, power or seat far out of line" is this test.
TOLERANCE = 0.10


def out_of_line(rows: Sequence[Rate], reference: float, tolerance: float = TOLERANCE) -> list[Rate]:
    """The rows whose 95% interval lies wholly outside ``reference`` +- ``tolerance`` of it.

    >>> rows = [Rate("Quake", 0, 76), Rate("Inferno", 13, 85), Rate("Renewal", 22, 83)]
    >>> [r.label for r in out_of_line(rows, 0.1)]
    ['Quake', 'Renewal']
    """
    low, high = reference * (1 - tolerance), reference * (1 + tolerance)
    return [r for r in rows if r.games and (r.interval[1] < low or r.interval[0] > high)]


Row = tuple[str, Rate, float | None]  # a table row: name, rate, the rate without it (or None)


def _verdict(rows: Sequence[Row], reference: float, of: str) -> list[str]:
    """The line under a table that names its rows far out of line (or says none is)."""
    far = {id(r) for r in out_of_line([r for _, r, _ in rows], reference)}
    named = ", ".join(f"{name} {r.rate:.3f}" for name, r, _ in rows if id(r) in far) or "none"
    low, high = reference * (1 - TOLERANCE), reference * (1 + TOLERANCE)
    return [
        "",
        f"Far out of line (interval wholly outside {low:.3f}-{high:.3f}, {of} "
        f"{reference:.3f} +-{TOLERANCE:.0%}): {named}.",
    ]


def setups(game: str, options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The option sets a study of ``game`` sweeps (one empty set: nothing to sweep).

    Villainy's decks are options (``deck_1``, ``deck_2``, ...), never dealt,
    so every ordered choice of distinct decks is a setup, unless the options
    already choose a deck.

    >>> len(setups("villainy", {})), setups("villainy", {"deck_1": "Dr. Oblongata"})
    (6, [{}])
    """
    if game != "villainy" or any(k.startswith("deck_") for k in options):
        return [{}]
    from henchmen.game import Game

    g = Game(game, **options)
    decks = [d["name"] for d in g.card_table()["decks"]]
    if g.num_players > len(decks):
        return [{}]
    return [
        {f"deck_{s + 1}": d for s, d in enumerate(choice)}
        for choice in itertools.permutations(decks, g.num_players)
    ]


def study(
    game: str,
    bot: str = DEFAULT_BOT,
    games: int = 200,
    seed: int = 1,
    options: Mapping[str, Any] | None = None,
) -> list[Tournament]:
    """The tournaments of a study: ``bot`` in every seat, ``games`` per setup.

    >>> [t.bots for t in study("parry", "greedy", games=4)]
    [('greedy',)]
    """
    base = dict(options or {})
    return [
        Tournament(game, (bot,), games_per_table=games, seed=seed, options={**base, **extra})
        for extra in setups(game, base)
    ]


def results_files(folder: str | os.PathLike[str], tournaments: Sequence[Tournament]) -> list[Path]:
    """Where each tournament of a study keeps its games.

    >>> [p.name for p in results_files("b", study("villainy", "greedy", games=2))][:2]
    ['setup-1.jsonl', 'setup-2.jsonl']
    >>> [p.name for p in results_files("b", study("parry", "greedy", games=2))]
    ['games.jsonl']
    """
    if len(tournaments) == 1:
        return [Path(folder) / "games.jsonl"]
    return [Path(folder) / f"setup-{i + 1}.jsonl" for i in range(len(tournaments))]


def balance_table(
    tournaments: Sequence[Tournament], records: Sequence[GameRecord], min_games: int = 1
) -> str:
    """The study's table as markdown: seats, then each group, then the first-to-X curves.

    >>> from henchmen.analysis.plan import Tournament
    >>> t = Tournament("super", ("greedy",), games_per_table=2)
    >>> def game(returns, powers):
    ...     return GameRecord(0, 0, 0, (0, 0), returns, 90, False,
    ...                       tuple({f"power {p}": 1} for p in powers), {})
    >>> rows = [game((1.0, -1.0), ("Inferno", "Quake")), game((1.0, -1.0), ("Quake", "Inferno"))]
    >>> print(balance_table([t], rows))  # doctest: +NORMALIZE_WHITESPACE
    Super!: 2 games, greedy in every seat, 2 players, seed 1; 90 actions a game (median)
    <BLANKLINE>
    | who | games | score | 95% Wilson interval |
    |---|---:|---:|---|
    | seat 1 | 2 | 1.000 | [0.342, 1.000] |
    | seat 2 | 2 | 0.000 | [0.000, 0.658] |
    <BLANKLINE>
    Far out of line (interval wholly outside 0.450-0.550, the fair share 0.500 +-10%): none.
    <BLANKLINE>
    Each power: the score of the player who had the most of it, a fair share 0.500.
    <BLANKLINE>
    | power | games | score | 95% Wilson interval |
    |---|---:|---:|---|
    | Inferno | 2 | 0.500 | [0.095, 0.905] |
    | Quake | 2 | 0.500 | [0.095, 0.905] |
    <BLANKLINE>
    Far out of line (interval wholly outside 0.450-0.550, pooled score 0.500 +-10%): none.
    """
    first = tournaments[0]
    game = first.make_game()
    cooperative = not game.info.zero_sum
    finished = [r for r in records if not r.truncated]
    ordered = sorted(r.length for r in records)
    median = ordered[len(ordered) // 2] if ordered else 0
    setups_note = f", {len(tournaments)} setups" if len(tournaments) > 1 else ""
    # A table from a card_data table of one's own must not pass for the built-in cards'.
    own_cards = "; its own card_data table" if first.options.get("card_data") else ""
    lines = [
        f"{game.info.title}: {len(records)} games, {first.bots[0]} in every seat, "
        f"{game.num_players} players{setups_note}, seed {first.seed}{own_cards}; "
        f"{median} actions a game (median)"
        + (f"; {len(records) - len(finished)} hit the length limit"
           if len(finished) < len(records) else ""),
        "",
    ]  # fmt: skip
    fair = 1.0 / game.num_players
    seats = [(r.label, r, None) for r in seat_advantage(records, cooperative)]
    lines += _table("who", seats, cooperative)
    if not cooperative:
        lines += _verdict(seats, fair, "the fair share")
    order = [] if cooperative else turn_order(records)
    place_rows = [(r.label, r, None) for r in order]
    if order:
        lines += [
            "",
            "By turn order (the first player drawn by chance): the score of the player who "
            "decided first, second, ...",
            "",
            *_table("place", place_rows, cooperative),
            *_verdict(place_rows, fair, "the fair share"),
        ]
    for name, group in groupings(game).items():
        found = contributions(regroup(records, group), cooperative, min_games)
        if not found:
            continue
        if cooperative:
            note = (
                f"Each {name}: the team win rate of the games it was in, beside the games "
                "it was not."
            )
        else:
            note = (
                f"Each {name}: the score of the player who had the most of it, a fair "
                f"share {fair:.3f}."
            )
        rows = [
            (c.feature[len(name) + 1 :], Rate(c.feature, c.successes, c.games),
             c.baseline if cooperative else None)
            for c in sorted(found, key=lambda c: c.feature)
        ]  # fmt: skip
        lines += ["", note, "", *_table(name, rows, cooperative)]
        if not cooperative:
            pooled = sum(c.successes for c in found) / sum(c.games for c in found)
            lines += _verdict(rows, pooled, "pooled score")
    # A curve's X needs a tenth of the games: past that the rows are noise.
    support = max(min_games, len(records) // 10)
    for curve in curves(records, first.game, first.measures or (), cooperative, support):
        if curve.points:
            lines += ["", *_curve_table(curve)]
    return "\n".join(lines)


def _table(
    what: str, rows: Sequence[tuple[str, Rate, float | None]], cooperative: bool
) -> list[str]:
    """Rows of (name, rate, the rate without it or None) as a markdown table."""
    beside = any(w is not None for _, _, w in rows)
    lines = [
        f"| {what} | games | {'team win rate' if cooperative else 'score'} | 95% Wilson interval |"
        + (" without it |" if beside else ""),
        "|---|---:|---:|---|" + ("---:|" if beside else ""),
    ]
    for name, r, without in rows:
        lo, hi = r.interval
        lines.append(
            f"| {name} | {r.games} | {r.rate:.3f} | [{lo:.3f}, {hi:.3f}] |"
            + ("" if without is None else f" {without:.3f} |")
        )
    return lines


def _curve_table(c: Curve) -> list[str]:
    if c.cooperative:
        lines = [
            f"Team to X {c.label}: the team win rate of the games that reached X by the median "
            "step of reaching it, and of those that reached it later.",
            "",
            "| X | median step | games by then | team win rate | 95% Wilson interval "
            "| games after | team win rate | 95% Wilson interval |",
            "|---:|---:|---:|---:|---|---:|---:|---|",
        ]
        for p in c.points:
            assert p.late is not None
            (lo, hi), (llo, lhi) = p.rate.interval, p.late.interval
            lines.append(
                f"| {p.x} | {p.split} | {p.rate.games} | {p.rate.rate:.3f} | [{lo:.3f}, {hi:.3f}] "
                f"| {p.late.games} | {p.late.rate:.3f} | [{llo:.3f}, {lhi:.3f}] |"
            )
        return lines
    lines = [
        f"First to X {c.label}: the score of the seat that got there first, a fair share "
        f"{c.baseline:.3f}.",
        "",
        "| X | games | score | 95% Wilson interval | median step |",
        "|---:|---:|---:|---|---:|",
    ]
    for p in c.points:
        lo, hi = p.rate.interval
        lines.append(
            f"| {p.x} | {p.rate.games} | {p.rate.rate:.3f} | [{lo:.3f}, {hi:.3f}] | {p.split} |"
        )
    return lines


__all__ = [
    "DEFAULT_BOT",
    "TOLERANCE",
    "balance_table",
    "out_of_line",
    "results_files",
    "setups",
    "study",
]
