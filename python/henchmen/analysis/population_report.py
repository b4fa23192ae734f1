"""``henchmen report A.jsonl B.jsonl``: the population report of several results files.

Text (ratings with their alpha-Rank mass, head to head) and, with an HTML
path, one self-contained page drawn as the single-file report is: the
rating intervals, the head-to-head heat map and the alpha-Rank masses.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from henchmen.analysis.population import Population, pool, population, population_text
from henchmen.analysis.store import load_results
from henchmen.errors import OptionError

#: The alpha-Rank bars' colour (the screenshot test looks for it).
ALPHARANK = "#1f77b4"


def _source(arg: str) -> tuple[str, str | None]:
    """``TAG=PATH`` or ``PATH``: (path, tag or None); a path that exists is never split.

    >>> _source("v2=runs/a.jsonl"), _source("runs/a.jsonl")
    (('runs/a.jsonl', 'v2'), ('runs/a.jsonl', None))
    """
    tag, sep, path = arg.partition("=")
    if sep and tag and path and not Path(arg).exists():
        return path, tag
    return arg, None


def pooled(args: Sequence[str], versioned: Sequence[str] = ()) -> Population:
    """Load the files (``PATH`` or ``TAG=PATH``) and rate them in one pool.

    >>> pooled(["a.jsonl"], versioned=["greedy"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    henchmen.errors.SerializationError: cannot read a.jsonl: ...
    """
    from henchmen.analysis.population import tag_of

    sources = [_source(a) for a in args]
    tags = [tag or tag_of(path) for path, tag in sources]
    if len(set(tags)) != len(tags):
        raise OptionError(
            f"two results files have the tag {next(t for t in tags if tags.count(t) > 1)!r}: "
            "name them apart with TAG=PATH"
        )
    loaded = [(path, load_results(path)) for path, _ in sources]
    return population(pool(loaded, versioned, tags))


def _alpharank(plt: Any, s: Population, svg: Any) -> str:
    assert s.alpharank is not None
    mass = s.alpharank.mass
    order = sorted(range(len(s.pool.labels)), key=lambda b: mass[b])
    fig, ax = plt.subplots(figsize=(7, 0.45 * len(order) + 1.2))
    ax.barh(range(len(order)), [mass[b] for b in order], color=ALPHARANK)
    ax.set_yticks(range(len(order)), [s.pool.labels[b] for b in order])
    ax.set_xlim(0, 1)
    ax.set_xlabel("alpha-Rank mass (infinite alpha)")
    out: str = svg(fig)
    plt.close(fig)
    return out


def population_html(s: Population) -> str:
    """The population as one HTML document (needs matplotlib).

    >>> from henchmen.analysis.plan import Tournament
    >>> from henchmen.analysis.store import Results
    >>> page = population_html(population(pool([("a.jsonl",
    ...     Results(Tournament("parry", ("random", "greedy")), [], ()))])))
    >>> page.startswith("<!DOCTYPE html>") and "<script" not in page
    True
    """
    import html

    from henchmen.analysis import html as page
    from henchmen.analysis.summary import Summary

    plt = page._pyplot()
    p = s.pool
    title = f"{p.tournament.make_game().info.title}: a pool of {len(p.files)} results files"
    # The single-file report's plots read these fields of a Summary only.
    fake = Summary(
        tournament=p.tournament, title=p.game, cooperative=p.cooperative,
        labels=p.labels, games=len(p.records), expected=len(p.records), truncated=0,
        ratings=s.ratings, seats=[], head_to_head=s.head_to_head, lengths=[],
        contributions=[], curves=[],
    )  # fmt: skip
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title><style>{page._STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
    ]
    if p.records:
        parts.append(f'<section id="ratings"><h2>Ratings</h2>{page._ratings(plt, fake)}</section>')
        parts.append(
            f'<section id="head-to-head"><h2>Head to head</h2>{page._heat_map(plt, fake)}</section>'
        )
        if s.alpharank is not None:
            parts.append(
                '<section id="alpharank"><h2>alpha-Rank</h2><p class="note">Each bot\'s mass in '
                "alpha-Rank's stationary distribution over the head-to-head meta-game "
                "(infinite alpha): a cycle shares its mass.</p>"
                f"{_alpharank(plt, s, page._svg)}</section>"
            )
    parts.append(f"<h2>As text</h2><pre>{html.escape(population_text(s))}</pre></body></html>")
    return "\n".join(parts) + "\n"


__all__ = ["ALPHARANK", "pooled", "population_html"]
