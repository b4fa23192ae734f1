"""The rules page stays true: its card table matches cards.json and every test it names exists."""

from __future__ import annotations

import importlib
import re

from .card_table_md import DOC, render


def test_card_table_is_generated_from_cards_json() -> None:
    text = DOC.read_text()
    assert render(text) == text, "run: python -m tests.games.sss.card_table_md"


def test_every_test_named_in_the_doc_exists() -> None:
    refs = re.findall(r"T/(test_\w+)\.py::(test_\w+)", DOC.read_text())
    assert len(refs) > 80
    for module, name in refs:
        mod = importlib.import_module(f"{__package__}.{module}")
        assert callable(getattr(mod, name, None)), f"{module}.py::{name} is missing"
