"""No import circle in the package, counting the imports made only for type checkers.

A circle held together by ``if TYPE_CHECKING:`` imports still ties the modules
in it together: none can be read, moved or tested alone.  So every import a
module makes at its top level counts here, inside ``if`` and ``try`` blocks
too.  Imports inside a function body are left out of the package-wide check:
those are the deliberate late imports of optional parts (the terminal table,
notebooks, gymnasium), made when a feature is first used; ``State.render``
drawing through the terminal table, which names the state, is one such loop.
Modules that are one feature's parts (the analysis commands) are held to the
stricter rule, late imports counted.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import henchmen

PACKAGE = Path(henchmen.__file__).parent


def module_names() -> dict[str, Path]:
    """Every module of the package by dotted name (a native module or stub has no imports)."""
    out: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py*")):
        if path.suffix not in (".py", ".pyi") and ".so" not in path.name:
            continue
        parts = list(path.relative_to(PACKAGE.parent).parts)
        parts[-1] = parts[-1].split(".")[0]
        if parts[-1] == "__init__":
            parts.pop()
        out.setdefault(".".join(parts), path)
    return out


def top_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements run when the module is imported, into ``if`` and ``try`` blocks."""
    for node in body:
        yield node
        if isinstance(node, ast.If):
            yield from top_level(node.body)
            yield from top_level(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody):
                yield from top_level(block)
            for handler in node.handlers:
                yield from top_level(handler.body)


def imports_of(name: str, path: Path, modules: dict[str, Path], late: bool = False) -> set[str]:
    """The package's modules that ``name`` imports at its top level (and, if ``late``,
    inside its functions)."""
    out: set[str] = set()
    is_package = path.name == "__init__.py"
    body = ast.parse(path.read_text(encoding="utf-8")).body
    nodes = (n for node in body for n in ast.walk(node)) if late else top_level(body)
    for node in nodes:
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = name.split(".") if is_package else name.split(".")[:-1]
                here = here[: len(here) - node.level + 1]
                base = ".".join([*here, base] if base else here)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in modules:
                    out.add(full)  # `from henchmen import state`: the module itself
                elif base in modules:
                    out.add(base)
    return out


def import_graph(late: bool = False) -> dict[str, set[str]]:
    modules = module_names()
    return {
        name: imports_of(name, path, modules, late) if path.suffix == ".py" else set()
        for name, path in modules.items()
    }


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (or a module importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm; the package is far shallower than the limit
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in graph[v]:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_type_only_imports() -> None:
    # The check is only as good as its reach: a circle of type-only imports is found.
    graph = {"a": {"b"}, "b": set()}
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import a\n")
    graph["b"] = {
        alias.name
        for node in top_level(tree.body)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    assert circles(graph) == [["a", "b"]]
    real = import_graph()
    assert "henchmen.state" in real["henchmen.game"]
    assert "henchmen._core" in real["henchmen.state"]


def test_no_import_circle() -> None:
    found = circles(import_graph())
    assert found == [], "import circles (move the shared names into a leaf module): " + "; ".join(
        " <-> ".join(group) for group in found
    )


def test_the_analysis_commands_import_no_circle_even_late() -> None:
    # analysis.cli and cli_tune imported each other inside functions; what both
    # need (the command's pool, its options) is now the leaf analysis.cli_pool.
    graph = import_graph(late=True)
    assert "henchmen.analysis.cli_pool" in graph["henchmen.analysis.cli_tune"]
    analysis = {
        name: {m for m in deps if m.startswith("henchmen.analysis")}
        for name, deps in graph.items()
        if name.startswith("henchmen.analysis")
    }
    assert circles(analysis) == []
