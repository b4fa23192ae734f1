"""A hostile load test on the loopback address: hints, clients that never read and a
connection flood, beside a person playing a bot.

``python -m henchmen.serve.hostile`` starts ``henchmen serve --port 0`` on
127.0.0.1 as a subprocess (so that its memory is its own to measure).  First,
for ``--memory-seconds``, the never-readers alone; then, for ``--seconds``,
the rest all at once:

- **hinters**: ``--hinters`` connections (5), each with four ``ask_bot``
  hints (ismcts, ``--hint-seconds``, the most allowed in flight on a
  connection) on a Legendary game of its own;
- **never-readers** (first, alone): ``--never-readers`` connections (2)
  sending ``view`` requests of a Legendary game, ``--view-rate`` a second
  between them, and never reading a byte of what comes back;
- **a flood**: ``--flood`` connections (200) opened at once after a second,
  each sending one ``ping``;
- **the player**: one client playing Parry against the greedy bot, timing
  each bot answer from the reply to its move to the push that hands the
  turn back.

It prints the bot's reply times (p50, p99, worst) with the hints running,
the server's resident memory before, at its peak and after the
never-readers are gone, when they were dropped, and what the flood got.
Every loop is bounded in count and time, only 127.0.0.1 is spoken to, and
the hints are cancelled and the server stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

HUMANS = [{"kind": "human"}, {"kind": "human"}]


@dataclass
class Figures:
    """What one hostile run measured (times in milliseconds, memory in MB).

    >>> Figures(rss_before=44.3, rss_after=44.4).rss_after - 44.3 < 0.2
    True
    """

    bot_replies: list[float] = field(default_factory=list)
    hints_sent: int = 0
    hints_answered: int = 0
    rss_before: float = 0.0
    rss_peak: float = 0.0
    rss_after: float = 0.0
    views_sent: int = 0
    dropped_after: list[float] = field(default_factory=list)
    flood_answered: int = 0
    flood_refused: int = 0
    flood_failed: int = 0
    flood_seconds: float = 0.0
    server_alive: bool = True

    def percentile(self, p: float) -> float:
        """The bot's reply time at percentile ``p`` (ms).

        >>> Figures(bot_replies=[1.0, 2.0, 3.0, 40.0]).percentile(99)
        40.0
        """
        values = sorted(self.bot_replies)
        return values[min(len(values) - 1, int(p / 100 * len(values)))] if values else 0.0

    def summary(self) -> str:
        """The figures as lines for people.

        >>> print(Figures(bot_replies=[1.0]).summary().splitlines()[0])
        in-game greedy bot with 0 hints running: 1 replies, p50 1.0 ms, p99 1.0 ms, max 1.0 ms
        """
        worst = max(self.bot_replies, default=0.0)
        running = self.hints_sent - self.hints_answered
        drops = ", ".join(f"{s:.1f} s" for s in self.dropped_after) or "not dropped"
        return "\n".join(
            [
                f"in-game greedy bot with {running} hints running: {len(self.bot_replies)} "
                f"replies, p50 {self.percentile(50):.1f} ms, p99 {self.percentile(99):.1f} ms, "
                f"max {worst:.1f} ms",
                f"hints: {self.hints_sent} sent, {self.hints_answered} answered during the run",
                f"server RSS: before {self.rss_before:.1f} MB, peak {self.rss_peak:.1f} MB, "
                f"after {self.rss_after:.1f} MB",
                f"never-readers: {self.views_sent} views sent; dropped after {drops}",
                f"flood: {self.flood_answered} answered, {self.flood_refused} refused "
                f"(too_many_connections), {self.flood_failed} failed, in "
                f"{self.flood_seconds:.2f} s",
                f"server alive at the end: {self.server_alive}",
            ]
        )


def _rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class _Link:
    """A protocol client over one WebSocket: requests by id, pushes in a queue."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.next = 0
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.pushes: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for text in self.ws:
                msg = json.loads(text)
                found = self.waiting.pop(msg.get("id"), None) if "id" in msg else None
                if found is not None and not found.done():
                    found.set_result(msg)
                elif "id" not in msg:
                    self.pushes.put_nowait(msg)

    async def send(self, type: str, **fields: Any) -> asyncio.Future[dict[str, Any]]:
        self.next += 1
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[self.next] = answer
        await self.ws.send(json.dumps({"id": self.next, "type": type, **fields}))
        return answer

    async def ask(self, type: str, timeout: float = 30.0, **fields: Any) -> dict[str, Any]:
        for _ in range(100):  # a polite client: past the rate limit, it waits as told
            msg = await asyncio.wait_for(await self.send(type, **fields), timeout)
            if msg["type"] != "error" or msg["code"] != "rate_limited":
                break
            await asyncio.sleep(msg["details"]["retry_after_ms"] / 1000)
        if msg["type"] == "error":
            raise RuntimeError(f"{type}: {msg['code']}: {msg['message']}")
        return msg


