#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Benchmark suite: builds the workload programs (troupe, OpenMP, CAF,
# Erlang, Akka) and runs them side by side; see bench/runner/run.py for the details.
#
#   scripts/bench.sh                     scaled sizes, 5 counted runs per system
#   scripts/bench.sh --quick             the whole suite at small sizes
#   scripts/bench.sh --smoke             tiny sizes, verify only, no timing (CI)
#   scripts/bench.sh --paper             the published sizes (hours)
#   scripts/bench.sh --workloads spread mailbox --systems troupe caf --runs 7 --sweep
#   scripts/bench.sh --quick --sweep --write-docs   also regenerate docs/performance.md
#   scripts/bench.sh --membership [--quick]         the membership protocol in its simulator at
#                                        1,000 and 10,000 members, with plots
#                                        (bench/runner/membership.py)
#
# Peers come from Debian packages (scripts/install-deps.sh: libcaf-dev, erlang-nox);
# a peer that is not installed is skipped. Plots need matplotlib: the script prefers a
# Python that has it (Debian's python3-matplotlib), else tries `pip install matplotlib`
# once, else runs without plots. TROUPE_SKIP_DEPS=1 skips the package check.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ "${TROUPE_SKIP_DEPS:-0}" != 1 ]]; then
  bash scripts/install-deps.sh
fi

PY=""
for cand in python3 /usr/bin/python3; do
  if command -v "$cand" >/dev/null 2>&1 && "$cand" -c 'import matplotlib' >/dev/null 2>&1; then
    PY="$cand"
    break
  fi
done
if [[ -z "$PY" ]]; then
  PY=python3
  case " $* " in
    *" --smoke "*) ;; # no plots in smoke mode: do not bother
    *) echo "bench.sh: matplotlib missing, trying 'pip install matplotlib' (plots only)" >&2
       "$PY" -m pip install -q matplotlib >/dev/null 2>&1 || echo "bench.sh: no matplotlib: tables and CSV only" >&2 ;;
  esac
fi
if [[ "${1:-}" == --membership ]]; then
  exec "$PY" bench/runner/membership.py "${@:2}"
fi
exec "$PY" bench/runner/run.py "$@"
