"""Henchmen behind any frontend: a versioned JSON protocol, a server, and a browser table.

``henchmen serve --stdio`` speaks the protocol on standard input and output
(one JSON message a line); ``henchmen serve --port 8765`` speaks it over
WebSocket at ``/ws`` and serves the browser table at ``/`` (the ``serve``
extra: ``pip install 'henchmen[serve]'``).  docs/protocol.md tells every
message; :mod:`henchmen.serve.protocol` holds the vocabulary,
:class:`Server` the games and requests, and inside the package
``room.py`` one game, ``stdio.py`` and ``websocket.py`` the transports,
``static/`` the page.

>>> import asyncio, json
>>> async def one_request():
...     server = Server()
...     said = []
...     async def write(line):
...         said.append(json.loads(line))
...     conn = server.connect(write)
...     await server.receive(conn, '{"id": "a", "type": "list_games"}')
...     await server.close()
...     return said[0]
>>> "parry" in [g["name"] for g in asyncio.run(one_request())["games"]]
True
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from henchmen.serve.protocol import VERSION, Limits
from henchmen.serve.server import Server


def run_stdio(
    limits: Limits | None = None, threads: int | None = None, hint_threads: int | None = None
) -> None:
    """Serve one client on standard input and output until its input ends.

    >>> import os, sys, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> with open(os.path.join(folder, "in"), "w") as f:
    ...     _ = f.write('{"id": 1, "type": "ping"}\\n')
    >>> saved = sys.stdin, sys.stdout
    >>> sys.stdin = open(os.path.join(folder, "in"))
    >>> sys.stdout = open(os.path.join(folder, "out"), "w")
    >>> try:
    ...     run_stdio(threads=1)
    ... finally:
    ...     sys.stdin.close()
    ...     sys.stdout.close()
    ...     sys.stdin, sys.stdout = saved
    >>> with open(os.path.join(folder, "out")) as f:
    ...     print(f.read().strip())
    {"v":1,"id":1,"type":"ping"}
    """
    from henchmen.serve.stdio import serve_stdio

    async def main() -> None:
        server = Server(limits, threads, hint_threads)
        try:
            await serve_stdio(server)
        finally:
            await server.close()

    asyncio.run(main())


def run_port(
    host: str,
    port: int,
    limits: Limits | None = None,
    threads: int | None = None,
    announce: Callable[[int], None] | None = None,
    hint_threads: int | None = None,
) -> None:
    """Serve WebSocket clients and the browser table on ``host:port`` until interrupted.

    ``announce`` is told the port bound (port 0 picks a free one).  Here a
    thread fetches the page, then stops the server as Ctrl-C would (by
    cancelling the task that serves):

    >>> import threading, urllib.request
    >>> fetched = []
    >>> def announce(port):
    ...     loop, serving = asyncio.get_running_loop(), asyncio.current_task()
    ...     def fetch():
    ...         with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as page:
    ...             fetched.append((page.status, page.headers["Content-Type"]))
    ...         loop.call_soon_threadsafe(serving.cancel)
    ...     threading.Thread(target=fetch).start()
    >>> try:
    ...     run_port("127.0.0.1", 0, threads=1, announce=announce)
    ... except asyncio.CancelledError:
    ...     pass
    >>> fetched
    [(200, 'text/html; charset=utf-8')]
    """
    from henchmen.serve.websocket import serve_websocket

    async def main() -> None:
        server = Server(limits, threads, hint_threads)
        try:
            await serve_websocket(server, host, port, announce)
        finally:
            await server.close()

    asyncio.run(main())


__all__ = ["VERSION", "Limits", "Server", "run_port", "run_stdio"]
