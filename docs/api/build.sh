#!/usr/bin/env bash
# Builds the API reference from the docstrings, warnings as errors (docs/reference.md).
#   docs/api/build.sh [PYTHON [OUTPUT]]
# PYTHON (default .venv/bin/python) is a Python with henchmen installed (its
# docstrings are the ones documented: install with `pip install -e` to see your
# edits without reinstalling); the pinned `docs` extra of pyproject.toml is
# installed into it first (nothing to do when it is there already).
# OUTPUT defaults to docs/_build/api (ignored by git); open its index.html.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
py="${1:-$root/.venv/bin/python}"
out="${2:-$root/docs/_build/api}"

# The extra's own list, read from pyproject.toml: installing '.[docs]' would
# build and install henchmen again.
mapfile -t pins < <("$py" - "$root/pyproject.toml" <<'PY'
import sys, tomllib
with open(sys.argv[1], "rb") as f:
    print("\n".join(tomllib.load(f)["project"]["optional-dependencies"]["docs"]))
PY
)
"$py" -m pip install -q --disable-pip-version-check "${pins[@]}"

# -E: read every docstring afresh (autodoc cannot tell that a .py file changed);
# -n: every cross-reference to a henchmen object must resolve.
exec "$py" -m sphinx -E -W --keep-going -n -q -b html "$root/docs/api" "$out"
