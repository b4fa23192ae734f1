"""Every example in the package's docstrings runs (the docs are tested)."""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil
from types import ModuleType

import pytest

import henchmen

MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(henchmen.__path__, "henchmen.")
    if m.name != "henchmen.__main__"
)


@pytest.mark.parametrize("name", ["henchmen", *MODULES])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"


def public_callables(module: ModuleType) -> list[tuple[str, object]]:
    out = []
    for name in getattr(module, "__all__", []):
        obj = getattr(module, name)
        if inspect.isfunction(obj):
            out.append((f"{module.__name__}.{name}", obj))
        elif inspect.isclass(obj) and not issubclass(obj, BaseException):
            out.append((f"{module.__name__}.{name}", obj))
            for attr, member in vars(obj).items():
                if attr.startswith("_") or not inspect.isfunction(member):
                    continue
                out.append((f"{module.__name__}.{name}.{attr}", member))
    return out


FRIENDLY = ["henchmen", "henchmen.replay", "henchmen.bots", "henchmen.errors"]


@pytest.mark.parametrize("module_name", FRIENDLY)
def test_public_functions_have_a_docstring_with_an_example(module_name: str) -> None:
    module = importlib.import_module(module_name)
    missing = [
        name for name, obj in public_callables(module) if ">>>" not in (inspect.getdoc(obj) or "")
    ]
    assert not missing, f"no docstring example: {', '.join(missing)}"
