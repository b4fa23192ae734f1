"""``henchmen serve --port 0`` over a real WebSocket on 127.0.0.1.

The page and its files over HTTP, cross-origin refusal, seat tokens used by
another client, a client that disconnects mid-game and resumes from another
connection, a flood, oversized frames, and many games at once; the server
must outlive all of it.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any

import pytest
from tests.serve.conftest import Served, Ws
from tests.serve.test_stdio import apply_events

import henchmen
from henchmen.replay import Replay

pytest.importorskip("websockets", reason="the 'serve' extra is needed")
from websockets.exceptions import ConnectionClosed, InvalidStatus


def get(url: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        body = e.read()
        e.close()
        return e.code, dict(e.headers), body


def test_the_page_and_the_schema_are_served_with_a_strict_policy(served: Served) -> None:
    status, headers, body = get(served.http + "/")
    assert status == 200 and b"/static/app.js" in body
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    for path in ("/static/app.js", "/static/style.css", "/protocol.schema.json"):
        status, _, body = get(served.http + path)
        assert status == 200 and body, path
    assert json.loads(get(served.http + "/protocol.schema.json")[2])["$defs"]["request"]
    assert get(served.http + "/../etc/passwd")[0] == 404
    assert get(served.http + "/static/nothing.js")[0] == 404


def test_a_websocket_from_another_site_is_refused(served: Served) -> None:
    with pytest.raises(InvalidStatus) as refused:
        Ws(served.ws, origin="http://evil.example")
    assert refused.value.response.status_code == 403
    ok = Ws(served.ws, origin=served.http)  # the page's own origin is welcome
    assert ok.ok("ping")["type"] == "ping"
    ok.close()


def test_a_seat_token_acts_and_looks_for_its_own_seat_only(served: Served) -> None:
    alice, bob = Ws(served.ws), Ws(served.ws)
    made = alice.valid("create_game", game="parry", seed=4, seats=[{"kind": "human"}] * 2)
    gid, host = made["game_id"], made["host_token"]
    token = {t["seat"]: t["token"] for t in made["tokens"]}
    engine = henchmen.new_game("parry", seed=4)
    # Bob holds seat 1's token: he sees seat 1's hand, never seat 0's.
    seen = bob.valid("view", game_id=gid, token=token[1])
    assert seen["seat"] == 1 and seen["observation"] == engine.observation(1)
    assert seen["layout"] == engine.layout(1) and seen["legal"] == []
    assert seen["observation"] != engine.observation(0)
    first = alice.valid("view", game_id=gid, token=token[0])["legal"][0]["id"]
    refused = bob.request("move", game_id=gid, token=token[1], action=first)
    assert refused["code"] == "not_your_turn"
    assert bob.request("move", game_id=gid, token=token[1] + "x", action=first)["code"] == (
        "bad_token"
    )
    # The host token is no seat: it neither plays nor looks at a hand in a live game.
    assert bob.request("move", game_id=gid, token=host, action=first)["code"] == "bad_token"
    assert bob.request("view", game_id=gid, token=host, seat=0)["code"] == "host_only"
    spectator = bob.valid("view", game_id=gid)
    assert spectator["seat"] is None and spectator["observation"] is None
    assert spectator["layout"] == engine.layout("spectator")
    # Tokens are per game: seat 0's token of this game is nothing in another.
    other = bob.valid("create_game", game="parry", seed=4, seats=[{"kind": "human"}] * 2)
    assert bob.request("view", game_id=other["game_id"], token=token[0])["code"] == "bad_token"
    # A replay shows every hidden card: only the host may save one before the end.
    assert bob.request("save_replay", game_id=gid, token=token[1])["code"] == "host_only"
    assert alice.valid("save_replay", game_id=gid, token=host)["replay"]["game"] == "parry"
    alice.close()
    bob.close()


def test_a_client_that_vanishes_mid_game_resumes_from_a_new_connection(served: Served) -> None:
    first = Ws(served.ws)
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "greedy"}]
    made = first.valid("create_game", game="parry", seed=9, seats=seats, pace_ms=30)
    gid, me = made["game_id"], made["tokens"][0]["token"]
    sub = first.valid("subscribe", game_id=gid, token=me)
    log = list(sub["events"])
    read = [sub["step"]]

    def view(c: Ws) -> dict[str, Any]:
        """The seat's view, once every push sent before it is in the log."""
        v = c.valid("view", game_id=gid, token=me)
        for msg in c.pushed:
            apply_events(log, msg)
            read.append(msg["step"])
        c.pushed.clear()
        return v

    def await_push(c: Ws) -> None:
        msg = c.recv()
        apply_events(log, msg)
        read.append(msg["step"])

    v = view(first)
    for _ in range(3):  # a few moves, then the link drops while the bot is at work
        while not v["your_turn"] and not v["terminal"]:
            await_push(first)
            v = view(first)
        assert not v["terminal"]
        first.valid("move", game_id=gid, token=me, action=v["legal"][-1]["id"], step=v["step"])
        v = view(first)
    first.conn.socket.close()  # no close frame: the client is simply gone
    time.sleep(0.2)

    again = Ws(served.ws)
    resumed = again.valid("subscribe", game_id=gid, token=me, since=read[-1])
    log.extend(resumed["events"])
    while not (v := view(again))["terminal"]:
        if v["your_turn"]:
            again.valid("move", game_id=gid, token=me, action=v["legal"][0]["id"], step=v["step"])
        else:
            await_push(again)
    saved = again.valid("save_replay", game_id=gid, token=me)["replay"]
    final = Replay.from_json(json.dumps(saved)).verify()
    assert log == [e.to_json() for e in final.events_for(0, -1, ["Ada", "Player 2"])]
    again.close()


