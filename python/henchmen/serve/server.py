"""The server: many games, many clients, one request at a time per client, bots on worker threads.

Transports (:mod:`henchmen.serve.stdio`, :mod:`henchmen.serve.websocket`)
make a :class:`~henchmen.serve.connection.Connection` per client and hand
each message to :meth:`Server.receive`.  A request is answered in order;
the slow ones (a bot's suggestion, loading a replay) run as tasks, so a
``cancel`` can reach them and the client's other requests go on.  Nothing
a client sends ends the server: every failure is an error message, and an
unexpected one is logged and answered with code ``internal``.

>>> import asyncio, json
>>> from henchmen.serve.connection import Connection
>>> async def demo():
...     server = Server()
...     said = []
...     async def write(line):
...         said.append(json.loads(line))
...     conn = server.connect(write)
...     await server.receive(conn, '{"id": 1, "type": "ping"}')
...     await server.disconnect(conn)
...     return said
>>> asyncio.run(demo())
[{'v': 1, 'id': 1, 'type': 'ping'}]
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import os
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from henchmen import __version__
from henchmen._cli_args import seed_for_bot
from henchmen.cancel import CancelToken
from henchmen.errors import Cancelled, HenchmenError, UnknownGameError
from henchmen.events import SPECTATOR
from henchmen.game import Game, games
from henchmen.replay import Replay
from henchmen.serve.bots import SeatBot, bot_catalogue
from henchmen.serve.connection import Connection, Slow
from henchmen.serve.protocol import (
    VERSION,
    Limits,
    ProtocolError,
    Request,
    RequestError,
    error,
    parse,
    reply,
)
from henchmen.serve.room import HOST, Room, Seat, Watcher, new_token

log = logging.getLogger("henchmen.serve")

#: Requests that may take long: run as tasks, cancellable, counted against max_in_flight.
SLOW = ("ask_bot", "load_replay")
_NAME = re.compile(r"^[^\x00-\x1f\x7f-\x9f]{1,40}$")

Handler = Callable[[Connection, Request], Awaitable[dict[str, Any]]]


class Server:
    """Every open game and every client; see the module docstring.

    A client makes a game against a bot and moves; the bot answers at once:

    >>> async def against_a_bot():
    ...     server = Server(threads=1)
    ...     said = {}
    ...     async def write(line):
    ...         message = json.loads(line)
    ...         said[message.get("id")] = message
    ...     conn = server.connect(write)
    ...     async def ask(rid, **request):
    ...         await server.receive(conn, json.dumps({"id": rid, **request}))
    ...         while rid not in said:
    ...             await asyncio.sleep(0.001)
    ...         return said[rid]
    ...     seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    ...     made = await ask(1, type="create_game", game="parry", seed=3, seats=seats)
    ...     gid, token = made["game_id"], made["tokens"][0]["token"]
    ...     moved = await ask(2, type="move", game_id=gid, token=token, action="end turn")
    ...     while server.rooms[gid].bot_to_move() is not None:
    ...         await asyncio.sleep(0.001)
    ...     view = await ask(3, type="view", game_id=gid, token=token)
    ...     await server.close()
    ...     return moved["action"]["move"], view["your_turn"]
    >>> asyncio.run(against_a_bot())
    ('end turn', True)
    """

    def __init__(self, limits: Limits | None = None, threads: int | None = None) -> None:
        self.limits = limits or Limits()
        self.rooms: dict[str, Room] = {}
        self.owned: dict[int, set[str]] = {}
        self.connections: set[Connection] = set()
        self.pool = ThreadPoolExecutor(max_workers=threads or os.cpu_count() or 2)
        self._janitor: asyncio.Task[None] | None = None
        self.handlers: dict[str, Handler] = {
            "hello": self._hello,
            "ping": self._ping,
            "list_games": self._list_games,
            "create_game": self._create_game,
            "view": self._view,
            "move": self._move,
            "ask_bot": self._ask_bot,
            "cancel": self._cancel,
            "undo": self._undo,
            "save_replay": self._save_replay,
            "load_replay": self._load_replay,
            "seek": self._seek,
            "subscribe": self._subscribe,
            "unsubscribe": self._unsubscribe,
            "close_game": self._close_game,
        }

    # -------------------------------------------------------------- clients
    def connect(self, write: Callable[[str], Awaitable[None]], label: str = "client") -> Connection:
        """A new client whose messages go out through ``write`` (one line of JSON each).

        >>> async def two_clients():
        ...     server = Server(threads=1)
        ...     async def write(line):
        ...         pass
        ...     a, b = server.connect(write, "a"), server.connect(write, "b")
        ...     ids = a.id != b.id, len(server.connections)
        ...     await server.close()
        ...     return ids
        >>> asyncio.run(two_clients())
        (True, 2)
        """
        conn = Connection(write, self.limits, label)
        conn.start()
        self.connections.add(conn)
        if self._janitor is None:
            self._janitor = asyncio.get_running_loop().create_task(self._sweep())
        return conn

    async def disconnect(self, conn: Connection) -> None:
        """The client is gone: its subscriptions and slow requests end; its games stay open
        (its seats' tokens may be held by other tabs) until closed or idle too long.

        >>> async def leave():
        ...     server = Server(threads=1)
        ...     said = []
        ...     async def write(line):
        ...         said.append(json.loads(line))
        ...     conn = server.connect(write)
        ...     await server.receive(conn, '{"id": 1, "type": "create_game", "game": "parry"}')
        ...     await server.disconnect(conn)
        ...     open_games = len(server.rooms)
        ...     await server.close()
        ...     return said[0]["type"], conn.closed, open_games
        >>> asyncio.run(leave())
        ('create_game', True, 1)
        """
        for slow in list(conn.slow.values()):
            slow.token.cancel()
            slow.task.cancel()
        for sid, room in list(conn.subscriptions.items()):
            room.watchers.pop(sid, None)
        conn.subscriptions.clear()
        self.connections.discard(conn)
        await conn.drain()
        conn.closed = True

    async def receive(self, conn: Connection, text: str | bytes) -> None:
        """Handle one message from ``conn``: reply, or start a slow request.

        >>> async def mistakes():
        ...     server = Server(threads=1)
        ...     said = []
        ...     async def write(line):
        ...         said.append(json.loads(line))
        ...     conn = server.connect(write)
        ...     await server.receive(conn, '{"id": 1, "type": "view"')
        ...     await server.receive(conn, '{"id": 2, "type": "view", "game_id": "g-x"}')
        ...     await server.close()
        ...     return [(m["id"], m["code"]) for m in said]
        >>> asyncio.run(mistakes())
        [(None, 'bad_json'), (2, 'no_such_game')]
        """
        try:
            request = parse(text, self.limits)
        except ProtocolError as e:
            await conn.reply(error(None, None, e))
            return
        except RequestError as e:
            await conn.reply(error(e.request.id, e.request.type or None, e.error))
            return
        if not conn.allow():
            wait = conn.bucket.wait()
            await conn.reply(
                error(
                    request.id,
                    request.type,
                    ProtocolError(
                        "rate_limited",
                        f"more than {self.limits.requests_per_second:g} requests a second "
                        f"(bursts of {self.limits.burst}); try again in {wait * 1000:.0f} ms",
                        {"retry_after_ms": round(wait * 1000)},
                    ),
                )
            )
            return
        if request.type in SLOW:
            self._start_slow(conn, request)
            return
        await conn.reply(await self._answer(conn, request))

    async def _answer(self, conn: Connection, request: Request) -> dict[str, Any]:
        try:
            return reply(request, **await self.handlers[request.type](conn, request))
        except ProtocolError as e:
            return error(request.id, request.type, e)
        except Cancelled:
            return error(request.id, request.type, ProtocolError("cancelled", "cancelled"))
        except Exception as e:  # a bug: told, logged, and the server goes on
            log.exception("request %r failed", request.type)
            return error(
                request.id,
                request.type,
                ProtocolError("internal", f"the server failed on this request: {e!r}"),
            )

    def _start_slow(self, conn: Connection, request: Request) -> None:
        if len(conn.slow) >= self.limits.max_in_flight_per_connection:
            conn.send(
                error(
                    request.id,
                    request.type,
                    ProtocolError(
                        "busy",
                        f"{len(conn.slow)} slow requests are under way on this connection "
                        f"(at most {self.limits.max_in_flight_per_connection}); wait for one",
                    ),
                )
            )
            return
        key = object() if request.id is None else request.id
        if key in conn.slow:
            conn.send(
                error(
                    request.id,
                    request.type,
                    ProtocolError(
                        "bad_request",
                        f"request id {request.id!r} is still under way; give each request "
                        "its own id",
                        {"field": "id"},
                    ),
                )
            )
            return
        token = CancelToken()
        request = dataclasses.replace(request, cancel=token)

        async def run() -> None:
            try:
                answer = await self._answer(conn, request)
            except asyncio.CancelledError:
                answer = error(
                    request.id,
                    request.type,
                    ProtocolError("cancelled", "the request was cancelled"),
                )
            finally:
                conn.slow.pop(key, None)
            conn.send(answer)

        task = asyncio.get_running_loop().create_task(run())
        conn.slow[key] = Slow(task, token)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(min(60.0, self.limits.idle_game_seconds / 4 + 0.05))
            now = time.monotonic()
            for room in list(self.rooms.values()):
                if now - room.last_used > self.limits.idle_game_seconds:
                    self._drop(room, "idle")

    async def close(self) -> None:
        """Close every game and stop the worker threads.

        >>> async def stop():
        ...     server = Server(threads=1)
        ...     async def write(line):
        ...         pass
        ...     conn = server.connect(write)
        ...     await server.receive(conn, '{"id": 1, "type": "create_game", "game": "parry"}')
        ...     before = len(server.rooms)
        ...     await server.close()
        ...     return before, len(server.rooms), len(server.connections)
        >>> asyncio.run(stop())
        (1, 0, 0)
        """
        for room in list(self.rooms.values()):
            self._drop(room, "server stopping")
        for conn in list(self.connections):
            await self.disconnect(conn)
        if self._janitor is not None:
            self._janitor.cancel()
        self.pool.shutdown(wait=True, cancel_futures=True)

    # -------------------------------------------------------------- helpers
    def _room(self, request: Request) -> Room:
        gid = request.text("game_id", 64)
        room = self.rooms.get(gid or "")
        if room is None:
            raise ProtocolError("no_such_game", f"no open game with id {gid!r}")
        room.last_used = time.monotonic()
        return room

    def _drop(self, room: Room, reason: str) -> None:
        room.close(reason)
        self.rooms.pop(room.id, None)
        self.owned.get(room.owner, set()).discard(room.id)

    def _kick(self, room: Room) -> None:
        room.kick(self.pool, self._bot_failed)

    def _bot_failed(self, room: Room, e: BaseException) -> None:
        log.error("a bot failed in game %s: %r", room.id, e)
        for w in list(room.watchers.values()):
            w.send(
                {
                    "v": VERSION,
                    "type": "bot_error",
                    "subscription": w.id,
                    "game_id": room.id,
                    "message": f"the bot at seat {room.state.current_player} failed: {e!r}",
                }
            )

    def _reader(self, room: Room, request: Request) -> int:
        """The seat a request reads as: its token's seat, or the spectator without a token."""
        if request.get("token") is None:
            return SPECTATOR
        who = room.who(request.get("token"))
        if who != HOST:
            return who
        seat = request.get("seat")
        if seat is None:
            return SPECTATOR
        if room.review is None:
            raise ProtocolError(
                "host_only",
                "the host token looks at a live game as a spectator; a seat's view needs "
                "that seat's token (only a review shows any seat to the host)",
            )
        return request.integer("seat", 0, room.game.num_players - 1)

    def _make_seats(self, request: Request, game_name: str, players: int, seed: int) -> list[Seat]:
        given = request.get("seats")
        if given is None:
            given = [{"kind": "human"}] * players
        if not isinstance(given, list) or len(given) != players:
            raise ProtocolError(
                "bad_request",
                f"'seats' must be a list of {players} seats (one per player) for {game_name}",
                {"field": "seats"},
            )
        seats = []
        for i, spec in enumerate(given):
            where = f"seats[{i}]"
            if not isinstance(spec, dict) or spec.get("kind") not in ("human", "bot"):
                raise ProtocolError(
                    "bad_request",
                    f"{where} must be an object with kind 'human' or 'bot'",
                    {"field": where},
                )
            name = spec.get("name", f"Player {i + 1}")
            if not isinstance(name, str) or not _NAME.match(name):
                raise ProtocolError(
                    "bad_request",
                    f"{where}.name must be 1 to 40 characters, none of them control characters",
                    {"field": f"{where}.name"},
                )
            if spec["kind"] == "human":
                seats.append(Seat(i, name, token=new_token()))
            else:
                bot = SeatBot.from_spec(spec, seed_for_bot(seed, i), self.limits, where)
                seats.append(Seat(i, name, bot=bot))
        return seats

    def _room_limit(self, conn: Connection) -> None:
        mine = self.owned.setdefault(conn.id, set())
        if len(mine) >= self.limits.max_games_per_connection:
            raise ProtocolError(
                "too_many_games",
                f"this connection holds {len(mine)} open games, the most allowed; close one",
                {"limit": self.limits.max_games_per_connection},
            )
        if len(self.rooms) >= self.limits.max_games:
            raise ProtocolError(
                "too_many_games",
                f"the server holds {len(self.rooms)} open games, the most allowed",
                {"limit": self.limits.max_games},
            )

    def _open(self, conn: Connection, room: Room) -> dict[str, Any]:
        self.rooms[room.id] = room
        self.owned.setdefault(conn.id, set()).add(room.id)
        self._kick(room)
        return {
            "game_id": room.id,
            "game": room.game.name,
            "options": room.game.options,
            "seed": room.seed,
            "seats": [s.describe() for s in room.seats],
            "tokens": [{"seat": s.index, "token": s.token} for s in room.seats if s.token],
            "host_token": room.host_token,
            "review": room.review is not None,
        }

    # ------------------------------------------------------------- handlers
    async def _hello(self, conn: Connection, request: Request) -> dict[str, Any]:
        return {
            "version": VERSION,
            "server": "henchmen",
            "engine": __version__,
            "limits": self.limits.to_json(),
        }

    async def _ping(self, conn: Connection, request: Request) -> dict[str, Any]:
        return {}

    async def _list_games(self, conn: Connection, request: Request) -> dict[str, Any]:
        out = []
        for g in games():
            out.append(
                {
                    "name": g.name,
                    "title": g.title,
                    "summary": g.summary,
                    "min_players": g.min_players,
                    "max_players": g.max_players,
                    "zero_sum": g.zero_sum,
                    "options": [
                        {
                            "name": o.name,
                            "kind": o.kind,
                            "default": o.default,
                            "allowed": o.allowed,
                            "doc": o.doc,
                            "choices": list(o.choices),
                        }
                        for o in g.options
                    ],
                }
            )
        return {"games": out, "bots": bot_catalogue()}

    def _game(self, request: Request, players: int | None) -> Game:
        name = request.text("game", 64)
        assert name is not None
        options = dict(request.obj("options"))
        if players is not None:
            if "players" in options and options["players"] != players:
                raise ProtocolError(
                    "bad_request",
                    f"options.players is {options['players']!r} but {players} seats are given",
                    {"field": "options.players"},
                )
            options["players"] = players
        try:
            return Game(name, **options)
        except UnknownGameError as e:
            raise ProtocolError("unknown_game", str(e), {"field": "game"}) from None
        except HenchmenError as e:
            raise ProtocolError("bad_option", str(e), {"field": "options"}) from None

    async def _create_game(self, conn: Connection, request: Request) -> dict[str, Any]:
        self._room_limit(conn)
        seats_given = request.get("seats")
        game = self._game(request, len(seats_given) if isinstance(seats_given, list) else None)
        seed = request.integer("seed", 0, 2**64 - 1, secrets.randbits(63))
        pace = request.integer("pace_ms", 0, self.limits.max_pace_ms, 0)
        seats = self._make_seats(request, game.name, game.num_players, seed)
        state = game.new_initial_state(seed=seed)
        room = Room(
            "g-" + secrets.token_urlsafe(9), game, state, seats, new_token(), conn.id, seed, pace
        )
        return self._open(conn, room)

    async def _view(self, conn: Connection, request: Request) -> dict[str, Any]:
        room = self._room(request)
        return room.view(self._reader(room, request))

    async def _move(self, conn: Connection, request: Request) -> dict[str, Any]:
        room = self._room(request)
        room._live("play")  # first: a review has no seat tokens to show
        seat = room.seat_of(request.get("token"))
        action = request.get("action")
        if isinstance(action, str) and len(action) > 256:
            raise ProtocolError(
                "bad_request", "'action' is at most 256 characters", {"field": "action"}
            )
        step = request.get("step")
        if step is not None:
            step = request.integer("step", 0, 10**9)
        result = room.apply(seat, action, step)
        self._kick(room)
        return result

    async def _ask_bot(self, conn: Connection, request: Request) -> dict[str, Any]:
        room = self._room(request)
        room._live("asking a bot")
        seat = room.seat_of(request.get("token"))
        apply = request.boolean("apply", False)
        state = room.state
        if state.is_terminal:
            raise ProtocolError("game_over", "the game is over; there is no move to suggest")
        if state.current_player != seat:
            raise ProtocolError(
                "not_your_turn",
                f"seat {seat} does not decide now; seat {state.current_player} does",
                {"current_player": state.current_player},
            )
        seed = request.integer("seed", 0, 2**64 - 1, secrets.randbits(63))
        spec = {k: request.fields[k] for k in ("bot", "iterations", "seconds", "settings")
                if k in request.fields}  # fmt: skip
        bot = SeatBot.from_spec(spec, seed, self.limits, "request")
        token = request.cancel or CancelToken()
        version = room.version
        room.hints.add(token)
        start = time.perf_counter()
        try:
            action = await asyncio.get_running_loop().run_in_executor(
                self.pool, bot.choose, state.clone(), token
            )
        finally:
            room.hints.discard(token)
        seconds = time.perf_counter() - start
        if room.closed:
            raise ProtocolError("cancelled", "the game was closed while the bot thought")
        if room.version != version:
            raise ProtocolError(
                "stale", "the game moved on while the bot thought", {"step": room.state.move_number}
            )
        out: dict[str, Any] = {
            "action": {"id": action, "move": state.action_to_string(action)},
            "seconds": round(seconds, 6),
            "applied": False,
        }
        if apply:
            out.update(room.apply(seat, action, None), applied=True)
            self._kick(room)
        return out

    async def _cancel(self, conn: Connection, request: Request) -> dict[str, Any]:
        target = request.get("request")
        if not (isinstance(target, str | int) and not isinstance(target, bool)):
            raise ProtocolError(
                "bad_request",
                "'request' must be the id of a request under way",
                {"field": "request"},
            )
        slow = conn.slow.get(target)
        if slow is not None:
            slow.token.cancel()
        return {"request": target, "cancelled": slow is not None}

    async def _undo(self, conn: Connection, request: Request) -> dict[str, Any]:
        room = self._room(request)
        room._live("undo")
        seat = room.seat_of(request.get("token"))
        moves = room.undo(seat)
        self._kick(room)
        return {"moves": moves, "step": room.state.move_number}

    async def _save_replay(self, conn: Connection, request: Request) -> dict[str, Any]:
        room = self._room(request)
        who = room.who(request.get("token"))
        if who != HOST and not room.state.is_terminal:
            raise ProtocolError(
                "host_only",
                "a replay shows every hidden card: until the game is over only the host "
                "token may save it",
            )
        return {"replay": json.loads(room.replay().to_json())}

    async def _load_replay(self, conn: Connection, request: Request) -> dict[str, Any]:
        self._room_limit(conn)
        doc = request.get("replay")
        if isinstance(doc, dict):
            doc = json.dumps(doc)
        if not isinstance(doc, str):
            raise ProtocolError(
                "bad_request", "'replay' must be a replay document (an object or its text)",
                {"field": "replay"},
            )  # fmt: skip
        pace = request.integer("pace_ms", 0, self.limits.max_pace_ms, 0)

        def load() -> Replay:
            replay = Replay.from_json(doc)
            replay.verify()
            return replay

        try:
            replay = await asyncio.get_running_loop().run_in_executor(self.pool, load)
        except HenchmenError as e:
            raise ProtocolError("bad_replay", str(e)) from None
        if request.cancel is not None and request.cancel.cancelled:
            raise Cancelled("cancelled while the replay loaded")
        self._room_limit(conn)  # again: other requests may have opened games meanwhile
        game = Game(replay.game, **replay.options)
        seed = request.integer("seed", 0, 2**64 - 1, secrets.randbits(63))
        gid = "g-" + secrets.token_urlsafe(9)
        if request.get("seats") is None:
            cursor = replay.cursor()
            names = [p.name if _NAME.match(p.name) else f"Player {i + 1}"
                     for i, p in enumerate(replay.players)]  # fmt: skip
            seats = [Seat(i, n) for i, n in enumerate(names)]
            room = Room(gid, game, cursor.state, seats, new_token(), conn.id, replay.seed,
                        review=cursor)  # fmt: skip
            room.state = cursor.seek(len(cursor))
            return self._open(conn, room)
        seats = self._make_seats(request, game.name, game.num_players, seed)
        assert replay.final_state is not None
        state = replay.final_state.clone()
        state.set_auto_chance(True, seed)
        room = Room(gid, game, state, seats, new_token(), conn.id, seed, pace)
        return self._open(conn, room)

    async def _seek(self, conn: Connection, request: Request) -> dict[str, Any]:
        room = self._room(request)
        room.host(request.get("token"), "step through a review")
        room.seek(request.integer("step", 0, 10**9))
        return {"step": room.state.move_number}

    async def _subscribe(self, conn: Connection, request: Request) -> dict[str, Any]:
        room = self._room(request)
        reader = self._reader(room, request)
        if len(conn.subscriptions) >= self.limits.max_subscriptions_per_connection:
            raise ProtocolError(
                "too_many_subscriptions",
                f"this connection holds {len(conn.subscriptions)} subscriptions, the most "
                "allowed; unsubscribe from one",
                {"limit": self.limits.max_subscriptions_per_connection},
            )
        since = request.integer("since", -1, 10**9, -1)
        sid = "s-" + secrets.token_urlsafe(6)
        events = room.events(reader, since)
        room.watchers[sid] = Watcher(sid, reader, conn.send, room.state.move_number)
        conn.subscriptions[sid] = room
        return {
            "subscription": sid,
            "game_id": room.id,
            "seat": None if reader == SPECTATOR else reader,
            "step": room.state.move_number,
            "events": events,
        }

    async def _unsubscribe(self, conn: Connection, request: Request) -> dict[str, Any]:
        sid = request.text("subscription", 64)
        room = conn.subscriptions.pop(sid or "", None)
        if room is None:
            raise ProtocolError(
                "no_such_subscription", f"no subscription {sid!r} on this connection"
            )
        room.watchers.pop(sid or "", None)
        return {"subscription": sid}

    async def _close_game(self, conn: Connection, request: Request) -> dict[str, Any]:
        room = self._room(request)
        room.host(request.get("token"), "close the game")
        self._drop(room, "closed by the host")
        for c in self.connections:
            for sid in [s for s, r in c.subscriptions.items() if r is room]:
                del c.subscriptions[sid]
        return {"game_id": room.id}


__all__ = ["SLOW", "Server"]
