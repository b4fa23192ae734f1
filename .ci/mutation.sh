#!/bin/bash
# Mutation testing (mutmut 3) of four Python files whose meaning the tests pin:
# events.py, analysis/stats.py, rl/encodings.py and serve/protocol.py.
#
#   .ci/mutation.sh [PYTHON]      (PYTHON: a venv with henchmen built and mutmut installed,
#                                  `pip install -e '.[mutation]'`; default .venv/bin/python)
#
# mutmut expects the package under ./, src/ or source/, and this repository keeps it
# under python/ with the native core built into the venv (an editable install). So
# the run happens in a scratch copy laid out as mutmut wants: src/henchmen (the
# sources and the built _core module), the relevant tests, and a pyproject.toml
# saying what to mutate. The editable install's import redirect is switched off for
# the run (SKBUILD_EDITABLE_SKIP names its build folder), so the tests import the
# mutated copy. One test process at a time (--max-children 1): the machine is shared.
# Results: `mutmut results` in $WORK; docs/reliability.md lists the survivors.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PY=${1:-$ROOT/.venv/bin/python}
WORK=${MUTATION_DIR:-${TMPDIR:-/tmp}/henchmen-mutation}
CORE=$("$PY" -c 'import henchmen._core as c; print(c.__file__)')
BUILD=$("$PY" - <<'EOF'
import sys
for f in sys.meta_path:
    if type(f).__module__.startswith("_editable"):
        print(getattr(f, "path", "") or "")
        break
EOF
)

rm -rf "$WORK"
mkdir -p "$WORK/src" "$WORK/tests"
cp -r "$ROOT/python/henchmen" "$WORK/src/henchmen"
cp "$CORE" "$WORK/src/henchmen/"
TESTS=(
  tests/test_event_fields.py
  tests/test_narration.py
  tests/analysis/test_stats_meaning.py
  tests/rl/test_encoding_slices.py
  tests/rl/test_encodings.py
  tests/serve/test_limit_edges.py
  tests/serve/test_protocol_fields.py
)
cp "$ROOT/tests/conftest.py" "$WORK/tests/"
for d in analysis rl serve; do
  mkdir -p "$WORK/tests/$d"
  cp "$ROOT"/tests/$d/*.py "$WORK/tests/$d/"
done
cp -r "$ROOT/tests/games" "$WORK/tests/"  # the position builders
cp "$ROOT/tests/test_event_fields.py" "$ROOT/tests/test_narration.py" "$WORK/tests/"
mkdir -p "$WORK/docs" "$WORK/python/henchmen/serve" && cp "$ROOT/docs/rl.md" "$WORK/docs/"
cp "$ROOT/python/henchmen/serve/protocol.schema.json" "$WORK/python/henchmen/serve/"  # tests/serve/conftest.py reads it
cat > "$WORK/pyproject.toml" <<EOF
[tool.pytest.ini_options]
testpaths = ["tests"]
addopts = "-ra --strict-markers -p no:cacheprovider"
markers = ["slow: long-running variants, run with --slow"]

[tool.mutmut]
source_paths = ["src/henchmen"]
only_mutate = [
  "src/henchmen/events.py",
  "src/henchmen/analysis/stats.py",
  "src/henchmen/rl/encodings.py",
  "src/henchmen/serve/protocol.py",
]
also_copy = ["docs", "python"]
# Text for people only: a line that is nothing but a string (a slice's meaning, an
# ability's name, whose count alone is used) and an error code's meaning.
do_not_mutate_patterns = ['^\\s*f?"[^"]*",?\\s*\\)?,?\\s*$', '^\\s*"[a-z_]+": "[^"]*",$']
pytest_add_cli_args_test_selection = [$(printf '"%s", ' "${TESTS[@]}")]
EOF
cd "$WORK"
export SKBUILD_EDITABLE_SKIP="$BUILD"
"$PY" -m mutmut run --max-children 1
"$PY" -m mutmut results
