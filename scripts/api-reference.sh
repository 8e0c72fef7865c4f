#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Generates the API reference from the `///` comments in include/troupe/ with Doxygen
# (docs/Doxyfile), and checks that every public name outside detail/ is documented.
#
#   bash scripts/api-reference.sh [OUT]           HTML into OUT (default build/api),
#                                                 open OUT/html/index.html
#   bash scripts/api-reference.sh --check [OUT]   also fail, listing each one, on every
#                                                 undocumented public name and every
#                                                 malformed doc comment
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

check=0
if [[ ${1:-} == --check ]]; then
  check=1
  shift
fi
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
  exit 0
fi
out="${1:-build/api}"
command -v doxygen >/dev/null || {
  echo "api-reference: doxygen not found (Debian: apt-get install -y doxygen)" >&2
  exit 2
}
mkdir -p "$out"
out="$(cd "$out" && pwd)"
rm -rf "$out/warnings.log" "$out/html" # no page of an earlier run survives
TROUPE_API_OUT="$out" doxygen docs/Doxyfile
log="$out/warnings.log"
echo "api-reference: $out/html/index.html"
((check)) || exit 0

# Doxygen reports one problem per warning line, followed by indented detail lines.
problems="$(grep -c ': warning: ' "$log" || true)"
if ((problems > 0)); then
  sed "s|$PWD/||" "$log"
  echo "api-reference: $problems undocumented names or malformed doc comments" >&2
  exit 1
fi
echo "api-reference: every public name is documented"
