"""The protocol over standard input and output: one JSON message a line, one client.

Standard output carries protocol messages only (logs go to standard
error).  A line longer than the message limit is skipped as it streams in,
never held whole, and answered with a ``too_large`` error; blank lines are
ignored.  At the end of input the requests under way are finished and
answered, then the server stops.
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import BinaryIO

from henchmen.serve.protocol import Limits, ProtocolError, error
from henchmen.serve.server import Server

_CHUNK = 1 << 16


class LineReader:
    """Splits bytes into lines, dropping (and reporting) lines past ``limit`` bytes.

    >>> r = LineReader(limit=5)
    >>> r.feed(b'ab\\ncdefghij')
    [b'ab']
    >>> r.feed(b'kl\\nxy\\n')
    [None, b'xy']
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._buf = bytearray()
        self._skipping = False

    def feed(self, data: bytes) -> list[bytes | None]:
        """The complete lines in ``data`` (None for each line that was too long).

        A line may come in pieces; blank lines and a closing ``\\r`` are dropped.

        >>> r = LineReader(limit=100)
        >>> r.feed(b'{"type": '), r.feed(b'"ping"}\\r\\n\\n')
        ([], [b'{"type": "ping"}'])
        """
        out: list[bytes | None] = []
        start = 0
        while True:
            nl = data.find(b"\n", start)
            piece = data[start:] if nl < 0 else data[start:nl]
            if not self._skipping:
                self._buf += piece
                if len(self._buf) > self.limit:
                    self._buf.clear()
                    self._skipping = True
            if nl < 0:
                return out
            if self._skipping:
                out.append(None)
                self._skipping = False
            else:
                line = bytes(self._buf).rstrip(b"\r")
                if line.strip():
                    out.append(line)
            self._buf.clear()
            start = nl + 1


async def serve_stdio(
    server: Server, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None
) -> None:
    """Serve one client on standard input and output until the input ends.

    ``stdin`` must have a file descriptor (a file, a pipe, a terminal);
    ``stdout`` needs only ``write`` and ``flush``.

    >>> import asyncio, io, json, tempfile
    >>> requests = tempfile.TemporaryFile()
    >>> _ = requests.write(b'{"id": 1, "type": "ping"}\\n\\n{"id": 2, "type": "fly"}\\n')
    >>> _ = requests.seek(0)
    >>> replies = io.BytesIO()
    >>> async def main():
    ...     server = Server(threads=1)
    ...     await serve_stdio(server, requests, replies)
    ...     await server.close()
    >>> asyncio.run(main())
    >>> requests.close()
    >>> [(m["id"], m["type"]) for m in map(json.loads, replies.getvalue().splitlines())]
    [(1, 'ping'), (2, 'error')]
    """
    inp = stdin if stdin is not None else sys.stdin.buffer
    out = stdout if stdout is not None else sys.stdout.buffer
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[bytes | EOFError | None] = asyncio.Queue(maxsize=64)
    reader = LineReader(server.limits.max_message_bytes)

    def read_all() -> None:
        # A thread, not the loop's pipe reader: standard input may be a file or a terminal.
        fd = inp.fileno()
        try:
            while True:
                data = os.read(fd, _CHUNK)
                if not data:
                    break
                for line in reader.feed(data):
                    asyncio.run_coroutine_threadsafe(lines.put(line), loop).result()
        except (OSError, RuntimeError):
            pass
        finally:
            try:
                asyncio.run_coroutine_threadsafe(lines.put(EOFError()), loop).result()
            except RuntimeError:
                pass

    writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="henchmen-stdout")

    def write_line(line: str) -> None:
        out.write(line.encode("ascii") + b"\n")
        out.flush()

    async def write(line: str) -> None:
        await loop.run_in_executor(writer, write_line, line)

    conn = server.connect(write, "stdio", "stdio")
    threading.Thread(target=read_all, name="henchmen-stdin", daemon=True).start()
    limits: Limits = server.limits
    try:
        while True:
            line = await lines.get()
            if isinstance(line, EOFError):
                break
            if line is None:
                too_long = ProtocolError(
                    "too_large",
                    f"a line is longer than the limit of {limits.max_message_bytes} bytes; "
                    "it was skipped",
                    {"limit": limits.max_message_bytes},
                )
                conn.received += 1  # a message all the same: later positions count it
                await conn.reply(error(None, None, too_long, conn.received))
                continue
            await server.receive(conn, line)
        pending = [s.task for s in conn.slow.values()]
        if pending:
            await asyncio.wait(pending)
    finally:
        await server.disconnect(conn)
        writer.shutdown(wait=True)


__all__ = ["LineReader", "serve_stdio"]
