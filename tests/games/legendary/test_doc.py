"""The rules page stays true: every test it names exists."""

from __future__ import annotations

from pathlib import Path

from ..rules_page import RULES, assert_named_tests_import

DOC = RULES / "legendary.md"


def test_every_test_named_in_the_doc_exists() -> None:
    assert_named_tests_import(DOC.name, __package__, 80)


def test_every_effect_primitive_is_documented() -> None:
    import json

    table = json.loads(
        (
            Path(__file__).resolve().parents[3] / "cpp" / "games" / "legendary" / "cards.json"
        ).read_text()
    )
    ops = set()

    def walk(o):
        if isinstance(o, dict):
            if "op" in o:
                ops.add(o["op"])
            for v in o.values():
                walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)

    walk(table)
    text = DOC.read_text()
    assert all(f"`{op}`" in text for op in ops), sorted(op for op in ops if f"`{op}`" not in text)
