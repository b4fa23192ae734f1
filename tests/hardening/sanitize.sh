#!/usr/bin/env bash
# The sanitizer job: builds the package with HENCHMEN_SANITIZE=ON
# (AddressSanitizer + UndefinedBehaviorSanitizer) into its own venv, then runs
# under them a set of tests chosen to run every game's native code once or
# more, at each game's fewest and most players, for a fraction of the suite:
#   rules, legal actions, chance, clone, serialize and deserialize, resample,
#   views and events: the conformance suite (one sampled game of every
#   configuration and option set: every crew set and mode) and the
#   information-set walks (resample only), loaded positions, resample purity
#   (copies sharing a sampler's caches);
#   playouts, matches, VectorGame stepping and search, with the engine's own
#   threads: the native simulation and the native playouts replayed from Python;
#   one state searched from six threads at once (the concurrency check where
#   threads share native memory);
#   the bindings' and deserializer's error paths: every one-spot tampering of
#   saved positions, every action id's notation, the argument errors and the
#   batch's (cpp/fuzz adds random bytes under the same build).
# Left out, as they run no native code the set does not: the soak (random
# actions under validate(), which every conformance step calls), and the other
# concurrency checks (a state per thread shares nothing; the batch routines
# and VectorGame run with two threads in the native simulation). Any report
# halts the process (halt_on_error; UBSan does not recover), so the job fails
# on the first one.
#
#   tests/hardening/sanitize.sh [PYTHON]
#
# CPython itself is not instrumented: the ASan runtime is preloaded
# (LD_PRELOAD) and leak checking is off (CPython keeps memory to exit).
# libstdc++ is preloaded too: CPython does not link it, and without it ASan's
# __cxa_throw interceptor finds no real function and aborts on the first C++
# exception. pytest captures at the sys level only, so a report written to
# file descriptor 2 reaches the log even when the process halts.
# --long: the longer of Trendset's two infoset walks is in the long tier
# (tests/conftest.py; resample only here); the sizes below leave the
# conformance and infoset tests one chunk each, so it adds nothing else.
# HENCHMEN_CONFORMANCE_GAMES (default 1: one game of each
# configuration and option set, sample-checked, a tenth of its steps getting
# every check), HENCHMEN_INFOSET_SEEDS (default 1; the keen infoset
# walks resample and validate without the Python oracle) and
# HENCHMEN_NATIVE_SIM_GAMES (default 60) size the run, and
# HENCHMEN_EXTREME_PLAYERS (default 1) plays each game at its fewest and most
# players only (0: every count); HENCHMEN_LONG=1 runs the full-size variants.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
python="${1:-python3}"
work="${HENCHMEN_ASAN_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/henchmen-asan.XXXXXX")}"
# clang by default (installed when missing), which also builds the libFuzzer
# targets in the same build for cpp/fuzz/run.sh (HENCHMEN_FUZZ_BUILD=$work/build);
# CXX=g++ builds with GCC's sanitizers and no fuzz targets.
if [[ -z "${CXX:-}" ]]; then
  "$repo/tests/hardening/clang.sh"
  export CXX=clang++
fi
fuzz=OFF
[[ "$("$CXX" --version)" == *clang* ]] && fuzz=ON

start=$(date +%s)
"$python" -m venv "$work/venv"
# The package and the three test tools its tests here import (not the whole test
# extra: Dask, a browser driver and the linters would only cost install time).
"$work/venv/bin/pip" install -q "$repo" pytest pytest-xdist hypothesis \
  -C cmake.define.HENCHMEN_SANITIZE=ON -C cmake.define.HENCHMEN_FUZZ=$fuzz \
  -C cmake.define.HENCHMEN_WERROR=ON -C cmake.build-type=RelWithDebInfo \
  -C cmake.define.CMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
  -C build-dir="$work/build" >"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; exit 1; }
built=$(date +%s)
echo "sanitize: built with ASan + UBSan ($CXX$([[ $fuzz == ON ]] && echo ", and the fuzz targets")) in $((built - start)) s"

if [[ $fuzz == ON ]]; then
  asan="$("$CXX" -print-file-name=libclang_rt.asan-x86_64.so)"
else
  asan="$("$CXX" -print-file-name=libasan.so)"
fi
preload="$asan $("$CXX" -print-file-name=libstdc++.so)"
cd "$repo"
LD_PRELOAD="$preload" \
ASAN_OPTIONS="detect_leaks=0:halt_on_error=1:abort_on_error=1:detect_stack_use_after_return=1" \
UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1" \
HENCHMEN_CONFORMANCE_GAMES="${HENCHMEN_CONFORMANCE_GAMES:-1}" \
HENCHMEN_EXTREME_PLAYERS="${HENCHMEN_EXTREME_PLAYERS:-1}" \
HENCHMEN_INFOSET_SEEDS="${HENCHMEN_INFOSET_SEEDS:-1}" \
HENCHMEN_NATIVE_SIM_GAMES="${HENCHMEN_NATIVE_SIM_GAMES:-60}" \
  "$work/venv/bin/python" -m pytest -q --capture=sys -p no:cacheprovider -n auto --dist worksteal --long \
    tests/conformance/test_conformance.py tests/conformance/test_infosets.py \
    tests/conformance/test_loaded_positions.py tests/conformance/test_native_playouts.py \
    tests/conformance/test_resample_purity.py tests/hardening/test_native_sim.py \
    tests/hardening/test_concurrency.py::test_search_concurrently \
    tests/hardening/test_fuzz_serialized.py::test_every_single_field_tampering \
    tests/hardening/test_fuzz_actions.py::test_every_action_id_has_notation \
    tests/test_argument_errors.py tests/test_batch.py
echo "sanitize: no sanitizer reports; tests ran in $(($(date +%s) - built)) s"
