"""One client's connection: its outgoing queue, its rate limit, its slow requests and subscriptions.

A transport (standard input and output, or a WebSocket) reads messages and
hands each to :meth:`Server.receive`; everything the server says to the
client goes through one queue bounded in bytes (``Limits.max_outbound_bytes``),
written out by one task, so a client that stops reading cannot make the
server hold unbounded output: past the limit the connection is closed and
what it held is let go at once.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from henchmen.cancel import CancelToken
from henchmen.serve.protocol import Limits, encode

if TYPE_CHECKING:
    from henchmen.serve.room import Room

_ids = itertools.count(1)


@dataclass
class Bucket:
    """A token bucket: ``rate`` requests a second on average, ``burst`` at once.

    >>> b = Bucket(rate=1.0, burst=2)
    >>> b.take(0.0), b.take(0.0), b.take(0.0), b.take(1.0)
    (True, True, False, True)
    """

    rate: float
    burst: int
    level: float = -1.0
    at: float = 0.0

    def take(self, now: float) -> bool:
        """Spend one request's token at time ``now`` (seconds); False when none is left.

        >>> b = Bucket(rate=2.0, burst=1)
        >>> b.take(10.0), b.take(10.1), b.take(10.5)
        (True, False, True)
        """
        if self.level < 0:
            self.level, self.at = float(self.burst), now
        self.level = min(float(self.burst), self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1.0:
            return False
        self.level -= 1.0
        return True

    def wait(self) -> float:
        """Seconds until the next request is allowed.

        >>> b = Bucket(rate=4.0, burst=1)
        >>> b.take(0.0), b.wait()
        (True, 0.25)
        """
        return max(0.0, (1.0 - self.level) / self.rate)


@dataclass
class Slow:
    """A slow request under way (a bot's suggestion): its task and its cancel token.

    Ending one (as a disconnect does) cancels both:

    >>> async def end_one():
    ...     slow = Slow(asyncio.create_task(asyncio.sleep(60)), CancelToken())
    ...     slow.token.cancel()
    ...     slow.task.cancel()
    ...     await asyncio.gather(slow.task, return_exceptions=True)
    ...     return slow.token.cancelled, slow.task.cancelled()
    >>> asyncio.run(end_one())
    (True, True)
    """

    task: asyncio.Task[None]
    token: CancelToken
    room: Room | None = None


@dataclass(eq=False)
class Connection:
    """A client; made by a transport with the coroutine that writes one line of text out.

    >>> async def talk():
    ...     lines = []
    ...     async def write(line):
    ...         lines.append(line)
    ...     conn = Connection(write, Limits())
    ...     conn.start()
    ...     conn.send({"type": "closed", "game_id": "g-1"})
    ...     await conn.drain()
    ...     return lines
    >>> asyncio.run(talk())
    ['{"type":"closed","game_id":"g-1"}']
    """

    write: Callable[[str], Awaitable[None]]
    limits: Limits
    label: str = "client"
    #: Where the client connects from (its IP address); limits per address count by it.
    address: str = "local"
    id: int = field(default_factory=lambda: next(_ids))
    bucket: Bucket = field(init=False)
    slow: dict[object, Slow] = field(default_factory=dict)
    # subscription id -> the room it watches
    subscriptions: dict[str, Room] = field(default_factory=dict)
    closed: bool = False
    #: Whether it was cut off for leaving more than ``max_outbound_bytes`` unread.
    overflowed: bool = False
    #: Messages received so far (an error that cannot answer an id names its message by it).
    received: int = 0
    on_overflow: Callable[[], None] | None = None
    _lines: deque[str | None] = field(default_factory=deque)
    _queued_bytes: int = 0
    _ready: asyncio.Event = field(default_factory=asyncio.Event)
    _room_freed: asyncio.Event = field(default_factory=asyncio.Event)
    _writer: asyncio.Task[None] | None = None

    def __post_init__(self) -> None:
        self.bucket = Bucket(self.limits.requests_per_second, self.limits.burst)

    @property
    def queued_bytes(self) -> int:
        """How many bytes wait to be written out (the message being written not counted).

        >>> async def never(line):
        ...     pass
        >>> conn = Connection(never, Limits())
        >>> conn.send({"type": "ping"})
        >>> conn.queued_bytes
        15
        """
        return self._queued_bytes

    def start(self) -> None:
        """Start the task that writes the queue out (in a running event loop).

        >>> async def before_and_after():
        ...     lines = []
        ...     async def write(line):
        ...         lines.append(line)
        ...     conn = Connection(write, Limits())
        ...     conn.send({"type": "ping"})
        ...     await asyncio.sleep(0)
        ...     before = len(lines)
        ...     conn.start()
        ...     await conn.drain()
        ...     return before, len(lines)
        >>> asyncio.run(before_and_after())
        (0, 1)
        """
        self._writer = asyncio.get_running_loop().create_task(self._write_out())

    async def _write_out(self) -> None:
        while True:
            while not self._lines:
                self._ready.clear()
                await self._ready.wait()
            line = self._lines.popleft()
            if line is None:
                return
            self._queued_bytes -= len(line)
            self._room_freed.set()
            if self.closed:
                continue  # drained unwritten, so that no reply waits on a full queue
            try:
                await self.write(line)
            except Exception:  # the client went away; the transport notices and closes
                self.closed = True

    def _put(self, line: str | None) -> None:
        self._lines.append(line)
        self._queued_bytes += 0 if line is None else len(line)
        self._ready.set()

    def _fits(self, line: str) -> bool:
        # An empty queue takes any one message, so that a reply larger than the
        # limit (a long game's replay) still goes out.
        return self._queued_bytes == 0 or self._queued_bytes + len(line) <= (
            self.limits.max_outbound_bytes
        )

    def _overflow(self) -> None:
        self.closed = True
        self.overflowed = True
        self._lines = deque(x for x in self._lines if x is None)  # let go of the text now
        self._queued_bytes = 0
        self._room_freed.set()
        if self.on_overflow is not None:
            self.on_overflow()

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a client so far behind that the queue is full is cut off.

        >>> async def never(line):
        ...     pass
        >>> cut = []
        >>> conn = Connection(never, Limits(max_outbound_bytes=60))
        >>> conn.on_overflow = lambda: cut.append(True)
        >>> for n in range(3):
        ...     conn.send({"type": "events", "n": n})
        >>> conn.closed, cut, conn.queued_bytes
        (True, [True], 0)
        """
        if self.closed:
            return
        line = encode(message)
        if not self._fits(line):
            self._overflow()
            return
        self._put(line)

    async def reply(self, message: dict[str, Any]) -> None:
        """Queue a reply, waiting while the queue is full (so a flooder is slowed, not cut).

        Past ``write_timeout`` of waiting the client is cut off after all:

        >>> async def stuck():
        ...     async def never(line):
        ...         pass
        ...     conn = Connection(never, Limits(max_outbound_bytes=30, write_timeout=0.01))
        ...     await conn.reply({"id": 1, "type": "ping"})  # queued at once
        ...     first = conn.closed
        ...     await conn.reply({"id": 2, "type": "ping"})  # nobody writes the queue out
        ...     return first, conn.closed
        >>> asyncio.run(stuck())
        (False, True)
        """
        if self.closed:
            return
        line = encode(message)
        # At once when there is room: a reply must follow the pushes sent before it
        # was made and precede those after.
        if self._fits(line):
            self._put(line)
            return
        deadline = time.monotonic() + self.limits.write_timeout
        while not self.closed and not self._fits(line):
            left = deadline - time.monotonic()
            if left <= 0:
                self._overflow()
                return
            self._room_freed.clear()
            try:
                await asyncio.wait_for(self._room_freed.wait(), left)
            except asyncio.TimeoutError:
                pass
        if not self.closed:
            self._put(line)

    def allow(self) -> bool:
        """Whether the rate limit lets one more request through now.

        >>> async def never(line):
        ...     pass
        >>> conn = Connection(never, Limits(requests_per_second=0.001, burst=2))
        >>> [conn.allow() for _ in range(3)]
        [True, True, False]
        """
        return self.bucket.take(time.monotonic())

    async def drain(self) -> None:
        """Write out what is queued, then stop the writer.

        >>> async def slow_client():
        ...     lines = []
        ...     async def write(line):
        ...         await asyncio.sleep(0.001)
        ...         lines.append(line)
        ...     conn = Connection(write, Limits())
        ...     conn.start()
        ...     for n in range(3):
        ...         conn.send({"n": n})
        ...     await conn.drain()
        ...     return lines
        >>> asyncio.run(slow_client())
        ['{"n":0}', '{"n":1}', '{"n":2}']
        """
        if self._writer is None:
            return
        self._put(None)
        try:
            await asyncio.wait_for(self._writer, timeout=5)
        except asyncio.TimeoutError:
            self._writer.cancel()
        self._lines.clear()
        self._queued_bytes = 0


__all__ = ["Bucket", "Connection", "Slow"]
