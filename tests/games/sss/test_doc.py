"""The rules page stays true: its card table matches cards.json and every test it names exists."""

from __future__ import annotations

from ..rules_page import RULES, assert_named_tests_import
from .card_table_md import DOC, render


def test_card_table_is_generated_from_cards_json() -> None:
    text = DOC.read_text()
    assert render(text) == text, "run: python -m tests.games.sss.card_table_md"


def test_every_test_named_in_the_doc_exists() -> None:
    assert DOC == RULES / "seven-secret-supervillains.md"
    assert_named_tests_import(DOC.name, __package__, 80)
