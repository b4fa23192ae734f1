"""Issue 37's server findings, each pinned: hints beside seat bots, games per address and
unattended games, the outbound queue in bytes, and the protocol's details (duplicate keys,
lone surrogates, an id that cannot be answered, a seat the token does not stand for, the
result of a cooperative game)."""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import pytest
from tests.serve.test_server import Client, run

import henchmen
from henchmen.replay import Replay, make_replay
from henchmen.serve import Server
from henchmen.serve.protocol import Limits, encode

FAST = {"requests_per_second": 1e6, "burst": 10**6}


async def _quiet(line: str) -> None:
    pass


async def _play_against_greedy(server: Server, c: Client, replies: int) -> list[float]:
    """Seconds from each move's reply to the greedy bot's answer, for ``replies`` answers."""
    waits: list[float] = []
    while len(waits) < replies:
        seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
        made = await c.ok("create_game", game="parry", seed=len(waits), seats=seats)
        gid, me = made["game_id"], made["tokens"][0]["token"]
        room = server.rooms[gid]
        while len(waits) < replies:
            v = await c.ok("view", game_id=gid, token=me)
            if v["terminal"]:
                break
            await c.ok("move", game_id=gid, token=me, action=v["legal"][-1]["id"])
            asked = time.perf_counter()
            while room.bot_to_move() is not None:
                await asyncio.sleep(0.0005)
            if room.state.move_number and not room.state.is_terminal:
                waits.append(time.perf_counter() - asked)
        await c.ok("close_game", game_id=gid, token=made["host_token"])
    return waits


def test_hints_never_hold_back_a_seated_bot() -> None:
    """Five connections ask four ismcts hints each; another client's greedy bot still
    answers at once (it waited behind the hints, seconds each, when they shared a pool)."""

    async def body() -> None:
        server = Server(Limits(**FAST), threads=2)
        hinters = [Client(server) for _ in range(5)]
        for h in hinters:
            made = await h.ok("create_game", game="parry", seed=1, seats=[{"kind": "human"}] * 2)
            gid = made["game_id"]
            to_act = (await h.ok("view", game_id=gid))["current_player"]
            token = made["tokens"][to_act]["token"]
            for n in range(4):
                hint = {"id": f"hint-{n}", "type": "ask_bot", "game_id": gid, "token": token,
                        "bot": "ismcts", "iterations": 200_000, "seconds": 4}  # fmt: skip
                await server.receive(h.conn, json.dumps(hint))
        await asyncio.sleep(0.3)  # the hints are thinking
        waits = await _play_against_greedy(server, Client(server), 12)
        assert max(waits) < 1.0, sorted(waits)[-3:]
        # Twenty hints of up to 4 s each on the hint pool outlast the greedy game: some
        # are still thinking (a hint may end early: Parry's search can stop at once).
        assert not all(h.said for h in hinters)
        await server.close()

    run(body())


def test_a_greedy_bot_never_waits_behind_seated_searches() -> None:
    """Two all-ismcts games hold both seat-bot threads for seconds a move; the greedy
    bot in another client's game still answers at once."""

    async def body() -> None:
        server = Server(Limits(**FAST), threads=2)
        searching = Client(server)
        searching.conn.address = "addr-a"
        seats = [{"kind": "bot", "bot": "ismcts", "iterations": 200_000, "seconds": 3}] * 2
        for seed in (1, 2):
            await searching.ok("create_game", game="legendary", seed=seed, seats=seats)
        await asyncio.sleep(0.3)
        assert server.seat_bots.busy == 2
        waits = await _play_against_greedy(server, Client(server), 6)
        assert max(waits) < 1.0, sorted(waits)[-3:]
        await server.close()

    run(body())


def test_hints_take_turns_between_connections() -> None:
    """One connection's four hints do not hold back another's one: it runs second."""

    async def body() -> None:
        server = Server(Limits(**FAST), threads=1, hint_threads=1)
        a, b = Client(server), Client(server)
        finished: list[str] = []

        async def hints(c: Client, name: str, count: int) -> None:
            made = await c.ok("create_game", game="parry", seed=2, seats=[{"kind": "human"}] * 2)
            gid = made["game_id"]
            to_act = (await c.ok("view", game_id=gid))["current_player"]
            token = made["tokens"][to_act]["token"]
            for n in range(count):
                hint = {"id": f"{name}{n}", "type": "ask_bot", "game_id": gid, "token": token,
                        "bot": "ismcts", "iterations": 200_000, "seconds": 0.4}  # fmt: skip
                await server.receive(c.conn, json.dumps(hint))
            while len([m for m in c.said if str(m.get("id")).startswith(name)]) < count:
                await asyncio.sleep(0.005)
            for m in c.said:
                assert m["type"] == "ask_bot", m
                assert m["seconds"] <= 1.0  # the thinking, not the wait in line
                finished.append(m["id"])

        first = asyncio.create_task(hints(a, "a", 4))
        await asyncio.sleep(0.1)
        await hints(b, "b", 1)
        await first
        assert finished.index("b0") < finished.index("a1") or finished[:2] == ["a0", "b0"]
        await server.close()

    run(body())


