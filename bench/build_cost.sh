#!/usr/bin/env bash
# The build's cost, one translation unit at a time: a fresh Release build of
# the extension (as `pip install .` makes it) in a scratch directory, ccache
# off, each compile and link step's user+sys CPU seconds logged. CPU seconds
# stay comparable on a busy machine, where wall times read the load.
#
#   bench/build_cost.sh [BUILD_DIR] [extra cmake args...]
#
# Prints the total CPU seconds and the 15 dearest steps; the full table is
# BUILD_DIR.tu (user, sys, wall, output).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${1:-$(mktemp -d "${TMPDIR:-/tmp}/henchmen-cost.XXXXXX")}"
shift || true
rm -rf "$dir" && mkdir -p "$dir"
launcher="$dir.launcher"
cat >"$launcher" <<'SH'
#!/usr/bin/env bash
out=""; prev=""
for a in "$@"; do [[ "$prev" == "-o" ]] && out="$a"; prev="$a"; done
exec /usr/bin/time -a -o "$HENCHMEN_COST_LOG" -f "%U %S %e $out" "$@"
SH
chmod +x "$launcher"
export CCACHE_DISABLE=1 HENCHMEN_COST_LOG="$dir.tu"
rm -f "$HENCHMEN_COST_LOG"
python="${PYTHON:-python3}"
cmake -S "$repo" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSKBUILD=ON \
  -Dpybind11_DIR="$("$python" -m pybind11 --cmakedir)" -DPython_EXECUTABLE="$(command -v "$python")" \
  -DCMAKE_CXX_COMPILER_LAUNCHER="$launcher" -DCMAKE_CXX_LINKER_LAUNCHER="$launcher" "$@" >"$dir.configure.log"
ninja -C "$dir" -j "${JOBS:-2}" >"$dir.build.log"
awk '{cpu += $1 + $2} END {printf "build: %d steps, %.1f CPU-seconds (user+sys)\n", NR, cpu}' "$HENCHMEN_COST_LOG"
sort -k1,1 -g -r "$HENCHMEN_COST_LOG" | awk 'NR <= 15 {printf "%7.1f s  %s\n", $1 + $2, $4}'
