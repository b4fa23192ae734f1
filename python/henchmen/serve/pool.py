"""Worker threads shared fairly between the server's clients.

The server thinks on two of these pools: one for the bots that sit at
seats (so a game's bot is never queued behind anyone's hints) and one for
the slow requests clients make (``ask_bot`` hints, loading a replay).
Jobs wait in a queue per key (a connection for hints, the address that
made the game for seated bots); a free worker takes the oldest job of the
next key in turn, and no key runs more than its share of the workers
(the workers divided by the keys with work, rounded up) while another
waits.  So one client's four 30-second hints take one worker of two while
another client's hint waits, not all of them.

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
import concurrent.futures
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]


class FairPool:
    """``workers`` threads; :meth:`run` queues a call under a key and awaits its result.

    A key with many jobs does not hold back another key's one:

    >>> import asyncio, threading, time
    >>> async def fair():
    ...     pool, order = FairPool(1, "fair"), []
    ...     def job(name):
    ...         time.sleep(0.01)
    ...         order.append(name)
    ...     greedy = [pool.run("greedy", job, f"g{i}") for i in range(3)]
    ...     await asyncio.sleep(0)
    ...     await asyncio.gather(*greedy, pool.run("other", job, "o"))
    ...     pool.shutdown()
    ...     return order
    >>> asyncio.run(fair())
    ['g0', 'o', 'g1', 'g2']
    """

    def __init__(self, workers: int, name: str) -> None:
        self.workers = max(1, workers)
        self._executor = concurrent.futures.ThreadPoolExecutor(
            self.workers, thread_name_prefix=f"henchmen-{name}"
        )
        self._waiting: OrderedDict[Hashable, deque[_Job]] = OrderedDict()
        self._running: dict[Hashable, int] = {}
        # When each key with work was last served (a count): the least recent goes first.
        self._served: dict[Hashable, int] = {}
        self._serves = 0
        self._busy = 0

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
        if key is not None:
            return sum(not j.future.done() for j in self._waiting.get(key, ()))
        return sum(not j.future.done() for q in self._waiting.values() for j in q)

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
        job = _Job(fn, args, asyncio.get_running_loop().create_future())
        self._waiting.setdefault(key, deque()).append(job)
        self._dispatch()
        result: T = await job.future
        return result

    def _share(self) -> int:
        active = set(self._waiting) | {k for k, n in self._running.items() if n}
        return max(1, -(-self.workers // max(1, len(active))))

    def _next(self) -> tuple[Hashable, _Job] | None:
        share = self._share()
        for key in sorted(self._waiting, key=lambda k: self._served.get(k, -1)):
            queue = self._waiting[key]
            while queue and queue[0].future.done():  # cancelled while it waited
                queue.popleft()
            if not queue:
                del self._waiting[key]
                self._forget(key)
                continue
            if self._running.get(key, 0) >= share:
                continue
            job = queue.popleft()
            if not queue:
                del self._waiting[key]
            self._serves += 1
            self._served[key] = self._serves
            return key, job
        return None

    def _forget(self, key: Hashable) -> None:
        if key not in self._waiting and not self._running.get(key):
            self._served.pop(key, None)

    def _dispatch(self) -> None:
        loop = asyncio.get_running_loop()
        while self._busy < self.workers:
            found = self._next()
            if found is None:
                return
            key, job = found
            self._busy += 1
            self._running[key] = self._running.get(key, 0) + 1
            try:
                done = self._executor.submit(job.fn, *job.args)
            except RuntimeError as e:  # shut down: the server is stopping
                self._finish(key, job, None, e)
                return

            def report(
                f: concurrent.futures.Future[Any], key: Hashable = key, job: _Job = job
            ) -> None:
                try:
                    loop.call_soon_threadsafe(self._finish, key, job, f, None)
                except RuntimeError:  # the event loop is closed: nobody waits any more
                    pass

            done.add_done_callback(report)

    def _finish(
        self,
        key: Hashable,
        job: _Job,
        done: concurrent.futures.Future[Any] | None,
        failure: BaseException | None,
    ) -> None:
        self._busy -= 1
        self._running[key] -= 1
        if not self._running[key]:
            del self._running[key]
            self._forget(key)
        if not job.future.done():
            if done is not None and done.cancelled():
                job.future.cancel()
            else:
                error = failure if done is None else done.exception()
                if error is not None:
                    job.future.set_exception(error)
                else:
                    assert done is not None
                    job.future.set_result(done.result())
        self._dispatch()

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
        for queue in self._waiting.values():
            for job in queue:
                job.future.cancel()
        self._waiting.clear()
        self._executor.shutdown(wait=True, cancel_futures=True)


__all__ = ["FairPool"]
