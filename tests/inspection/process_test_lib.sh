# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Sourced by the inspection tests that run real processes (listing1_test.sh,
# prometheus_test.sh): a scratch directory, the processes to kill at the end,
# and bounded waits. It sets `work` and `pids`; a test appends each process it
# starts to `pids`.

work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do
    kill -CONT "$p" 2>/dev/null || true
    kill -KILL "$p" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# Fails the test, showing the end of what the processes wrote.
fail() {
  echo "FAIL: $*" >&2
  for f in "$work"/*.out "$work"/*.err "$work"/*.log; do
    [ -s "$f" ] && { echo "--- $f" >&2; tail -n 60 "$f" >&2; }
  done
  exit 1
}

# Waits (bounded: 10 s) until `file` has a line matching `pattern`.
wait_for_line() {
  local file=$1 pattern=$2
  for _ in $(seq 100); do
    grep -q "$pattern" "$file" 2>/dev/null && return 0
    sleep 0.1
  done
  fail "no line matching '$pattern' in $file"
}

# A port nobody listens on right now.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
