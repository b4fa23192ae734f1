"""The HTML report: one self-contained file (plots as inline SVG, no scripts, no links out).

Plots, each in a colour of its own (the screenshot test finds every plot
by its colour): rating intervals, the head-to-head heat map, the game-length
histogram, feature contributions, first-to-X curves and seat advantage.  Needs matplotlib
(the ``henchmen[analysis]`` extra).
"""

from __future__ import annotations

import html
import io
import math
import re
from typing import Any

from henchmen.analysis.metrics_html import metrics_sections
from henchmen.analysis.progress import Curve
from henchmen.analysis.stats import Rate
from henchmen.analysis.summary import Summary, text_report
from henchmen.errors import OptionError

#: The colour each plot is drawn in: the screenshot test looks for these.
COLOURS = {
    "ratings": "#d62728",
    "lengths": "#2ca02c",
    "contributions": "#9467bd",
    "seats": "#ff7f0e",
    "curves": "#17becf",
}
#: A cooperative curve's second line (the games that got there late).
LATE = "#8c564b"
#: The heat map's colour map, and the colour of its strongest cell.
HEAT_MAP = "Blues"


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise OptionError(
            "the HTML report needs matplotlib: pip install 'henchmen[analysis]'"
        ) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # The same results give the same page: ids inside the SVGs do not vary by run.
    plt.rcParams["svg.hashsalt"] = "henchmen"

    return plt


def _svg(fig: Any) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buf.getvalue()
    # The creator metadata only says which matplotlib drew it.
    return re.sub(r"<metadata>.*?</metadata>", "", text[text.index("<svg") :], flags=re.S)


def _error_bars(values: list[float], bounds: list[tuple[float, float]]) -> list[list[float]]:
    """Matplotlib's error bars (below, above) of each value, never negative.

    A bound a hair on the wrong side of its value (rounding at a rate of 0 or
    1) would make matplotlib refuse the whole plot.

    >>> _error_bars([1.0, 0.5], [(0.6, 0.9999999999999999), (0.25, 0.75)])
    [[0.4, 0.25], [0.0, 0.25]]
    """
    return [
        [max(0.0, v - lo) for v, (lo, _) in zip(values, bounds, strict=True)],
        [max(0.0, hi - v) for v, (_, hi) in zip(values, bounds, strict=True)],
    ]


def _ratings(plt: Any, s: Summary) -> str:
    order = sorted(s.ratings, key=lambda r: r.rating)
    fig, ax = plt.subplots(figsize=(7, 0.5 * len(order) + 1.2))
    ys = list(range(len(order)))
    ax.errorbar(
        [r.rating for r in order],
        ys,
        xerr=_error_bars(
            [r.rating for r in order],
            [
                (r.low, r.high)
                if math.isfinite(r.low) and math.isfinite(r.high)
                else (r.rating,) * 2
                for r in order
            ],
        ),
        fmt="s",
        color=COLOURS["ratings"],
        ecolor=COLOURS["ratings"],
        elinewidth=6,
        markersize=12,
        capsize=0,
    )
    ax.set_yticks(ys, [r.label for r in order])
    ax.axvline(0, color="#888888", linewidth=0.8)
    ax.set_xlabel("rating, Elo scale (field mean 0), 95% interval")
    out = _svg(fig)
    plt.close(fig)
    return out


def _heat_map(plt: Any, s: Summary) -> str:
    k = len(s.labels)
    fig, ax = plt.subplots(figsize=(1.2 * k + 3, 1.0 * k + 1.5))
    values = [[math.nan if c is None else c.rate for c in row] for row in s.head_to_head]
    image = ax.imshow(values, cmap=HEAT_MAP, vmin=0.0, vmax=1.0)
    for a in range(k):
        for b in range(k):
            cell = s.head_to_head[a][b]
            if cell is not None:
                ax.text(
                    b,
                    a,
                    f"{cell.rate:.0%}\nn={cell.games}",
                    ha="center",
                    va="center",
                    color="white" if cell.rate > 0.6 else "black",
                    fontsize=8,
                )
    ax.set_xticks(range(k), s.labels, rotation=30, ha="right")
    ax.set_yticks(range(k), s.labels)
    ax.set_xlabel("against")
    fig.colorbar(image, ax=ax, label="team win rate together" if s.cooperative else "score")
    out = _svg(fig)
    plt.close(fig)
    return out