async def _player(url: str, until: float, out: Figures) -> None:
    from websockets.asyncio.client import connect

    async with connect(url, max_size=None) as ws:
        link = _Link(ws)
        seed = 0
        while time.monotonic() < until:
            seed += 1
            seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
            made = await link.ask("create_game", game="parry", seed=seed, seats=seats)
            gid, me = made["game_id"], made["tokens"][0]["token"]
            await link.ask("subscribe", game_id=gid, token=me)
            while time.monotonic() < until:
                v = await link.ask("view", game_id=gid, token=me)
                if v["terminal"]:
                    break
                if not v["your_turn"]:
                    await asyncio.wait_for(link.pushes.get(), 60)
                    continue
                while not link.pushes.empty():
                    link.pushes.get_nowait()
                await link.ask("move", game_id=gid, token=me, action=v["legal"][-1]["id"])
                moved = time.perf_counter()
                mine = [link.pushes.get_nowait() for _ in range(link.pushes.qsize())]
                if mine and (mine[-1]["current_player"] == 0 or mine[-1]["terminal"]):
                    continue  # still this seat's turn: no bot to wait for
                while True:
                    push = await asyncio.wait_for(link.pushes.get(), 60)
                    if push.get("type") != "events":
                        continue
                    if push["current_player"] == 0 or push["terminal"]:
                        break
                if not push["terminal"]:
                    out.bot_replies.append(1000 * (time.perf_counter() - moved))
            await link.ask("close_game", game_id=gid, token=made["host_token"])
        link.reader.cancel()


async def _hinter(url: str, n: int, hint_seconds: float, stop: asyncio.Event, out: Figures) -> None:
    from websockets.asyncio.client import connect

    async with connect(url, max_size=None) as ws:
        link = _Link(ws)
        # Legendary: a search there uses its whole time budget (Parry's ends at the
        # iteration cap within seconds), so the hints think for the whole run.
        made = await link.ask("create_game", game="legendary", seed=100 + n, seats=HUMANS)
        gid = made["game_id"]
        to_act = (await link.ask("view", game_id=gid))["current_player"]
        token = made["tokens"][to_act]["token"]
        answers = []
        for _ in range(4):
            answers.append(
                await link.send(
                    "ask_bot",
                    game_id=gid,
                    token=token,
                    bot="ismcts",
                    iterations=200_000,
                    seconds=hint_seconds,
                )
            )
            out.hints_sent += 1
        await stop.wait()
        out.hints_answered += sum(1 for a in answers if a.done())
        link.reader.cancel()
    # Closing the connection cancels the hints still thinking or waiting.


async def _never_reader(url: str, gid: str, rate: float, until: float, out: Figures) -> None:
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    started = time.monotonic()
    request = json.dumps({"type": "view", "game_id": gid})
    # A small receive buffer, fixed (no autotuning to 32 MB on loopback), and
    # max_queue=1 (the library reads a frame ahead, then nothing): what the
    # server says piles up on its side at once, as it would behind a slow link.
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 16)
    sock.setblocking(False)
    host, port = urlsplit(url).hostname, urlsplit(url).port
    await asyncio.get_running_loop().sock_connect(sock, (host, port))
    async with connect(url, max_size=None, max_queue=1, sock=sock) as ws:
        n = 0
        while time.monotonic() < until:
            try:
                await asyncio.wait_for(ws.send(request), 1.0)
            except asyncio.TimeoutError:
                continue  # the server stopped reading us: keep trying until it drops us
            except ConnectionClosed:
                out.dropped_after.append(time.monotonic() - started)
                return
            n += 1
            out.views_sent += 1
            await asyncio.sleep(max(0.0, started + n / rate - time.monotonic()))
        ws.transport.abort()  # it reads nothing, so it could not take part in a close


async def _flood_one(url: str, out: Figures) -> None:
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    try:
        async with connect(url, max_size=None, open_timeout=20) as ws:
            with contextlib.suppress(ConnectionClosed):  # a refusal may close it first
                await ws.send('{"id": 1, "type": "ping"}')
            msg = json.loads(await asyncio.wait_for(ws.recv(), 20))
            if msg.get("type") == "ping":
                out.flood_answered += 1
            elif msg.get("code") == "too_many_connections":
                out.flood_refused += 1
            else:
                out.flood_failed += 1
    except Exception:
        out.flood_failed += 1


async def _flood(url: str, count: int, out: Figures) -> None:
    await asyncio.sleep(1.0)
    start = time.perf_counter()
    await asyncio.gather(*(_flood_one(url, out) for _ in range(count)))
    out.flood_seconds = time.perf_counter() - start


