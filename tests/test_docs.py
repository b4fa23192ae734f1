"""The examples in docs/*.md run (doctest), so the guide cannot drift from the engine."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

DOCS = sorted((Path(__file__).resolve().parents[1] / "docs").glob("*.md"))


@pytest.mark.parametrize("path", DOCS, ids=[p.name for p in DOCS])
def test_examples_in_docs_run(path: Path) -> None:
    result = doctest.testfile(
        str(path),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        report=True,
        verbose=False,
    )
    assert result.failed == 0, (
        f"{result.failed} of {result.attempted} examples in {path.name} failed"
    )


def test_the_guide_has_examples() -> None:
    guide = Path(__file__).resolve().parents[1] / "docs" / "guide.md"
    assert doctest.DocTestParser().get_examples(guide.read_text())