def test_a_hint_waiting_for_a_thread_is_cancelled_at_once() -> None:
    async def body() -> None:
        server = Server(Limits(**FAST), threads=1, hint_threads=1)
        c = Client(server)
        made = await c.ok("create_game", game="parry", seed=2, seats=[{"kind": "human"}] * 2)
        gid = made["game_id"]
        token = made["tokens"][(await c.ok("view", game_id=gid))["current_player"]]["token"]
        for rid in ("thinking", "waiting"):
            hint = {"id": rid, "type": "ask_bot", "game_id": gid, "token": token,
                    "bot": "ismcts", "iterations": 200_000, "seconds": 3}  # fmt: skip
            await server.receive(c.conn, json.dumps(hint))
        await asyncio.sleep(0.1)
        asked = time.monotonic()
        assert (await c.ok("cancel", request="waiting"))["cancelled"] is True
        while not any(m.get("id") == "waiting" for m in c.said):
            await asyncio.sleep(0.005)
        assert time.monotonic() - asked < 1.0  # not after the hint ahead of it
        answer = next(m for m in c.said if m.get("id") == "waiting")
        assert answer["code"] == "cancelled"
        assert not any(m.get("id") == "thinking" for m in c.said)  # that one thinks on
        await server.close()

    run(body())


def test_games_are_capped_per_address_across_connections() -> None:
    async def body() -> None:
        limits = Limits(max_games_per_connection=2, max_games_per_address=3, **FAST)
        server = Server(limits, threads=1)
        one = Client(server)
        one.conn.address = "addr-a"
        two = Client(server)
        two.conn.address = "addr-a"
        elsewhere = Client(server)
        elsewhere.conn.address = "addr-b"
        for c in (one, one, two):
            await c.ok("create_game", game="parry")
        refused = await two.request("create_game", game="parry")
        assert refused["code"] == "too_many_games" and refused["details"]["limit"] == 3
        assert "addr-a" in refused["message"]
        assert await elsewhere.ok("create_game", game="parry")
        await server.close()

    run(body())


def test_connect_takes_the_address_and_caps_connections_per_address() -> None:
    async def body() -> None:
        server = Server(Limits(max_connections_per_address=2), threads=1)
        server.connect(_quiet, address="addr-a")
        server.connect(_quiet, address="addr-a")
        with pytest.raises(Exception) as refused:
            server.connect(_quiet, address="addr-a")
        assert getattr(refused.value, "code", None) == "too_many_connections"
        assert server.connect(_quiet, address="addr-b").address == "addr-b"
        await server.close()

    run(body())


def test_an_unattended_game_expires_soon_and_keeps_its_replay_if_asked() -> None:
    async def body() -> None:
        limits = Limits(unattended_game_seconds=0.2, **FAST)
        server = Server(limits, threads=1)
        maker = Client(server)
        humans = [{"kind": "human"}] * 2
        kept = await maker.ok("create_game", game="parry", seed=3, seats=humans, keep_replay=True)
        lost = await maker.ok("create_game", game="parry", seed=3, seats=humans)
        held = await maker.ok("create_game", game="parry", seed=3, seats=humans)
        assert kept["keep_replay"] is True and lost["keep_replay"] is False
        state = henchmen.new_game("parry", seed=3)
        token = kept["tokens"][state.current_player]["token"]
        await maker.ok("move", game_id=kept["game_id"], token=token, action="end turn")
        # Another client holds a seat of the third game: that one stays.
        friend = Client(server)
        await friend.ok("view", game_id=held["game_id"], token=held["tokens"][1]["token"])
        await server.disconnect(maker.conn)
        await asyncio.sleep(0.6)
        assert set(server.rooms) == {held["game_id"]}
        later = Client(server)
        gone = await later.request("view", game_id=kept["game_id"])
        assert gone["code"] == "no_such_game" and gone["details"] == {"replay_kept": True}
        assert (await later.request("view", game_id=lost["game_id"]))["code"] == "no_such_game"
        saved = await later.ok("save_replay", game_id=kept["game_id"], token=kept["host_token"])
        replay = Replay.from_json(json.dumps(saved["replay"]))
        assert replay.abandoned and [s.move for s in replay.steps if not s.is_chance] == [
            "end turn"
        ]
        seat = await later.request("save_replay", game_id=kept["game_id"], token=token)
        assert seat["code"] == "host_only"  # unfinished: a seat may not see every hidden card
        stranger = await later.request("save_replay", game_id=kept["game_id"], token="x" * 22)
        assert stranger["code"] == "bad_token"
        nothing = await later.request("save_replay", game_id=lost["game_id"], token="x")
        assert nothing["code"] == "no_such_game"
        await server.close()

    run(body())


