"""Populations: several results files and bot versions rated in one pool, and alpha-Rank.

A *pool* is the games of several results files of one game (with the same
options), each bot known by its spec: ``greedy`` in two files is one bot,
and the files' games together rate it.  A spec given as *versioned* is a
different bot in each file, labelled ``SPEC [TAG]`` (the file's tag, by
default its name without ``.jsonl``), so two versions of a bot, played
before and after a change, are rated side by side, tied together by the
bots the files share.

The pool's ratings are the report's (:func:`~henchmen.analysis.fit_ratings`
over every game at once).  Beyond them, **alpha-Rank** (Omidshafiei et al.,
2019; OpenSpiel's ``open_spiel.python.egt.alpharank``) reads the meta-game
of the pool: the payoff of bot a against bot b is a's score in their
meetings (ties half; a pair that never met takes the rating model's
prediction; a difference the games cannot tell from chance counts as even,
:func:`alpharank`), and alpha-Rank gives each bot its mass in the stationary
distribution of an evolutionary process where a bot that beats the
incumbent takes over.  Unlike a rating it sees cycles (a beats b beats c
beats a): the mass is shared around a cycle instead of ordering it.
It is computed in the infinite-alpha limit (the ranking alpha-Rank defines, with no
temperature to choose; noise ``eps`` 0.01 keeps the chain irreducible).
A cooperative game has no meta-game between bots (they never play against
each other), so no alpha-Rank.

>>> from henchmen.analysis.play import GameRecord
>>> from henchmen.analysis.plan import Tournament
>>> from henchmen.analysis.store import Results
>>> def game(g, seats, returns):
...     return GameRecord(0, g, 0, seats, returns, 9, False, ({}, {}), {})
>>> a = Results(Tournament("parry", ("random", "greedy")), [game(0, (0, 1), (1.0, -1.0))], ())
>>> b = Results(Tournament("parry", ("greedy", "ismcts")), [game(0, (1, 0), (1.0, -1.0))], ())
>>> p = pool([("a.jsonl", a), ("b.jsonl", b)])
>>> p.labels, [r.seats for r in p.records]
(['random', 'greedy', 'ismcts'], [(0, 1), (2, 1)])
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from henchmen.analysis.plan import Tournament
from henchmen.analysis.play import GameRecord
from henchmen.analysis.ratings import Rating, fit_ratings
from henchmen.analysis.stats import Rate, head_to_head
from henchmen.analysis.store import Results
from henchmen.errors import OptionError

#: Elo points per unit of log-odds (the ratings' scale).
_ELO = 400 / math.log(10)


@dataclass(frozen=True)
class Pool:
    """The games of several results files, seats renumbered into one field of ``labels``.

    ``files`` holds, per file, its path, its tag and its number of games;
    ``tournament`` is the first file's.

    >>> from henchmen.analysis.plan import Tournament
    >>> g = GameRecord(0, 0, 0, (0, 1), (1.0, -1.0), 9, False, ({}, {}), {})
    >>> a = Results(Tournament("parry", ("random", "greedy")), [g], ())
    >>> p = pool([("a.jsonl", a), ("b.jsonl", a)])
    >>> p.game, p.labels, p.files, len(p.records)
    ('parry', ['random', 'greedy'], [('a.jsonl', 'a', 1), ('b.jsonl', 'b', 1)], 2)
    """

    tournament: Tournament
    game: str
    cooperative: bool
    labels: list[str]
    records: list[GameRecord]
    files: list[tuple[str, str, int]]


@dataclass(frozen=True)
class AlphaRank:
    """Each bot's alpha-Rank mass (summing to 1), and the pairs filled in by the rating model.

    >>> AlphaRank([0.75, 0.25], [("a", "c")]).mass
    [0.75, 0.25]
    """

    mass: list[float]
    predicted: list[tuple[str, str]]


@dataclass(frozen=True)
class Population:
    """A pool's ratings, head to head and alpha-Rank (None, with ``why``, where there is none).

    >>> from henchmen.analysis.plan import Tournament
    >>> g = GameRecord(0, 0, 0, (0,), (1.0,), 9, False, ({},), {})
    >>> t = Tournament("legendary", ("random",))
    >>> s = population(pool([("a.jsonl", Results(t, [g], ()))]))
    >>> s.alpharank is None, s.why
    (True, 'a cooperative game: bots never play each other')
    """

    pool: Pool
    ratings: list[Rating]
    head_to_head: list[list[Rate | None]]
    alpharank: AlphaRank | None
    why: str


def tag_of(path: str) -> str:
    """A file's default tag: its name without ``.jsonl``.

    >>> tag_of("runs/ismcts-v2.jsonl")
    'ismcts-v2'
    """
    name = Path(path).name
    return name[: -len(".jsonl")] if name.endswith(".jsonl") else name


def pool(
    sources: Sequence[tuple[str, Results]],
    versioned: Sequence[str] = (),
    tags: Sequence[str] | None = None,
) -> Pool:
    """Pool results files (path, results) of one game; OptionError if the games differ.

    >>> from henchmen.analysis.plan import Tournament
    >>> a = Results(Tournament("parry", ("random", "greedy")), [], ())
    >>> pool([("a.jsonl", a), ("b.jsonl", a)], versioned=["greedy"]).labels
    ['random', 'greedy [a]', 'greedy [b]']
    >>> pool([("a.jsonl", a), ("l.jsonl", Results(Tournament("legendary", ("random",)), [], ()))])
    Traceback (most recent call last):
    ...
    henchmen.errors.OptionError: a.jsonl is a tournament of parry {} and l.jsonl of ...
    """
    if not sources:
        raise OptionError("pooling needs at least one results file")
    names = list(tags) if tags is not None else [tag_of(p) for p, _ in sources]
    first_path, first = sources[0]
    t0 = first.tournament
    labels: list[str] = []
    records: list[GameRecord] = []
    files: list[tuple[str, str, int]] = []
    for (path, results), tag in zip(sources, names, strict=True):
        t = results.tournament
        if (t.game, t.options) != (t0.game, t0.options):
            raise OptionError(
                f"{first_path} is a tournament of {t0.game} {t0.options} and {path} of "
                f"{t.game} {t.options}: a pool holds games of one game with the same options"
            )
        index = []
        for bot in t.bots:
            label = f"{bot} [{tag}]" if bot in versioned else bot
            if label not in labels:
                labels.append(label)
            index.append(labels.index(label))
        records += [
            dataclasses.replace(r, seats=tuple(index[b] for b in r.seats)) for r in results.records
        ]
        files.append((path, tag, len(results.records)))
    missing = [v for v in versioned if not any(label.startswith(v + " [") for label in labels)]
    if missing:
        raise OptionError(f"versioned bot {missing[0]!r} is in none of the files")
    return Pool(t0, t0.game, not t0.make_game().info.zero_sum, labels, records, files)


def alpharank(
    labels: Sequence[str], h2h: list[list[Rate | None]], ratings: list[Rating]
) -> AlphaRank:
    """alpha-Rank of the meta-game whose payoffs are the head-to-head scores.

    A pair whose score's 95% interval holds 1/2 counts as even: infinite
    alpha turns any difference, however small, into a takeover, so a
    difference the games cannot tell from chance must not decide.  A pair
    that never met is given the rating model's chance (Bradley-Terry on the
    Elo scale) where their rating intervals are apart, else even.  Needs
    OpenSpiel's alpharank; OptionError if it is absent.

    >>> r = [Rating(i, x, 0.0, 0.0, 0.0, 2) for i, x in enumerate("abc")]
    >>> rock = [[None, Rate("", 1, 1), Rate("", 0, 1)], [Rate("", 0, 1), None, Rate("", 1, 1)],
    ...         [Rate("", 1, 1), Rate("", 0, 1), None]]
    >>> [round(m, 3) for m in alpharank("abc", rock, r).mass]  # a cycle shares the mass
    [0.333, 0.333, 0.333]
    """
    try:
        import numpy as np
        from open_spiel.python.egt import alpharank as ar
    except ImportError:
        raise OptionError(
            "alpha-Rank needs OpenSpiel's alpharank (open_spiel.python.egt): pip install "
            "open-spiel networkx"
        ) from None
    k = len(labels)
    by = {r.bot: r.rating for r in ratings}
    payoff = np.full((k, k), 0.5)
    predicted: list[tuple[str, str]] = []
    low = {r.bot: r.low for r in ratings}
    high = {r.bot: r.high for r in ratings}
    for a in range(k):
        for b in range(k):
            if a == b:
                continue
            met = h2h[a][b]
            if met is not None and met.games:
                lo, hi = met.interval
                if not lo <= 0.5 <= hi:
                    payoff[a, b] = met.rate
                continue
            if a < b:
                predicted.append((labels[a], labels[b]))
            if low[a] > high[b] or high[a] < low[b]:
                payoff[a, b] = 1 / (1 + math.exp(-(by[a] - by[b]) / _ELO))
    if k == 1:
        return AlphaRank([1.0], predicted)
    _, _, pi, _, _ = ar.compute([payoff], use_inf_alpha=True, inf_alpha_eps=0.01)
    return AlphaRank([float(x) for x in pi], predicted)


def population(p: Pool) -> Population:
    """The pool's ratings, head to head and alpha-Rank.

    >>> from henchmen.analysis.plan import Tournament
    >>> g = GameRecord(0, 0, 0, (0, 1), (1.0, -1.0), 9, False, ({}, {}), {})
    >>> t = Tournament("parry", ("random", "greedy"))
    >>> s = population(pool([("a.jsonl", Results(t, [g] * 4, ()))]))
    >>> [round(m, 2) for m in s.alpharank.mass]
    [0.99, 0.01]
    """
    ratings = fit_ratings(p.records, p.labels, p.cooperative)
    h2h = head_to_head(p.records, len(p.labels), p.cooperative)
    if p.cooperative:
        return Population(p, ratings, h2h, None, "a cooperative game: bots never play each other")
    try:
        return Population(p, ratings, h2h, alpharank(p.labels, h2h, ratings), "")
    except OptionError as e:
        return Population(p, ratings, h2h, None, str(e))


def population_text(s: Population) -> str:
    """The population as text: files, ratings with alpha-Rank mass, head to head.

    >>> from henchmen.analysis.plan import Tournament
    >>> g = GameRecord(0, 0, 0, (0, 1), (1.0, -1.0), 9, False, ({}, {}), {})
    >>> t = Tournament("parry", ("random", "greedy"))
    >>> s = population(pool([("a.jsonl", Results(t, [g] * 4, ()))]))
    >>> print(population_text(s))  # doctest: +ELLIPSIS
    pool of 1 results file(s) of parry, 4 games, 2 bots
      a.jsonl [a]: 4 games
    <BLANKLINE>
    rating (Elo scale, field mean 0)  95% interval      games  alpha-rank  bot
    ...
    """
    p = s.pool
    lines = [
        f"pool of {len(p.files)} results file(s) of {p.game}, {len(p.records)} games, "
        f"{len(p.labels)} bots",
        *[f"  {path} [{tag}]: {n} games" for path, tag, n in p.files],
        "",
        "rating (Elo scale, field mean 0)  95% interval      games  alpha-rank  bot",
    ]
    mass = s.alpharank.mass if s.alpharank is not None else None
    for r in sorted(s.ratings, key=lambda r: -r.rating):
        share = f"{mass[r.bot]:10.3f}" if mass is not None else f"{'-':>10}"
        lines.append(
            f"{r.rating:+8.0f}  [{r.low:+7.0f}, {r.high:+7.0f}]  {r.games:14d}  {share}  {r.label}"
        )
    if s.alpharank is None:
        lines.append(f"(no alpha-rank: {s.why})")
    elif s.alpharank.predicted:
        pairs = ", ".join(f"{a} v {b}" for a, b in s.alpharank.predicted)
        lines.append(
            f"(alpha-rank: pairs that never met took the ratings' chance where their intervals "
            f"are apart, else even: {pairs})"
        )
    lines += ["", "head to head: row bot's score against the column bot (ties half)"]
    width = max(len(x) for x in p.labels)
    lines.append(" " * (width + 2) + "".join(f"{k + 1:>8d}" for k in range(len(p.labels))))
    for a, row in enumerate(s.head_to_head):
        cells = "".join(f"{'-':>8}" if c is None else f"{c.rate:8.1%}" for c in row)
        lines.append(f"{a + 1:>2d} {p.labels[a]:<{width}}{cells}")
    return "\n".join(lines)


__all__ = ["AlphaRank", "Pool", "Population", "alpharank", "pool", "population",
           "population_text", "tag_of"]  # fmt: skip
