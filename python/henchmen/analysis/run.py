"""Running a tournament on an executor, streaming the results to a file as they come.

Any ``concurrent.futures``-style executor will do: the default is local
processes; :func:`dask_executor` gives a Dask cluster's.  Work goes out in
batches of games (:func:`~henchmen.analysis.plan.batches`), each one task,
so what a task costs to ship and schedule is shared by many games.  Every
game's result depends only on the tournament and the game's place in it,
never on the batch, the worker or the order of completion, so a run on one
machine, on a cluster, or resumed after a stop gives the same records.
"""

from __future__ import annotations

import ctypes
import importlib
import json
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import (
    Executor,
    Future,
    InvalidStateError,
    ProcessPoolExecutor,
    as_completed,
)
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from henchmen import _checks
from henchmen.analysis.plan import Tournament, batches
from henchmen.analysis.play import GameRecord, play_batch
from henchmen.analysis.store import ResultsFile
from henchmen.errors import OptionError

#: ``progress(done, total)``: games finished so far (those from before a resume included).
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class TournamentRun:
    """What a run left: the tournament, every finished game, and what this run played.

    A second run of the same tournament into the same file plays nothing more:

    >>> import tempfile, os
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> t = Tournament("parry", ("random", "greedy"), games_per_table=2, seed=2)
    >>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
    >>> with ThreadPoolExecutor(1) as pool:
    ...     first = run_tournament(t, path, executor=pool)
    ...     again = run_tournament(t, path, executor=pool)
    >>> (first.played, first.resumed), (again.played, again.resumed)
    ((2, 0), (0, 2))
    >>> again.records == first.records
    True
    """

    tournament: Tournament
    records: list[GameRecord]
    played: int
    resumed: int


def local_executor(workers: int) -> Executor:
    """A pool of ``workers`` local processes, each with henchmen imported once.

    The fork server starts from a clean process (no threads of the caller's
    are copied), and preloads henchmen so every worker starts at once.

    >>> from concurrent.futures import ProcessPoolExecutor
    >>> pool = local_executor(2)
    >>> isinstance(pool, ProcessPoolExecutor)
    True
    >>> pool.shutdown()
    >>> local_executor(0)
    Traceback (most recent call last):
    ...
    henchmen.errors.OptionError: ...workers...
    """
    workers = _checks.count(workers, "workers", 1, 1024)
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["henchmen.analysis.play"])
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=ctx,
        initializer=end_with_parent,
        initargs=(os.getpid(),),
    )


#: How often a worker looks whether the run that started it is still there, in seconds.
WATCH_SECONDS = 0.5
_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def end_with_parent(run: int) -> None:
    """In a worker process: end it when the run (process ``run``) that started it ends.

    A run killed outright (SIGKILL, the out-of-memory killer) cannot stop its
    workers, which would play on unseen, or hang writing results nobody
    reads.  On Linux the kernel ends the worker when its parent (the fork
    server, which itself ends when the run does) dies (``PR_SET_PDEATHSIG``);
    everywhere, a thread of the worker looks twice a second whether its
    parent changed (it was orphaned) or the run is gone, and ends it.
    tests/analysis/test_orphans.py kills a run with SIGKILL and finds no worker left.

    >>> import os
    >>> _orphaned(os.getpid(), os.getppid())  # this process is the run, and alive
    False
    """
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # the watch below still ends it
    if _orphaned(run, parent):  # it died before the kernel was asked to tell
        os._exit(1)
    threading.Thread(target=_watch, args=(run, parent), name="henchmen-watch", daemon=True).start()


