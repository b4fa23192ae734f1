#!/usr/bin/env bash
# Installs clang and its sanitizer and libFuzzer runtimes (apt) when missing:
# the fuzz targets need clang, and the sanitizer job builds with it so that
# the fuzz targets come out of the same build (a fresh machine may have none).
set -euo pipefail
if command -v clang++ >/dev/null 2>&1 \
  && ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 \
  && ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.asan-x86_64.so >/dev/null 2>&1; then
  exit 0
fi
echo "clang: installing clang and its runtimes (apt-get)"
sudo=""; [[ "$(id -u)" -ne 0 ]] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
$sudo apt-get install -y -qq clang libclang-rt-14-dev >/dev/null