async def _sample(pid: int, stop: asyncio.Event, out: Figures) -> None:
    while not stop.is_set():
        out.rss_peak = max(out.rss_peak, _rss_mb(pid))
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.2)


async def run(
    seconds: float = 20.0,
    hinters: int = 5,
    hint_seconds: float = 30.0,
    never_readers: int = 2,
    view_rate: float = 180.0,
    memory_seconds: float = 30.0,
    flood: int = 200,
    flags: Sequence[str] = (),
) -> Figures:
    """One hostile run against a fresh ``henchmen serve`` subprocess; its figures.

    Two phases, so that the memory of the searches does not blur that of the
    queues: first the never-readers alone for ``memory_seconds`` (the
    server's memory sampled before, throughout and after), then the hints,
    the flood and the player for ``seconds``.

    >>> figures = asyncio.run(run(seconds=1.5, hinters=1, hint_seconds=1, never_readers=1,
    ...                           view_rate=20, memory_seconds=0.5, flood=4))
    >>> figures.server_alive, figures.flood_failed, len(figures.bot_replies) > 0
    (True, 0, True)
    """
    from websockets.asyncio.client import connect

    proc = subprocess.Popen(
        [sys.executable, "-m", "henchmen", "serve", "--port", "0", *flags],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    out = Figures()
    try:
        assert proc.stdout is not None
        line = await asyncio.get_running_loop().run_in_executor(None, proc.stdout.readline)
        found = re.search(r"127\.0\.0\.1:(\d+)/", line)
        if found is None:
            raise RuntimeError(f"henchmen serve did not start: {line!r}")
        url = f"ws://127.0.0.1:{found.group(1)}/ws"
        async with connect(url, max_size=None) as setup_ws:
            setup = _Link(setup_ws)
            viewed = await setup.ask("create_game", game="legendary", seed=1, seats=HUMANS)
            await setup.ask("view", game_id=viewed["game_id"])
            await asyncio.sleep(0.5)
            # Phase 1: clients that never read.
            out.rss_before = out.rss_peak = _rss_mb(proc.pid)
            sampled = asyncio.Event()
            sampler = asyncio.ensure_future(_sample(proc.pid, sampled, out))
            rate = view_rate / max(1, never_readers)
            until = time.monotonic() + memory_seconds
            await asyncio.gather(
                *(
                    _never_reader(url, viewed["game_id"], rate, until, out)
                    for _ in range(never_readers)
                )
            )
            await asyncio.sleep(1.0)  # the dropped connections' memory is let go
            sampled.set()
            await sampler
            out.rss_after = _rss_mb(proc.pid)
            # Phase 2: hints beside a person playing a bot, and a connection flood.
            stop = asyncio.Event()
            hinting = [
                asyncio.ensure_future(_hinter(url, n, hint_seconds, stop, out))
                for n in range(hinters)
            ]
            await asyncio.sleep(0.3)  # the hints are thinking before the bot is timed
            until = time.monotonic() + seconds
            await asyncio.gather(_player(url, until, out), _flood(url, flood, out))
            stop.set()
            await asyncio.gather(*hinting)
            setup.reader.cancel()
        out.server_alive = proc.poll() is None
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()
    return out


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m henchmen.serve.hostile``: run the hostile load test and print its figures.

    >>> main(["--seconds", "1.5", "--hinters", "1", "--hint-seconds", "1", "--never-readers",
    ...       "1", "--view-rate", "20", "--memory-seconds", "0.5", "--flood", "4"])
    in-game greedy bot with ... hints running: ... replies, p50 ... ms, p99 ... ms, max ... ms
    ...
    server alive at the end: True
    """
    parser = argparse.ArgumentParser(
        description="A hostile load test of henchmen serve on 127.0.0.1 (see the module doc)."
    )
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--hinters", type=int, default=5)
    parser.add_argument("--hint-seconds", type=float, default=30.0)
    parser.add_argument("--never-readers", type=int, default=2)
    parser.add_argument("--view-rate", type=float, default=180.0)
    parser.add_argument("--memory-seconds", type=float, default=30.0)
    parser.add_argument("--flood", type=int, default=200)
    parser.add_argument("serve_flags", nargs="*", help="flags for henchmen serve (after --)")
    args = parser.parse_args(argv)
    figures = asyncio.run(
        run(
            args.seconds,
            args.hinters,
            args.hint_seconds,
            args.never_readers,
            args.view_rate,
            args.memory_seconds,
            args.flood,
            args.serve_flags,
        )
    )
    print(figures.summary())


if __name__ == "__main__":
    if os.environ.get("HENCHMEN_HOSTILE_PROFILE"):  # pragma: no cover - a developer's aid
        import cProfile

        cProfile.run("main()", sort="cumtime")
    else:
        main()
