"""A real ``henchmen serve`` for the protocol tests: a subprocess on stdio or on a loopback port."""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


SCHEMA_PATH = os.path.join(ROOT, "python", "henchmen", "serve", "protocol.schema.json")


def _validators() -> tuple[Any, Any]:
    import jsonschema

    with open(SCHEMA_PATH) as f:
        schema = json.load(f)
    cls = jsonschema.Draft202012Validator
    cls.check_schema(schema)
    base = {k: v for k, v in schema.items() if k != "anyOf"}
    server = cls({**base, "$ref": "#/$defs/server_message"})
    request = cls({**base, "$ref": "#/$defs/request"})
    return server, request


SERVER_MESSAGE, REQUEST = _validators()


def checked(message: dict[str, Any]) -> dict[str, Any]:
    """``message`` from the server, after checking it against the protocol's JSON Schema."""
    SERVER_MESSAGE.validate(message)
    return message


def serve_command(*flags: str) -> list[str]:
    return [sys.executable, "-m", "henchmen", "serve", *flags]


class Served:
    """A ``henchmen serve --port 0`` subprocess and the port it bound."""

    def __init__(self, *flags: str) -> None:
        self.proc = subprocess.Popen(
            serve_command("--port", "0", *flags),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if found is None:
            self.proc.kill()
            _, err = self.proc.communicate(timeout=10)
            raise AssertionError(f"serve did not start: {line!r} {err!r}")
        self.port = int(found.group(1))
        self.http = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}/ws"

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self) -> str:
        self.proc.terminate()
        try:
            _, err = self.proc.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, err = self.proc.communicate()
        return err


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    pytest.importorskip("websockets", reason="the 'serve' extra is needed")
    server = Served("--rate", "5000")
    yield server
    assert server.alive(), "the server died during the tests"
    server.stop()


class Ws:
    """A blocking WebSocket client speaking the protocol (the websockets sync client)."""

    def __init__(self, url: str, **kw: Any) -> None:
        from websockets.sync.client import connect

        self.stack = contextlib.ExitStack()
        self.conn = self.stack.enter_context(connect(url, max_size=None, open_timeout=10, **kw))
        self.next = 0
        self.pushed: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any] | str | bytes) -> None:
        self.conn.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def recv(self, timeout: float = 20.0) -> dict[str, Any]:
        got: dict[str, Any] = json.loads(self.conn.recv(timeout=timeout))
        return checked(got)

    def request(self, type: str, timeout: float = 20.0, **fields: Any) -> dict[str, Any]:
        """Send a request; its answer (reply or error), keeping pushes aside."""
        self.next += 1
        rid = self.next
        self.send({"id": rid, "type": type, **fields})
        return self.answer(rid, timeout)

    def valid(self, type: str, **fields: Any) -> dict[str, Any]:
        """Like :meth:`ok` for a request that must itself be valid by the schema."""
        REQUEST.validate({"id": 0, "type": type, **fields})
        return self.ok(type, **fields)

    def answer(self, rid: object, timeout: float = 20.0) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            msg = self.recv(max(0.01, end - time.monotonic()))
            if "id" in msg and msg["id"] == rid:
                return msg
            self.pushed.append(msg)

    def ok(self, type: str, **fields: Any) -> dict[str, Any]:
        msg = self.request(type, **fields)
        assert msg["type"] == type, msg
        return msg

    def close(self) -> None:
        self.stack.close()


class Stdio:
    """``henchmen serve --stdio`` as a subprocess: one JSON line in, lines out."""

    def __init__(self, *flags: str) -> None:
        self.proc = subprocess.Popen(
            serve_command("--stdio", *flags),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.next = 0
        self.pushed: list[dict[str, Any]] = []

    def send_raw(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, message: dict[str, Any]) -> None:
        self.send_raw(json.dumps(message).encode() + b"\n")

    def recv(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line, f"serve --stdio ended: {self.proc.stderr.read() if self.proc.stderr else ''}"
        got: dict[str, Any] = json.loads(line)
        return checked(got)

    def request(self, type: str, **fields: Any) -> dict[str, Any]:
        self.next += 1
        rid = self.next
        self.send({"id": rid, "type": type, **fields})
        while True:
            msg = self.recv()
            if msg.get("id") == rid:
                return msg
            self.pushed.append(msg)

    def close(self) -> tuple[int, bytes]:
        assert self.proc.stdin is not None and self.proc.stderr is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)
        err = self.proc.stderr.read()
        for pipe in (self.proc.stdout, self.proc.stderr):
            if pipe is not None:
                pipe.close()
        return self.proc.returncode, err