def test_a_flood_is_slowed_with_rate_limited_errors_and_other_clients_go_on() -> None:
    server = Served("--rate", "20")
    try:
        flood, calm = Ws(server.ws), Ws(server.ws)
        for i in range(300):
            flood.send({"id": i, "type": "ping"})
        answers = [flood.recv() for _ in range(300)]
        assert sorted(a["id"] for a in answers) == list(range(300))  # every one answered once
        limited = [a for a in answers if a["type"] == "error"]
        assert limited and all(a["code"] == "rate_limited" for a in limited)
        assert all(a["details"]["retry_after_ms"] >= 0 for a in limited)
        assert 250 <= len(limited) <= 300 - 40  # the burst (2 x rate) passed
        assert calm.ok("ping")["type"] == "ping"  # a limit per connection
        time.sleep(0.2)
        assert flood.ok("ping")["type"] == "ping"  # and the flooder recovers
        flood.close()
        calm.close()
        assert server.alive()
    finally:
        server.stop()


def test_oversized_frames_are_refused_and_far_too_large_ones_close_only_that_link() -> None:
    server = Served("--max-message-bytes", "2048")
    try:
        c, other = Ws(server.ws), Ws(server.ws)
        c.send(json.dumps({"id": 1, "type": "ping", "pad": "x" * 4000}))
        msg = c.recv()
        assert msg["code"] == "too_large" and msg["details"]["limit"] == 2048
        c.send(b"\x00\xff" * 10)  # binary garbage
        assert c.recv()["code"] == "bad_json"
        assert c.ok("ping")["type"] == "ping"
        c.send("y" * 20_000)  # past four times the limit: the connection is closed
        with pytest.raises(ConnectionClosed) as closed:
            c.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        assert other.ok("ping")["type"] == "ping"
        other.close()
        assert server.alive()
    finally:
        server.stop()


def test_many_bot_games_at_once_all_finish_and_per_connection_limits_hold(served: Served) -> None:
    c = Ws(served.ws)
    bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}]
    games = [c.valid("create_game", game="parry", seed=s, seats=bots)["game_id"] for s in range(12)]
    end = time.monotonic() + 30
    while games and time.monotonic() < end:
        games = [g for g in games if not c.valid("view", game_id=g)["terminal"]]
        time.sleep(0.02)
    assert games == []
    for s in range(4):
        c.valid("create_game", game="parry", seed=s, seats=[{"kind": "human"}] * 2)
    refused = c.request("create_game", game="parry", seats=[{"kind": "human"}] * 2)
    assert refused["code"] == "too_many_games" and refused["details"]["limit"] == 16
    c.close()
    fresh = Ws(served.ws)  # the limit is per connection
    assert fresh.valid("create_game", game="parry", seats=[{"kind": "human"}] * 2)["game_id"]
    fresh.close()
