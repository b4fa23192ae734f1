"""The rules page stays true: every test it names exists."""

from __future__ import annotations

from ..rules_page import assert_named_tests_import


def test_every_test_named_in_the_doc_exists() -> None:
    assert_named_tests_import("villainy.md", __package__, 50)
