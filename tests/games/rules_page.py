"""The check every game's ``test_doc.py`` makes of its rules page (``docs/rules/<game>.md``):
each test the page's rule -> code -> test table names exists. Pages name tests in one of
two ways: ```T/test_x.py::test_y``` (looked up on the imported module), or a cell
```T/test_x.py::test_y`, `::test_z``` (looked up in the file's source)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"


def assert_named_tests_import(page: str, package: str | None, at_least: int) -> None:
    """Every ``T/test_x.py::test_y`` of ``page`` is a callable of module ``test_x`` of
    ``package``; more than ``at_least`` of them."""
    refs = re.findall(r"T/(test_\w+)\.py::(test_\w+)", (RULES / page).read_text())
    assert len(refs) > at_least
    for module, name in refs:
        mod = importlib.import_module(f"{package}.{module}")
        assert callable(getattr(mod, name, None)), f"{module}.py::{name} is missing"


def assert_named_tests_defined(page: str, folder: Path, at_least: int) -> None:
    """Every test a table cell of ``page`` names is defined in its file under ``folder``;
    ``at_least`` of them."""
    named = 0
    cells = r"`T/(test_\w+\.py)((?:::\w+)?)`((?:, `::\w+`)*)"
    for cell in re.findall(cells, (RULES / page).read_text()):
        path = folder / cell[0]
        assert path.exists(), cell[0]
        source = path.read_text()
        names = [cell[1].lstrip(":"), *re.findall(r"::(\w+)", cell[2])]
        for name in filter(None, names):
            assert f"def {name}(" in source, f"{cell[0]}::{name}"
            named += 1
    assert named >= at_least
