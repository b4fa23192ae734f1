"""The results file: JSON lines, written as games finish, read back to resume or report.

The first line describes the tournament; every later line is one finished
game (a :class:`~henchmen.analysis.play.GameRecord`).  Lines are appended
and flushed batch by batch, so a run stopped at any moment (Ctrl-C, a
killed process, a lost machine) leaves every finished game on disk; a line
cut short by the stop is dropped when the file is opened again, and the run
goes on with the games that are missing.

What a results file guarantees (docs/reliability.md):

- **One writer.** A run holds an exclusive lock (``flock``) on the file
  while it writes; a second run on the same file is refused, naming the
  process that holds it where the system says (Linux).
- **Every record checked** against the tournament in the first line
  (:mod:`~henchmen.analysis.check`); a bad one is refused, naming the file
  and the line.
- **Each game once.** A line repeating a game already read, word for word,
  is dropped (and counted: ``repeats``); two different results for one game
  are refused, naming both lines.
- **A regular file.** A named pipe, a device, or a link to one is refused
  before it is opened (:mod:`henchmen._files`, as replays are read).

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

import fcntl
import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from henchmen import _files
from henchmen.analysis.check import BadRecord, RecordCheck
from henchmen.analysis.plan import FORMAT, Tournament
from henchmen.analysis.play import GameRecord
from henchmen.errors import OptionError, SerializationError

_HEADER = "henchmen-tournament"


class ResultsFile:
    """An open results file, locked while open: the records already in it, and :meth:`append`.

    >>> import tempfile, os
    >>> from henchmen.analysis.plan import Tournament
    >>> t = Tournament("parry", ("random", "greedy"), games_per_table=2)
    >>> row = GameRecord(0, 1, t.game_seed(0, 1), (1, 0), (1.0, -1.0), 20, False, ({}, {}), {})
    >>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
    >>> with ResultsFile.open(path, t) as f:
    ...     _ = f.append([row.to_json()])
    >>> with ResultsFile.open(path, t) as f:  # resumed: the game is there
    ...     sorted(f.records)
    [(0, 1)]
    """

    def __init__(
        self,
        path: Path,
        handle: IO[bytes],
        records: dict[tuple[int, int], GameRecord],
        check: RecordCheck,
    ):
        self.path = path
        self._handle = handle
        self._check = check
        self.records = records

    @classmethod
    def open(cls, path: str | os.PathLike[str], tournament: Tournament) -> ResultsFile:
        """Open and lock ``path`` for ``tournament``: a new file, or one of the same tournament.

        A file that holds another tournament (other bots, seed, games) is
        refused, so two runs never mix in one file; so is a file another run
        is writing (it holds the lock), and anything but a regular file.

        >>> import tempfile, os
        >>> from henchmen.analysis.plan import Tournament
        >>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
        >>> ResultsFile.open(path, Tournament("parry", ("random", "greedy"))).close()
        >>> ResultsFile.open(path, Tournament("parry", ("random", "greedy"), seed=2))
        Traceback (most recent call last):
        ...
        henchmen.errors.OptionError: ... not this one (... seed 2); give another results file
        >>> with ResultsFile.open(path, Tournament("parry", ("random", "greedy"))):
        ...     ResultsFile.open(path, Tournament("parry", ("random", "greedy")))
        Traceback (most recent call last):
        ...
        henchmen.errors.OptionError: ... is being written by another run (process ...
        """
        p = Path(path)
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            fd = _files.open_regular(p, os.O_RDWR | os.O_CREAT, _refused(p, OptionError))
        except OSError as e:
            raise OptionError(f"cannot write {p}: {e.strerror or e}") from None
        handle = os.fdopen(fd, "r+b")
        try:
            _lock(handle, p)
            check = RecordCheck(tournament)
            data = handle.read()
            records: dict[tuple[int, int], GameRecord] = {}
            if data.strip():
                found, old, good_bytes, _ = _parse(p, data, tournament)
                if found != tournament:
                    raise OptionError(
                        f"{p} holds another tournament ({_describe(found)}), not this one "
                        f"({_describe(tournament)}); give another results file"
                    )
                if found.format != FORMAT:
                    raise OptionError(
                        f"{p} was written by an older henchmen (results format {found.format}), "
                        "which played native bots otherwise: its games cannot be continued by this "
                        "version (`henchmen report` still reads it); give another results file"
                    )
                records = {r.key: r for r in old}
                handle.truncate(good_bytes)  # drop a line cut short by a stop
                handle.seek(good_bytes)
            else:
                handle.truncate(0)
                handle.write(_line({_HEADER: tournament.to_json()}))
                handle.flush()
        except OSError as e:
            handle.close()
            raise OptionError(f"cannot write {p}: {e.strerror or e}") from None
        except BaseException:
            handle.close()
            raise
        return cls(p, handle, records, check)

    def append(self, rows: Iterable[Mapping[str, Any]]) -> list[GameRecord]:
        """Add finished games (JSON-ready dicts), each checked; flushed before returning.

        The records actually added come back: a game already in the file is skipped.

        >>> import tempfile, os
        >>> from henchmen.analysis.plan import Tournament
        >>> t = Tournament("parry", ("random", "greedy"), games_per_table=2)
        >>> row = GameRecord(0, 0, t.game_seed(0, 0), (0, 1), (1.0, -1.0), 20, False,
        ...                  ({}, {}), {}).to_json()
        >>> with ResultsFile.open(os.path.join(tempfile.mkdtemp(), "r.jsonl"), t) as f:
        ...     len(f.append([row])), len(f.append([row])), len(f.records)
        (1, 0, 1)
        """
        added = []
        for row in rows:
            try:
                record = self._check(dict(row))
            except BadRecord as e:
                # A worker of another henchmen version (a Dask cluster) could send one.
                raise SerializationError(f"a played game's record is wrong: {e}") from None
            if record.key in self.records:
                continue
            self.records[record.key] = record
            self._handle.write(_line(record.to_json()))
            added.append(record)
        self._handle.flush()
        return added

    def close(self) -> None:
        """Close the file (and so release its lock).

        >>> import tempfile, os
        >>> from henchmen.analysis.plan import Tournament
        >>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
        >>> f = ResultsFile.open(path, Tournament("parry", ("random", "greedy")))
        >>> f.close()
        >>> f.append([])
        Traceback (most recent call last):
        ...
        ValueError: flush of closed file
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


@dataclass(frozen=True)
class Results:
    """A results file as read: the tournament, its games (by table and game), repeats dropped.

    ``repeats`` are the numbers of the lines that repeated a game already read word for word.

    >>> from henchmen.analysis.plan import Tournament
    >>> Results(Tournament("parry", ("random", "greedy")), [], (4,)).repeats
    (4,)
    """

    tournament: Tournament
    records: list[GameRecord]
    repeats: tuple[int, ...]


def load_results(path: str | os.PathLike[str]) -> Results:
    """Read and check a results file; SerializationError names the file and the bad line.

    >>> import tempfile, os
    >>> from henchmen.analysis.plan import Tournament
    >>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
    >>> t = Tournament("parry", ("random", "greedy"), games_per_table=2)
    >>> row = GameRecord(0, 0, t.game_seed(0, 0), (0, 1), (1.0, -1.0), 9, False, ({}, {}), {})
    >>> with ResultsFile.open(path, t) as f:
    ...     _ = f.append([row.to_json()])
    >>> with open(path, "a") as out:  # the same game again, as two unlocked runs once wrote
    ...     _ = out.write(json.dumps(row.to_json()) + "\\n")
    >>> loaded = load_results(path)
    >>> len(loaded.records), loaded.repeats
    (1, (3,))
    """
    p = Path(path)
    try:
        fd = _files.open_regular(p, os.O_RDONLY, _refused(p, SerializationError))
        with os.fdopen(fd, "rb") as f:
            data = f.read()
    except OSError as e:
        raise SerializationError(f"cannot read {p}: {e.strerror or e}") from None
    tournament, records, _, repeats = _parse(p, data)
    return Results(tournament, sorted(records, key=lambda r: r.key), repeats)


def read_results(path: str | os.PathLike[str]) -> tuple[Tournament, list[GameRecord]]:
    """The tournament and its finished games (sorted by table and game) from a results file.

    SerializationError says what is wrong with a file that is not one, or
    with a record that is not a game of its tournament (see :func:`load_results`).

    >>> import tempfile, os
    >>> from henchmen.analysis.plan import Tournament
    >>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
    >>> t = Tournament("parry", ("random", "greedy"), games_per_table=2)
    >>> rows = [GameRecord(0, g, t.game_seed(0, g), t.seats(0, g), (1.0, -1.0), 9, False,
    ...                    ({}, {}), {}).to_json() for g in (1, 0)]
    >>> with ResultsFile.open(path, t) as f:
    ...     _ = f.append(rows)
    >>> found, records = read_results(path)
    >>> found == t, [r.key for r in records]
    (True, [(0, 0), (0, 1)])
    >>> with open(path, "a") as out:
    ...     _ = out.write('{"table": 7}\\n')
    >>> read_results(path)
    Traceback (most recent call last):
    ...
    henchmen.errors.SerializationError: ..., line 4: not a game record ...: a game record lacks ...
    """
    loaded = load_results(path)
    return loaded.tournament, loaded.records


def _refused(path: Path, error: type[Exception]) -> Any:
    def refused(kind: str) -> Exception:
        return error(f"cannot use {path} as a results file: it is {kind}; give a regular file")

    return refused


def _line(doc: Mapping[str, Any]) -> bytes:
    return (json.dumps(doc, sort_keys=True, allow_nan=False) + "\n").encode("utf-8")


def _lock(handle: IO[bytes], path: Path) -> None:
    """Take the file's exclusive lock, or say who holds it."""
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = _holder(handle.fileno())
        raise OptionError(
            f"{path} is being written by another run ({holder}); wait for it to end, or give "
            "another results file"
        ) from None


def _holder(fd: int) -> str:
    """The process holding the flock on ``fd``'s file, as Linux's /proc/locks names it."""
    st = os.fstat(fd)
    inode = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    try:
        lines = Path("/proc/locks").read_text().splitlines()
    except OSError:
        return "process unknown"
    for line in lines:
        fields = line.split()
        # "1: FLOCK  ADVISORY  WRITE 4242 08:01:1234 0 EOF"; "->" marks a waiter.
        if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == inode:
            pid = fields[4]
            try:
                raw = Path(f"/proc/{pid}/cmdline").read_bytes()
                command = " ".join(a.decode(errors="replace") for a in raw.split(b"\0") if a)
            except OSError:
                command = ""
            return f"process {pid}" + (f": {command[:120]}" if command else "")
    return "process unknown"


def _parse(
    path: Path, data: bytes, expected: Tournament | None = None
) -> tuple[Tournament, list[GameRecord], int, tuple[int, ...]]:
    """The tournament, the records, the length in bytes of the whole lines read, and repeats.

    Records are checked against ``expected`` when given (a run resuming),
    else against the file's own tournament.
    """
    lines = data.split(b"\n")
    good = 0
    tournament: Tournament | None = None
    check: RecordCheck | None = None
    records: list[GameRecord] = []
    seen: dict[tuple[int, int], tuple[int, Any]] = {}
    repeats: list[int] = []
    for number, line in enumerate(lines, start=1):
        last = number == len(lines)
        if last and line.strip():  # no newline after it: cut short by a stop
            break
        if not line.strip():
            good += len(line) + (0 if last else 1)
            continue
        try:
            doc = json.loads(line)
        except ValueError as e:
            what = "the first line" if tournament is None else "not a game record"
            raise SerializationError(f"{path}, line {number}: {what} ({e})") from None
        if tournament is None:
            if not isinstance(doc, dict) or _HEADER not in doc:
                raise SerializationError(
                    f"{path} is not a henchmen results file (line 1 has no '{_HEADER}')"
                )
            try:
                tournament = Tournament.from_json(doc[_HEADER])
            except (ValueError, TypeError) as e:
                raise SerializationError(f"{path}, line {number}: {e}") from None
            check = RecordCheck(
                expected if expected is not None and expected == tournament else tournament
            )
        else:
            assert check is not None
            try:
                record = check(doc)
            except BadRecord as e:
                raise SerializationError(
                    f"{path}, line {number}: not a game record of this tournament: {e}"
                ) from None
            if record.key in seen:
                first, before = seen[record.key]
                if before != doc:
                    raise SerializationError(
                        f"{path}, lines {first} and {number}: two different results for game "
                        f"{record.game} of table {record.table} (two runs wrote the file at "
                        "once, before results files were locked); keep one of the two lines"
                    )
                repeats.append(number)
            else:
                seen[record.key] = (number, doc)
                records.append(record)
        good += len(line) + 1
    if tournament is None:
        raise SerializationError(f"{path} is empty or cut short before its first line")
    return tournament, records, good, tuple(repeats)


def _describe(t: Tournament) -> str:
    return f"{t.game}, bots {', '.join(t.bots)}, {t.games_per_table} games a table, seed {t.seed}"


__all__ = ["Results", "ResultsFile", "load_results", "read_results"]
