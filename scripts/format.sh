#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Formats every tracked C++ file with clang-format and the repository's .clang-format.
#
#   bash scripts/format.sh            rewrite the files in place
#   bash scripts/format.sh --check    change nothing; list the files that are not formatted
#                                     and exit 1 if there are any
#   bash scripts/format.sh [--check] FILE...   only these files
#
# Environment: CLANG_FORMAT=path picks the binary (default: clang-format-14, else
# clang-format). Other major versions lay some constructs out differently, so the style is
# pinned to 14 (Debian 12's clang-format-14); another version only gets a warning.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

die() {
  echo "format.sh: error: $*" >&2
  exit 1
}

check=0
files=()
while (($# > 0)); do
  case "$1" in
    --check) check=1; shift ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    --) shift; files+=("$@"); break ;;
    -*) die "unknown option '$1'" ;;
    *) files+=("$1"); shift ;;
  esac
done

clang_format="${CLANG_FORMAT:-$(command -v clang-format-14 || command -v clang-format || true)}"
[[ -n $clang_format ]] || die "clang-format not found (Debian: apt-get install -y clang-format-14)"
version="$("$clang_format" --version)"
if [[ ! $version =~ version\ 14\. ]]; then
  echo "format.sh: warning: the style is tuned for clang-format 14, this is: $version" >&2
fi

if ((${#files[@]} == 0)); then
  mapfile -d '' files < <(git ls-files -z -- '*.cpp' '*.hpp' '*.h' '*.cc' '*.cxx' '*.ipp')
else
  # Files named on the command line: only C++ ones (clang-format would rewrite a
  # Python or shell script's comments as C++).
  cxx=()
  for f in "${files[@]}"; do
    case "$f" in
      *.cpp|*.hpp|*.h|*.cc|*.cxx|*.ipp) cxx+=("$f") ;;
      *) echo "format.sh: skipping $f (not C++)" >&2 ;;
    esac
  done
  files=("${cxx[@]+"${cxx[@]}"}")
fi
((${#files[@]} > 0)) || die "no C++ files to format"
jobs="$(nproc)"

if ((check)); then
  # --dry-run --Werror fails a file that would change; collect their names.
  unformatted="$(printf '%s\0' "${files[@]}" \
    | xargs -0 -n 8 -P "$jobs" sh -c 'for f; do "$0" --style=file --dry-run --Werror "$f" >/dev/null 2>&1 || echo "$f"; done' "$clang_format" \
    | sort)"
  if [[ -n $unformatted ]]; then
    echo "$unformatted"
    echo "format.sh: $(wc -l <<<"$unformatted") of ${#files[@]} file(s) not formatted (fix: bash scripts/format.sh)" >&2
    exit 1
  fi
  echo "format.sh: all ${#files[@]} file(s) formatted"
  exit 0
fi

printf '%s\0' "${files[@]}" | xargs -0 -n 8 -P "$jobs" "$clang_format" --style=file -i
echo "format.sh: formatted ${#files[@]} file(s)"
