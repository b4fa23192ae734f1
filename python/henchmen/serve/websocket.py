"""The protocol over WebSocket, and the browser table, on one port (the ``serve`` extra).

Built on ``websockets`` (asyncio, no other dependency): ``/ws`` is the
protocol, one JSON message a frame; every other path is a plain HTTP GET
for the page and its files (``/``, ``/static/...``, ``/protocol.schema.json``),
read once from the package.  A browser may open ``/ws`` only from a page of
the same origin (the Origin header must name this host), so another site
cannot drive the server through a visitor's browser.

A frame up to four times the message limit is read and answered with a
``too_large`` error; a larger one closes the connection (code 1009), since
reading it would already cost the memory the limit is there to save.
"""

from __future__ import annotations

import asyncio
import contextlib
import http
import mimetypes
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from henchmen.errors import UsageError
from henchmen.serve.protocol import ProtocolError, encode, error
from henchmen.serve.server import Server

try:
    from websockets.asyncio.server import ServerConnection, serve
    from websockets.datastructures import Headers
    from websockets.exceptions import ConnectionClosed
    from websockets.http11 import Request, Response
except ImportError:  # pragma: no cover - the serve extra is not installed
    serve = None  # type: ignore[assignment]

_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)


def static_files() -> dict[str, tuple[bytes, str]]:
    """Every file the page needs, by URL path, with its content type.

    >>> files = static_files()
    >>> files["/"] == files["/static/index.html"], files["/"][1]
    (True, 'text/html; charset=utf-8')
    >>> files["/"][0].lstrip().lower().startswith(b"<!doctype html")
    True
    """
    files: dict[str, tuple[bytes, str]] = {}
    root = resources.files("henchmen.serve") / "static"
    for entry in root.iterdir():
        if entry.is_file() and not entry.name.startswith("."):
            kind = mimetypes.guess_type(entry.name)[0] or "application/octet-stream"
            if kind.startswith("text/") or kind.endswith("javascript"):
                kind += "; charset=utf-8"
            files["/static/" + entry.name] = (entry.read_bytes(), kind)
    files["/"] = files["/static/index.html"]
    schema = resources.files("henchmen.serve") / "protocol.schema.json"
    files["/protocol.schema.json"] = (schema.read_bytes(), "application/schema+json")
    return files


def _same_origin(request: Request) -> bool:
    origin = request.headers.get("Origin")
    if origin is None:
        return True  # not a browser: programs send no Origin
    host = request.headers.get("Host", "")
    return urlsplit(origin).netloc.lower() == host.lower()


def _response(status: http.HTTPStatus, body: bytes, kind: str) -> Response:
    headers = Headers(
        [
            ("Content-Type", kind),
            ("Content-Length", str(len(body))),
            ("Cache-Control", "no-cache"),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Content-Security-Policy", _CSP),
        ]
    )
    return Response(status.value, status.phrase, headers, body)


async def serve_websocket(
    server: Server,
    host: str,
    port: int,
    ready: Callable[[int], Awaitable[None] | None] | None = None,
    stop: asyncio.Future[Any] | None = None,
) -> None:
    """Serve the protocol on ``ws://host:port/ws`` and the page on ``http://host:port/``.

    ``ready`` is called with the bound port (useful with port 0); the server
    runs until ``stop`` is done (forever if None).

    >>> import json
    >>> from websockets.asyncio.client import connect
    >>> async def one_ping():
    ...     server, said = Server(threads=1), []
    ...     stop = asyncio.get_running_loop().create_future()
    ...     async def ready(port):
    ...         async with connect(f"ws://127.0.0.1:{port}/ws") as ws:
    ...             await ws.send('{"id": 1, "type": "ping"}')
    ...             said.append(json.loads(await ws.recv()))
    ...         stop.set_result(None)
    ...     await serve_websocket(server, "127.0.0.1", 0, ready, stop)
    ...     await server.close()
    ...     return said
    >>> asyncio.run(one_ping())
    [{'v': 1, 'id': 1, 'type': 'ping'}]
    """
    if serve is None:
        raise UsageError(
            "henchmen serve --port needs the websockets library: pip install 'henchmen[serve]'"
        )
    files = static_files()
    limit = server.limits.max_message_bytes

    def process_request(connection: ServerConnection, request: Request) -> Response | None:
        path = urlsplit(request.path).path
        if path == "/ws":
            if not _same_origin(request):
                return _response(
                    http.HTTPStatus.FORBIDDEN, b"cross-origin WebSocket refused\n", "text/plain"
                )
            return None  # on to the WebSocket handshake
        found = files.get(path)
        if found is None:
            return _response(http.HTTPStatus.NOT_FOUND, b"not found\n", "text/plain")
        return _response(http.HTTPStatus.OK, *found)

    async def handler(ws: ServerConnection) -> None:
        async def write(line: str) -> None:
            await ws.send(line)

        peer = ws.remote_address
        address = str(peer[0]) if isinstance(peer, tuple) and peer else str(peer)
        try:
            conn = server.connect(write, f"ws {peer}", address)
        except ProtocolError as e:  # too many connections: told why, then closed
            with contextlib.suppress(ConnectionClosed):
                await ws.send(encode(error(None, None, e)))
                await ws.close(1013, "too many connections")
            return
        closing: list[asyncio.Task[None]] = []

        async def cut_off() -> None:
            # A client that reads nothing never answers the close either: after a short
            # wait its socket is aborted, so that what the kernel and the library hold
            # for it is let go now rather than after the usual close timeout.
            try:
                await asyncio.wait_for(ws.close(1008, "too far behind"), 2.0)
            except asyncio.TimeoutError:
                ws.transport.abort()

        def overflow() -> None:
            closing.append(asyncio.ensure_future(cut_off()))

        conn.on_overflow = overflow
        try:
            async for message in ws:
                await server.receive(conn, message)
        except ConnectionClosed:
            pass
        finally:
            await server.disconnect(conn)

    async with serve(
        handler,
        host,
        port,
        process_request=process_request,
        max_size=4 * limit,
        max_queue=16,
        compression=None,
        ping_interval=20,
        ping_timeout=20,
        server_header="henchmen",
    ) as ws_server:
        bound = next(iter(ws_server.sockets)).getsockname()[1]
        if ready is not None:
            maybe = ready(bound)
            if maybe is not None:
                await maybe
        if stop is None:
            await asyncio.Future()
        else:
            with contextlib.suppress(asyncio.CancelledError):
                await stop


__all__ = ["serve_websocket", "static_files"]
