# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Sourced by the inspection examples (listing1.sh, metrics.sh, dashboard.sh,
# flight_recorder.sh): where their programs are, a free port, and a bounded
# wait. Set `build` (a build directory) first.

# The program `name` from $build, else from PATH.
find_program() {
  local name=$1 path
  for path in "$build/src/inspection/$name" "$build/examples/inspection/$name"; do
    [ -x "$path" ] && { echo "$path"; return; }
  done
  command -v "$name"
}

# A port nobody listens on right now.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Waits (at most 20 s) until the command $1 succeeds.
wait_for() {
  for _ in $(seq 200); do
    eval "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "gave up waiting for: $1" >&2
  exit 1
}
