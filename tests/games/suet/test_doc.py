"""The rules page names only tests that exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PAGE = ROOT / "docs" / "rules" / "suet.md"
HERE = Path(__file__).resolve().parent


def test_every_test_the_rules_page_names_exists() -> None:
    text = PAGE.read_text()
    named = 0
    for cell in re.findall(r"`T/(test_\w+\.py)((?:::\w+)?)`((?:, `::\w+`)*)", text):
        path = HERE / cell[0]
        assert path.exists(), cell[0]
        source = path.read_text()
        names = [cell[1].lstrip(":"), *re.findall(r"::(\w+)", cell[2])]
        for name in filter(None, names):
            assert f"def {name}(" in source, f"{cell[0]}::{name}"
            named += 1
    assert named >= 30
