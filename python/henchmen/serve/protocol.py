"""The protocol's vocabulary: its version, its limits, its error codes, and reading requests.

Every message is one JSON object on one line.  A request carries ``type``
and an ``id`` (a string of up to 64 characters or an integer) that its reply
repeats; a reply has the request's ``type``, an error has ``type: "error"``,
a ``code`` from :data:`ERROR_CODES`, a ``message`` for people and the
``request`` type it answers.  An error whose ``id`` is null (the id could not
be read, or was not given) names the message by its ``position`` on the
connection in ``details``.  Messages the server pushes on its own (events
of a subscription, a game closed) carry no ``id``.  docs/protocol.md tells
every message; ``protocol.schema.json`` beside this file is their JSON Schema.

>>> request = parse('{"id": 7, "type": "ping"}', Limits())
>>> request.id, request.type
(7, 'ping')
>>> try:
...     parse('{"id": 7, "type": "ping"', Limits())
... except ProtocolError as e:
...     print(e.code)
bad_json
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import asdict, dataclass
from typing import Any

from henchmen.cancel import CancelToken
from henchmen.game import GameInfo

#: The protocol version this server speaks; a request's optional ``v`` must equal it.
VERSION = 1

#: Every error code, with what it means (docs/protocol.md has the same table).
ERROR_CODES: dict[str, str] = {
    "bad_json": "the message is not one valid JSON object",
    "too_large": "the message is longer than the server's limit",
    "bad_request": "a field is missing, of the wrong type or out of range",
    "unknown_type": "no request of that type",
    "unsupported_version": "the request asks for a protocol version the server does not speak",
    "rate_limited": "too many requests too fast on this connection",
    "busy": "too many slow requests (bot moves) under way on this connection",
    "too_many_games": "the connection, its address or the server holds as many games as allowed",
    "too_many_connections": "the address or the server holds as many connections as allowed",
    "too_many_subscriptions": "the connection holds as many subscriptions as allowed",
    "unknown_game": "no game of that name in the registry",
    "bad_option": "a game option or a bot setting is not allowed",
    "no_such_game": "no open game with that id (closed, expired or never made)",
    "no_such_subscription": "no subscription with that id on this connection",
    "bad_token": "the token is not a seat's or the host's token of this game",
    "host_only": "only the game's host token may do that",
    "not_your_turn": "the seat of this token does not decide now",
    "illegal_move": "the move is not legal now (the legal moves are in details)",
    "stale": "the game has moved on since the step the request names",
    "game_over": "the game is over",
    "nothing_to_undo": "the seat has no decision of its own left to take back",
    "undo_refused": "another person decided since; their move is theirs to undo",
    "bad_replay": "the replay does not load (the message names the first bad step)",
    "review_only": "a loaded replay under review is stepped through, not played",
    "not_review": "only a loaded replay under review can be stepped through",
    "cancelled": "the request was cancelled by a cancel request or by the game closing",
    "internal": "the server failed on this request (a bug; the server goes on)",
}

#: Request types, in the order docs/protocol.md tells them.
REQUEST_TYPES = (
    "hello",
    "ping",
    "list_games",
    "create_game",
    "view",
    "move",
    "ask_bot",
    "cancel",
    "undo",
    "save_replay",
    "load_replay",
    "seek",
    "subscribe",
    "unsubscribe",
    "close_game",
)


@dataclass(frozen=True)
class Limits:
    """What one server allows, per connection and in all; ``henchmen serve`` flags set them.

    >>> Limits().max_message_bytes
    1048576
    """

    max_message_bytes: int = 1 << 20
    max_games: int = 256
    max_games_per_connection: int = 16
    max_games_per_address: int = 64
    max_connections: int = 1024
    max_connections_per_address: int = 64
    max_subscriptions_per_connection: int = 64
    max_in_flight_per_connection: int = 4
    requests_per_second: float = 200.0
    burst: int = 400
    max_bot_iterations: int = 200_000
    max_bot_seconds: float = 30.0
    max_pace_ms: int = 10_000
    idle_game_seconds: float = 3600.0
    #: A game no open connection attends (made it, or used one of its tokens) closes this soon.
    unattended_game_seconds: float = 120.0
    max_kept_replays: int = 256
    max_outbound_bytes: int = 1 << 20
    write_timeout: float = 10.0

    def to_json(self) -> dict[str, Any]:
        """The limits as ``hello`` tells them to a client.

        >>> doc = Limits(max_games=8).to_json()
        >>> doc["max_games"], doc["burst"], json.loads(json.dumps(doc)) == doc
        (8, 400, True)
        """
        return asdict(self)


class ProtocolError(Exception):
    """A request the server refuses: a code from :data:`ERROR_CODES`, a message and details.

    >>> ProtocolError("game_over", "the game is over").code
    'game_over'
    """

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        assert code in ERROR_CODES, code  # a server bug, never a client's doing
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details


RequestId = str | int | None


@dataclass(frozen=True)
class Request:
    """One parsed request: its id, its type and its fields (``fields`` keeps them all).

    >>> request = parse('{"id": "m1", "type": "move", "game_id": "g-1", "action": 3}', Limits())
    >>> request.id, request.type, request.fields["action"]
    ('m1', 'move', 3)
    """

    id: RequestId
    type: str
    fields: dict[str, Any]
    #: Set by the server for a slow request: cancelled by a ``cancel`` request.
    cancel: CancelToken | None = None
    #: The message's place on its connection (1 for the first); 0 when not counted.
    position: int = 0

    def get(self, name: str, default: Any = None) -> Any:
        """A field as given (unchecked), or ``default``.

        >>> request = parse('{"type": "view", "token": "t"}', Limits())
        >>> request.get("token"), request.get("seat", 0)
        ('t', 0)
        """
        return self.fields.get(name, default)

    def text(self, name: str, max_len: int = 256, required: bool = True) -> str | None:
        """A non-empty string field; ``bad_request`` naming it otherwise (None if not required).

        >>> request = parse('{"type": "view", "game_id": ""}', Limits())
        >>> request.text("token", required=False) is None
        True
        >>> try:
        ...     request.text("game_id")
        ... except ProtocolError as e:
        ...     print(e.code, e.details)
        bad_request {'field': 'game_id'}
        """
        value = self.fields.get(name)
        if value is None and not required:
            return None
        if not isinstance(value, str) or not value or len(value) > max_len:
            raise _bad(name, f"a non-empty string of at most {max_len} characters", value)
        return value

    def integer(self, name: str, lo: int, hi: int, default: int | None = None) -> int:
        """An integer field from ``lo`` to ``hi`` (booleans and floats refused).

        >>> request = parse('{"type": "seek", "step": 4, "seed": true}', Limits())
        >>> request.integer("step", 0, 10), request.integer("pace_ms", 0, 10, default=0)
        (4, 0)
        >>> try:
        ...     request.integer("seed", 0, 10)
        ... except ProtocolError as e:
        ...     print(e.message)
        'seed' must be an integer from 0 to 10, got true
        """
        value = self.fields.get(name, default)
        if type(value) is not int or not lo <= value <= hi:
            raise _bad(name, f"an integer from {lo} to {hi}", value)
        return value

    def number(self, name: str, lo: float, hi: float, default: float | None = None) -> float:
        """A finite number field from ``lo`` to ``hi``, as a float.

        >>> request = parse('{"type": "ask_bot", "seconds": 2}', Limits())
        >>> request.number("seconds", 0, 30)
        2.0
        >>> try:
        ...     request.number("seconds", 0, 1)
        ... except ProtocolError as e:
        ...     print(e.message)
        'seconds' must be a number from 0 to 1, got 2
        """
        value = self.fields.get(name, default)
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not lo <= value <= hi
            or not math.isfinite(value)
        ):
            raise _bad(name, f"a number from {lo:g} to {hi:g}", value)
        return float(value)

    def obj(self, name: str) -> dict[str, Any]:
        """An object field ({} when absent).

        >>> request = parse('{"type": "create_game", "options": {"players": 3}}', Limits())
        >>> request.obj("options"), request.obj("settings")
        ({'players': 3}, {})
        """
        value = self.fields.get(name, {})
        if not isinstance(value, dict):
            raise _bad(name, "an object", value)
        return value

    def boolean(self, name: str, default: bool) -> bool:
        """A true/false field, or ``default``.

        >>> request = parse('{"type": "ask_bot", "apply": true, "seed": 1}', Limits())
        >>> request.boolean("apply", False), request.boolean("other", False)
        (True, False)
        >>> try:
        ...     request.boolean("seed", False)
        ... except ProtocolError as e:
        ...     print(e.message)
        'seed' must be true or false, got 1
        """
        value = self.fields.get(name, default)
        if not isinstance(value, bool):
            raise _bad(name, "true or false", value)
        return value


def _bad(name: str, allowed: str, value: object) -> ProtocolError:
    shown = "nothing" if value is None else _short(value)
    return ProtocolError("bad_request", f"'{name}' must be {allowed}, got {shown}", {"field": name})


def _short(value: object) -> str:
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


#: Half of a UTF-16 surrogate pair: valid inside a JSON escape only as a pair.
_SURROGATE = re.compile("[\ud800-\udfff]")
_MAY_HOLD_SURROGATE = re.compile(r"\\u|[\ud800-\udfff]")
_MAY_HOLD_SURROGATE_BYTES = re.compile(rb"\\u|\xed[\xa0-\xbf]")


def _lone_surrogate(doc: dict[str, Any]) -> str | None:
    """Where the first string (or key) holding a lone surrogate is, as a field path; else None.

    Strict JSON parsers refuse such a string, so the server must never echo one.

    >>> _lone_surrogate({"seats": [{"name": "ok"}, {"name": "\\ud800"}]})
    'seats[1].name'
    >>> _lone_surrogate(json.loads('{"name": "\\\\ud83d\\\\ude00"}')) is None  # one character
    True
    """
    todo: list[tuple[str, object]] = [("", doc)]
    while todo:  # iterative: nesting may be as deep as the JSON parser allows
        path, value = todo.pop()
        if isinstance(value, str):
            if _SURROGATE.search(value):
                return path or "(the message)"
        elif isinstance(value, dict):
            for key, item in reversed(list(value.items())):
                name = key if key.isidentifier() else json.dumps(key)
                if _SURROGATE.search(key):
                    return f"{path}.{name}" if path else name
                todo.append((f"{path}.{name}" if path else name, item))
        elif isinstance(value, list):
            todo += [(f"{path}[{i}]", item) for i, item in reversed(list(enumerate(value)))]
    return None


def _valid_id(rid: object) -> bool:
    return (
        rid is None
        or (isinstance(rid, str) and len(rid) <= 64 and not _SURROGATE.search(rid))
        or (type(rid) is int and -(2**53) <= rid <= 2**53)
    )


def parse(text: str | bytes, limits: Limits, position: int = 0) -> Request:
    """One message as a :class:`Request`; :class:`ProtocolError` says what is wrong with it.

    The request's id is read first, so that an error about any other field
    can answer it.  ``position`` is the message's place on its connection
    (an error that cannot answer an id names it instead).

    >>> parse('{"id": 3, "type": "view", "game_id": "g-1"}', Limits()).fields["game_id"]
    'g-1'
    >>> try:
    ...     parse('{"id": 3, "type": "fly"}', Limits())
    ... except RequestError as e:
    ...     print(e.request.id, e.error.code)
    3 unknown_type
    >>> try:
    ...     parse("[1, 2]", Limits())
    ... except ProtocolError as e:
    ...     print(e.code, e.message)
    bad_json a message is a JSON object, got list

    A key given twice is refused (JSON parsers disagree on which one counts);
    so is a lone surrogate anywhere, and above all in the id:

    >>> try:
    ...     parse('{"id": 4, "type": "ping", "type": "hello"}', Limits())
    ... except RequestError as e:
    ...     print(e.request.id, e.error.code, e.error.details)
    4 bad_request {'field': 'type'}
    >>> try:
    ...     parse('{"id": "\\ud800", "type": "ping"}', Limits(), position=9)
    ... except ProtocolError as e:
    ...     print(e.code, e.details)
    bad_request {'field': 'id'}
    """
    size = len(text)
    if isinstance(text, str) and 4 * size > limits.max_message_bytes:
        size = len(text.encode("utf-8", "surrogatepass"))
    if size > limits.max_message_bytes:
        raise ProtocolError(
            "too_large",
            f"the message has {size} bytes; the limit is {limits.max_message_bytes}",
            {"limit": limits.max_message_bytes},
        )
    repeated: list[tuple[int, str]] = []  # (which object, counted as the parser closes it; key)
    closed = 0

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal closed
        closed += 1
        obj = dict(pairs)
        if len(obj) != len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    repeated.append((closed, key))
                seen.add(key)
        return obj

    try:
        doc = json.loads(text, parse_constant=_no_constant, object_pairs_hook=unique)
    except (ValueError, RecursionError) as e:
        # ValueError: bad JSON, bad UTF-8, NaN, an integer too long to read;
        # RecursionError: nesting deeper than the interpreter allows.
        raise ProtocolError(
            "bad_json", f"the message is not valid JSON: {_first_line(e)}"
        ) from None
    if not isinstance(doc, dict):
        raise ProtocolError("bad_json", f"a message is a JSON object, got {type(doc).__name__}")
    # The message itself is the object the parser closed last.
    top_repeats = [key for which, key in repeated if which == closed]
    rid = doc.get("id")
    if "id" in top_repeats or not _valid_id(rid):
        why = (
            "'id' is given twice"
            if "id" in top_repeats
            else "'id' holds a lone surrogate (half of a UTF-16 pair), which strict JSON "
            "parsers refuse"
            if isinstance(rid, str) and _SURROGATE.search(rid)
            else f"'id' must be a string of at most 64 characters or a safe integer, "
            f"got {_short(rid)}"
        )
        raise ProtocolError(
            "bad_request",
            f"{why}; the id cannot be answered, so this error names the message by its "
            "position on the connection",
            {"field": "id"},
        )
    kind = doc.get("type")
    request = Request(rid, kind if isinstance(kind, str) else "", doc, position=position)
    if repeated:
        which, key = repeated[0]
        where = key if which == closed else f"a key inside the message: {key}"
        raise RequestError(
            request,
            ProtocolError(
                "bad_request",
                f"{_short(key)} is given twice in one object ({where}); each key may appear once",
                {"field": key},
            ),
        )
    probe = _MAY_HOLD_SURROGATE_BYTES if isinstance(text, bytes) else _MAY_HOLD_SURROGATE
    found = _lone_surrogate(doc) if probe.search(text) else None  # type: ignore[arg-type]
    if found is not None:
        raise RequestError(
            request,
            ProtocolError(
                "bad_request",
                f"{found} holds a lone surrogate (half of a UTF-16 pair), which strict JSON "
                "parsers refuse; send text as valid Unicode",
                {"field": found},
            ),
        )
    if "v" in doc and doc["v"] != VERSION:
        raise RequestError(
            request,
            ProtocolError(
                "unsupported_version",
                f"this server speaks protocol version {VERSION}, not {_short(doc['v'])}",
                {"versions": [VERSION]},
            ),
        )
    if not isinstance(kind, str) or kind not in REQUEST_TYPES:
        raise RequestError(
            request,
            ProtocolError(
                "unknown_type",
                f"no request of type {_short(kind)}; the types are: {', '.join(REQUEST_TYPES)}",
                {"types": list(REQUEST_TYPES)},
            ),
        )
    return request


class RequestError(Exception):
    """A :class:`ProtocolError` about a request whose id is known."""

    def __init__(self, request: Request, error: ProtocolError) -> None:
        super().__init__(error.message)
        self.request = request
        self.error = error


def _first_line(e: Exception) -> str:
    return str(e).splitlines()[0] if str(e) else type(e).__name__


def reply(request: Request, /, **fields: Any) -> dict[str, Any]:
    """The reply to ``request``: its id and type, and ``fields``.

    >>> reply(parse('{"id": 9, "type": "undo"}', Limits()), moves=2)
    {'v': 1, 'id': 9, 'type': 'undo', 'moves': 2}
    """
    return {"v": VERSION, "id": request.id, "type": request.type, **fields}


def error(
    rid: RequestId, request_type: str | None, e: ProtocolError, position: int = 0
) -> dict[str, Any]:
    """The error message answering request ``rid`` (None when the id could not be read).

    >>> error(4, "move", ProtocolError("stale", "the game moved on", {"step": 12}))
    {'v': 1, 'id': 4, 'type': 'error', 'request': 'move', 'code': 'stale',
     'message': 'the game moved on', 'details': {'step': 12}}

    Without an id, ``details.position`` (when known) says which message of the
    connection it answers, counting from 1:

    >>> error(None, None, ProtocolError("bad_json", "not JSON"), position=3)["details"]
    {'position': 3}
    """
    out: dict[str, Any] = {
        "v": VERSION,
        "id": rid,
        "type": "error",
        "request": request_type or None,
        "code": e.code,
        "message": e.message,
    }
    details = dict(e.details or {})
    if rid is None and position > 0:
        details["position"] = position
    if details:
        out["details"] = details
    return out


def push(kind: str, **fields: Any) -> dict[str, Any]:
    """A message the server sends on its own (no id).

    >>> push("closed", game_id="g-1", reason="idle")
    {'v': 1, 'type': 'closed', 'game_id': 'g-1', 'reason': 'idle'}
    """
    return {"v": VERSION, "type": kind, **fields}


def encode(message: dict[str, Any]) -> str:
    """One line of ASCII JSON (no raw newline can appear inside it).

    >>> print(encode({"type": "events", "text": "Zo\\u00eb\\nwon"}))
    {"type":"events","text":"Zo\\u00eb\\nwon"}
    >>> encode({"score": float("nan")})
    Traceback (most recent call last):
    ...
    ValueError: Out of range float values are not JSON compliant...
    """
    return json.dumps(message, ensure_ascii=True, separators=(",", ":"), allow_nan=False)


def game_entry(info: GameInfo) -> dict[str, Any]:
    """A game as ``list_games`` lists it (and ``henchmen games --json``).

    >>> import henchmen
    >>> entry = game_entry(henchmen.game_info("parry"))
    >>> entry["name"], entry["options"][0]["name"], entry["options"][0]["choices"]
    ('parry', 'players', [])
    """
    return {
        "name": info.name,
        "title": info.title,
        "summary": info.summary,
        "min_players": info.min_players,
        "max_players": info.max_players,
        "zero_sum": info.zero_sum,
        "options": [
            {
                "name": o.name,
                "kind": o.kind,
                "default": o.default,
                "allowed": o.allowed,
                "doc": o.doc,
                "choices": list(o.choices),
            }
            for o in info.options
        ],
    }


__all__ = [
    "ERROR_CODES",
    "REQUEST_TYPES",
    "VERSION",
    "Limits",
    "ProtocolError",
    "Request",
    "RequestError",
    "encode",
    "error",
    "game_entry",
    "parse",
    "push",
    "reply",
]
