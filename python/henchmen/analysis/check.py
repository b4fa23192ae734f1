"""A results file's records checked against its tournament: a file cannot lie about its games.

Every record must be a game the tournament plays, as it would have been
played: its table and game in range; its seed and seats those the plan
gives that game; its returns one finite number per seat, in [-1, 1] (where
every henchmen game scores), summing to zero in a zero-sum game and all zero
in a truncated one; its length a count; its first player a seat (or -1,
unknown); its features counts, one set per seat; its progress only the
tournament's measures, each at a seat and a step inside the game.  What
cannot be told from the record alone (two valid returns swapped) is not
claimed: a game's record is checked, not replayed.

>>> from henchmen.analysis.plan import Tournament
>>> t = Tournament("parry", ("random", "greedy"), games_per_table=2)
>>> check = RecordCheck(t)
>>> doc = {"table": 0, "game": 1, "seed": t.game_seed(0, 1), "seats": [1, 0],
...        "returns": [1.0, -1.0], "length": 9, "truncated": False,
...        "features": [{}, {}], "table_features": {}}
>>> check(doc).key
(0, 1)
>>> check({**doc, "returns": [1.0, float("nan")]})
Traceback (most recent call last):
...
henchmen.analysis.check.BadRecord: returns must be finite numbers from -1 to 1, got [1.0, nan]
"""

from __future__ import annotations

import math
from typing import Any

from henchmen import _checks
from henchmen.analysis.plan import Tournament
from henchmen.analysis.play import GameRecord

#: The fields of a record; ``progress``, ``first`` and ``choices`` came later (older files
#: lack them).
FIELDS = ("table", "game", "seed", "seats", "returns", "length", "truncated", "features",
          "table_features", "progress", "first", "choices")  # fmt: skip
_OPTIONAL = {"progress", "first", "choices"}
#: How far from zero a zero-sum game's returns may sum (they are sums of a few fractions).
_ZERO = 1e-9


class BadRecord(ValueError):
    """What is wrong with a record; the reader adds the file and the line."""


def _int(doc: dict[str, Any], key: str, low: int, high: int, what: str) -> int:
    value = doc[key]
    if type(value) is not int or not low <= value <= high:
        raise BadRecord(f"{key} must be {what}, got {_checks.describe(value)}")
    return value


def _counts(value: Any, where: str) -> None:
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and type(v) is int and v >= 0 for k, v in value.items()
    ):
        raise BadRecord(f"{where} must map names to counts (whole numbers from 0)")


class RecordCheck:
    """Checks records (JSON dicts) against one tournament; calling it gives the GameRecord.

    >>> from henchmen.analysis.plan import Tournament
    >>> t = Tournament("parry", ("random", "greedy"), games_per_table=2)
    >>> RecordCheck(t)({"table": 3})
    Traceback (most recent call last):
    ...
    henchmen.analysis.check.BadRecord: a game record lacks game, seed, seats, returns, length, ...
    """

    def __init__(self, tournament: Tournament) -> None:
        self.tournament = tournament
        game = tournament.make_game()
        self.players = game.num_players
        self.zero_sum = bool(game.info.zero_sum) and self.players > 1
        self.tables = tournament.tables
        self.measures = set(tournament.measures or ())

    def __call__(self, doc: Any) -> GameRecord:
        if not isinstance(doc, dict):
            raise BadRecord(f"a game record is a JSON object, got {_checks.describe(doc)}")
        missing = [k for k in FIELDS if k not in doc and k not in _OPTIONAL]
        if missing:
            raise BadRecord(f"a game record lacks {', '.join(missing)}")
        unknown = sorted(str(k) for k in doc if k not in FIELDS)
        if unknown:
            raise BadRecord(f"a game record has no field {', '.join(map(repr, unknown))}")
        t, n = self.tournament, self.players
        table = _int(
            doc, "table", 0, len(self.tables) - 1, f"a table from 0 to {len(self.tables) - 1}"
        )
        game = _int(
            doc, "game", 0, t.games_per_table - 1, f"a game from 0 to {t.games_per_table - 1}"
        )
        seed = t.game_seed(table, game)
        if doc["seed"] != seed or type(doc["seed"]) is not int:
            raise BadRecord(
                f"seed {doc['seed']!r} is not the seed of game {game} of table {table} ({seed})"
            )
        bots = self.tables[table]
        seats = [bots[(s + game) % n] for s in range(n)]
        if doc["seats"] != seats or not all(type(b) is int for b in doc["seats"]):
            raise BadRecord(
                f"seats {doc['seats']!r} are not those of game {game} of table {table} ({seats})"
            )
        truncated = doc["truncated"]
        if not isinstance(truncated, bool):
            raise BadRecord(f"truncated must be true or false, got {_checks.describe(truncated)}")
        self._returns(doc["returns"], truncated)
        length = _int(doc, "length", 0, 2**62, "a count of actions (0 or more)")
        if "first" in doc:
            _int(
                doc,
                "first",
                -1,
                n - 1,
                f"the first seat to decide, from 0 to {n - 1} (-1: unknown)",
            )
        features = doc["features"]
        if not isinstance(features, list) or len(features) != n:
            raise BadRecord(f"features must be a list of {n} (one per seat)")
        for s, f in enumerate(features):
            _counts(f, f"features of seat {s + 1}")
        _counts(doc["table_features"], "table_features")
        self._progress(doc.get("progress", {}), length)
        choices = doc.get("choices", [])
        if (
            not isinstance(choices, list)
            or len(choices) > length
            or not all(type(c) is int and c >= 1 for c in choices)
        ):
            raise BadRecord(
                f"choices must be a list of at most {length} counts of legal actions (1 or "
                "more), one per decision"
            )
        return GameRecord.from_json(doc)

    def _returns(self, returns: Any, truncated: bool) -> None:
        n = self.players
        if not isinstance(returns, list) or len(returns) != n:
            raise BadRecord(f"returns must be a list of {n} numbers (one per seat)")
        if not all(
            isinstance(r, (int, float)) and not isinstance(r, bool) and math.isfinite(r)
            and -1.0 - _ZERO <= r <= 1.0 + _ZERO
            for r in returns
        ):  # fmt: skip
            raise BadRecord(f"returns must be finite numbers from -1 to 1, got {returns}")
        if truncated and any(r != 0 for r in returns):
            raise BadRecord(f"a truncated game has no result: its returns are zeros, got {returns}")
        if self.zero_sum and not truncated and abs(math.fsum(returns)) > _ZERO:
            raise BadRecord(f"returns of this zero-sum game must sum to 0, got {returns}")

    def _progress(self, progress: Any, length: int) -> None:
        if not isinstance(progress, dict):
            raise BadRecord("progress must map each measure to its [seat, step] pairs")
        for measure, steps in progress.items():
            if measure not in self.measures:
                raise BadRecord(
                    f"progress of {measure!r}, which is not a measure of this tournament"
                )
            if not isinstance(steps, list) or not all(
                isinstance(p, list) and len(p) == 2
                and (p[0] is None or (type(p[0]) is int and 0 <= p[0] < self.players))
                and type(p[1]) is int and -1 <= p[1] <= length
                for p in steps
            ):  # fmt: skip
                raise BadRecord(
                    f"progress of {measure!r} must be [seat, step] pairs with a seat from 0 to "
                    f"{self.players - 1} (or null) and a step from -1 to the length, {length}"
                )


__all__ = ["FIELDS", "BadRecord", "RecordCheck"]
