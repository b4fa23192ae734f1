"""The rules page names only tests that exist."""

from __future__ import annotations

from pathlib import Path

from ..rules_page import assert_named_tests_defined


def test_every_test_the_rules_page_names_exists() -> None:
    assert_named_tests_defined("suet.md", Path(__file__).resolve().parent, 30)
