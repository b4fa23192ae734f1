"""The server: many games, many clients, one request at a time per client, bots on worker threads.

Transports (:mod:`henchmen.serve.stdio`, :mod:`henchmen.serve.websocket`)
make a :class:`~henchmen.serve.connection.Connection` per client and hand
each message to :meth:`Server.receive`.  A request is answered in order;
the slow ones (a bot's suggestion, loading a replay) run as tasks, so a
``cancel`` can reach them and the client's other requests go on.  Nothing
a client sends ends the server: every failure is an error message, and an
unexpected one is logged and answered with code ``internal``.

Bots think on pools of worker threads (:mod:`henchmen.serve.pool`), each
shared fairly: the search bots seated in games on one, the seated bots that
answer at once (greedy, random) on another, the slow requests (hints,
replays) on a third, so hints never hold back a game's bot, nor searches a
greedy one.
Games are counted per connection and per address; a game that no open
connection attends closes after ``unattended_game_seconds``, keeping its
replay for ``save_replay`` if its maker asked for that.

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
import ctypes
import dataclasses
import hmac
import json
import logging
import os
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
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
from henchmen.serve.pool import FairPool
from henchmen.serve.protocol import (
    VERSION,
    Limits,
    ProtocolError,
    Request,
    RequestError,
    _short,
    error,
    game_entry,
    parse,
    reply,
)
from henchmen.serve.room import HOST, Room, Seat, Watcher, new_token

log = logging.getLogger("henchmen.serve")

#: Requests that may take long: run as tasks, cancellable, counted against max_in_flight.
SLOW = ("ask_bot", "load_replay")
_NAME = re.compile(r"^[^\x00-\x1f\x7f-\x9f\ud800-\udfff]{1,40}$")

Handler = Callable[[Connection, Request], Awaitable[dict[str, Any]]]


def _give_back_memory() -> None:
    """Hand the heap pages freed by a dropped queue back to the system.

    glibc keeps freed pages for reuse unless they sit at the top of the heap;
    ``malloc_trim`` returns the others, so that a reader cut off for leaving a
    megabyte unread does not leave the server's resident memory that much
    higher.  Elsewhere (another C library, another system) nothing is done.
    """
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return
    trim(0)


@dataclass
class KeptReplay:
    """The replay of a game that expired, kept for ``save_replay`` with one of its tokens.

    >>> kept = KeptReplay("{...}", "host", ["seat-0"], terminal=False, kept_at=0.0)
    >>> Server._kept_replay(kept, "host")
    '{...}'
    """

    text: str
    host_token: str
    seat_tokens: list[str]
    terminal: bool
    kept_at: float
    address: str = "local"


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

    def __init__(
        self,
        limits: Limits | None = None,
        threads: int | None = None,
        hint_threads: int | None = None,
    ) -> None:
        self.limits = limits or Limits()
        self.rooms: dict[str, Room] = {}
        self.owned: dict[int, set[str]] = {}
        self.connections: set[Connection] = set()
        cores = os.cpu_count() or 2
        #: The search bots seated in games think here, in turn per address that made the game.
        self.seat_bots = FairPool(threads or cores, "bots")
        #: The seated bots that answer at once (greedy, random): never behind a search.
        self.quick_bots = FairPool(threads or cores, "quick-bots")
        #: Hints and replay loading run here, in turn per connection: never beside seat bots.
        self.slow_pool = FairPool(hint_threads or max(1, cores // 2), "hints")
        #: Replays of expired games whose makers asked to keep them, oldest first.
        self.kept: OrderedDict[str, KeptReplay] = OrderedDict()
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
    def connect(
        self,
        write: Callable[[str], Awaitable[None]],
        label: str = "client",
        address: str = "local",
    ) -> Connection:
        """A new client whose messages go out through ``write`` (one line of JSON each).

        ``address`` is where it connects from; ``too_many_connections`` (a
        ProtocolError) when that address or the server has as many as allowed.

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
        self._connection_limit(address)
        conn = Connection(write, self.limits, label, address)
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
        now = time.monotonic()
        for room in self.rooms.values():
            if conn.id in room.attendees:
                room.attendees.discard(conn.id)
                if not room.attendees:
                    room.unattended_since = now
        self.owned.pop(conn.id, None)  # its games stay, counted for their address
        # A client that left much unread (cut off, or gone with its queue full).
        held_much = conn.overflowed or conn.queued_bytes >= self.limits.max_outbound_bytes // 4
        await conn.drain()
        conn.closed = True
        if held_much:
            _give_back_memory()

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
        conn.received += 1
        try:
            request = parse(text, self.limits, conn.received)
        except ProtocolError as e:
            await conn.reply(error(None, None, e, conn.received))
            return
        except RequestError as e:
            await conn.reply(error(e.request.id, e.request.type or None, e.error, conn.received))
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
                    request.position,
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
            return error(request.id, request.type, e, request.position)
        except Cancelled:
            return error(
                request.id, request.type, ProtocolError("cancelled", "cancelled"), request.position
            )
        except Exception as e:  # a bug: told, logged, and the server goes on
            log.exception("request %r failed", request.type)
            return error(
                request.id,
                request.type,
                ProtocolError("internal", f"the server failed on this request: {e!r}"),
                request.position,
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
                    request.position,
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
                    request.position,
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
                    request.position,
                )
            finally:
                conn.slow.pop(key, None)
            conn.send(answer)

        task = asyncio.get_running_loop().create_task(run())
        conn.slow[key] = Slow(task, token)

    async def _sweep(self) -> None:
        limits = self.limits
        every = min(60.0, limits.idle_game_seconds / 4, limits.unattended_game_seconds / 4)
        while True:
            await asyncio.sleep(every + 0.05)
            self.sweep(time.monotonic())

    def sweep(self, now: float) -> None:
        """Close the games idle or unattended too long at time ``now``; forget old kept replays.

        >>> async def abandoned():
        ...     server = Server(threads=1)
        ...     async def write(line):
        ...         pass
        ...     conn = server.connect(write)
        ...     await server.receive(conn, '{"id": 1, "type": "create_game", "game": "parry"}')
        ...     await server.disconnect(conn)
        ...     later = time.monotonic() + server.limits.unattended_game_seconds + 1
        ...     server.sweep(later)
        ...     left = len(server.rooms)
        ...     await server.close()
        ...     return left
        >>> asyncio.run(abandoned())
        0
        """
        limits = self.limits
        for room in list(self.rooms.values()):
            if now - room.last_used > limits.idle_game_seconds:
                self._expire(room, "idle", now)
            elif (
                room.unattended_since is not None
                and now - room.unattended_since > limits.unattended_game_seconds
            ):
                self._expire(room, "unattended", now)
        while self.kept and now - next(iter(self.kept.values())).kept_at > (
            limits.idle_game_seconds
        ):
            self.kept.popitem(last=False)

    def _expire(self, room: Room, reason: str, now: float) -> None:
        self._drop(room, reason)  # closed first: an unfinished game's replay says abandoned
        if not room.keep_replay or room.review is not None:
            return
        address = room.owner_address
        self.kept[room.id] = KeptReplay(
            room.replay().to_json(),
            room.host_token,
            [s.token for s in room.seats if s.token],
            room.state.is_terminal,
            now,
            address,
        )
        # One address keeps no more than it may have games open, so that churning
        # games cannot push out the replays kept for everyone else.
        mine = [gid for gid, k in self.kept.items() if k.address == address]
        for gid in mine[: max(0, len(mine) - self.limits.max_games_per_address)]:
            del self.kept[gid]
        while len(self.kept) > self.limits.max_kept_replays:
            self.kept.popitem(last=False)

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
        self.seat_bots.shutdown()
        self.quick_bots.shutdown()
        self.slow_pool.shutdown()

    # -------------------------------------------------------------- helpers
    def _room(self, request: Request, conn: Connection) -> Room:
        gid = request.text("game_id", 64)
        room = self.rooms.get(gid or "")
        if room is None:
            details = {"replay_kept": True} if gid in self.kept else None
            kept = "; its replay is kept for save_replay" if details else ""
            raise ProtocolError("no_such_game", f"no open game with id {gid!r}{kept}", details)
        room.last_used = time.monotonic()
        token = request.get("token")
        if token is not None and conn.id not in room.attendees:
            try:
                room.who(token)
            except ProtocolError:
                return room  # the handler says what is wrong with the token
            self._attend(room, conn)
        return room

    def _attend(self, room: Room, conn: Connection) -> None:
        if conn.id in {c.id for c in self.connections}:
            room.attendees.add(conn.id)
            room.unattended_since = None

    def _drop(self, room: Room, reason: str) -> None:
        room.close(reason)
        self.rooms.pop(room.id, None)
        self.owned.get(room.owner, set()).discard(room.id)
        for c in self.connections:
            for sid in [s for s, r in c.subscriptions.items() if r is room]:
                del c.subscriptions[sid]

    def _kick(self, room: Room) -> None:
        room.kick(self.seat_bots, self._bot_failed, self.quick_bots)

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
        """The seat a request reads as: its token's seat, or the spectator without a token.

        A ``seat`` that the token does not stand for is refused, never ignored.
        """
        seat = request.get("seat")
        if request.get("token") is None:
            if seat is not None:
                raise ProtocolError(
                    "bad_request",
                    f"'seat' {_short(seat)} needs that seat's token; without a token the "
                    "view is the spectator's (leave 'seat' out)",
                    {"field": "seat"},
                )
            return SPECTATOR
        who = room.who(request.get("token"))
        if who != HOST:
            if seat is not None and (type(seat) is not int or seat != who):
                raise ProtocolError(
                    "bad_request",
                    f"the token is seat {who}'s, but 'seat' asks for {_short(seat)}: a seat's "
                    "token shows that seat only (leave 'seat' out, or give the same seat)",
                    {"field": "seat", "seat": who},
                )
            return who
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

    def _connection_limit(self, address: str) -> None:
        limits = self.limits
        here = sum(1 for c in self.connections if c.address == address)
        if here >= limits.max_connections_per_address:
            raise ProtocolError(
                "too_many_connections",
                f"address {address} holds {here} connections, the most allowed; close one",
                {"limit": limits.max_connections_per_address},
            )
        if len(self.connections) >= limits.max_connections:
            raise ProtocolError(
                "too_many_connections",
                f"the server holds {len(self.connections)} connections, the most allowed",
                {"limit": limits.max_connections},
            )

    def _room_limit(self, conn: Connection) -> None:
        limits = self.limits
        mine = self.owned.setdefault(conn.id, set())
        if len(mine) >= limits.max_games_per_connection:
            raise ProtocolError(
                "too_many_games",
                f"this connection holds {len(mine)} open games, the most allowed; close one",
                {"limit": limits.max_games_per_connection},
            )
        here = sum(1 for r in self.rooms.values() if r.owner_address == conn.address)
        if here >= limits.max_games_per_address:
            raise ProtocolError(
                "too_many_games",
                f"address {conn.address} holds {here} open games, the most allowed; close one "
                "(or let one expire)",
                {"limit": limits.max_games_per_address},
            )
        if len(self.rooms) >= limits.max_games:
            raise ProtocolError(
                "too_many_games",
                f"the server holds {len(self.rooms)} open games, the most allowed",
                {"limit": limits.max_games},
            )

    def _open(self, conn: Connection, room: Room) -> dict[str, Any]:
        room.owner_address = conn.address
        self._attend(room, conn)
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
            "keep_replay": room.keep_replay,
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
        return {"games": [game_entry(g) for g in games()], "bots": bot_catalogue()}

    def _game(self, request: Request, players: int | None) -> Game:
        name = request.text("game", 256)  # a name may carry its options: "parry(players=3)"
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
        keep = request.boolean("keep_replay", False)
        seats = self._make_seats(request, game.name, game.num_players, seed)
        state = game.new_initial_state(seed=seed)
        room = Room(
            "g-" + secrets.token_urlsafe(9), game, state, seats, new_token(), conn.id, seed, pace
        )
        room.keep_replay = keep
        return self._open(conn, room)

    async def _view(self, conn: Connection, request: Request) -> dict[str, Any]:
        room = self._room(request, conn)
        return room.view(self._reader(room, request))

    async def _move(self, conn: Connection, request: Request) -> dict[str, Any]:
        room = self._room(request, conn)
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
        room = self._room(request, conn)
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
        position = state.clone()

        def think() -> tuple[tuple[int, dict[str, Any] | None], float]:
            # Timed on the worker: the reply tells the thinking, not the wait for a worker.
            start = time.perf_counter()
            return bot.think(position, token), time.perf_counter() - start

        try:
            (action, why), seconds = await self.slow_pool.run(conn.id, think)
        finally:
            room.hints.discard(token)
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
        if why is not None:
            out["search"] = why
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
            # The token stops a search under way within milliseconds; cancelling the
            # task too answers at once a hint still waiting for a thread.
            slow.token.cancel()
            slow.task.cancel()
        return {"request": target, "cancelled": slow is not None}

    async def _undo(self, conn: Connection, request: Request) -> dict[str, Any]:
        room = self._room(request, conn)
        room._live("undo")
        seat = room.seat_of(request.get("token"))
        moves = room.undo(seat)
        self._kick(room)
        return {"moves": moves, "step": room.state.move_number}

    async def _save_replay(self, conn: Connection, request: Request) -> dict[str, Any]:
        gid = request.text("game_id", 64)
        kept = self.kept.get(gid or "")
        if kept is not None and gid not in self.rooms:
            return {"replay": json.loads(self._kept_replay(kept, request.get("token")))}
        room = self._room(request, conn)
        who = room.who(request.get("token"))
        if who != HOST and not room.state.is_terminal:
            raise ProtocolError(
                "host_only",
                "a replay shows every hidden card: until the game is over only the host "
                "token may save it",
            )
        return {"replay": json.loads(room.replay().to_json())}

    @staticmethod
    def _kept_replay(kept: KeptReplay, token: object) -> str:
        """A kept replay's text for the host token (or a seat's, if the game was over)."""
        if not isinstance(token, str) or not token:
            raise ProtocolError("bad_token", "a token (a string) is needed", {"field": "token"})
        raw = token.encode("utf-8", "surrogatepass")
        host = hmac.compare_digest(raw, kept.host_token.encode())
        seat = any(hmac.compare_digest(raw, t.encode()) for t in kept.seat_tokens)
        if not (host or seat):
            raise ProtocolError(
                "bad_token", "that token is not a seat's or the host's token of this game",
                {"field": "token"},
            )  # fmt: skip
        if not host and not kept.terminal:
            raise ProtocolError(
                "host_only",
                "the game expired unfinished: its replay shows every hidden card, so only the "
                "host token may save it",
            )
        return kept.text

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
            replay = await self.slow_pool.run(conn.id, load)
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
        room = self._room(request, conn)
        room.host(request.get("token"), "step through a review")
        room.seek(request.integer("step", 0, 10**9))
        return {"step": room.state.move_number}

    async def _subscribe(self, conn: Connection, request: Request) -> dict[str, Any]:
        room = self._room(request, conn)
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
        room = self._room(request, conn)
        room.host(request.get("token"), "close the game")
        self._drop(room, "closed by the host")
        return {"game_id": room.id}


__all__ = ["SLOW", "KeptReplay", "Server"]
