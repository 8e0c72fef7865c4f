#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Installs the dependencies, builds the flagship example in build/ and runs it.
#
#   bash scripts/example.sh [ARGS...]    ARGS are passed on to the example
#
# Environment: TROUPE_SKIP_DEPS=1 skips scripts/install-deps.sh (non-Debian hosts),
#   TROUPE_BUILD_JOBS=N sets the compile jobs (default: all cores).
# Only the example and the library are compiled (not the tests), so this is the quick
# way to see troupe run; the build/ directory is shared with `bash scripts/test.sh`.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="$ROOT/build"
TARGET=troupe_flagship
EXE="$BUILD_DIR/examples/core/$TARGET"

case "${1:-}" in
  -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
esac

if [[ ${TROUPE_SKIP_DEPS:-0} != 1 ]]; then
  bash "$ROOT/scripts/install-deps.sh"
fi

# Same configuration as the normal `scripts/test.sh` build, so the two share build/.
cmake_args=(-S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTROUPE_SANITIZE=
            -DTROUPE_BUILD_EXAMPLES=ON)
if [[ ! -f $BUILD_DIR/CMakeCache.txt ]]; then
  cmake_args+=(-G Ninja)
fi
cmake "${cmake_args[@]}" >/dev/null

cmake --build "$BUILD_DIR" --target "$TARGET" --parallel "${TROUPE_BUILD_JOBS:-$(nproc)}"

echo "example.sh: running ${EXE#"$ROOT"/}"
exec "$EXE" "$@"
