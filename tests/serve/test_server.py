"""The server in process: no leaks for any game, every error code, slow readers, failing bots.

What each seat is shown is compared with an independent replica of the game
driven through the friendly API (``State.observation``, ``layout``,
``events_for``), so a leak would show as a difference.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from tests.serve.conftest import checked

import henchmen
from henchmen.events import SPECTATOR
from henchmen.game import Game, games
from henchmen.serve import Server
from henchmen.serve.protocol import ERROR_CODES, Limits, ProtocolError


class Client:
    """One in-process connection: requests by id, pushes aside, every message schema-checked."""

    def __init__(self, server: Server, write: Callable[[str], Awaitable[None]] | None = None):
        self.server = server
        self.said: list[dict[str, Any]] = []
        self.pushed: list[dict[str, Any]] = []
        self.next = 0

        self.invalid: list[Exception] = []

        async def keep(line: str) -> None:
            try:
                self.said.append(checked(json.loads(line)))
            except Exception as e:  # kept for the test to raise: the writer would swallow it
                self.invalid.append(e)
                raise

        self.conn = server.connect(write or keep)

    async def request(self, type: str, **fields: Any) -> dict[str, Any]:
        self.next += 1
        rid = self.next
        await self.server.receive(self.conn, json.dumps({"id": rid, "type": type, **fields}))
        for _ in range(4000):
            for i, msg in enumerate(self.said):
                if msg.get("id") == rid:
                    self.pushed += [m for m in self.said[:i] if "id" not in m]
                    del self.said[: i + 1]
                    return msg
            if self.invalid:
                raise self.invalid[0]
            await asyncio.sleep(0.005)
        raise AssertionError(f"no answer to {type}")

    async def ok(self, type: str, **fields: Any) -> dict[str, Any]:
        msg = await self.request(type, **fields)
        assert msg["type"] == type, msg
        return msg

    async def code(self, type: str, **fields: Any) -> str:
        msg = await self.request(type, **fields)
        assert msg["type"] == "error", msg
        assert msg["request"] == type
        code: str = msg["code"]
        return code

    def take_pushes(self) -> list[dict[str, Any]]:
        out = self.pushed + [m for m in self.said if "id" not in m]
        self.said = [m for m in self.said if "id" in m]
        self.pushed = []
        return out


def run(coro: Awaitable[None]) -> None:
    async def main() -> None:
        await coro

    asyncio.run(main())


#: Options that keep a random game short.
SHORT = {"seven-secret-supervillains": {"max_turns": 12}, "villainy": {"max_rounds": 4}}


@pytest.mark.parametrize("name", [g.name for g in games()])
def test_each_seat_and_the_spectator_see_exactly_what_the_engine_gives_them(name: str) -> None:
    async def body() -> None:
        server = Server(Limits(requests_per_second=1e6, burst=10**6))
        options = SHORT.get(name, {})
        players = Game(name, **options).num_players
        readers: list[int] = [*range(players), SPECTATOR]
        c = Client(server)
        made = await c.ok("create_game", game=name, seed=5, options=options,
                          seats=[{"kind": "human"}] * players)  # fmt: skip
        gid = made["game_id"]
        token = {t["seat"]: t["token"] for t in made["tokens"]}
        replica = Game(name, **made["options"]).new_initial_state(seed=5)
        names = [f"Player {i + 1}" for i in range(players)]
        watchers: dict[int, Client] = {}
        logs: dict[int, list[dict[str, Any]]] = {}
        for r in readers:
            watchers[r] = Client(server)
            fields = {"token": token[r]} if r != SPECTATOR else {}
            sub = await watchers[r].ok("subscribe", game_id=gid, since=-1, **fields)
            logs[r] = list(sub["events"])
        rng = random.Random(name)
        for step in range(400):
            # Every reader's view at each of the first steps, then at every tenth and the
            # last (the pushed events below are checked at every step).
            shown = [] if 40 <= step and step % 10 and not replica.is_terminal else readers
            for r in shown:
                fields = {"token": token[r]} if r != SPECTATOR else {}
                v = await c.ok("view", game_id=gid, **fields)
                as_engine = "spectator" if r == SPECTATOR else r
                assert v["layout"] == replica.layout(as_engine)
                if r == SPECTATOR:
                    assert v["observation"] is None and v["legal"] == []
                else:
                    assert v["observation"] == replica.observation(r)
                    mine = not replica.is_terminal and replica.current_player == r
                    assert [m["id"] for m in v["legal"]] == (
                        replica.legal_action_ids if mine else []
                    )
            if replica.is_terminal:
                break
            seat = replica.current_player
            action = rng.choice(replica.legal_action_ids)
            moved = await c.ok("move", game_id=gid, token=token[seat], action=action)
            replica.apply(action)
            assert moved["events"] == [e.to_json() for e in replica.last_events(seat, names)]
        for r in readers:
            await watchers[r].ok("ping")  # every push before this reply is in
            for msg in watchers[r].take_pushes():
                assert msg["type"] == "events", msg
                logs[r].extend(msg["events"])
            as_engine = "spectator" if r == SPECTATOR else r
            assert logs[r] == [e.to_json() for e in replica.events_for(as_engine, -1, names)]
        await server.close()

    run(body())


def test_every_error_code_is_answered_and_none_ends_the_server() -> None:
    async def body() -> None:
        seen: set[str] = set()

        async def expect(code: str, c: Client, type: str, **fields: Any) -> None:
            got = await c.code(type, **fields)
            assert got == code, (type, fields, got)
            seen.add(code)

        limits = Limits(
            max_games=5,
            max_games_per_connection=4,
            max_subscriptions_per_connection=1,
            max_in_flight_per_connection=1,
            requests_per_second=1e6,
            burst=10**6,
        )
        server = Server(limits)
        c = Client(server)
        for text, code in (("{", "bad_json"), (json.dumps({"pad": "x" * (1 << 20)}), "too_large")):
            await server.receive(c.conn, text)
            while not c.said:
                await asyncio.sleep(0.002)
            got = c.said.pop()
            assert got["code"] == code and got["id"] is None, got
            seen.add(code)
        await expect("bad_request", c, "create_game", game=["parry"])
        await expect("unknown_type", c, "teleport")
        await expect("unsupported_version", c, "ping", v=0)
        await expect("unknown_game", c, "create_game", game="chess")
        await expect("bad_option", c, "create_game", game="parry", options={"strikes": 0})
        await expect("bad_option", c, "create_game", game="parry",
                     seats=[{"kind": "bot", "bot": "oracle"}, {"kind": "human"}])  # fmt: skip
        await expect("no_such_game", c, "view", game_id="g-none")
        await expect("no_such_subscription", c, "unsubscribe", subscription="s-none")
        hot = await c.ok("create_game", game="parry", seed=1, seats=[{"kind": "human"}] * 2)
        gid, host = hot["game_id"], hot["host_token"]
        t = [x["token"] for x in hot["tokens"]]
        await expect("bad_token", c, "move", game_id=gid, token="nope", action=0)
        await expect("host_only", c, "close_game", game_id=gid, token=t[0])
        await expect("not_your_turn", c, "move", game_id=gid, token=t[1], action=0)
        await expect("illegal_move", c, "move", game_id=gid, token=t[0], action="fly away")
        await expect("stale", c, "move", game_id=gid, token=t[0], action=0, step=10**6)
        await expect("nothing_to_undo", c, "undo", game_id=gid, token=t[0])
        await expect("not_review", c, "seek", game_id=gid, token=host, step=0)
        # Seat 0 moves, then seat 1: seat 0 may not take back a move seat 1 answered.
        state = henchmen.new_game("parry", seed=1)
        while not state.is_terminal and state.current_player == 0:
            action = state.legal_action_ids[-1]
            await c.ok("move", game_id=gid, token=t[0], action=action)
            state.apply(action)
        action = state.legal_action_ids[0]
        await c.ok("move", game_id=gid, token=t[1], action=action)
        await expect("undo_refused", c, "undo", game_id=gid, token=t[0])
        # A slow request at a time (max_in_flight 1), and cancelled when its game closes.
        to_act = t[(await c.ok("view", game_id=gid))["current_player"]]
        await server.receive(c.conn, json.dumps({"id": "slow", "type": "ask_bot", "game_id": gid,
                             "token": to_act, "iterations": 200000, "seconds": 20}))  # fmt: skip
        await expect("busy", c, "ask_bot", game_id=gid, token=to_act, iterations=10)
        await c.ok("subscribe", game_id=gid)
        await expect("too_many_subscriptions", c, "subscribe", game_id=gid)
        await c.ok("close_game", game_id=gid, token=host)
        for _ in range(400):
            answer = [m for m in c.said if m.get("id") == "slow"]
            if answer:
                break
            await asyncio.sleep(0.005)
        assert answer and answer[0]["code"] == "cancelled"
        seen.add("cancelled")
        # A finished game and a review.
        bots = [{"kind": "bot", "bot": "random"}] * 2
        done = await c.ok("create_game", game="parry", seed=2, seats=bots)
        while not (await c.ok("view", game_id=done["game_id"]))["terminal"]:
            await asyncio.sleep(0.005)
        replay = await c.ok("save_replay", game_id=done["game_id"], token=done["host_token"])
        review = await c.ok("load_replay", replay=replay["replay"])
        await expect(
            "review_only", c, "undo", game_id=review["game_id"], token=review["host_token"]
        )
        await expect("bad_replay", c, "load_replay", replay="{}")
        late = await c.ok("create_game", game="parry", seed=3, seats=[{"kind": "human"}] * 2)
        await c.ok("close_game", game_id=late["game_id"], token=late["host_token"])
        hot2 = await c.ok("create_game", game="parry", seed=3, seats=[{"kind": "human"}] * 2)
        replayed = await c.ok("load_replay", replay=replay["replay"], seats=[{"kind": "human"}] * 2)
        assert (await c.ok("view", game_id=replayed["game_id"]))["terminal"]
        token = replayed["tokens"][0]["token"]
        await expect("game_over", c, "move", game_id=replayed["game_id"], token=token, action=0)
        await expect("too_many_games", c, "create_game", game="parry")  # 4 for this connection
        other = Client(server)
        await other.ok("create_game", game="parry")
        await expect("too_many_games", other, "create_game", game="parry")  # 5 on the server
        # A bug in a handler is an 'internal' error; the next request is served.
        server.handlers["ping"] = _broken
        await expect("internal", c, "ping")
        assert (await c.ok("hello"))["version"] == 1
        # Rate limits: a bucket of 2 requests.
        tight = Server(Limits(requests_per_second=1.0, burst=2))
        slow = Client(tight)
        await slow.ok("ping")
        await slow.ok("ping")
        await expect("rate_limited", slow, "ping")
        await tight.close()
        # Connections per address: the second from one address is refused.
        crowded = Server(Limits(max_connections_per_address=1))
        crowded.connect(_quiet, address="addr-a")
        with pytest.raises(ProtocolError) as refused:
            crowded.connect(_quiet, address="addr-a")
        seen.add(refused.value.code)
        await crowded.close()
        assert hot2["game_id"] in server.rooms
        assert seen == set(ERROR_CODES)
        await server.close()

    run(body())


async def _broken(conn: Any, request: Any) -> dict[str, Any]:
    raise RuntimeError("a bug")


async def _quiet(line: str) -> None:
    pass


def test_a_reader_that_never_reads_is_cut_off_and_the_game_goes_on() -> None:
    async def body() -> None:
        server = Server(Limits(max_outbound_bytes=2000))
        stuck = asyncio.Event()

        async def never(line: str) -> None:
            await stuck.wait()

        sloth = Client(server, never)
        player = Client(server)
        bots = [{"kind": "bot", "bot": "random"}] * 2
        # Paced, so that the reader subscribes before the bots have played on
        # (a busy machine let them finish in fewer pushes than the bound).
        made = await player.ok("create_game", game="parry", seed=4, seats=bots, pace_ms=5)
        await server.receive(sloth.conn, json.dumps({"type": "subscribe",
                                                     "game_id": made["game_id"]}))  # fmt: skip
        for _ in range(2000):
            v = await player.ok("view", game_id=made["game_id"])
            if v["terminal"]:
                break
            await asyncio.sleep(0.002)
        assert v["terminal"]
        assert sloth.conn.closed  # cut off, its queue bounded
        assert (await player.ok("ping"))["type"] == "ping"
        stuck.set()
        await server.close()

    run(body())


def test_a_failing_bot_is_reported_to_watchers_and_the_server_goes_on() -> None:
    async def body() -> None:
        server = Server()
        c = Client(server)
        made = await c.ok("create_game", game="parry", seed=1,
                          seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])  # fmt: skip
        room = server.rooms[made["game_id"]]
        bot = room.seats[1].bot
        assert bot is not None

        def explode(state: Any, cancel: Any) -> int:
            raise RuntimeError("the bot's bug")

        bot.choose = explode  # type: ignore[method-assign]
        me = made["tokens"][0]["token"]
        await c.ok("subscribe", game_id=made["game_id"], token=me)
        state = henchmen.new_game("parry", seed=1)
        while state.current_player == 0:
            action = state.legal_action_ids[0]
            await c.ok("move", game_id=made["game_id"], token=me, action=action)
            state.apply(action)
        for _ in range(400):
            told = [m for m in c.take_pushes() if m["type"] == "bot_error"]
            if told:
                break
            await asyncio.sleep(0.005)
        assert told and "the bot's bug" in told[0]["message"]
        assert (await c.ok("ping"))["type"] == "ping"
        await server.close()

    run(body())


def test_an_idle_game_is_closed_and_its_watchers_are_told() -> None:
    async def body() -> None:
        server = Server(Limits(idle_game_seconds=0.05))
        c = Client(server)
        made = await c.ok("create_game", game="parry", seats=[{"kind": "human"}] * 2)
        await c.ok("subscribe", game_id=made["game_id"])
        for _ in range(400):
            closed = [m for m in c.take_pushes() if m["type"] == "closed"]
            if closed:
                break
            await asyncio.sleep(0.01)
        assert closed and closed[0]["reason"] == "idle"
        assert await c.code("view", game_id=made["game_id"]) == "no_such_game"
        await server.close()

    run(body())


def test_a_game_name_with_options_makes_that_game() -> None:
    async def body() -> None:
        c = Client(Server(Limits(requests_per_second=1e6, burst=10**6)))
        made = await c.ok("create_game", game="parry(players=3,health=5)", seed=1,
                          seats=[{"kind": "human"}] * 3)  # fmt: skip
        assert made["game"] == "parry"
        assert made["options"]["players"] == 3 and made["options"]["health"] == 5
        # Seats that disagree with the name's count are refused, naming both.
        got = await c.request("create_game", game="parry(players=3)", seats=[{"kind": "human"}] * 2)
        assert got["code"] == "bad_option" and "in the game's name" in got["message"], got
        assert await c.code("create_game", game="parry(players=x)") == "bad_option"

    run(body())
