"""A load test on the loopback address: many concurrent games over real WebSockets.

``python -m henchmen.serve.load --games 64 --game parry`` starts a server on
127.0.0.1 (any free port) in this process, opens one WebSocket client per
game, each playing a person's seat (the last legal move, by id) against a
bot, every game to its end, all at once (a client waits for the bot's move
as the push of its subscription, not by polling); then prints the moves a second
through the protocol and the latency of a ``move`` request (from sending it
to its reply) at the 50th, 90th, 99th percentiles and the worst.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from typing import Any

from henchmen.serve.protocol import Limits
from henchmen.serve.server import Server
from henchmen.serve.websocket import serve_websocket


async def _play(url: str, game: str, seed: int, bot: str, latencies: list[float]) -> int:
    from websockets.asyncio.client import connect

    async with connect(url, max_size=None) as ws:
        next_id = 0

        async def ask(type: str, **fields: Any) -> dict[str, Any]:
            nonlocal next_id
            next_id += 1
            await ws.send(json.dumps({"id": next_id, "type": type, **fields}))
            while True:
                msg: dict[str, Any] = json.loads(await ws.recv())
                if msg.get("id") == next_id:
                    if msg["type"] == "error":
                        raise RuntimeError(f"{type}: {msg['code']}: {msg['message']}")
                    return msg

        seats = [{"kind": "human"}, {"kind": "bot", "bot": bot}]
        made = await ask("create_game", game=game, seed=seed, seats=seats)
        gid, token = made["game_id"], made["tokens"][0]["token"]
        await ask("subscribe", game_id=gid, token=token)
        moves = 0
        while True:
            v = await ask("view", game_id=gid, token=token)
            if v["terminal"]:
                return moves
            if not v["your_turn"]:
                await ws.recv()  # the bot's move comes as a push (after this view's reply)
                continue
            start = time.perf_counter()
            await ask("move", game_id=gid, token=token, action=v["legal"][-1]["id"], step=v["step"])
            latencies.append(time.perf_counter() - start)
            moves += 1


def _percentile(sorted_values: list[float], p: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(p / 100 * len(sorted_values)))]


async def run(games: int, game: str, bot: str) -> dict[str, float]:
    """Play ``games`` games at once; the measures as a dict (moves_per_second, p50_ms...).

    >>> got = asyncio.run(run(2, "parry", "random"))
    >>> got["games"], got["moves"] > 0, got["p50_ms"] <= got["p99_ms"] <= got["max_ms"]
    (2, True, True)
    """
    server = Server(Limits(max_games_per_connection=4, requests_per_second=1e6, burst=10**6))
    stop: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    port: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    serving = asyncio.create_task(serve_websocket(server, "127.0.0.1", 0, port.set_result, stop))
    url = f"ws://127.0.0.1:{await port}/ws"
    latencies: list[float] = []
    start = time.perf_counter()
    moves = await asyncio.gather(*(_play(url, game, s, bot, latencies) for s in range(games)))
    seconds = time.perf_counter() - start
    stop.set_result(None)
    await serving
    await server.close()
    lat = sorted(latencies)
    return {
        "games": games,
        "moves": sum(moves),
        "seconds": seconds,
        "moves_per_second": sum(moves) / seconds,
        "p50_ms": 1000 * _percentile(lat, 50),
        "p90_ms": 1000 * _percentile(lat, 90),
        "p99_ms": 1000 * _percentile(lat, 99),
        "max_ms": 1000 * lat[-1],
    }


def main() -> None:
    """``python -m henchmen.serve.load``: run the load test its flags ask for and print it.

    >>> import sys
    >>> saved, sys.argv = sys.argv, ["load", "--games", "2", "--game", "parry"]
    >>> try:
    ...     main()
    ... finally:
    ...     sys.argv = saved
    2 concurrent parry games against random bots: ... moves in ... s, ... moves/s; move latency
    p50 ... ms, p90 ... ms, p99 ... ms, max ... ms
    """
    parser = argparse.ArgumentParser(description="A load test of henchmen serve on 127.0.0.1.")
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--game", default="parry")
    parser.add_argument("--bot", default="random")
    args = parser.parse_args()
    got = asyncio.run(run(args.games, args.game, args.bot))
    print(
        f"{got['games']} concurrent {args.game} games against {args.bot} bots: "
        f"{got['moves']} moves in {got['seconds']:.2f} s, {got['moves_per_second']:.0f} moves/s; "
        f"move latency p50 {got['p50_ms']:.2f} ms, p90 {got['p90_ms']:.2f} ms, "
        f"p99 {got['p99_ms']:.2f} ms, max {got['max_ms']:.2f} ms"
    )


if __name__ == "__main__":
    main()
