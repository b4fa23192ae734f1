"""Reading a request's fields: each refusal names the field, what is allowed and what came.

The error a client gets for a bad field is part of the protocol
(docs/protocol.md: ``bad_request`` with ``details.field``), so its message is
pinned here word for word, for a value present, absent, null and too long to
show whole.
"""

from __future__ import annotations

import json

import pytest

from henchmen.serve.protocol import (
    REQUEST_TYPES,
    Limits,
    ProtocolError,
    RequestError,
    encode,
    error,
    parse,
    push,
)


def request(**fields: object) -> object:
    return parse(json.dumps({"id": 1, "type": "ask_bot", **fields}), Limits())


def refusal(call: object) -> tuple[str, str, object]:
    with pytest.raises(ProtocolError) as info:
        call()  # type: ignore[operator]
    return info.value.code, info.value.message, info.value.details


def test_boolean_reads_true_and_false_and_refuses_anything_else() -> None:
    r = request(apply=True, hide=False, seed=1)
    assert r.boolean("apply", False) is True  # type: ignore[attr-defined]
    assert r.boolean("hide", True) is False  # type: ignore[attr-defined]
    assert r.boolean("other", True) is True  # type: ignore[attr-defined]
    assert refusal(lambda: r.boolean("seed", False)) == (  # type: ignore[attr-defined]
        "bad_request",
        "'seed' must be true or false, got 1",
        {"field": "seed"},
    )


def test_a_missing_or_null_field_is_shown_as_nothing() -> None:
    r = request(game_id=None)
    for name in ("game_id", "token"):
        assert refusal(lambda: r.text(name)) == (  # type: ignore[attr-defined]  # noqa: B023
            "bad_request",
            f"'{name}' must be a non-empty string of at most 256 characters, got nothing",
            {"field": name},
        )
    assert refusal(lambda: r.integer("step", 0, 9)) == (  # type: ignore[attr-defined]
        "bad_request",
        "'step' must be an integer from 0 to 9, got nothing",
        {"field": "step"},
    )


def test_a_long_value_is_shown_in_60_characters() -> None:
    r = request(token="t" * 300, game_id="g" * 58)
    code, message, details = refusal(lambda: r.text("token"))
    assert code == "bad_request"  # type: ignore[attr-defined]
    # json.dumps gives the quotes: '"' + 56 t's + '...' is 60 characters.
    assert message.endswith('got "' + "t" * 56 + "...") and details == {"field": "token"}
    _, message, _ = refusal(lambda: r.integer("game_id", 0, 1))  # type: ignore[attr-defined]
    assert message.endswith('got "' + "g" * 58 + '"')  # 60 characters: shown whole


def test_an_unknown_type_and_version_are_named_shortly() -> None:
    with pytest.raises(RequestError) as info:
        parse(json.dumps({"id": 2, "type": "x" * 100}), Limits())
    assert info.value.error.code == "unknown_type"
    assert info.value.error.message.startswith('no request of type "' + "x" * 56 + "...; ")
    with pytest.raises(RequestError) as info:
        parse(json.dumps({"id": 3, "type": "ping", "v": 2}), Limits())
    assert info.value.error.message == "this server speaks protocol version 1, not 2"
    assert info.value.request.id == 3


def test_number_reads_ints_and_floats_within_bounds_as_floats() -> None:
    r = request(seconds=2, budget=30.0, low=0, flag=True, text="1", big=30.000001)
    assert r.number("seconds", 0, 30) == 2.0 and type(r.number("seconds", 0, 30)) is float  # type: ignore[attr-defined]
    assert r.number("budget", 0, 30) == 30.0 and r.number("low", 0, 30) == 0.0  # type: ignore[attr-defined]
    assert r.number("absent", 0, 30, default=1.5) == 1.5  # type: ignore[attr-defined]
    for name, shown in (
        ("flag", "true"),
        ("text", '"1"'),
        ("big", "30.000001"),
        ("absent", "nothing"),
    ):
        assert refusal(lambda: r.number(name, 0, 30)) == (  # type: ignore[attr-defined]  # noqa: B023
            "bad_request",
            f"'{name}' must be a number from 0 to 30, got {shown}",
            {"field": name},
        )
    assert refusal(lambda: r.number("absent", 0, 1, default=float("nan")))[0] == "bad_request"  # type: ignore[attr-defined]
    assert refusal(lambda: r.number("absent", -1, 1e9, default=float("inf")))[0] == "bad_request"  # type: ignore[attr-defined]


