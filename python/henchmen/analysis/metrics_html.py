"""The game metrics' part of the HTML report: branching, leads, decisiveness, usage.

Each plot has a colour of its own (:data:`COLOURS`), as the report's other
plots do, so the screenshot test can find it; usage is an HTML table (a
designer reads names and numbers there, not bar lengths).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from henchmen.analysis.metrics import BINS, USAGE_KINDS, Metrics, Usage, quantiles

#: The colour of each metrics plot (the screenshot test looks for these).
COLOURS = {
    "branching": "#bcbd22",
    "decisive": "#e377c2",
    "lead-changes": "#7f7f7f",
}

#: A section: (id, heading, body HTML, note).
Section = tuple[str, str, str, str]


def _branching(plt: Any, m: Metrics, svg: Callable[[Any], str]) -> str:
    b = m.branching
    assert b is not None
    fig, ax = plt.subplots(figsize=(7, 3))
    points = [(k, v) for k, v in enumerate(b.profile) if v is not None]
    ax.plot(
        [(k + 0.5) / BINS for k, _ in points],
        [v for _, v in points],
        "-o",
        color=COLOURS["branching"],
        linewidth=3,
        markersize=8,
    )
    ax.axhline(b.mean, color="black", linestyle="--", linewidth=1, label=f"mean {b.mean:.1f}")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1.15 * max(v for _, v in points))
    ax.set_xlabel("how far through the game (its decisions)")
    ax.set_ylabel("legal actions per decision")
    ax.legend(fontsize=8, loc="best")
    out = svg(fig)
    plt.close(fig)
    return out


def _histogram(
    plt: Any, values: list[float], bins: Any, colour: str, xlabel: str, svg: Callable[[Any], str],
    whole: bool = False,
) -> str:  # fmt: skip
    fig, ax = plt.subplots(figsize=(7, 2.8))
    ax.hist(values, bins=bins, color=colour, edgecolor="white")
    if whole:
        ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    out = svg(fig)
    plt.close(fig)
    return out


def _usage_table(usages: Sequence[Usage], cooperative: bool) -> str:
    result = "team win rate where they did" if cooperative else "score of who did it"
    rows = [
        "<table><thead><tr><th>feature</th><th>share of games</th><th>times a game</th>"
        f"<th>by bot (share of its games)</th><th>{result}</th></tr></thead><tbody>"
    ]
    for u in usages:
        lo, hi = u.result.interval
        bots = ", ".join(f"{html.escape(name)} {k / n:.0%}" for name, k, n in u.by_bot)
        high = lo > u.baseline or hi < u.baseline
        rows.append(
            f"<tr><td>{html.escape(u.feature)}</td><td>{u.share:.0%}</td>"
            f"<td>{u.per_game:.1f}</td><td>{bots}</td>"
            f"<td{' class=out' if high else ''}>{u.result.rate:.1%} "
            f"[{lo:.1%}, {hi:.1%}]</td></tr>"
        )
    rows.append("</tbody></table>")
    return "".join(rows)


def metrics_sections(plt: Any, m: Metrics, svg: Callable[[Any], str], top: int) -> list[Section]:
    """The report's metrics sections, in order (only those the records can give).

    >>> from henchmen.analysis.metrics import game_metrics
    >>> metrics_sections(None, game_metrics([], "parry", [], False), str, 10)
    []
    """
    out: list[Section] = []
    b = m.branching
    if b is not None:
        out.append((
            "branching",
            "Branching factor",
            _branching(plt, m, svg),
            f"Legal actions per decision by tenth of the game, over {b.decisions} decisions of "
            f"{b.games} games (chance left out): mean {b.mean:.1f}; {b.forced:.0%} of decisions "
            f"were forced (one legal action); mean {b.unforced:.1f} when not forced.",
        ))  # fmt: skip
    le = m.leads
    if le is not None and le.games:
        if le.decided:
            q = quantiles(le.decided)
            out.append((
                "decisive",
                "Decisiveness",
                _histogram(plt, list(le.decided), [k / 20 for k in range(21)],
                           COLOURS["decisive"], "winner leads for good from here (share of "
                           "the game's actions)", svg),
                f"When the eventual winner took the lead on {le.label} for good (the leader: "
                f"strictly the most). Median {q[1]:.0%} of the game; {le.from_behind} of "
                f"{len(le.decided) + le.from_behind} won games were won from level or behind "
                "on it (not counted here).",
            ))  # fmt: skip
        most = max(le.changes)
        out.append((
            "lead-changes",
            "Lead changes",
            _histogram(plt, list(le.changes), [k - 0.5 for k in range(most + 2)],
                       COLOURS["lead-changes"], f"lead changes on {le.label} in a game", svg,
                       whole=True),
            f"How often the strict leader on {le.label} changed in a game ({le.games} games; "
            f"a tie between leaders does not end a lead): mean "
            f"{sum(le.changes) / le.games:.2f}.",
        ))  # fmt: skip
    if m.first_player is not None:
        fp = m.first_player
        lo, hi = fp.interval
        out.append((
            "first-player",
            "First player",
            "",
            f"The seat that decided first scored {fp.rate:.1%} [{lo:.1%}, {hi:.1%}] of {fp.games} "
            f"games (a win 1, a shared best 1/k; fair share {1 / m.players:.1%}).",
        ))  # fmt: skip
    tables = [(f"by {name}", rows) for name, rows in m.groups if rows]
    cards = m.cards()
    if cards:
        shown = cards if len(cards) <= 2 * top else cards[:top] + cards[-top:]
        tables.append((f"by card ({', '.join(USAGE_KINDS)}; most and least of {len(cards)})",
                       shown))  # fmt: skip
    if tables:
        note = (
            "What players did, from the events: the share of games it happened in, how "
            "often in those games, the share of each bot's games in which it did it, and the "
            + (
                "team win rate of the players who did, 95% Wilson interval, against the team "
                f"win rate of every game, {tables[0][1][0].baseline:.0%}"
                if m.cooperative
                else "score (a win 1, a shared best 1/k) of the players who did, 95% Wilson "
                f"interval, against the fair share {tables[0][1][0].baseline:.0%}"
            )
            + " (bold: the interval misses it)."
        )
        body = "".join(
            f"<h3>{html.escape(heading)}</h3>{_usage_table(rows[: 2 * top], m.cooperative)}"
            for heading, rows in tables
        )
        out.append(("usage", "Usage", body, note))
    return out


__all__ = ["COLOURS", "metrics_sections"]
