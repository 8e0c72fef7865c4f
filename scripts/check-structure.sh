#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# The repository's structural checks, run by CI as its `structure` stage:
#   layering   every #include follows docs/architecture.md's Layers table, no include
#              cycle, no include below the top of a file
#   docnames   every class, member and function the design documents name exists
#   selftest   the two checks above fail, naming each mistake, on tests/structure/bad_tree
#   apidocs    every public name outside detail/ has a doc comment, and Doxygen reads
#              every doc comment (scripts/api-reference.sh --check)
#   headers    every public header compiles on its own
#   plain      every library and installed program builds source by source, as a
#              plain `cmake -B build` does (scripts/check-plain-build.sh)
#   format     every C++ file is formatted as .clang-format says (scripts/format.sh)
#   license    every source file carries the SPDX licence header
# Prints one line per check and a closing count in ctest's words, so that
# .ci/run adds the checks to its totals.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# clang-format-14 and the compiler come from the package list (TROUPE_SKIP_DEPS=1 skips).
if [[ ${TROUPE_SKIP_DEPS:-0} != 1 ]]; then
  bash scripts/install-deps.sh
fi

checks=(
  "layering|python3 scripts/check-layering.py"
  "docnames|python3 scripts/check-doc-names.py"
  "selftest|python3 scripts/test-structure-checks.py"
  "apidocs|bash scripts/api-reference.sh --check build/api-check"
  "headers|bash scripts/check-headers.sh"
  "plain|bash scripts/check-plain-build.sh"
  "format|bash scripts/format.sh --check"
  "license|python3 scripts/add-license-headers.py --check"
)
failed=0
for entry in "${checks[@]}"; do
  name="${entry%%|*}"
  cmd="${entry#*|}"
  echo "== check $name: $cmd"
  if bash -c "$cmd"; then
    echo "== check $name: passed"
  else
    echo "== check $name: FAILED"
    failed=$((failed + 1))
  fi
done
total=${#checks[@]}
echo "structure: $((total - failed)) passed, $failed failed"
echo "$(( (total - failed) * 100 / total ))% tests passed, $failed tests failed out of $total"
((failed == 0))