def _lengths(plt: Any, s: Summary) -> str:
    fig, ax = plt.subplots(figsize=(7, 3))
    ax.hist(s.lengths, bins=min(40, max(5, len(set(s.lengths)))), color=COLOURS["lengths"])
    ax.set_xlabel("actions per game (decisions and chance)")
    ax.set_ylabel("games")
    out = _svg(fig)
    plt.close(fig)
    return out


def _contributions(plt: Any, s: Summary, top: int) -> str:
    shown = s.contributions
    if len(shown) > 2 * top:
        shown = shown[:top] + shown[-top:]
    shown = list(reversed(shown))
    fig, ax = plt.subplots(figsize=(8, 0.3 * len(shown) + 1.2))
    ys = list(range(len(shown)))
    ax.barh(ys, [c.rate for c in shown], color=COLOURS["contributions"], height=0.7)
    ax.errorbar(
        [c.rate for c in shown],
        ys,
        xerr=_error_bars([c.rate for c in shown], [c.interval for c in shown]),
        fmt="none",
        ecolor="black",
        elinewidth=1,
    )
    ax.scatter([c.baseline for c in shown], ys, marker="|", color="black", s=120, zorder=3)
    ax.set_yticks(ys, [c.feature for c in shown], fontsize=7)
    ax.set_xlim(0, 1)
    ax.set_xlabel(
        "team win rate where it occurred (| where it did not)"
        if s.cooperative
        else "score of the player with the most of it (| fair share)"
    )
    out = _svg(fig)
    plt.close(fig)
    return out


def _seats(plt: Any, s: Summary) -> str:
    fig, ax = plt.subplots(figsize=(6, 3))
    xs = list(range(len(s.seats)))
    ax.bar(xs, [r.rate for r in s.seats], color=COLOURS["seats"], width=0.6)
    ax.errorbar(
        xs,
        [r.rate for r in s.seats],
        yerr=_error_bars([r.rate for r in s.seats], [r.interval for r in s.seats]),
        fmt="none",
        ecolor="black",
        capsize=6,
    )
    if not s.cooperative and s.seats:
        ax.axhline(1.0 / len(s.seats), color="black", linestyle="--", linewidth=1)
    ax.set_xticks(xs, [r.label for r in s.seats])
    ax.set_ylim(0, 1)
    ax.set_ylabel("team win rate" if s.cooperative else "win rate (-- fair share)")
    out = _svg(fig)
    plt.close(fig)
    return out


