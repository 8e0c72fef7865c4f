#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Compiles every public header on its own (twice in one translation unit, so a
# missing include guard shows too): a header that needs another to be included
# first fails here.
#
#   bash scripts/check-headers.sh                 all headers under include/troupe
#   CXX=clang++ bash scripts/check-headers.sh     with another compiler
# Environment: TROUPE_BUILD_JOBS=N parallel compilations (default: all cores).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

cxx="${CXX:-c++}"
jobs="${TROUPE_BUILD_JOBS:-$(nproc)}"
work="$(mktemp -d "${TMPDIR:-/tmp}/troupe-headers.XXXXXX")"
trap 'rm -rf "$work"' EXIT

mapfile -t headers < <(cd include && find troupe -name '*.hpp' | sort)
export cxx work
check_one() {
  local h="$1" tu
  tu="$work/$(tr '/.' '__' <<<"$h").cpp"
  printf '#include <%s>\n#include <%s>\n' "$h" "$h" >"$tu"
  if ! out="$("$cxx" -std=c++20 -fsyntax-only -Wall -Wextra -Iinclude "$tu" 2>&1)"; then
    printf 'check-headers: %s is not self-contained:\n%s\n' "$h" "$out" | head -n 30
    return 1
  fi
}
export -f check_one

failed=0
printf '%s\n' "${headers[@]}" | xargs -P "$jobs" -I{} bash -c 'check_one "$@"' _ {} || failed=1
if ((failed)); then
  echo "check-headers: FAILED (${#headers[@]} headers checked with $cxx)"
  exit 1
fi
echo "check-headers: ${#headers[@]} headers compile on their own ($cxx)"
