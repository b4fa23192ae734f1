"""The README's promises: its Python example runs, its quick start is two commands."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, flags=re.DOTALL)


def test_python_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    examples = blocks("python")
    assert examples, "the README has no Python example"
    monkeypatch.chdir(tmp_path)
    for code in examples:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, "README.md", "exec"), {"__name__": "readme"})
        assert "LegalActions" in out.getvalue()


def test_api_example_is_about_ten_lines() -> None:
    lines = [line for line in blocks("python")[0].splitlines() if line.strip()]
    assert len(lines) <= 12


def test_quick_start_is_two_commands() -> None:
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [c.strip() for c in re.findall(r"```sh\n(.*?)```", quick, flags=re.DOTALL)]
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    play, test = commands
    assert play.startswith("python3 -m venv .venv && .venv/bin/pip install . && ")
    assert ".venv/bin/henchmen play seven-secret-supervillains" in play
    assert test == (
        "python3 -m venv .venv && .venv/bin/pip install '.[test]' && "
        ".venv/bin/python -m pytest -n auto --dist worksteal"
    )


def test_ci_runs_the_readme_test_command() -> None:
    ci = ROOT / ".ci" / "run"
    text = ci.read_text()
    assert os.access(ci, os.X_OK) and "set -euo pipefail" in text
    assert "README.md" in text  # the command is read from the README, not copied


def test_layout_names_real_folders() -> None:
    layout = README.split("## Layout", 1)[1].split("```")[1]
    for line in layout.splitlines():
        if line.strip():
            path = line.split()[0]
            assert (ROOT / path).exists(), f"README layout names {path}, which does not exist"


def test_the_second_command_does_not_rebuild_the_first_ones_build() -> None:
    # scikit-build-core deletes the top-level CMakeFiles/ whenever pip builds in a new
    # isolated environment (every `pip install`), and objects of targets defined in the
    # top-level CMakeLists.txt live there: only targets in subfolders keep theirs.
    top = (ROOT / "CMakeLists.txt").read_text()
    compiled = re.findall(
        r"^\s*(add_executable|pybind11_add_module|add_library\(\S+\s+(?:STATIC|SHARED|MODULE|OBJECT))",
        top,
        flags=re.MULTILINE,
    )
    assert compiled == [], f"compiled targets in the top-level CMakeLists.txt: {compiled}"
    assert "add_subdirectory(cpp)" in top and "add_subdirectory(cpp/bindings)" in top
    # pybind11's headers come from a new path each time: the bindings use a stable copy.
    bindings = (ROOT / "cpp" / "bindings" / "CMakeLists.txt").read_text()
    assert "pybind11-include" in bindings and "COPYONLY" in bindings
    # The README says what each command costs, and that the second compiles nothing.
    quick = " ".join(README.split("## Quick start", 1)[1].split("\n## ", 1)[0].split())
    assert "reuses that build in `build/` and compiles nothing" in quick
    assert len(re.findall(r"\b\d[\d,]* (?:s|minutes)\b", quick)) >= 3


def designed_marks(game: str) -> int:
    """How many entries of a game's card table are marked ``"designed": true``."""

    def count(node: object) -> int:
        if isinstance(node, dict):
            return (node.get("designed") is True) + sum(count(v) for v in node.values())
        if isinstance(node, list):
            return sum(count(v) for v in node)
        return 0

    return count(json.loads((ROOT / "cpp" / "games" / game / "cards.json").read_text()))


def test_the_designed_counts_are_the_card_tables() -> None:
    # The paragraph a balance-study user reads first must follow the tables it counts.
    paragraph = " ".join(README.split("**Published or designed.**", 1)[1].split("\n\n")[0].split())
    for title, game in [
        ("Seven Secret Supervillains", "sss"),
        ("Villainy", "villainy"),
        ("Super!", "super"),
        ("S.U.E.T.", "suet"),
    ]:
        said = re.search(rf"{re.escape(title)} (\d+)", paragraph)
        assert said, f"the README gives no count for {title}"
        assert int(said.group(1)) == designed_marks(game), title
    assert designed_marks("legendary") == 0 and "Only Legendary's cards" in paragraph
    assert "(docs/rules/)" in paragraph