def _curve(plt: Any, c: Curve) -> str:
    fig, ax = plt.subplots(figsize=(7, 3.2))
    xs = [p.x for p in c.points]

    def line(points: list[tuple[int, Rate]], colour: str, name: str, shift: float) -> None:
        rates = [r for _, r in points]
        ax.errorbar(
            [x + shift for x, _ in points],
            [r.rate for r in rates],
            yerr=_error_bars([r.rate for r in rates], [r.interval for r in rates]),
            fmt="-o",
            color=colour,
            ecolor=colour,
            elinewidth=4,
            linewidth=3,
            markersize=8,
            capsize=0,
            label=name,
        )

    if c.cooperative:
        line(
            [(p.x, p.rate) for p in c.points],
            COLOURS["curves"],
            "reached by the median step",
            -0.06,
        )
        late = [(p.x, p.late) for p in c.points if p.late is not None and p.late.games]
        line(late, LATE, "reached after it", 0.06)
        ax.axhline(c.baseline, color="black", linestyle="--", linewidth=1, label="team win rate")
        ax.set_ylabel("team win rate")
        ax.set_xlabel(f"X: team total of {c.label}")
    else:
        line([(p.x, p.rate) for p in c.points], COLOURS["curves"], "first to X", 0.0)
        ax.axhline(c.baseline, color="black", linestyle="--", linewidth=1, label="fair share")
        ax.set_ylabel("score of the first to X")
        ax.set_xlabel(f"X: {c.label}")
    ax.set_xticks(xs)
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8, loc="best")
    out = _svg(fig)
    plt.close(fig)
    return out


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 2em; }
section svg { max-width: 100%; height: auto; }
pre { background: #f6f6f6; padding: 1em; overflow-x: auto; font-size: 0.85em; }
p.note { color: #555; }
h3 { font-size: 1em; }
table { border-collapse: collapse; font-size: 0.85em; }
th, td { text-align: left; padding: 0.2em 0.6em; border-bottom: 1px solid #ddd; }
td.out { font-weight: bold; }
"""


def html_report(s: Summary, top: int = 15) -> str:
    """The report as one HTML document (a str), plots inline.

    >>> from henchmen.analysis.plan import Tournament
    >>> from henchmen.analysis.summary import summarize
    >>> page = html_report(summarize(Tournament("parry", ("random", "greedy")), []))
    >>> page.startswith("<!DOCTYPE html>") and "<script" not in page
    True
    """
    plt = _pyplot()
    t = s.tournament
    title = f"{s.title}: {', '.join(s.labels)}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f'<p class="note">{s.games} of {s.expected} games ({len(t.tables)} tables, '
        f"{t.games_per_table} games each, seats rotated), seed {t.seed}"
        f"{', gauntlet' if t.gauntlet else ', round robin'}"
        f"{'; ' + str(s.truncated) + ' games hit the length limit' if s.truncated else ''}.</p>",
    ]

    def section(key: str, heading: str, body: str, note: str) -> None:
        parts.append(
            f'<section id="{key}"><h2>{html.escape(heading)}</h2>'
            f'<p class="note">{html.escape(note)}</p>{body}</section>'
        )

    if s.games:
        section(
            "ratings",
            "Ratings",
            _ratings(plt, s),
            "Maximum-likelihood ratings with 95% intervals on the Elo scale "
            + (
                "(what each bot adds to the team's log-odds of winning)."
                if s.cooperative
                else "(Bradley-Terry over every pair at every table)."
            ),
        )
        section(
            "head-to-head",
            "Head to head",
            _heat_map(plt, s),
            "Row bot's team win rate when sitting with the column bot."
            if s.cooperative
            else "Row bot's score against the column bot (ties count half).",
        )
        section("lengths", "Game length", _lengths(plt, s), "Actions per game.")
        if s.contributions:
            section(
                "contributions",
                "Contributions",
                _contributions(plt, s, top),
                "From each game's events. Bars: 95% Wilson intervals.",
            )
        drawn = [c for c in s.curves if c.points]
        if drawn:
            section(
                "first-to",
                "First to X",
                "".join(_curve(plt, c) for c in drawn),
                "Team win rate by how soon the team total reached X (split at the median "
                "step of reaching it), 95% Wilson intervals."
                if s.cooperative
                else "Score of the seat that first reached X (a win 1, a shared best 1/k), "
                "95% Wilson intervals; dashed: the fair share.",
            )
        if s.metrics is not None:
            for key, heading, body, note in metrics_sections(plt, s.metrics, _svg, top):
                section(key, heading, body, note)
        section(
            "seats",
            "Team result" if s.cooperative else "Seat advantage",
            _seats(plt, s),
            "Team win rate, 95% Wilson interval."
            if s.cooperative
            else "Score by seat (a win 1, a shared best 1/k), 95% Wilson intervals.",
        )
    parts.append(f"<h2>As text</h2><pre>{html.escape(text_report(s))}</pre></body></html>")
    return "\n".join(parts) + "\n"


__all__ = ["COLOURS", "HEAT_MAP", "LATE", "html_report"]