def _orphaned(run: int, parent: int) -> bool:
    """Whether this process's parent changed (it was orphaned) or the run has ended."""
    if os.getppid() != parent:
        return True
    try:
        os.kill(run, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return True  # the pid is another user's now: the run, ours, has ended
    return False


def _watch(run: int, parent: int) -> None:
    while not _orphaned(run, parent):
        time.sleep(WATCH_SECONDS)
    os._exit(1)  # not sys.exit: the worker may be stuck in native code or a pipe write


def stop_pool(pool: Executor, *, finished: bool) -> None:
    """Shut ``pool`` down; after a stop (``finished`` False), end its running batches too.

    ``shutdown(wait=False)`` drops the batches not yet started, but each local
    worker would play the one it holds to the end, unseen, taking the machine
    from whatever comes next: a stopped run ends its worker processes.

    >>> pool = local_executor(1)
    >>> pool.submit(pow, 2, 3).result()
    8
    >>> workers = list(pool._processes.values())
    >>> stop_pool(pool, finished=False)
    >>> [w.join(10) for w in workers] and [w.is_alive() for w in workers]
    [False]
    """
    if finished:
        pool.shutdown(wait=True)
        return
    # shutdown forgets the processes, so they are taken first. (Python 3.14
    # has ProcessPoolExecutor.terminate_workers; before it, this is the way.)
    workers = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    if not workers:
        return
    hook = threading.excepthook

    def quiet(args: Any) -> None:
        # Python 3.11's pool manager, finding its workers gone, sets an error
        # on every batch, and trips on those already cancelled (3.12 fixed it).
        if args.thread is not manager or not isinstance(args.exc_value, InvalidStateError):
            hook(args)

    threading.excepthook = quiet
    try:
        for worker in workers:
            worker.terminate()
        if manager is not None:
            manager.join(10)
    finally:
        threading.excepthook = hook


def dask_executor(scheduler: str) -> tuple[Executor, Any]:
    """The executor of the Dask scheduler at ``scheduler`` (``tcp://host:8786``) and its Client.

    ``scheduler`` may instead be the path of a scheduler file, as a cluster's
    batch job writes it (``dask scheduler --scheduler-file FILE``).

    Close the client when done.  Needs the ``henchmen[analysis]`` extra.

    Here the scheduler is an in-process cluster with one worker thread:

    >>> import distributed
    >>> with distributed.LocalCluster(
    ...     n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0"
    ... ) as cluster:
    ...     pool, client = dask_executor(cluster.scheduler_address)
    ...     squares = [f.result() for f in [pool.submit(pow, n, 2) for n in range(4)]]
    ...     client.close()
    >>> squares
    [0, 1, 4, 9]
    """
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise OptionError(
            "--scheduler needs Dask: pip install 'henchmen[analysis]' (dask[distributed])"
        ) from None
    try:
        # A path is a scheduler file (`dask scheduler --scheduler-file`, dask-jobqueue and
        # batch jobs write one on a shared disk); anything else is the scheduler's address.
        if "://" not in scheduler and Path(scheduler).is_file():
            client = distributed.Client(_address_in(scheduler), timeout=10)
        else:
            client = distributed.Client(scheduler, timeout=10)
    except (OSError, TimeoutError, ValueError, KeyError) as e:
        raise OptionError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
    return client.get_executor(pure=False), client


def _address_in(scheduler_file: str) -> str:
    """The scheduler's address a scheduler file holds; OptionError when it holds none."""
    try:
        doc = json.loads(Path(scheduler_file).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise OptionError(f"cannot reach the Dask scheduler: {scheduler_file}: {e}") from None
    address = doc.get("address") if isinstance(doc, dict) else None
    if not isinstance(address, str) or not address:
        raise OptionError(
            f"cannot reach the Dask scheduler: {scheduler_file} is no scheduler file "
            "(it names no address; `dask scheduler --scheduler-file FILE` writes one)"
        )
    return address


def run_tournament(
    tournament: Tournament,
    results: str | os.PathLike[str],
    *,
    executor: Executor | None = None,
    workers: int = 1,
    batch_size: int = 0,
    replays: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
    upto: tuple[int, ...] | None = None,
) -> TournamentRun:
    """Play every game of ``tournament`` not yet in the ``results`` file, appending as they come.

    ``executor`` runs the batches (default: ``workers`` local processes);
    ``batch_size`` games go to each task (0: about four tasks per worker
    and table, at most 200 games each).  ``replays`` is a folder for
    every game's replay.  Stopping the run (Ctrl-C) leaves every finished
    batch in the file; running it again plays only the rest.  ``upto``
    (one count a table) plays only each table's first games, for a race
    (:mod:`~henchmen.analysis.race`) that looks between rounds.

    >>> import tempfile, os
    >>> t = Tournament("parry", ("random", "greedy"), games_per_table=4, seed=2)
    >>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     run = run_tournament(t, path, executor=pool, batch_size=2)
    >>> run.played, len(run.records)
    (4, 4)
    """
    workers = _checks.count(workers, "workers", 1, 1024)
    batch_size = _checks.count(batch_size, "batch_size", 0, 1_000_000)
    replay_dir = None if replays is None else str(Path(replays))
    if replay_dir is not None:
        try:
            Path(replay_dir).mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise OptionError(f"cannot make the replay folder {replay_dir}: {e.strerror}") from None
    with ResultsFile.open(results, tournament) as store:
        resumed = len(store.records)
        done = set(store.records)
        total = tournament.total_games
        if upto is not None:  # the games past a table's count wait for a later round
            done |= {
                (t, g) for t, n in enumerate(upto) for g in range(n, tournament.games_per_table)
            }
            total = sum(min(n, tournament.games_per_table) for n in upto)
        if batch_size == 0:
            per_task = tournament.games_per_table // (4 * workers) or 1
            batch_size = max(1, min(200, per_task))
        todo = batches(tournament, batch_size, done)
        if progress is not None:
            progress(len(store.records), total)
        played = 0
        if todo:
            own = executor is None
            pool = local_executor(workers) if executor is None else executor
            doc = json.dumps(tournament.to_json(), sort_keys=True)
            futures: list[Future[list[dict[str, Any]]]] = []
            finished = False
            try:
                futures = [pool.submit(play_batch, doc, b, replay_dir) for b in todo]
                for future in as_completed(futures):
                    played += len(store.append(future.result()))
                    if progress is not None:
                        progress(len(store.records), total)
                finished = True
            finally:
                for f in futures:
                    f.cancel()
                if own:
                    stop_pool(pool, finished=finished)
        records = sorted(store.records.values(), key=lambda r: r.key)
    return TournamentRun(tournament, records, played, resumed)


__all__ = [
    "Progress",
    "TournamentRun",
    "dask_executor",
    "local_executor",
    "run_tournament",
    "stop_pool",
]
