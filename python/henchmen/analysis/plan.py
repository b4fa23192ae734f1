"""What a tournament plays: its tables of bots, every game's seed, and the batches.

A tournament is a field of bot specs, a game with options, a number of games
per table and a seed.  A *table* is the bots that sit down together (one per
seat): a round robin seats every combination of the field, a gauntlet seats
the first bot (the challenger) with every combination of the others.  Game
``g`` of a table seats bot ``table[(s + g) % n]`` in seat ``s``, so seats
rotate fully every ``n`` games, and its seed is derived from the tournament
seed, the table and ``g`` alone: the same game is dealt and played the same
whichever worker plays it, in whichever batch, on whichever executor.

>>> t = Tournament("parry", ("random", "greedy", "ismcts:iterations=20"), games_per_table=4)
>>> t.tables
((0, 1), (0, 2), (1, 2))
>>> t.seats(table=1, game=1)
(2, 0)
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from henchmen import _checks, _core
from henchmen.analysis.progress import Measure, measures_of
from henchmen.errors import OptionError
from henchmen.game import Game
from henchmen.matches import BotSpec

#: The version of the tournament description kept in a results file's first line. Format 2:
#: tables of native bots are played by the native match runner (format 1 chose each native
#: move from Python, with other games as a result); format 1 files are still read.
FORMAT = 2
#: The formats read.
FORMATS = (1, 2)

#: A spec prefix that asks for a bot's Python implementation even where a native twin exists.
PYTHON_PREFIX = "python:"


@dataclass(frozen=True)
class SeatedBot:
    """One bot of the field: its spec and whether its moves are chosen in Python.

    >>> SeatedBot.parse("python:greedy").python, str(SeatedBot.parse("greedy"))
    (True, 'greedy')
    """

    spec: BotSpec
    python: bool

    @classmethod
    def parse(cls, text: str) -> SeatedBot:
        """Read a bot spec, ``python:`` first to force the Python implementation.

        >>> bot = SeatedBot.parse("ismcts:iterations=30")
        >>> bot.spec.name, bot.spec.settings, bot.python
        ('ismcts', {'iterations': 30}, False)
        """
        from henchmen.matches import parse_bot_spec

        if not isinstance(text, str):
            raise OptionError(f"a bot spec must be a str, got {_checks.describe(text)}")
        forced = text.strip().startswith(PYTHON_PREFIX)
        spec = parse_bot_spec(text.strip()[len(PYTHON_PREFIX) :] if forced else text)
        return cls(spec, forced or spec.native() is None)

    def __str__(self) -> str:
        return (PYTHON_PREFIX if self.python and self.spec.native() is not None else "") + str(
            self.spec
        )


@dataclass(frozen=True)
class Tournament:
    """A field of bots, a game and its options, games per table, a seed and a format.

    ``games_per_table`` is rounded up to a multiple of the player count so
    every bot sits in every seat equally often.  ``measures`` are the counts
    whose first-to-X curves every game's record keeps (None: the game's
    defaults, :data:`~henchmen.analysis.progress.DEFAULT_MEASURES`).

    >>> Tournament("parry", ("random", "greedy"), games_per_table=3).games_per_table
    4
    >>> Tournament("parry", ("random",) * 3, gauntlet=True, games_per_table=2).tables
    ((0, 1), (0, 2))
    """

    game: str
    bots: tuple[str, ...]
    games_per_table: int = 100
    seed: int = 1
    gauntlet: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    measures: tuple[str, ...] | None = None
    #: The format of the file it was read from (:data:`~henchmen.analysis.plan.FORMAT` for a
    #: new one): not compared.
    format: int = field(default=FORMAT, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.bots, tuple):
            object.__setattr__(self, "bots", tuple(self.bots))
        field_ = [SeatedBot.parse(b) for b in self.bots]
        object.__setattr__(self, "bots", tuple(str(b) for b in field_))
        object.__setattr__(self, "seed", _checks.seed(self.seed))
        if self.measures is None:
            object.__setattr__(self, "measures", measures_of(self.game))
        elif isinstance(self.measures, str) or not isinstance(self.measures, (tuple, list)):
            raise OptionError(
                f"measures must be a list of str, got {_checks.describe(self.measures)}"
            )
        else:
            object.__setattr__(
                self, "measures", tuple(Measure.parse(m).spec for m in self.measures)
            )
        n = self.make_game().num_players
        per = _checks.count(self.games_per_table, "games_per_table", 1, 10_000_000)
        object.__setattr__(self, "games_per_table", -(-per // n) * n)
        if len(self.bots) < (2 if self.gauntlet else 1):
            raise OptionError(
                f"a {'gauntlet' if self.gauntlet else 'tournament'} needs at least "
                f"{2 if self.gauntlet else 1} bots, got {len(self.bots)}"
            )

    def make_game(self) -> Game:
        """The game with the tournament's options.

        >>> Tournament("parry", ("random",), options={"players": 3}).make_game().num_players
        3
        """
        return Game(self.game, **self.options)

    @property
    def field(self) -> tuple[SeatedBot, ...]:
        """The bots as parsed specs.

        >>> [b.python for b in Tournament("parry", ("greedy", "python:greedy")).field]
        [False, True]
        """
        return tuple(SeatedBot.parse(b) for b in self.bots)

    @property
    def players(self) -> int:
        """Seats at every table.

        >>> Tournament("parry", ("random", "greedy")).players
        2
        """
        return self.make_game().num_players

    @property
    def tables(self) -> tuple[tuple[int, ...], ...]:
        """The bots (indices into the field) of each table, in table order.

        >>> Tournament("parry", ("random", "greedy", "mcts")).tables
        ((0, 1), (0, 2), (1, 2))
        """
        n, k = self.players, len(self.bots)
        if self.gauntlet:
            return tuple((0, *rest) for rest in _groups(list(range(1, k)), n - 1))
        return tuple(_groups(list(range(k)), n))

    @property
    def total_games(self) -> int:
        """Games over all tables.

        >>> Tournament("parry", ("random", "greedy", "mcts"), games_per_table=10).total_games
        30
        """
        return len(self.tables) * self.games_per_table

    def seats(self, table: int, game: int) -> tuple[int, ...]:
        """The bot (index into the field) in each seat of game ``game`` of ``table``.

        >>> t = Tournament("parry", ("random", "greedy"))
        >>> t.seats(table=0, game=0), t.seats(table=0, game=1)
        ((0, 1), (1, 0))
        """
        bots = self.tables[table]
        n = len(bots)
        return tuple(bots[(s + game) % n] for s in range(n))

    def game_seed(self, table: int, game: int) -> int:
        """The seed of one game: chance and the bots' own seeds derive from it.

        >>> t = Tournament("parry", ("random", "greedy"), seed=7)
        >>> t.game_seed(0, 3) == t.game_seed(0, 3), t.game_seed(0, 3) == t.game_seed(0, 4)
        (True, False)
        """
        return _core.derive_seed(_core.derive_seed(self.seed, table), game)

    def to_json(self) -> dict[str, Any]:
        """The description kept in a results file; :meth:`from_json` reads it back.

        >>> t = Tournament("parry", ("random", "greedy"), games_per_table=2, seed=5)
        >>> Tournament.from_json(t.to_json()) == t
        True
        """
        return {
            "format": self.format,
            "game": self.game,
            "options": self.options,
            "bots": list(self.bots),
            "games_per_table": self.games_per_table,
            "seed": self.seed,
            "gauntlet": self.gauntlet,
            "measures": list(self.measures or ()),
        }

    @classmethod
    def from_json(cls, doc: Any) -> Tournament:
        """A tournament from :meth:`to_json`; OptionError names what is missing or wrong.

        >>> doc = Tournament("parry", ("random", "greedy"), seed=9).to_json()
        >>> Tournament.from_json(doc).seed
        9
        >>> Tournament.from_json({"format": FORMAT, "game": "parry"})
        Traceback (most recent call last):
        ...
        henchmen.errors.OptionError: tournament description lacks or mangles 'bots'
        """
        if not isinstance(doc, dict) or doc.get("format") not in FORMATS:
            raise OptionError(
                f"not a henchmen tournament description of format {' or '.join(map(str, FORMATS))}"
                f": {json.dumps(doc)[:80]}"
            )
        try:
            return cls(
                game=doc["game"],
                bots=tuple(doc["bots"]),
                games_per_table=doc["games_per_table"],
                seed=doc["seed"],
                gauntlet=bool(doc["gauntlet"]),
                options=dict(doc["options"]),
                # A file from before first-to-X curves names none: the game's defaults.
                measures=None if doc.get("measures") is None else tuple(doc["measures"]),
                format=doc["format"],
            )
        except (KeyError, TypeError) as e:
            raise OptionError(f"tournament description lacks or mangles {e}") from None


def _groups(pool: Sequence[int], n: int) -> list[tuple[int, ...]]:
    """Every n-combination of ``pool``; with fewer bots than seats, rotations of the pool."""
    if n <= 0:
        return [()]
    if len(pool) >= n:
        return list(itertools.combinations(pool, n))
    k = len(pool)
    # Fewer bots than seats (four bots at a five-player table): each table
    # is the whole pool with one bot doubled, every bot doubled once.
    return [tuple(pool[(j + s) % k] for s in range(n)) for j in range(k)]


@dataclass(frozen=True)
class Batch:
    """Some games of one table, played by one task.

    >>> Batch(table=0, games=(0, 1, 2)).size
    3
    """

    table: int
    games: tuple[int, ...]

    @property
    def size(self) -> int:
        """Games in the batch.

        >>> Batch(table=1, games=(4, 5)).size
        2
        """
        return len(self.games)


def batches(
    tournament: Tournament, batch_size: int, done: set[tuple[int, int]] | None = None
) -> list[Batch]:
    """The games not in ``done`` ((table, game) pairs), in batches of at most ``batch_size``.

    Batches go round the tables, so a run stopped early has sampled every table.

    >>> t = Tournament("parry", ("random", "greedy"), games_per_table=6)
    >>> [b.games for b in batches(t, 4, done={(0, 1)})]
    [(0, 2, 3, 4), (5,)]
    """
    size = _checks.count(batch_size, "batch_size", 1, 1_000_000)
    done = done or set()
    per_table = [
        [g for g in range(tournament.games_per_table) if (t, g) not in done]
        for t in range(len(tournament.tables))
    ]
    out: list[Batch] = []
    for start in range(0, tournament.games_per_table, size):
        for t, left in enumerate(per_table):
            chunk = tuple(left[start : start + size])
            if chunk:
                out.append(Batch(t, chunk))
    return out


__all__ = ["Batch", "SeatedBot", "Tournament", "batches"]
