"""What the analysis commands share: the executor a command runs on, stopped
as Ctrl-C stops it, and the game options it is given.

A leaf of ``henchmen.analysis.cli`` and the commands beside it
(``cli_tune``), so that they import it and not each other.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from concurrent.futures import Executor
from typing import Any

from henchmen._cli_args import parse_option
from henchmen.analysis.run import dask_executor, local_executor, stop_pool
from henchmen.game import GameInfo


@contextlib.contextmanager
def sigterm_stops() -> Iterator[None]:
    """While inside, a SIGTERM stops the run as Ctrl-C does (a KeyboardInterrupt).

    A batch system or ``kill`` ends a run with SIGTERM, which by default ends
    the process at once: the results file unclosed and the worker processes
    playing on. As an interrupt it keeps what is finished and ends the workers.

    >>> import os
    >>> with sigterm_stops():
    ...     try:
    ...         os.kill(os.getpid(), signal.SIGTERM)
    ...     except KeyboardInterrupt:
    ...         print("stopped")
    stopped
    """
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set a handler; the caller's stays
        return

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


@contextlib.contextmanager
def command_pool(scheduler: str | None, workers: int, stopped: str) -> Iterator[Executor]:
    """The executor of a command (local processes, or a Dask cluster's), ended when done.

    Inside, a SIGTERM stops as Ctrl-C does; a stop becomes the one-line
    KeyboardInterrupt ``stopped``, and the local workers are ended with it.

    >>> with command_pool(None, 1, "stopped") as pool:
    ...     pool.submit(pow, 2, 5).result()
    32
    """
    executor, client = (
        (local_executor(workers), None) if not scheduler else dask_executor(scheduler)
    )
    finished = False
    try:
        with sigterm_stops():
            yield executor
        finished = True
    except KeyboardInterrupt:
        raise KeyboardInterrupt(stopped) from None
    finally:
        if client is not None:
            client.close()
        else:
            stop_pool(executor, finished=finished)


def game_options(info: GameInfo, texts: list[str]) -> dict[str, Any]:
    """The ``--option KEY=VALUE`` texts as a game's options, each checked against ``info``.

    >>> from henchmen.game import game_info
    >>> game_options(game_info("parry"), ["health=5"])
    {'health': 5}
    """
    options: dict[str, Any] = {}
    for text in texts:
        key, value = parse_option(info, text)
        options[key] = value
    return options
