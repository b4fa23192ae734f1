"""``henchmen serve --stdio`` from a subprocess: every request, a whole game, and hostile input.

Every message the server writes is checked against protocol.schema.json
(conftest's ``checked``); what a seat is shown is compared with what the
engine itself gives that player (``State.observation``, ``State.events_for``).
"""

from __future__ import annotations

import json
from typing import Any

from tests.serve.conftest import Stdio

import henchmen
from henchmen.replay import Replay
from henchmen.serve.protocol import ERROR_CODES, REQUEST_TYPES


def apply_events(log: list[dict[str, Any]], msg: dict[str, Any]) -> None:
    """Keep a subscription's event log as the pushes tell it (a rewind drops steps taken back)."""
    if msg["type"] == "rewind":
        log[:] = [e for e in log if e["step"] < msg["step"]]
    elif msg["type"] == "events":
        log.extend(msg["events"])


def test_every_request_over_stdio_and_a_whole_game_against_a_bot() -> None:
    c = Stdio()
    seen: set[str] = set()

    def ok(type: str, **fields: Any) -> dict[str, Any]:
        msg = c.request(type, **fields)
        assert msg["type"] == type, json.dumps(msg)
        seen.add(type)
        return msg

    assert ok("hello")["version"] == 1
    ok("ping")
    listed = ok("list_games")
    assert {g["name"] for g in listed["games"]} == {g.name for g in henchmen.games()}
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]
    made = ok("create_game", game="parry", seed=11, seats=seats)
    gid, host = made["game_id"], made["host_token"]
    assert [t["seat"] for t in made["tokens"]] == [0]  # the bot's seat has no token
    me = made["tokens"][0]["token"]
    sub = ok("subscribe", game_id=gid, token=me, since=-1)
    log = list(sub["events"])
    engine = henchmen.new_game("parry", seed=11)
    names = ["Ada", "Player 2"]
    assert log == [e.to_json() for e in engine.events_for(0, -1, names)]

    v = ok("view", game_id=gid, token=me)
    assert v["your_turn"] and v["seat"] == 0 and v["legal"]
    assert v["observation"] == engine.observation(0)
    assert v["layout"] == engine.layout(0)
    assert [m["move"] for m in v["legal"]] == [a.text for a in engine.legal_actions]

    hint = ok("ask_bot", game_id=gid, token=me, bot="ismcts", iterations=40, seed=1)
    assert hint["action"]["id"] in [m["id"] for m in v["legal"]] and not hint["applied"]
    # Why: the chosen move is the most visited, and the line starts with it.
    why = hint["search"]
    assert why["iterations"] == 40 and why["moves"][0]["move"] == hint["action"]["move"]
    assert sum(m["visits"] for m in why["moves"]) <= 40 and why["line"][0] == hint["action"]["move"]
    assert "search" not in ok("ask_bot", game_id=gid, token=me, bot="greedy", seed=1)

    # A move by its notation, then taken back (the bot's answer goes with it).
    moved = ok("move", game_id=gid, token=me, action=v["legal"][0]["move"], step=v["step"])
    assert moved["action"] == {"id": v["legal"][0]["id"], "move": v["legal"][0]["move"]}
    wait_for_turn(c, gid, me, log)
    undone = ok("undo", game_id=gid, token=me)
    assert undone["moves"] >= 1 and undone["step"] == v["step"]
    for msg in c.pushed:
        apply_events(log, msg)
    c.pushed.clear()

    # Play to the end: the first legal move each time.
    while not (v := wait_for_turn(c, gid, me, log))["terminal"]:
        ok("move", game_id=gid, token=me, action=v["legal"][0]["id"], step=v["step"])
    assert v["returns"] is not None and len(v["returns"]) == 2

    saved = ok("save_replay", game_id=gid, token=me)["replay"]  # a seat may, once it is over
    replay = Replay.from_json(json.dumps(saved))
    replay.verify()
    final = replay.final_state
    assert final is not None and final.is_terminal
    for msg in c.pushed:
        apply_events(log, msg)
    assert log == [e.to_json() for e in final.events_for(0, -1, names)]
    ok("unsubscribe", subscription=sub["subscription"])

    review = ok("load_replay", replay=saved)
    assert review["review"] and review["tokens"] == []
    rid, rhost = review["game_id"], review["host_token"]
    assert ok("seek", game_id=rid, token=rhost, step=2)["step"] == 2
    seat1 = ok("view", game_id=rid, token=rhost, seat=1)
    assert seat1["review"] == {"position": 2, "length": len(saved["actions"])}
    assert seat1["legal"] == []  # a review is stepped through, not played

    # A slow suggestion, cancelled by its id.
    game2 = ok("create_game", game="parry", seed=2, seats=[{"kind": "human"}] * 2)
    t0 = game2["tokens"][0]["token"]
    c.send({"id": "slow", "type": "ask_bot", "game_id": game2["game_id"], "token": t0,
            "bot": "ismcts", "iterations": 200000, "seconds": 20})  # fmt: skip
    cancelled = ok("cancel", request="slow")
    assert cancelled == {"v": 1, "id": c.next, "type": "cancel", "request": "slow",
                         "cancelled": True}  # fmt: skip
    answer = c.recv()
    assert answer["id"] == "slow" and answer["code"] == "cancelled", answer

    for g in (gid, rid, game2["game_id"]):
        token = host if g == gid else rhost if g == rid else game2["host_token"]
        assert ok("close_game", game_id=g, token=token)["game_id"] == g
    assert seen == set(REQUEST_TYPES)
    status, err = c.close()
    assert status == 0, err


