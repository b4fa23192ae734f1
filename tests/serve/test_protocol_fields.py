"""Reading a request's fields: each refusal names the field, what is allowed and what came.

The error a client gets for a bad field is part of the protocol
(docs/protocol.md: ``bad_request`` with ``details.field``), so its message is
pinned here word for word, for a value present, absent, null and too long to
show whole.
"""

from __future__ import annotations

import json

import pytest

from henchmen.serve.protocol import Limits, ProtocolError, RequestError, parse


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
