#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# troupe-shell on a terminal: a tmux pane runs it against a nexus with one
# node, keys go in with send-keys and the screen comes back with
# capture-pane. Tab completes a command and a node id, Up recalls the last
# line from the history.
#
#   shell_tmux_test.sh TROUPE_NEXUS TROUPE_SHELL LISTING1_NODE
set -euo pipefail

nexus_bin=$1
shell_bin=$2
node_bin=$3
work=$(mktemp -d)
session="troupe-shell-test-$$"
export TMUX_TMPDIR=$work # a tmux server of this test's own
pids=()
cleanup() {
  tmux kill-server 2>/dev/null || true
  for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "FAIL: $*" >&2
  echo "--- screen" >&2
  tmux capture-pane -p -t "$session" >&2 || true
  exit 1
}

screen() { tmux capture-pane -p -t "$session"; }

# Waits (bounded) until the screen shows `pattern` `count` times (default once).
wait_for_screen() {
  local pattern=$1 count=${2:-1}
  for _ in $(seq 100); do
    [ "$(screen | grep -c -- "$pattern" || true)" -ge "$count" ] && return 0
    sleep 0.1
  done
  fail "the screen never showed '$pattern' ($count times)"
}

"$nexus_bin" --port=0 >"$work/nexus.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do grep -q listening "$work/nexus.out" && break; sleep 0.1; done
nexus=$(sed -n 's/.*listening on //p' "$work/nexus.out")
[ -n "$nexus" ] || fail "the nexus did not start"
mkfifo "$work/hold"
exec 3<>"$work/hold"
"$node_bin" --name=alice --lifetime=60s --inspect.nexus="$nexus" <"$work/hold" >"$work/alice.out" 2>&1 &
alice=$!
pids+=($alice)
for _ in $(seq 100); do echo list-nodes | "$shell_bin" --nexus="$nexus" | grep -q " up$" && break; sleep 0.1; done

tmux new-session -d -s "$session" -x 200 -y 50 "$shell_bin --nexus=$nexus"
wait_for_screen "help lists the commands"

# Tab completes the command: "list-n" becomes "list-nodes ".
tmux send-keys -t "$session" "list-n" Tab
wait_for_screen "troupe> list-nodes"
tmux send-keys -t "$session" Enter
wait_for_screen "$(hostname) $alice up"

# Up brings back "list-nodes" from the history.
tmux send-keys -t "$session" Up Enter
wait_for_screen "$(hostname) $alice up" 2

# Tab completes a node id after change-node (there is one node).
tmux send-keys -t "$session" "change-node " Tab Enter
wait_for_screen "^node .* ($(hostname):$alice, up)"
wait_for_screen "^$(hostname):$alice>"

tmux send-keys -t "$session" "quit" Enter
for _ in $(seq 50); do tmux has-session -t "$session" 2>/dev/null || break; sleep 0.1; done
if tmux has-session -t "$session" 2>/dev/null; then fail "quit did not end the shell"; fi
echo "interactive shell: passed"
