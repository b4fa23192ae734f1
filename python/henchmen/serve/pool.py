"""Worker threads shared fairly between the server's clients.

The server thinks on three of these pools: one for the search bots that sit
at seats, one for the seated bots that answer at once (greedy, random), so
that neither is ever queued behind anyone's hints nor the second behind a
search, and one for the slow requests clients make (``ask_bot`` hints,
loading a replay).  Jobs wait in a line per key (a connection for hints,
the address that made the game for seated bots); a free worker takes the
oldest job of the key served least recently, and no key runs more than its
share of the workers (the workers divided by the keys with work, rounded
up) while another waits.  So one client's four 30-second hints take one
worker of two while another client's hint waits, not all of them.

The workers choose their next job themselves, under a lock, so a job
starts as soon as a worker is free, without a round trip through the event
loop.

>>> async def demo():
...     pool = FairPool(1, "demo")
...     try:
...         return await asyncio.gather(pool.run("a", sum, [1, 2]), pool.run("b", max, [3, 4]))
...     finally:
...         pool.shutdown()
>>> asyncio.run(demo())
[3, 4]
"""

from __future__ import annotations

import asyncio
import threading
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop


class FairPool:
    """``workers`` threads; :meth:`run` queues a call under a key and awaits its result.

    A key with many jobs does not hold back another key's one:

    >>> import time
    >>> async def fair():
    ...     pool, order = FairPool(1, "fair"), []
    ...     def job(name):
    ...         time.sleep(0.05)
    ...         order.append(name)
    ...     greedy = [asyncio.ensure_future(pool.run("greedy", job, f"g{i}")) for i in range(3)]
    ...     await asyncio.sleep(0.01)  # g0 is running, g1 and g2 wait
    ...     await asyncio.gather(*greedy, pool.run("other", job, "o"))
    ...     pool.shutdown()
    ...     return order
    >>> asyncio.run(fair())
    ['g0', 'o', 'g1', 'g2']
    """

    def __init__(self, workers: int, name: str) -> None:
        self.workers = max(1, workers)
        self.name = name
        self._lock = threading.Condition()
        self._waiting: dict[Hashable, deque[_Job]] = {}
        self._running: dict[Hashable, int] = {}
        # When each key with work was last served (a count): the least recent goes first.
        self._served: dict[Hashable, int] = {}
        self._serves = 0
        self._busy = 0
        self._closed = False
        self._threads: list[threading.Thread] = []

    @property
    def busy(self) -> int:
        """Workers running a job now.

        >>> FairPool(2, "idle").busy
        0
        """
        return self._busy

    def waiting(self, key: Hashable | None = None) -> int:
        """Jobs queued and not started (under ``key``, or in all).

        >>> FairPool(1, "idle").waiting()
        0
        """
        with self._lock:
            lines = [self._waiting.get(key, deque())] if key is not None else self._waiting.values()
            return sum(not j.future.cancelled() for line in lines for j in line)

    async def run(self, key: Hashable, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on a worker when ``key``'s turn comes; its result or its exception.

        Cancelling the awaiting task drops a job still waiting; a job already
        running finishes on its thread (stop it with its own cancel token).

        >>> async def square():
        ...     pool = FairPool(1, "square")
        ...     try:
        ...         return await pool.run("me", pow, 7, 2)
        ...     finally:
        ...         pool.shutdown()
        >>> asyncio.run(square())
        49
        """
        loop = asyncio.get_running_loop()
        job = _Job(fn, args, loop.create_future(), loop)
        with self._lock:
            if self._closed:
                raise RuntimeError(f"the {self.name} pool is shut down")
            self._waiting.setdefault(key, deque()).append(job)
            while len(self._threads) < self.workers:  # started on first use
                self._start_worker()
            self._lock.notify()
        result: T = await job.future
        return result

    def _start_worker(self) -> None:
        worker = threading.Thread(
            target=self._work,
            name=f"henchmen-{self.name}-{len(self._threads)}",
            daemon=True,
        )
        self._threads.append(worker)
        worker.start()

    def _share(self) -> int:
        active = set(self._waiting) | set(self._running)
        return max(1, -(-self.workers // max(1, len(active))))

    def _next(self) -> tuple[Hashable, _Job] | None:
        """The job to start now, taken from its line (with the lock held), or None."""
        share = self._share()
        for key in sorted(self._waiting, key=lambda k: self._served.get(k, -1)):
            line = self._waiting[key]
            while line and line[0].future.cancelled():  # dropped while it waited
                line.popleft()
            if not line:
                del self._waiting[key]
                self._forget(key)
                continue
            if self._running.get(key, 0) >= share:
                continue
            job = line.popleft()
            if not line:
                del self._waiting[key]
            self._serves += 1
            self._served[key] = self._serves
            self._running[key] = self._running.get(key, 0) + 1
            self._busy += 1
            return key, job
        return None

    def _forget(self, key: Hashable) -> None:
        if key not in self._waiting and not self._running.get(key):
            self._served.pop(key, None)

    def _work(self) -> None:
        while True:
            with self._lock:
                found = self._next()
                while found is None:
                    if self._closed:
                        return
                    self._lock.wait()
                    found = self._next()
            key, job = found
            result: Any = None
            failure: BaseException | None = None
            try:
                result = job.fn(*job.args)
            except BaseException as e:  # handed to the awaiting task, whatever it is
                failure = e
            with self._lock:
                self._busy -= 1
                self._running[key] -= 1
                if not self._running[key]:
                    del self._running[key]
                    self._forget(key)
                self._lock.notify_all()  # a line held back by its share may go on now
            try:
                job.loop.call_soon_threadsafe(_settle, job.future, result, failure)
            except RuntimeError:  # the event loop is closed: nobody waits any more
                pass

    def shutdown(self) -> None:
        """Stop taking jobs; wait for those running (their cancel tokens stop searches).

        >>> pool = FairPool(1, "done")
        >>> pool.shutdown()
        >>> async def late():
        ...     try:
        ...         await pool.run("me", abs, -1)
        ...     except RuntimeError as e:
        ...         return "refused"
        >>> asyncio.run(late())
        'refused'
        """
        with self._lock:
            self._closed = True
            for line in self._waiting.values():
                for job in line:
                    try:
                        job.loop.call_soon_threadsafe(job.future.cancel)
                    except RuntimeError:  # its event loop is closed
                        pass
            self._waiting.clear()
            self._lock.notify_all()
        for worker in self._threads:
            if worker is not threading.current_thread():
                worker.join()


def _settle(future: asyncio.Future[Any], result: Any, failure: BaseException | None) -> None:
    if future.done():  # cancelled while it ran
        return
    if failure is not None:
        future.set_exception(failure)
    else:
        future.set_result(result)


__all__ = ["FairPool"]