def wait_for_turn(c: Stdio, gid: str, token: str, log: list[dict[str, Any]]) -> dict[str, Any]:
    """The seat's view once it is its turn or the game is over (bot moves arrive as pushes)."""
    while True:
        for msg in c.pushed:
            apply_events(log, msg)
        c.pushed.clear()
        v = c.request("view", game_id=gid, token=token)
        if v["terminal"] or v["your_turn"]:
            for msg in c.pushed:
                apply_events(log, msg)
            c.pushed.clear()
            return v
        apply_events(log, c.recv())


def test_hostile_lines_get_structured_errors_and_the_server_goes_on() -> None:
    c = Stdio("--max-message-bytes", "4096")
    codes: set[str] = set()

    def refused(raw: bytes, code: str, rid: object = None, request: str | None = None) -> None:
        c.send_raw(raw)
        msg = c.recv()
        assert msg["type"] == "error" and msg["code"] == code, (raw[:80], msg)
        assert msg["id"] == rid and msg["request"] == request and msg["message"]
        codes.add(code)

    refused(b"{not json\n", "bad_json")
    refused(b"[1, 2]\n", "bad_json")
    refused(b'{"id": 1, "type": "ping", "x": NaN}\n', "bad_json")
    refused(b"\xff\xfe\x00garbage\n", "bad_json")
    refused(b"[" * 100_000 + b"\n", "too_large")
    refused(b'{"id": 2, "type": "ping", "pad": "' + b"x" * 10_000 + b'"}\n', "too_large")
    refused(b"[" * 2000 + b"]" * 2000 + b"\n", "bad_json")  # deep nesting: refused, not a crash
    refused(b'{"id": {"a": 1}, "type": "ping"}\n', "bad_request")
    refused(b'{"id": 3, "type": "fly"}\n', "unknown_type", 3, "fly")
    refused(b'{"id": 4, "type": 7}\n', "unknown_type", 4, None)
    refused(b'{"id": 5, "type": "ping", "v": 2}\n', "unsupported_version", 5, "ping")
    refused(b'{"id": 6, "type": "create_game", "game": 5}\n', "bad_request", 6, "create_game")
    refused(b'{"id": 7, "type": "create_game", "game": "chess"}\n', "unknown_game", 7,
            "create_game")  # fmt: skip
    refused(b'{"id": 8, "type": "create_game", "game": "parry", "options": {"health": 99}}\n',
            "bad_option", 8, "create_game")  # fmt: skip
    refused(b'{"id": 9, "type": "view", "game_id": "g-nope"}\n', "no_such_game", 9, "view")
    c.send_raw(b"\n   \n")  # blank lines are not messages
    made = c.request("create_game", game="parry", seed=1, seats=[{"kind": "human"}] * 2)
    gid = made["game_id"]
    tokens = [t["token"] for t in made["tokens"]]
    start = c.request("view", game_id=gid, token=tokens[0])
    raw = json.dumps
    refused(raw({"id": 10, "type": "move", "game_id": gid, "token": "forged", "action": 1})
            .encode() + b"\n", "bad_token", 10, "move")  # fmt: skip
    refused(raw({"id": 11, "type": "move", "game_id": gid, "token": tokens[1], "action": 1})
            .encode() + b"\n", "not_your_turn", 11, "move")  # fmt: skip
    refused(raw({"id": 12, "type": "move", "game_id": gid, "token": tokens[0], "action": 99999})
            .encode() + b"\n", "illegal_move", 12, "move")  # fmt: skip
    refused(raw({"id": 13, "type": "move", "game_id": gid, "token": tokens[0], "action": [1]})
            .encode() + b"\n", "illegal_move", 13, "move")  # fmt: skip
    refused(raw({"id": 14, "type": "move", "game_id": gid, "token": tokens[0], "action": 1,
                 "step": 999}).encode() + b"\n", "stale", 14, "move")  # fmt: skip
    refused(raw({"id": 15, "type": "undo", "game_id": gid, "token": tokens[0]}).encode() + b"\n",
            "nothing_to_undo", 15, "undo")  # fmt: skip
    refused(raw({"id": 16, "type": "close_game", "game_id": gid, "token": tokens[0]}).encode()
            + b"\n", "host_only", 16, "close_game")  # fmt: skip
    refused(raw({"id": 17, "type": "seek", "game_id": gid, "token": made["host_token"],
                 "step": 0}).encode() + b"\n", "not_review", 17, "seek")  # fmt: skip
    refused(raw({"id": 18, "type": "unsubscribe", "subscription": "s-x"}).encode() + b"\n",
            "no_such_subscription", 18, "unsubscribe")  # fmt: skip
    refused(raw({"id": 19, "type": "load_replay", "replay": {"format": "nope"}}).encode() + b"\n",
            "bad_replay", 19, "load_replay")  # fmt: skip
    refused(raw({"id": 20, "type": "view", "game_id": gid, "token": made["host_token"],
                 "seat": 0}).encode() + b"\n", "host_only", 20, "view")  # fmt: skip
    # Still serving, and the game is untouched by all of it.
    assert c.request("ping")["type"] == "ping"
    assert c.request("view", game_id=gid, token=tokens[0]) == {**start, "id": c.next}
    assert codes <= set(ERROR_CODES)
    status, err = c.close()
    assert status == 0, err
    assert b"Traceback" not in err