def test_one_address_keeps_no_more_replays_than_it_may_have_games() -> None:
    async def body() -> None:
        server = Server(Limits(max_games_per_address=2, **FAST), threads=1)
        made: list[str] = []
        other = Client(server)
        other.conn.address = "addr-b"
        theirs = await other.ok("create_game", game="parry", keep_replay=True)
        await server.disconnect(other.conn)
        for _ in range(3):  # three rounds of two games, each left to expire
            c = Client(server)
            c.conn.address = "addr-a"
            for _ in range(2):
                made.append((await c.ok("create_game", game="parry", keep_replay=True))["game_id"])
            await server.disconnect(c.conn)
            server.sweep(time.monotonic() + server.limits.unattended_game_seconds + 1)
        assert server.rooms == {}
        assert list(server.kept) == [theirs["game_id"], *made[-2:]]
        await server.close()

    run(body())


def test_the_outbound_queue_is_capped_in_bytes_and_let_go_when_exceeded() -> None:
    async def body() -> None:
        server = Server(Limits(max_outbound_bytes=40_000, write_timeout=0.2, **FAST), threads=1)
        stuck = asyncio.Event()

        async def never(line: str) -> None:
            await stuck.wait()

        player = Client(server)
        made = await player.ok("create_game", game="legendary", seed=1)
        view = await player.ok("view", game_id=made["game_id"])
        size = len(encode(view))
        assert size > 4_000  # a few replies fill the cap, far below any message count
        sloth = Client(server, never)
        request = json.dumps({"type": "view", "game_id": made["game_id"]})
        sent = 0
        while not sloth.conn.closed and sent < 200:
            await server.receive(sloth.conn, request)
            sent += 1
            assert sloth.conn.queued_bytes <= 40_000 + size
        assert sloth.conn.closed and sent <= 40_000 // size + 3
        assert sloth.conn.queued_bytes == 0  # what it held is let go
        assert (await player.ok("ping"))["type"] == "ping"
        stuck.set()
        await server.close()

    run(body())


async def _said(server: Server, c: Client, text: str | bytes) -> dict[str, Any]:
    """Send raw text; the one message that comes back (schema-checked by the client)."""
    await server.receive(c.conn, text)
    for _ in range(400):
        if c.said:
            return c.said.pop(0)
        await asyncio.sleep(0.002)
    raise AssertionError("no answer")


def test_duplicate_keys_are_refused_and_the_id_answered_when_it_can_be() -> None:
    async def body() -> None:
        server = Server(Limits(**FAST), threads=1)
        c = Client(server)
        got = await _said(server, c, '{"id": 5, "type": "ping", "type": "hello"}')
        assert (got["id"], got["code"], got["details"]) == (5, "bad_request", {"field": "type"})
        nested = '{"id": 6, "type": "create_game", "game": "parry", "options": {"a": 1, "a": 2}}'
        got = await _said(server, c, nested)
        assert (got["id"], got["code"], got["details"]["field"]) == (6, "bad_request", "a")
        got = await _said(server, c, '{"id": 7, "id": 8, "type": "ping"}')
        assert got["id"] is None and got["details"] == {"field": "id", "position": 3}
        assert len(server.rooms) == 0
        await server.close()

    run(body())


