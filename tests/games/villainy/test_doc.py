"""The rules page stays true: every test it names exists."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "villainy.md"


def test_every_test_named_in_the_doc_exists() -> None:
    refs = re.findall(r"T/(test_\w+)\.py::(test_\w+)", DOC.read_text())
    assert len(refs) > 50
    for module, name in refs:
        mod = importlib.import_module(f"{__package__}.{module}")
        assert callable(getattr(mod, name, None)), f"{module}.py::{name} is missing"
