#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Builds every library and installed program the way a plain `cmake -B build`
# does: each source compiled on its own, not in the unity batches that the test
# stages use. A batch can hide a source that forgets an include, or calls a
# template whose definition only a neighbour in its batch sees; here that fails.
# Debug at -O0, without tests, examples or benchmarks: only what users build.
#
#   bash scripts/check-plain-build.sh [BUILD_DIR]     default: build/plain-check
# Environment: TROUPE_BUILD_JOBS=N parallel compilations (default: all cores).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

dir="${1:-build/plain-check}"
jobs="${TROUPE_BUILD_JOBS:-$(nproc)}"
log="$(mktemp "${TMPDIR:-/tmp}/troupe-plain.XXXXXX")"
trap 'rm -f "$log"' EXIT

cmake_args=(-S . -B "$dir" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0 -DTROUPE_UNITY_BUILD=OFF
            -DTROUPE_BUILD_TESTS=OFF -DTROUPE_BUILD_EXAMPLES=OFF -DTROUPE_BUILD_BENCHMARKS=OFF)
if [[ ! -f $dir/CMakeCache.txt ]]; then
  cmake_args+=(-G Ninja)   # an existing build directory keeps its generator
fi
if ! cmake "${cmake_args[@]}" >"$log" 2>&1 || ! cmake --build "$dir" --parallel "$jobs" >>"$log" 2>&1; then
  if grep -q '^FAILED' "$log"; then sed -n '/^FAILED/,$p' "$log" | head -n 60; else tail -n 30 "$log"; fi
  echo "check-plain-build: FAILED (a source does not build on its own; the whole log: cmake --build $dir)"
  exit 1
fi
sources="$(grep -c 'Building CXX object' "$log" || true)"
echo "check-plain-build: every library and program builds source by source ($sources sources compiled in $dir)"
