"""The results file: JSON lines, written as games finish, read back to resume or report.

The first line describes the tournament; every later line is one finished
game (a :class:`~henchmen.analysis.play.GameRecord`).  Lines are appended
and flushed batch by batch, so a run stopped at any moment (Ctrl-C, a
killed process, a lost machine) leaves every finished game on disk; a line
cut short by the stop is dropped when the file is opened again, and the run
goes on with the games that are missing.

>>> import tempfile, os
>>> from henchmen.analysis.plan import Tournament
>>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
>>> t = Tournament("parry", ("random", "greedy"), games_per_table=2)
>>> with ResultsFile.open(path, t) as f:
...     len(f.records)
0
>>> read_results(path)[0] == t
True
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from henchmen.analysis.plan import Tournament
from henchmen.analysis.play import GameRecord
from henchmen.errors import OptionError, SerializationError

_HEADER = "henchmen-tournament"


class ResultsFile:
    """An open results file: the records already in it, and :meth:`append` for more.

    >>> import tempfile, os
    >>> from henchmen.analysis.plan import Tournament
    >>> t = Tournament("parry", ("random", "greedy"), games_per_table=2)
    >>> row = GameRecord(0, 1, 5, (1, 0), (1.0, -1.0), 20, False, ({}, {}), {}).to_json()
    >>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
    >>> with ResultsFile.open(path, t) as f:
    ...     _ = f.append([row])
    >>> with ResultsFile.open(path, t) as f:  # resumed: the game is there
    ...     sorted(f.records)
    [(0, 1)]
    """

    def __init__(self, path: Path, handle: IO[str], records: dict[tuple[int, int], GameRecord]):
        self.path = path
        self._handle = handle
        self.records = records

    @classmethod
    def open(cls, path: str | os.PathLike[str], tournament: Tournament) -> ResultsFile:
        """Open ``path`` for ``tournament``: a new file, or one of the same tournament to resume.

        A file that holds another tournament (other bots, seed, games) is
        refused, so two runs never mix in one file.

        >>> import tempfile, os
        >>> from henchmen.analysis.plan import Tournament
        >>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
        >>> ResultsFile.open(path, Tournament("parry", ("random", "greedy"))).close()
        >>> ResultsFile.open(path, Tournament("parry", ("random", "greedy"), seed=2))
        Traceback (most recent call last):
        ...
        henchmen.errors.OptionError: ... not this one (... seed 2); give another results file
        """
        p = Path(path)
        records: dict[tuple[int, int], GameRecord] = {}
        if p.exists() and p.stat().st_size > 0:
            found, old, good_bytes = _read(p)
            if found != tournament:
                raise OptionError(
                    f"{p} holds another tournament ({_describe(found)}), not this one "
                    f"({_describe(tournament)}); give another results file"
                )
            records = {r.key: r for r in old}
            try:
                with p.open("r+b") as raw:  # drop a line cut short by a stop
                    raw.truncate(good_bytes)
                handle = p.open("a", encoding="utf-8")
            except OSError as e:
                raise OptionError(f"cannot append to {p}: {e.strerror or e}") from None
        else:
            try:
                p.parent.mkdir(parents=True, exist_ok=True)
                handle = p.open("w", encoding="utf-8")
            except OSError as e:
                raise OptionError(f"cannot write {p}: {e.strerror or e}") from None
            handle.write(json.dumps({_HEADER: tournament.to_json()}, sort_keys=True) + "\n")
            handle.flush()
        return cls(p, handle, records)

    def append(self, rows: Iterable[Mapping[str, Any]]) -> list[GameRecord]:
        """Add finished games (JSON-ready dicts); flushed before returning.

        The records actually added come back: a game already in the file is skipped.

        >>> import tempfile, os
        >>> from henchmen.analysis.plan import Tournament
        >>> t = Tournament("parry", ("random", "greedy"), games_per_table=2)
        >>> row = GameRecord(0, 0, 5, (0, 1), (1.0, -1.0), 20, False, ({}, {}), {}).to_json()
        >>> with ResultsFile.open(os.path.join(tempfile.mkdtemp(), "r.jsonl"), t) as f:
        ...     len(f.append([row])), len(f.append([row])), len(f.records)
        (1, 0, 1)
        """
        added = []
        for row in rows:
            record = GameRecord.from_json(row)
            if record.key in self.records:
                continue
            self.records[record.key] = record
            self._handle.write(json.dumps(record.to_json(), sort_keys=True) + "\n")
            added.append(record)
        self._handle.flush()
        return added

    def close(self) -> None:
        """Close the file.

        >>> import tempfile, os
        >>> from henchmen.analysis.plan import Tournament
        >>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
        >>> f = ResultsFile.open(path, Tournament("parry", ("random", "greedy")))
        >>> f.close()
        >>> f.append([])
        Traceback (most recent call last):
        ...
        ValueError: I/O operation on closed file.
        """
        self._handle.close()

    def __enter__(self) -> ResultsFile:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def read_results(path: str | os.PathLike[str]) -> tuple[Tournament, list[GameRecord]]:
    """The tournament and its finished games (sorted by table and game) from a results file.

    SerializationError says what is wrong with a file that is not one.

    >>> import tempfile, os
    >>> from henchmen.analysis.plan import Tournament
    >>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
    >>> t = Tournament("parry", ("random", "greedy"), games_per_table=2)
    >>> rows = [GameRecord(0, g, g, (0, 1), (1.0, -1.0), 9, False, ({}, {}), {}).to_json()
    ...         for g in (1, 0)]
    >>> with ResultsFile.open(path, t) as f:
    ...     _ = f.append(rows)
    >>> found, records = read_results(path)
    >>> found == t, [r.key for r in records]
    (True, [(0, 0), (0, 1)])
    >>> with open(path, "w") as out:
    ...     _ = out.write("not json\\n")
    >>> read_results(path)
    Traceback (most recent call last):
    ...
    henchmen.errors.SerializationError: ..., line 1: not a game record (...)
    """
    tournament, records, _ = _read(Path(path))
    return tournament, sorted(records, key=lambda r: r.key)


def _read(path: Path) -> tuple[Tournament, list[GameRecord], int]:
    """The tournament, the records, and the length in bytes of the whole lines read."""
    try:
        data = path.read_bytes()
    except OSError as e:
        raise SerializationError(f"cannot read {path}: {e.strerror or e}") from None
    lines = data.split(b"\n")
    good = 0
    tournament: Tournament | None = None
    records: list[GameRecord] = []
    for number, line in enumerate(lines, start=1):
        last = number == len(lines)
        if last and line.strip():  # no newline after it: cut short by a stop
            break
        if not line.strip():
            good += len(line) + (0 if last else 1)
            continue
        try:
            doc = json.loads(line)
            if tournament is None:
                if not isinstance(doc, dict) or _HEADER not in doc:
                    raise SerializationError(
                        f"{path} is not a henchmen results file (line 1 has no '{_HEADER}')"
                    )
                tournament = Tournament.from_json(doc[_HEADER])
            else:
                records.append(GameRecord.from_json(doc))
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            if isinstance(e, SerializationError):
                raise
            raise SerializationError(f"{path}, line {number}: not a game record ({e})") from None
        good += len(line) + 1
    if tournament is None:
        raise SerializationError(f"{path} is empty or cut short before its first line")
    return tournament, records, good


def _describe(t: Tournament) -> str:
    return f"{t.game}, bots {', '.join(t.bots)}, {t.games_per_table} games a table, seed {t.seed}"


__all__ = ["ResultsFile", "read_results"]