def test_a_lone_surrogate_is_never_echoed_and_an_unanswerable_id_names_its_position() -> None:
    async def body() -> None:
        server = Server(Limits(**FAST), threads=1)
        lines: list[str] = []

        async def keep(line: str) -> None:
            lines.append(line)

        c = Client(server)
        raw = Client(server, keep)
        await _said(server, c, '{"id": 1, "type": "ping"}')
        got = await _said(server, c, '{"id": "\\ud800", "type": "ping"}')
        assert got["id"] is None and got["code"] == "bad_request"
        assert got["details"] == {"field": "id", "position": 2}
        got = await _said(server, c, json.dumps({"id": "x" * 65, "type": "ping"}))
        assert got["id"] is None and got["details"]["position"] == 3
        got = await _said(server, c, "{")  # not even JSON: the position still says which
        assert got["id"] is None and got["details"]["position"] == 4
        got = await _said(server, c, b'{"id": "ok", "type": "ping", "pad": "\xed\xa0\x80"}')
        assert (got["id"], got["details"]["field"]) == ("ok", "pad")
        seats = [{"kind": "human", "name": "\ud800"}, {"kind": "human"}]
        got = await _said(server, c, json.dumps({"id": 9, "type": "create_game",
                                                 "game": "parry", "seats": seats}))  # fmt: skip
        assert (got["code"], got["details"]["field"]) == ("bad_request", "seats[0].name")
        # What a strict JSON parser sees: no lone surrogate, escaped or not.
        for text in ('{"id": "\\udfff", "type": "ping"}', '{"type": "view", "game_id": "\\ud800"}',
                     '{"id": 2, "type": "cancel", "request": "\\ud800"}'):  # fmt: skip
            await server.receive(raw.conn, text)
        for _ in range(400):
            if len(lines) == 3:
                break
            await asyncio.sleep(0.002)
        assert len(lines) == 3
        for line in lines:
            assert "\\ud8" not in line.lower() and "\\udf" not in line.lower(), line
            json.loads(line)
        await server.close()

    run(body())


def test_view_with_a_seat_the_token_does_not_stand_for_is_an_error() -> None:
    async def body() -> None:
        server = Server(Limits(**FAST), threads=1)
        c = Client(server)
        made = await c.ok("create_game", game="parry", seats=[{"kind": "human"}] * 2)
        gid, mine = made["game_id"], made["tokens"][0]["token"]
        other = await c.request("view", game_id=gid, token=mine, seat=1)
        assert other["code"] == "bad_request" and other["details"] == {"field": "seat", "seat": 0}
        assert (await c.ok("view", game_id=gid, token=mine, seat=0))["seat"] == 0
        assert (await c.request("view", game_id=gid, token=made["tokens"][1]["token"],
                                seat=True))["code"] == "bad_request"  # fmt: skip
        spectator = await c.request("view", game_id=gid, seat=1)
        assert spectator["code"] == "bad_request" and spectator["details"]["field"] == "seat"
        watched = await c.request("subscribe", game_id=gid, token=mine, seat=1)
        assert watched["code"] == "bad_request"
        await server.close()

    run(body())


def _legendary_loss() -> tuple[henchmen.State, list[int]]:
    """A two-player Legendary game that Evil wins, with returns (-1.0, -0.6): seed 4, random."""
    state = henchmen.new_game("legendary", seed=4, players=2)
    rng = random.Random(4)
    actions = []
    while not state.is_terminal:
        actions.append(rng.choice(state.legal_action_ids))
        state.apply(actions[-1])
    return state, actions


def test_a_cooperative_loss_has_no_winner_in_the_view_and_the_replay() -> None:
    async def body() -> None:
        server = Server(Limits(**FAST), threads=1)
        c = Client(server)
        final, actions = _legendary_loss()
        assert final.returns == pytest.approx((-1.0, -0.6))
        made = await c.ok("create_game", game="legendary", seed=4, seats=[{"kind": "human"}] * 2)
        gid = made["game_id"]
        tokens = {t["seat"]: t["token"] for t in made["tokens"]}
        replica = henchmen.new_game("legendary", seed=4, players=2)
        for action in actions:
            seat = replica.current_player
            await c.ok("move", game_id=gid, token=tokens[seat], action=action)
            replica.apply(action)
        v = await c.ok("view", game_id=gid)
        assert v["terminal"] and v["returns"] == pytest.approx([-1.0, -0.6])
        assert (v["winners"], v["outcome"]) == ([], "lost")  # was [1]: the best of a loss
        saved = (await c.ok("save_replay", game_id=gid, token=made["host_token"]))["replay"]
        assert saved["result"]["winners"] == [] and saved["result"]["outcome"] == "lost"
        await server.close()

    run(body())


def test_results_of_competitive_games_are_unchanged_and_old_replays_read_anew() -> None:
    final, _ = _legendary_loss()
    doc = json.loads(make_replay(final, seed=4).to_json())
    # A replay written before the outcome existed: no outcome, the best return as winner.
    doc["result"] = {"terminal": True, "returns": list(final.returns), "winners": [1]}
    old = Replay.from_json(json.dumps(doc))
    assert (old.winners, old.outcome) == ([], "lost")
    assert old.verify() == final
    parry = henchmen.new_game("parry", seed=1)
    while not parry.is_terminal:
        parry.apply(parry.legal_action_ids[0])
    replay = make_replay(parry)
    assert (replay.winners, replay.outcome) == ([0], "won")
    assert json.loads(replay.to_json())["result"]["outcome"] == "won"
    unfinished = json.loads(make_replay(henchmen.new_game("parry", seed=1)).to_json())
    assert "outcome" not in unfinished["result"]
