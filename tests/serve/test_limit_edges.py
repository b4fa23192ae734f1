"""Every limit docs/protocol.md states, at its edge and just past it.

The edge is accepted and one past it refused with the documented code, for
the default limits a server starts with (so a limit moved in the code and not
in the document fails here): an ``id`` of 64 characters and of 65, a safe
integer id and one past 2**53, a message of exactly 1 MiB and one byte more,
a burst of 400 requests and the 401st, 16 games on a connection and the
17th, 256 on the server and the 257th, 64 subscriptions and the 65th, 4 slow
requests under way and the 5th, a bot budget of 200 000 iterations or 30 s
and just past either, a pace of 10 000 ms and 10 001.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from tests.serve.test_server import Client, run

from henchmen.serve import Server
from henchmen.serve.bots import SeatBot
from henchmen.serve.connection import Bucket
from henchmen.serve.protocol import Limits, ProtocolError, RequestError, parse

DEFAULTS = Limits()
#: What docs/protocol.md states, by limit.
DOCUMENTED = {
    "max_message_bytes": 1 << 20,
    "requests_per_second": 200,
    "burst": 400,
    "max_games": 256,
    "max_games_per_connection": 16,
    "max_subscriptions_per_connection": 64,
    "max_in_flight_per_connection": 4,
    "max_bot_iterations": 200_000,
    "max_bot_seconds": 30,
}


def test_the_defaults_are_the_documented_limits() -> None:
    assert {k: getattr(DEFAULTS, k) for k in DOCUMENTED} == DOCUMENTED


def refused(text: str | bytes, limits: Limits = DEFAULTS) -> tuple[str, dict[str, Any] | None]:
    """The code and details of the error ``parse`` raises for ``text``."""
    try:
        parse(text, limits)
    except RequestError as e:
        return e.error.code, e.error.details
    except ProtocolError as e:
        return e.code, e.details
    raise AssertionError(f"accepted: {str(text)[:80]}")


@pytest.mark.parametrize("rid", ["x" * 64, "é" * 64, 2**53, -(2**53), 0, "x"])
def test_an_id_at_the_limit_is_accepted(rid: str | int) -> None:
    assert parse(json.dumps({"id": rid, "type": "ping"}), DEFAULTS).id == rid


@pytest.mark.parametrize("rid", ["x" * 65, "é" * 65, "x" * 256, 2**53 + 1, -(2**53) - 1])
def test_an_id_past_the_limit_is_refused(rid: str | int) -> None:
    code, details = refused(json.dumps({"id": rid, "type": "ping"}))
    assert code == "bad_request" and details == {"field": "id"}


def padded(size: int, pad: str = "x") -> str:
    """A ping of exactly ``size`` UTF-8 bytes (``pad`` one or two bytes a character)."""
    head = '{"type": "ping", "pad": "'
    room = size - len(head.encode()) - 2
    width = len(pad.encode())
    text = head + pad * (room // width) + "x" * (room % width) + '"}'
    assert len(text.encode()) == size
    return text


@pytest.mark.parametrize("pad", ["x", "é"])
def test_a_message_of_exactly_the_size_limit_is_read_and_one_byte_more_is_too_large(
    pad: str,
) -> None:
    limit = DEFAULTS.max_message_bytes
    assert parse(padded(limit, pad), DEFAULTS).type == "ping"
    assert parse(padded(limit, pad).encode(), DEFAULTS).type == "ping"
    assert refused(padded(limit + 1, pad)) == ("too_large", {"limit": limit})
    assert refused(padded(limit + 1, pad).encode()) == ("too_large", {"limit": limit})


def test_a_burst_of_400_is_served_and_the_401st_waits_a_two_hundredth_of_a_second() -> None:
    bucket = Bucket(DEFAULTS.requests_per_second, DEFAULTS.burst)
    assert all(bucket.take(100.0) for _ in range(400))
    assert not bucket.take(100.0)
    assert bucket.wait() == pytest.approx(1 / 200)
    assert not bucket.take(100.0 + 0.004)
    assert bucket.take(100.0 + 0.0051)


def unlimited_rate() -> Limits:
    return Limits(requests_per_second=1e6, burst=10**6)


def test_sixteen_games_a_connection_and_256_a_server() -> None:
    async def body() -> None:
        server = Server(unlimited_rate())
        clients = [Client(server) for _ in range(16)]
        for i, c in enumerate(clients):  # four addresses: 64 games each, the per-address cap
            c.conn.address = f"addr-{i // 4}"
            for _ in range(16):
                await c.ok("create_game", game="parry")
        assert await clients[0].code("create_game", game="parry") == "too_many_games"
        assert len(server.rooms) == 256
        late = Client(server)
        assert await late.code("create_game", game="parry") == "too_many_games"
        await server.close()

    run(body())


def test_64_games_an_address_and_the_65th_is_refused() -> None:
    async def body() -> None:
        server = Server(unlimited_rate())
        clients = [Client(server) for _ in range(5)]
        for c in clients:
            c.conn.address = "addr-a"
        for c in clients[:4]:
            for _ in range(16):
                await c.ok("create_game", game="parry")
        assert await clients[4].code("create_game", game="parry") == "too_many_games"
        elsewhere = Client(server)
        elsewhere.conn.address = "addr-b"
        await elsewhere.ok("create_game", game="parry")
        await server.close()

    run(body())


def test_64_subscriptions_a_connection_and_the_65th_is_refused() -> None:
    async def body() -> None:
        server = Server(unlimited_rate())
        c = Client(server)
        gid = (await c.ok("create_game", game="parry"))["game_id"]
        for _ in range(64):
            await c.ok("subscribe", game_id=gid)
        assert await c.code("subscribe", game_id=gid) == "too_many_subscriptions"
        await server.close()

    run(body())


def test_four_slow_requests_under_way_and_the_fifth_is_busy() -> None:
    async def body() -> None:
        server = Server(unlimited_rate())
        c = Client(server)
        made = await c.ok("create_game", game="parry", seed=1)
        gid, host = made["game_id"], made["host_token"]
        token = made["tokens"][0]["token"]
        for k in range(4):
            slow = {"id": f"slow{k}", "type": "ask_bot", "game_id": gid, "token": token,
                    "bot": "ismcts", "iterations": 200_000, "seconds": 20}  # fmt: skip
            await server.receive(c.conn, json.dumps(slow))
        assert await c.code("ask_bot", game_id=gid, token=token, iterations=10) == "busy"
        await c.ok("close_game", game_id=gid, token=host)  # cancels the four
        for _ in range(1000):
            if sum(str(m.get("id", "")).startswith("slow") for m in c.said) == 4:
                break
            await asyncio.sleep(0.005)
        codes = [m.get("code") for m in c.said if str(m.get("id", "")).startswith("slow")]
        assert codes == ["cancelled"] * 4
        await server.close()

    run(body())


@pytest.mark.parametrize(
    ("spec", "ok"),
    [
        ({"iterations": 200_000}, True),
        ({"iterations": 200_001}, False),
        ({"iterations": 0}, False),
        ({"seconds": 30}, True),
        ({"seconds": 30.000001}, False),
        ({"seconds": -0.000001}, False),
    ],
    ids=repr,
)
def test_bot_budgets_at_and_past_their_edges(spec: dict[str, Any], ok: bool) -> None:
    full = {"bot": "ismcts", **spec}
    if ok:
        SeatBot.from_spec(full, 1, DEFAULTS, "seats[1]")
        return
    with pytest.raises(ProtocolError) as info:
        SeatBot.from_spec(full, 1, DEFAULTS, "seats[1]")
    field = "iterations" if "iterations" in spec else "seconds"
    assert info.value.code == "bad_option"
    assert info.value.details == {"field": f"seats[1].{field}"}


@pytest.mark.parametrize(("pace", "ok"), [(10_000, True), (10_001, False), (-1, False)])
def test_pace_at_and_past_its_edge(pace: int, ok: bool) -> None:
    async def body() -> None:
        server = Server(unlimited_rate())
        c = Client(server)
        msg = await c.request("create_game", game="parry", pace_ms=pace)
        if ok:
            assert msg["type"] == "create_game", msg
        else:
            assert (msg["code"], msg["details"]) == ("bad_request", {"field": "pace_ms"})
        await server.close()

    run(body())
