"""One finished game of a tournament: the record every analysis reads.

A leaf module: the tournament runner (:mod:`~henchmen.analysis.play`) writes
records, and the statistics (:mod:`~henchmen.analysis.stats`) and first-to-X
curves (:mod:`~henchmen.analysis.progress`) read them, so the record lives
below all three and none of them imports another to name it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: One measure's events in one game: (seat or None, step), in the order they happened.
Steps = tuple[tuple[int | None, int], ...]


def steps_from_json(doc: Mapping[str, Any]) -> dict[str, Steps]:
    """A record's progress from its JSON (lists of [seat, step]).

    >>> steps_from_json({"win": [[0, 5], [None, 7]]})
    {'win': ((0, 5), (None, 7))}
    """
    return {
        str(k): tuple((None if s is None else int(s), int(t)) for s, t in v) for k, v in doc.items()
    }


@dataclass(frozen=True)
class GameRecord:
    """One finished game of a tournament, as kept in the results file.

    ``seats[s]`` is the bot (index into the field) in seat ``s``; ``returns``
    are by seat; ``features[s]`` counts what happened to seat ``s`` and
    ``table_features`` what happened to nobody in particular (the setup);
    ``progress`` holds, per measure of the tournament, the (seat, step) of
    every event that counted, for first-to-X curves (empty in a record
    from a file written before them); ``first`` is the seat that decided
    first, the first to play (or to choose in a setup), for turn-order
    tables (-1 where unknown: a file written before them); ``choices`` is
    the number of legal actions at each decision in order, chance left out,
    for the branching factor (empty in a file written before it).

    >>> r = GameRecord(0, 1, 5, (1, 0), (-1.0, 1.0), 30, False, ({}, {"buy A": 2}), {})
    >>> r.seats[r.returns.index(max(r.returns))]
    0
    """

    table: int
    game: int
    seed: int
    seats: tuple[int, ...]
    returns: tuple[float, ...]
    length: int
    truncated: bool
    features: tuple[dict[str, int], ...]
    table_features: dict[str, int]
    progress: dict[str, Steps] = field(default_factory=dict)
    first: int = -1
    choices: tuple[int, ...] = ()

    @property
    def key(self) -> tuple[int, int]:
        """(table, game): unique in a tournament.

        >>> GameRecord(2, 7, 0, (0, 1), (1.0, -1.0), 9, False, ({}, {}), {}).key
        (2, 7)
        """
        return (self.table, self.game)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_json` reads it back.

        >>> r = GameRecord(0, 3, 11, (0, 1), (1.0, -1.0), 12, False, ({"buy A": 1}, {}), {})
        >>> doc = r.to_json()
        >>> doc["seats"], doc["features"]
        ([0, 1], [{'buy A': 1}, {}])
        >>> import json
        >>> json.loads(json.dumps(doc)) == doc
        True
        """
        return {
            "table": self.table,
            "game": self.game,
            "seed": self.seed,
            "seats": list(self.seats),
            "returns": list(self.returns),
            "length": self.length,
            "truncated": self.truncated,
            "features": [dict(f) for f in self.features],
            "table_features": dict(self.table_features),
            "progress": {k: [list(p) for p in v] for k, v in self.progress.items()},
            "first": self.first,
            "choices": list(self.choices),
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> GameRecord:
        """A record from :meth:`to_json` (KeyError or TypeError if it is not one).

        >>> r = GameRecord(0, 3, 11, (0, 1), (1.0, -1.0), 12, True, ({}, {"draw B": 4}), {})
        >>> GameRecord.from_json(r.to_json()) == r
        True
        """
        return cls(
            table=int(doc["table"]),
            game=int(doc["game"]),
            seed=int(doc["seed"]),
            seats=tuple(int(s) for s in doc["seats"]),
            returns=tuple(float(r) for r in doc["returns"]),
            length=int(doc["length"]),
            truncated=bool(doc["truncated"]),
            features=tuple({str(k): int(v) for k, v in f.items()} for f in doc["features"]),
            table_features={str(k): int(v) for k, v in doc["table_features"].items()},
            # Files written before first-to-X curves have no progress: they still load.
            progress=steps_from_json(doc.get("progress", {})),
            first=int(doc.get("first", -1)),
            choices=tuple(int(c) for c in doc.get("choices", ())),
        )


__all__ = ["GameRecord", "Steps", "steps_from_json"]
