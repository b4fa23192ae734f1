#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) and fuzzes each for
# about SECONDS seconds of a core (default 20), side by side, from a seed
# corpus made by make_corpus.py.
#   cpp/fuzz/run.sh [SECONDS] [PYTHON]
# PYTHON must have henchmen installed (for the seed corpus). Exits non-zero
# on any finding; the crashing input is left in the work directory.
set -euo pipefail
seconds="${1:-20}"
python="${2:-python3}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="${HENCHMEN_FUZZ_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/henchmen-fuzz.XXXXXX")}"
mkdir -p "$work"
# HENCHMEN_FUZZ_BUILD: a build directory that already holds the targets (the
# sanitizer job's, tests/hardening/sanitize.sh, when it built with clang):
# .ci/run compiles the instrumented core once for both.
build="${HENCHMEN_FUZZ_BUILD:-}"
if [ -n "$build" ] && [ -x "$build/cpp/fuzz/fuzz_deserialize" ]; then
  echo "fuzz: the targets built by the sanitizer job ($build)"
else
  "$here/../../tests/hardening/clang.sh"  # clang and libFuzzer, installed when missing
  build="$work/build"
  # Only the fuzz targets and the core they link: not the search layer or the
  # batches, which they never call.
  CXX="${CXX:-clang++}" cmake -S "$here/../.." -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
    -DHENCHMEN_SANITIZE=ON -DHENCHMEN_FUZZ=ON -DHENCHMEN_WERROR=ON >"$work/cmake.log" 2>&1 \
    || { cat "$work/cmake.log"; exit 1; }
  cmake --build "$build" -j 2 --target fuzz_deserialize fuzz_notation fuzz_card_table >"$work/build.log" 2>&1 \
    || { tail -50 "$work/build.log"; exit 1; }
fi
"$python" "$here/make_corpus.py" "$work/corpus"
cp "$here"/regressions/* "$work/corpus/deserialize/"  # inputs that once found a bug
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
# The targets run side by side, one a core: SECONDS is each target's share of
# processor time, so with three targets on two cores each runs for 1.5 x
# SECONDS of wall time (libFuzzer's -max_total_time is wall time), and the
# stage takes that instead of 3 x SECONDS one after another.
targets=(deserialize notation card_table)
cores="$(nproc)"
(( cores > ${#targets[@]} )) && cores=${#targets[@]}
wall=$(( (seconds * ${#targets[@]} + cores - 1) / cores ))
fuzz_one() {  # fuzz_one TARGET: runs it, writes its log, exits non-zero on a finding
  local target="$1" max_len=65536 dict=()
  mkdir -p "$work/corpus/$target"
  if [ -f "$work/corpus/$target.dict" ]; then dict=(-dict="$work/corpus/$target.dict"); fi
  # A card table is about 60 KB of JSON.
  if [ "$target" = card_table ]; then max_len=131072; fi
  "$build/cpp/fuzz/fuzz_$target" -max_total_time="$wall" -max_len="$max_len" -timeout=10 "${dict[@]}" \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$work/$target-" \
    "$work/corpus/$target" >"$work/fuzz_$target.log" 2>&1
}
pids=()
for target in "${targets[@]}"; do fuzz_one "$target" & pids+=($!); done
failed=0
total=0
for i in "${!targets[@]}"; do
  target="${targets[$i]}"
  log="$work/fuzz_$target.log"
  if ! wait "${pids[$i]}"; then
    tail -60 "$log"
    echo "fuzz: fuzz_$target FOUND A PROBLEM; input saved under $work/$target-*" >&2
    failed=1
    continue
  fi
  runs="$(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)"
  cov="$(grep -o 'cov: [0-9]*' "$log" | tail -1 || true)"
  echo "fuzz: fuzz_$target ${wall} s wall beside the others (about ${seconds} s of a core), $runs inputs tried, $cov, no findings"
  total=$((total + runs))
done
(( failed == 0 )) || exit 1
echo "fuzz: $total inputs tried in all"