def test_obj_reads_an_object_or_nothing() -> None:
    r = request(options={"players": 3}, seats=[1])
    assert r.obj("options") == {"players": 3} and r.obj("settings") == {}  # type: ignore[attr-defined]
    assert r.get("options") == {"players": 3} and r.get("nope", 7) == 7  # type: ignore[attr-defined]
    assert refusal(lambda: r.obj("seats")) == (  # type: ignore[attr-defined]
        "bad_request",
        "'seats' must be an object, got [1]",
        {"field": "seats"},
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '{"id": 1',
            "the message is not valid JSON: Expecting ',' delimiter: line 1 column 9 (char 8)",
        ),
        ('{"id": NaN, "type": "ping"}', "the message is not valid JSON: NaN is not JSON"),
        ("[1, 2]", "a message is a JSON object, got list"),
        ('"ping"', "a message is a JSON object, got str"),
    ],
)
def test_what_is_not_a_json_object_is_bad_json(text: str, message: str) -> None:
    with pytest.raises(ProtocolError) as info:
        parse(text, Limits())
    assert (info.value.code, info.value.message, info.value.details) == ("bad_json", message, None)


def test_an_unknown_type_lists_the_types() -> None:
    with pytest.raises(RequestError) as info:
        parse('{"id": "a", "type": "fly"}', Limits())
    error = info.value.error
    assert (error.code, error.details) == ("unknown_type", {"types": list(REQUEST_TYPES)})
    assert str(info.value) == error.message and info.value.request.type == "fly"
    with pytest.raises(RequestError) as info:
        parse('{"id": "a"}', Limits())
    assert info.value.error.message.startswith("no request of type null; the types are: hello, ")
    with pytest.raises(RequestError) as info:
        parse('{"id": "b", "type": "ping", "v": "1"}', Limits())
    assert info.value.error.details == {"versions": [1]}


def test_replies_errors_and_pushes_are_compact_ascii_lines() -> None:
    assert (
        encode({"type": "events", "text": "Zoë\nwon"})
        == '{"type":"events","text":"Zo\\u00eb\\nwon"}'
    )
    with pytest.raises(ValueError, match="Out of range float"):  # never NaN on the wire
        encode({"returns": [float("nan")]})
    assert push("closed", game_id="g-1") == {"v": 1, "type": "closed", "game_id": "g-1"}
    e = ProtocolError("stale", "the game moved on", {"step": 3})
    assert (e.code, e.message, e.details, str(e)) == ("stale", "the game moved on", {"step": 3},
                                                      "the game moved on")  # fmt: skip
    assert error(None, "", ProtocolError("bad_json", "x")) == {
        "v": 1, "id": None, "type": "error", "request": None, "code": "bad_json", "message": "x"
    }  # fmt: skip
    assert Limits(max_games=3).to_json()["max_games"] == 3


def test_text_at_its_length_limit_optional_and_of_the_wrong_type() -> None:
    r = request(token="t" * 256, long="t" * 257, short="g-1", seed=5)
    assert r.text("token") == "t" * 256  # type: ignore[attr-defined]
    assert refusal(lambda: r.text("long"))[2] == {"field": "long"}  # type: ignore[attr-defined]
    assert r.text("short", max_len=3, required=False) == "g-1"  # type: ignore[attr-defined]
    assert r.text("absent", required=False) is None  # type: ignore[attr-defined]
    assert refusal(lambda: r.text("seed")) == (  # type: ignore[attr-defined]
        "bad_request", "'seed' must be a non-empty string of at most 256 characters, got 5",
        {"field": "seed"},
    )  # fmt: skip


def test_a_type_that_is_not_a_string_is_answered_with_no_request_type() -> None:
    for kind in ("5", "null", '["ping"]'):
        with pytest.raises(RequestError) as info:
            parse('{"id": 1, "type": ' + kind + "}", Limits())
        assert info.value.request.type == "" and info.value.error.code == "unknown_type"
        assert error(1, info.value.request.type, info.value.error)["request"] is None


def test_a_value_of_61_characters_is_clipped() -> None:
    r = request(token="t" * 59)  # json.dumps: 61 characters with its quotes
    message = refusal(lambda: r.integer("token", 0, 1))[1]  # type: ignore[attr-defined]
    assert message.endswith('got "' + "t" * 56 + "...")
