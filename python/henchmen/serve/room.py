"""One game on the server: its state, its seats and their tokens, its bots and its watchers.

A room holds a live game (people and bots at seats) or a loaded replay
under review.  Every change happens on the server's event loop; a bot's
move is thought out on a worker thread, on a clone, and applied only if the
game has not changed meanwhile (an undo, a close), so nothing is ever
applied to a position the bot did not see.

Tokens are capabilities: a seat's token lets its holder look at and act
for that seat only; the host token (given to whoever made the game) lets
them save the replay, step through a review and close the game.  The game
id alone lets anyone watch as a spectator, who sees only public events.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from henchmen.cancel import CancelToken
from henchmen.errors import Cancelled, HenchmenError
from henchmen.events import SPECTATOR
from henchmen.game import Game
from henchmen.outcome import outcome, winners
from henchmen.replay import Replay, ReplayCursor, ReplayPlayer, ReplayRecorder
from henchmen.serve.bots import SeatBot
from henchmen.serve.pool import FairPool
from henchmen.serve.protocol import ProtocolError, push
from henchmen.state import State

#: Who a request acts for: a seat index, or HOST for the host token.
HOST = -100


def new_token() -> str:
    """An unguessable token (128 bits, URL-safe).

    >>> a, b = new_token(), new_token()
    >>> len(a), a != b, a.replace("-", "").replace("_", "").isalnum()
    (22, True, True)
    """
    return secrets.token_urlsafe(16)


@dataclass
class Seat:
    """A seat: a person (with a token) or a bot.

    >>> from henchmen.serve.protocol import Limits
    >>> bot = SeatBot.from_spec({"bot": "random"}, seed=1, limits=Limits())
    >>> Seat(0, "Ann", token=new_token()).bot is None, Seat(1, "Robo", bot=bot).token is None
    (True, True)
    """

    index: int
    name: str
    token: str | None = None
    bot: SeatBot | None = None

    def describe(self) -> dict[str, Any]:
        """The seat as every client sees it (never its token).

        >>> from henchmen.serve.protocol import Limits
        >>> Seat(0, "Ann", token="secret").describe()
        {'seat': 0, 'name': 'Ann', 'kind': 'human'}
        >>> bot = SeatBot.from_spec({"bot": "greedy"}, seed=1, limits=Limits())
        >>> Seat(1, "Robo", bot=bot).describe()
        {'seat': 1, 'name': 'Robo', 'kind': 'bot', 'bot': 'greedy'}
        """
        out: dict[str, Any] = {
            "seat": self.index,
            "name": self.name,
            "kind": "bot" if self.bot else "human",
        }
        if self.bot:
            out.update(self.bot.describe())
        return out


@dataclass
class Watcher:
    """A subscription: who reads (a seat or the spectator), where to send, how far it has read.

    >>> sent = []
    >>> game = Game("parry")
    >>> room = Room("g-1", game, game.new_initial_state(seed=1), [Seat(0, "Ann", "t0"),
    ...             Seat(1, "Bob", "t1")], "host", 1, 1)
    >>> room.watchers["s-1"] = Watcher("s-1", SPECTATOR, sent.append, room.state.move_number)
    >>> _ = room.apply(room.state.current_player, room.state.legal_action_ids[0], None)
    >>> [(m["type"], m["subscription"]) for m in sent]
    [('events', 's-1')]
    """

    id: str
    reader: int
    send: Callable[[dict[str, Any]], None]
    cursor: int


@dataclass
class Room:
    """One game and everything about it; see the module docstring.

    >>> game = Game("parry")
    >>> seats = [Seat(0, "Ann", new_token()), Seat(1, "Bob", new_token())]
    >>> room = Room("g-1", game, game.new_initial_state(seed=1), seats, new_token(), 1, 1)
    >>> room.names, room.version, room.replay().game
    (['Ann', 'Bob'], 0, 'parry')
    """

    id: str
    game: Game
    state: State
    seats: list[Seat]
    host_token: str
    owner: int  # the connection that made it
    seed: int | None
    pace_ms: int = 0
    review: ReplayCursor | None = None
    version: int = 0
    closed: bool = False
    last_used: float = field(default_factory=time.monotonic)
    watchers: dict[str, Watcher] = field(default_factory=dict)
    # (move_number before, player) of every decision applied here, in order.
    decisions: list[tuple[int, int]] = field(default_factory=list)
    recorder: ReplayRecorder | None = None
    _bot_task: asyncio.Task[None] | None = None
    _bot_cancel: CancelToken | None = None
    hints: set[CancelToken] = field(default_factory=set)
    #: The address of the connection that made it (games are counted per address).
    owner_address: str = "local"
    #: Open connections that made the game or used one of its tokens.
    attendees: set[int] = field(default_factory=set)
    #: When the last attendee left (None while someone attends).
    unattended_since: float | None = None
    #: Keep the replay when the game expires, for ``save_replay`` (create_game's keep_replay).
    keep_replay: bool = False

    def __post_init__(self) -> None:
        if self.review is None:
            self.recorder = ReplayRecorder(self.state, seed=self.seed, players=self._players())
            self.recorder.sync()

    # ------------------------------------------------------------------ access
    def who(self, token: object) -> int:
        """The seat a token stands for, or HOST; bad_token otherwise (compared in constant time).

        >>> game = Game("parry")
        >>> seats = [Seat(0, "Ann", "t0"), Seat(1, "Bob", "t1")]
        >>> room = Room("g-1", game, game.new_initial_state(seed=1), seats, "host", 1, 1)
        >>> room.who("t1"), room.who("host") == HOST
        (1, True)
        >>> try:
        ...     room.who("t2")
        ... except ProtocolError as e:
        ...     print(e.code)
        bad_token
        """
        if not isinstance(token, str) or not token:
            raise ProtocolError("bad_token", "a token (a string) is needed", {"field": "token"})
        raw = token.encode("utf-8", "surrogatepass")
        found = None
        if hmac.compare_digest(raw, self.host_token.encode()):
            found = HOST
        for seat in self.seats:
            if seat.token is not None and hmac.compare_digest(raw, seat.token.encode()):
                found = seat.index
        if found is None:
            raise ProtocolError(
                "bad_token", "that token is not a seat's or the host's token of this game",
                {"field": "token"},
            )  # fmt: skip
        return found

    def seat_of(self, token: object) -> int:
        """The seat a seat token stands for; the host token is no seat.

        >>> game = Game("parry")
        >>> seats = [Seat(0, "Ann", "t0"), Seat(1, "Bob", "t1")]
        >>> room = Room("g-1", game, game.new_initial_state(seed=1), seats, "host", 1, 1)
        >>> room.seat_of("t0")
        0
        >>> try:
        ...     room.seat_of("host")
        ... except ProtocolError as e:
        ...     print(e.code)
        bad_token
        """
        who = self.who(token)
        if who == HOST:
            raise ProtocolError(
                "bad_token",
                "the host token stands for no seat; use the token of the seat that acts",
                {"field": "token"},
            )
        return who

    def host(self, token: object, what: str) -> None:
        """Nothing for the host token; ``host_only`` for any other.

        >>> game = Game("parry")
        >>> seats = [Seat(0, "Ann", "t0"), Seat(1, "Bob", "t1")]
        >>> room = Room("g-1", game, game.new_initial_state(seed=1), seats, "host", 1, 1)
        >>> room.host("host", "close the game")
        >>> try:
        ...     room.host("t0", "close the game")
        ... except ProtocolError as e:
        ...     print(e.code, e.message)
        host_only only the host token may close the game
        """
        if self.who(token) != HOST:
            raise ProtocolError("host_only", f"only the host token may {what}")

    @property
    def names(self) -> list[str]:
        """The seats' names, in seat order (events name players by them).

        >>> game = Game("parry")
        >>> seats = [Seat(0, "Ann", "t0"), Seat(1, "Bob", "t1")]
        >>> room = Room("g-1", game, game.new_initial_state(seed=1), seats, "host", 1, 1)
        >>> room.names
        ['Ann', 'Bob']
        """
        return [s.name for s in self.seats]

    @property
    def cooperative(self) -> bool:
        """Whether the players win or lose as a team (a game that is not zero-sum).

        >>> game = Game("parry")
        >>> seats = [Seat(0, "Ann", "t0"), Seat(1, "Bob", "t1")]
        >>> Room("g-1", game, game.new_initial_state(seed=1), seats, "host", 1, 1).cooperative
        False
        """
        return self.game.info.zero_sum is False

    def _players(self) -> list[ReplayPlayer]:
        return [
            ReplayPlayer(s.name, s.bot.label if s.bot else None, s.bot.seed if s.bot else None)
            for s in self.seats
        ]

    # ------------------------------------------------------------------- views
    def view(self, reader: int) -> dict[str, Any]:
        """What ``reader`` (a seat or SPECTATOR) may see now: never more.

        >>> game = Game("parry")
        >>> seats = [Seat(0, "Ann", "t0"), Seat(1, "Bob", "t1")]
        >>> room = Room("g-1", game, game.new_initial_state(seed=1), seats, "host", 1, 1)
        >>> mover = room.state.current_player
        >>> mine, watcher = room.view(mover), room.view(SPECTATOR)
        >>> mine["your_turn"], len(mine["legal"]) > 0, mine["observation"] is not None
        (True, True, True)
        >>> watcher["seat"], watcher["legal"], watcher["observation"]
        (None, [], None)
        """
        state = self.state
        seat = None if reader == SPECTATOR else reader
        to_act = state.current_player if state.current_player >= 0 else None
        mine = seat is not None and to_act == seat and self.review is None
        out: dict[str, Any] = {
            "game_id": self.id,
            "game": self.game.name,
            "seat": seat,
            "step": state.move_number,
            "version": self.version,
            "current_player": to_act,
            "turn_player": state.turn_player if to_act is not None else None,
            "terminal": state.is_terminal,
            "returns": list(state.returns) if state.is_terminal else None,
            "winners": winners(state.returns, self.cooperative) if state.is_terminal else None,
            "outcome": outcome(state.returns, self.cooperative) if state.is_terminal else None,
            "your_turn": mine and self.seats[reader].bot is None,
            "seats": [s.describe() for s in self.seats],
            "layout": state.layout(reader),
            "observation": state.observation(seat) if seat is not None else None,
            "legal": self.legal(reader) if mine else [],
            "can_undo": seat is not None and self.review is None and self._undo_start(seat)[0],
            "last_events": [e.to_json() for e in state.last_events(reader, self.names)]
            if state.move_number
            else [],
        }
        if self.review is not None:
            out["review"] = {"position": self.review.position, "length": len(self.review)}
        return out

    def legal(self, reader: int) -> list[dict[str, Any]]:
        """The legal moves now: id, notation and what each does.

        >>> game = Game("parry")
        >>> seats = [Seat(0, "Ann", "t0"), Seat(1, "Bob", "t1")]
        >>> room = Room("g-1", game, game.new_initial_state(seed=1), seats, "host", 1, 1)
        >>> moves = room.legal(room.state.current_player)
        >>> [m["id"] for m in moves] == room.state.legal_action_ids, sorted(moves[0])
        (True, ['id', 'info', 'move'])
        """
        state = self.state
        return [
            {"id": a.id, "move": a.text, "info": state.action_info(a.id)}
            for a in state.legal_actions
        ]

    def events(self, reader: int, since: int) -> list[dict[str, Any]]:
        """The events ``reader`` saw after step ``since`` (-1: from the start), as JSON.

        >>> game = Game("parry")
        >>> seats = [Seat(0, "Ann", "t0"), Seat(1, "Bob", "t1")]
        >>> room = Room("g-1", game, game.new_initial_state(seed=1), seats, "host", 1, 1)
        >>> step = room.state.move_number
        >>> _ = room.apply(room.state.current_player, "end turn", None)
        >>> len(room.events(SPECTATOR, -1)) >= len(room.events(SPECTATOR, step)) > 0
        True
        >>> room.events(SPECTATOR, room.state.move_number)
        []
        """
        since = max(-1, min(since, self.state.move_number))
        return [e.to_json() for e in self.state.events_for(reader, since, self.names)]

    # ----------------------------------------------------------------- changes
    def apply(self, seat: int, action: object, expect_step: int | None) -> dict[str, Any]:
        """A person's move for ``seat``: checked, applied, and what that seat saw of it.

        >>> game = Game("parry")
        >>> seats = [Seat(0, "Ann", "t0"), Seat(1, "Bob", "t1")]
        >>> room = Room("g-1", game, game.new_initial_state(seed=1), seats, "host", 1, 1)
        >>> seat, step = room.state.current_player, room.state.move_number
        >>> done = room.apply(seat, "end turn", step)
        >>> done["action"]["move"], done["step"] > step
        ('end turn', True)
        >>> try:
        ...     room.apply(seat, "end turn", step)
        ... except ProtocolError as e:
        ...     print(e.code)
        stale
        """
        self._live("play")
        state = self.state
        if state.is_terminal:
            raise ProtocolError("game_over", "the game is over; no move can be made")
        if expect_step is not None and expect_step != state.move_number:
            raise ProtocolError(
                "stale",
                f"the request is for step {expect_step} but the game is at step "
                f"{state.move_number}; view it again",
                {"step": state.move_number},
            )
        if state.current_player != seat:
            raise ProtocolError(
                "not_your_turn",
                f"seat {seat} does not decide now; seat {state.current_player} does",
                {"current_player": state.current_player},
            )
        before = state.move_number
        try:
            if isinstance(action, bool) or not isinstance(action, int | str):
                raise TypeError
            chosen = state.string_to_action(action) if isinstance(action, str) else None
            aid = chosen.id if chosen is not None else action
            assert isinstance(aid, int)
            notation = state.action_to_string(aid) if chosen is None else chosen.text
            state.apply(aid)
        except (HenchmenError, TypeError) as e:
            legal = [{"id": a.id, "move": a.text} for a in state.legal_actions]
            text = str(e) if isinstance(e, HenchmenError) else "a move is an id or its notation"
            raise ProtocolError("illegal_move", text, {"legal": legal}) from None
        self.decisions.append((before, seat))
        self.changed()
        return {
            "step": state.move_number,
            "action": {"id": aid, "move": notation},
            "events": [e.to_json() for e in state.last_events(seat, self.names)],
        }

    def _undo_start(self, seat: int) -> tuple[bool, int, str]:
        """(possible, index in decisions, why not) for taking back ``seat``'s last decision."""
        mine = [i for i, (_, p) in enumerate(self.decisions) if p == seat]
        if not mine:
            return False, 0, "nothing to undo: this seat has not decided anything yet"
        first = mine[-1]
        people = {p for _, p in self.decisions[first + 1 :] if self.seats[p].bot is None}
        if people - {seat}:
            who = ", ".join(self.seats[p].name for p in sorted(people - {seat}))
            return False, first, f"cannot undo: {who} decided since (their move is theirs to undo)"
        return True, first, ""

    def undo(self, seat: int) -> int:
        """Take back ``seat``'s last decision and every bot move after it; how many moves.

        >>> game = Game("parry")
        >>> seats = [Seat(0, "Ann", "t0"), Seat(1, "Bob", "t1")]
        >>> room = Room("g-1", game, game.new_initial_state(seed=1), seats, "host", 1, 1)
        >>> seat, step = room.state.current_player, room.state.move_number
        >>> _ = room.apply(seat, "end turn", None)
        >>> room.undo(seat) >= 1, room.state.move_number == step
        (True, True)
        >>> try:
        ...     room.undo(seat)
        ... except ProtocolError as e:
        ...     print(e.code)
        nothing_to_undo
        """
        self._live("undo")
        ok, first, why = self._undo_start(seat)
        if not ok:
            code = "nothing_to_undo" if "nothing" in why else "undo_refused"
            raise ProtocolError(code, why)
        self.stop_bot()
        back_to = self.decisions[first][0]
        taken = self.state.move_number - back_to
        while self.state.move_number > back_to:
            self.state.undo()
        del self.decisions[first:]
        self.recorder = ReplayRecorder(self.state, seed=self.seed, players=self._players())
        self.recorder.sync()
        self.changed(rewound=True)
        return taken

    def seek(self, position: int) -> None:
        """Move a review to ``position`` (0 to its length).

        >>> game = Game("parry")
        >>> seats = [Seat(0, "Ann", "t0"), Seat(1, "Bob", "t1")]
        >>> room = Room("g-1", game, game.new_initial_state(seed=1), seats, "host", 1, 1)
        >>> _ = room.apply(room.state.current_player, "end turn", None)
        >>> cursor = room.replay().cursor()
        >>> review = Room("g-2", game, cursor.state, seats, "host", 1, 1, review=cursor)
        >>> review.seek(len(cursor))
        >>> review.state == room.state, review.view(SPECTATOR)["review"]["position"] == len(cursor)
        (True, True)
        """
        if self.review is None:
            raise ProtocolError("not_review", "only a loaded replay under review can be stepped")
        n = len(self.review)
        if not 0 <= position <= n:
            raise ProtocolError("bad_request", f"'step' must be from 0 to {n}", {"field": "step"})
        back = position < self.review.position
        self.state = self.review.seek(position)
        self.changed(rewound=back)

    def replay(self) -> Replay:
        """The game so far as a replay (the loaded one, for a review).

        >>> game = Game("parry")
        >>> seats = [Seat(0, "Ann", "t0"), Seat(1, "Bob", "t1")]
        >>> room = Room("g-1", game, game.new_initial_state(seed=1), seats, "host", 1, 1)
        >>> _ = room.apply(room.state.current_player, "end turn", None)
        >>> replay = room.replay()
        >>> [p.name for p in replay.players], replay.verify() == room.state
        (['Ann', 'Bob'], True)
        """
        if self.review is not None:
            return self.review.replay
        assert self.recorder is not None
        replay = self.recorder.replay()
        replay.abandoned = not self.state.is_terminal and self.closed
        return replay

    def _live(self, what: str) -> None:
        if self.review is not None:
            raise ProtocolError(
                "review_only", f"this is a replay under review: it is stepped with seek, not {what}"
            )

    # ------------------------------------------------------------ broadcasting
    def changed(self, rewound: bool = False) -> None:
        """Tell every watcher what it saw of the change.

        >>> game = Game("parry")
        >>> seats = [Seat(0, "Ann", "t0"), Seat(1, "Bob", "t1")]
        >>> room = Room("g-1", game, game.new_initial_state(seed=1), seats, "host", 1, 1)
        >>> sent = []
        >>> room.watchers["s-1"] = Watcher("s-1", 0, sent.append, room.state.move_number)
        >>> room.changed(rewound=True)
        >>> [m["type"] for m in sent], room.version
        (['rewind', 'events'], 1)
        """
        self.version += 1
        self.last_used = time.monotonic()
        if self.recorder is not None:
            self.recorder.sync()
        state = self.state
        for w in list(self.watchers.values()):
            base = {"subscription": w.id, "game_id": self.id, "step": state.move_number}
            if rewound:
                w.send(push("rewind", **base))
                w.cursor = min(w.cursor, state.move_number)
            events = self.events(w.reader, w.cursor)
            w.cursor = state.move_number
            w.send(
                push(
                    "events",
                    **base,
                    current_player=state.current_player if state.current_player >= 0 else None,
                    terminal=state.is_terminal,
                    events=events,
                )
            )

    def close(self, reason: str) -> None:
        """Close the game: its bot stops, its hints are cancelled, its watchers are told.

        >>> game = Game("parry")
        >>> seats = [Seat(0, "Ann", "t0"), Seat(1, "Bob", "t1")]
        >>> room = Room("g-1", game, game.new_initial_state(seed=1), seats, "host", 1, 1)
        >>> sent = []
        >>> room.watchers["s-1"] = Watcher("s-1", 0, sent.append, room.state.move_number)
        >>> room.close("idle")
        >>> room.closed, sent[0]["type"], sent[0]["reason"], room.watchers
        (True, 'closed', 'idle', {})
        """
        if self.closed:
            return
        self.closed = True
        self.stop_bot()
        for token in self.hints:
            token.cancel()
        for w in list(self.watchers.values()):
            w.send(push("closed", subscription=w.id, game_id=self.id, reason=reason))
        self.watchers.clear()

    # -------------------------------------------------------------------- bots
    def stop_bot(self) -> None:
        """Stop a bot's thinking (its move, if it comes, is not applied).

        >>> import asyncio
        >>> from henchmen.serve.protocol import Limits
        >>> async def stopped():
        ...     game = Game("parry")
        ...     bot = SeatBot.from_spec({"bot": "random"}, seed=1, limits=Limits())
        ...     room = Room("g-1", game, game.new_initial_state(seed=1),
        ...                 [Seat(0, "Robo", bot=bot), Seat(1, "Bob", "t1")], "host", 1, 1)
        ...     step = room.state.move_number
        ...     pool = FairPool(1, "bots")
        ...     room.kick(pool, lambda room, e: None)
        ...     room.stop_bot()
        ...     await asyncio.sleep(0.05)
        ...     pool.shutdown()
        ...     return room.state.move_number == step
        >>> asyncio.run(stopped())
        True
        """
        if self._bot_cancel is not None:
            self._bot_cancel.cancel()
        if self._bot_task is not None and not self._bot_task.done():
            self._bot_task.cancel()
        self._bot_task = None
        self._bot_cancel = None

    def bot_to_move(self) -> SeatBot | None:
        """The bot that decides now, or None (a person's turn, a review, a closed game).

        >>> from henchmen.serve.protocol import Limits
        >>> game = Game("parry")
        >>> bot = SeatBot.from_spec({"bot": "random"}, seed=1, limits=Limits())
        >>> room = Room("g-1", game, game.new_initial_state(seed=1),
        ...             [Seat(0, "Robo", bot=bot), Seat(1, "Robo 2", bot=bot)], "host", 1, 1)
        >>> room.bot_to_move() is bot
        True
        >>> room.close("closed by the host")
        >>> room.bot_to_move() is None
        True
        """
        p = self.state.current_player
        if self.closed or self.review is not None or p < 0:
            return None
        return self.seats[p].bot

    def kick(
        self,
        pool: FairPool,
        on_error: Callable[[Room, BaseException], None],
        quick: FairPool | None = None,
    ) -> None:
        """Start the bots playing if a bot decides now and none is thinking.

        The bots play (a search on ``pool``, in the turn of the address that
        made the game; a bot that answers at once, such as greedy, on
        ``quick`` if given, so that it never waits behind a search) until a
        person is to decide:

        >>> import asyncio
        >>> from henchmen.serve.protocol import Limits
        >>> async def bot_turn():
        ...     game = Game("parry")
        ...     bot = SeatBot.from_spec({"bot": "random"}, seed=1, limits=Limits())
        ...     room = Room("g-1", game, game.new_initial_state(seed=1),
        ...                 [Seat(0, "Robo", bot=bot), Seat(1, "Bob", "t1")], "host", 1, 1)
        ...     pool = FairPool(1, "bots")
        ...     room.kick(pool, lambda room, e: None)
        ...     while room.bot_to_move() is not None:
        ...         await asyncio.sleep(0.001)
        ...     pool.shutdown()
        ...     return room.state.current_player, room.decisions[0][1]
        >>> asyncio.run(bot_turn())
        (1, 0)
        """
        if self.bot_to_move() is None or (self._bot_task and not self._bot_task.done()):
            return
        self._bot_task = asyncio.get_running_loop().create_task(
            self._drive(pool, on_error, quick or pool)
        )

    async def _drive(
        self, pool: FairPool, on_error: Callable[[Room, BaseException], None], quick: FairPool
    ) -> None:
        try:
            await self._play_bots(pool, on_error, quick)
        except Exception as e:  # told, not lost in a task nobody awaits
            on_error(self, e)

    async def _play_bots(
        self, pool: FairPool, on_error: Callable[[Room, BaseException], None], quick: FairPool
    ) -> None:
        loop = asyncio.get_running_loop()
        while (bot := self.bot_to_move()) is not None:
            version = self.version
            token = CancelToken()
            self._bot_cancel = token
            position = self.state.clone()
            started = loop.time()
            try:
                lane = pool if bot.searches else quick
                action = await lane.run(self.owner_address, bot.choose, position, token)
            except Cancelled:
                return
            except Exception as e:  # a bot's bug must not end the server
                on_error(self, e)
                return
            wait = self.pace_ms / 1000 - (loop.time() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            if self.version != version or self.closed:
                return
            before, player = self.state.move_number, self.state.current_player
            self.state.apply(action)
            self.decisions.append((before, player))
            self.changed()


__all__ = ["HOST", "Room", "Seat", "Watcher", "new_token"]
