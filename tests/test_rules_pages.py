"""Each rules page is a reference: contents first, then the rule -> code -> test table.

A reader comes to docs/rules/<game>.md for a rule and where it lives; the page
opens with its contents (every link landing on a heading) and the first
section after them holds the table of rules with their code and tests, so the
long per-crew, per-card and balance material is skipped to, not read through.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[1] / "docs" / "rules"
PAGES = sorted(RULES.glob("*.md"))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def headings(text: str) -> list[tuple[int, str]]:
    """(level, text) of every heading outside code blocks."""
    out, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (m := re.match(r"(#{1,6}) (.*)", line)):
            out.append((len(m.group(1)), m.group(2)))
    return out


def test_there_are_rules_pages() -> None:
    assert {p.stem for p in PAGES} >= {"seven-secret-supervillains", "legendary", "suet"}


@pytest.mark.parametrize("page", PAGES, ids=[p.stem for p in PAGES])
def test_the_page_opens_with_contents_that_land(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    before_first_section = text.split("\n## ", 1)[0]
    assert "Contents:" in before_first_section, "the contents come before the first section"
    anchors = {slug(h) for _, h in headings(text)}
    links = re.findall(r"\]\(#([^)]+)\)", before_first_section)
    assert links, "the contents link to the sections"
    missing = [link for link in links if link not in anchors]
    assert not missing, f"contents links with no heading: {missing}"


@pytest.mark.parametrize("page", PAGES, ids=[p.stem for p in PAGES])
def test_the_first_section_is_the_rule_code_test_table(page: Path) -> None:
    first = page.read_text(encoding="utf-8").split("\n## ", 2)[1]
    rows = [line for line in first.splitlines() if line.startswith("|")]
    assert any("test_" in row for row in rows), (
        f"the first section ({first.splitlines()[0]!r}) has no table naming tests"
    )
