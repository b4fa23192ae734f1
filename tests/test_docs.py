"""The docs stay true: the examples in docs/*.md run (doctest), so the guide cannot drift from
the engine; every link between the pages resolves; the README's counts of designed card
entries match the card tables; LICENSE and CHANGELOG are what a released library carries."""

from __future__ import annotations

import doctest
import json
import re
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


# Links between the pages: a moved or renamed section must not leave a reader at a dead
# anchor (GitHub's heading slugs: lower case, punctuation dropped, spaces to hyphens).
ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted(
    [ROOT / "README.md", ROOT / "CHANGELOG.md", *(ROOT / "docs").rglob("*.md")],
    key=str,
)
FENCE = re.compile(r"^```.*?^```", flags=re.MULTILINE | re.DOTALL)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def prose(path: Path) -> str:
    """A page without its fenced code blocks, where brackets are code, not links."""
    return FENCE.sub("", path.read_text())


def slug(heading: str) -> str:
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def slugs(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    found = set()
    for line in prose(path).splitlines():
        heading = re.match(r"#{1,6} (.*)", line)
        if not heading:
            continue
        slug_ = slug(heading.group(1))
        count = seen.get(slug_, 0)
        seen[slug_] = count + 1
        found.add(slug_ if count == 0 else f"{slug_}-{count}")
    return found


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_links_resolve(page: Path) -> None:
    broken = []
    for target in LINK.findall(prose(page)):
        if re.match(r"[a-z]+:", target):
            continue  # a web address, not checked offline
        file, _, anchor = target.partition("#")
        path = (page.parent / file).resolve() if file else page
        if not path.exists():
            broken.append(f"{target}: no such file")
        elif anchor and path.suffix == ".md" and anchor not in slugs(path):
            broken.append(f"{target}: no heading with that anchor")
    assert not broken, f"broken links in {page.relative_to(ROOT)}: {broken}"


def test_the_performance_page_is_a_reference() -> None:
    page = (ROOT / "docs" / "performance.md").read_text()
    assert len(page.splitlines()) < 200
    headings = re.findall(r"^## (.*)", page, flags=re.MULTILINE)
    assert headings[:3] == ["Targets", "Current table", "Rerun it"]
    assert "## Build and test cost" in page


# The README's paragraph on published and designed content counts the entries each card
# table marks designed; recounting them here keeps the paragraph from going stale.
DESIGNED_IN_README = {
    "Seven Secret Supervillains": "sss",
    "Villainy": "villainy",
    "Super!": "super",
    "S.U.E.T.": "suet",
}


def designed_entries(node: object) -> int:
    """Entries (objects) of a card table marked ``"designed": true``, at any depth."""
    if isinstance(node, dict):
        own = 1 if node.get("designed") is True else 0
        return own + sum(designed_entries(value) for value in node.values())
    if isinstance(node, list):
        return sum(designed_entries(item) for item in node)
    return 0


def test_readme_counts_the_designed_card_entries() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "**Published or designed.**" in readme, "the README has no such paragraph"
    paragraph = " ".join(readme.split("**Published or designed.**", 1)[1].split("\n\n")[0].split())
    for name, folder in DESIGNED_IN_README.items():
        table = json.loads((ROOT / "cpp" / "games" / folder / "cards.json").read_text())
        said = re.search(re.escape(name) + r" (\d+)", paragraph)
        assert said, f"the README's paragraph gives no count for {name}"
        assert int(said.group(1)) == designed_entries(table), name
    legendary = json.loads((ROOT / "cpp" / "games" / "legendary" / "cards.json").read_text())
    assert designed_entries(legendary) == 0  # the README says its cards are the published ones
    assert "Only Legendary's cards are the published game's" in paragraph


RULES_PAGES = sorted((ROOT / "docs" / "rules").glob("*.md"))


@pytest.mark.parametrize("page", RULES_PAGES, ids=[p.stem for p in RULES_PAGES])
def test_rules_pages_open_with_their_contents(page: Path) -> None:
    text = prose(page)
    contents, _, rest = text.partition("\nContents:\n")
    assert rest and "\n## " not in contents, "the contents come before the first section"
    toc = rest.split("\n## ", 1)[0]
    for heading in re.findall(r"^## (.*)", rest, flags=re.MULTILINE):
        assert f"(#{slug(heading)})" in toc, f"'{heading}' is not in the contents"


def test_the_license_is_the_one_pyproject_names() -> None:
    assert 'license = { text = "MIT" }' in (ROOT / "pyproject.toml").read_text()
    license_text = (ROOT / "LICENSE").read_text()
    assert license_text.startswith("MIT License\n")
    assert "Copyright (c) 2026 The Henchmen authors" in license_text


def test_the_changelog_is_dated_newest_first() -> None:
    days = re.findall(r"^## (\d{4}-\d\d-\d\d)$", (ROOT / "CHANGELOG.md").read_text(), re.MULTILINE)
    assert days and days == sorted(days, reverse=True) and len(set(days)) == len(days)
