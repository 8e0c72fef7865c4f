#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# The paper's Listing 1 with real processes on loopback: troupe-nexus, a
# server alice whose actor answers ('ping') with ('pong'), two clients bob and
# charlie, and a troupe-shell session driven through stdin. Then bob is killed
# (SIGKILL) and charlie frozen (SIGSTOP), and the shell must list both down.
#
#   listing1_test.sh TROUPE_NEXUS TROUPE_SHELL LISTING1_NODE
set -euo pipefail

nexus_bin=$1
shell_bin=$2
node_bin=$3
source "$(dirname "${BASH_SOURCE[0]}")/process_test_lib.sh"

# Heartbeats every 100 ms and a 1 s connection timeout: a frozen node is found
# within about a second.
net_opts=(--middleman.heartbeat-interval=100ms --middleman.connection-timeout=1s)

# Starts a node named $1 with the given extra options; its stdin is a FIFO this
# script holds open, so the node runs until the script ends.
start_node() {
  local name=$1
  shift
  mkfifo "$work/$name.in"
  "$node_bin" --name="$name" --lifetime=120s --inspect.nexus="127.0.0.1:$nexus_port" --inspect.interval=200ms \
    "${net_opts[@]}" "$@" <"$work/$name.in" >"$work/$name.out" 2>"$work/$name.err" &
  pids+=($!)
  eval "exec {fd}<>\"$work/$name.in\""
}

shell() {
  "$shell_bin" --nexus="127.0.0.1:$nexus_port" "${net_opts[@]}" 2>&1
}

"$nexus_bin" --port=0 "${net_opts[@]}" >"$work/nexus.out" 2>"$work/nexus.err" &
pids+=($!)
wait_for_line "$work/nexus.out" "listening on 127.0.0.1:"
nexus_port=$(sed -n 's/.*listening on 127.0.0.1:\([0-9]*\).*/\1/p' "$work/nexus.out")

start_node alice --inspect.allow-control=true
alice_pid=${pids[-1]}
wait_for_line "$work/alice.out" "port="
alice_port=$(sed -n 's/^port=//p' "$work/alice.out")
start_node bob --server="127.0.0.1:$alice_port"
bob_pid=${pids[-1]}
start_node charlie --server="127.0.0.1:$alice_port"
charlie_pid=${pids[-1]}

# All three reach the nexus.
for _ in $(seq 100); do
  [ "$(echo list-nodes | shell | grep -c ' up$')" -eq 3 ] && break
  sleep 0.1
done
nodes=$(echo list-nodes | shell)
[ "$(grep -c ' up$' <<<"$nodes")" -eq 3 ] || fail "three nodes up expected: $nodes"

alice_node="$(hostname):$alice_pid"
actors=$(printf 'change-node %s\nlist-actors\n' "$alice_node" | shell)
server_id=$(awk '$2 == "ping_server" { print $1 }' <<<"$actors")
[ -n "$server_id" ] || fail "alice lists no ping_server: $actors"

session=$(shell <<EOF2
list-nodes
change-node $alice_node
list-actors
send $server_id ('ping')
await-msg 5s
statistics
top
info $server_id
peek $server_id
back
EOF2
)
echo "$session"
grep -q "ping_server" <<<"$session" || fail "list-actors"
grep -q "^sent$" <<<"$session" || fail "send"
grep -q "('pong')" <<<"$session" || fail "await-msg did not show ('pong')"
grep -q "rss" <<<"$session" || fail "statistics"
grep -q "PROCESSED" <<<"$session" || fail "top"
grep -q "name        ping_server" <<<"$session" || fail "info"
grep -q "(no messages waiting)" <<<"$session" || fail "peek"
if grep -q "^error:" <<<"$session"; then fail "an error in the session"; fi

# One client killed, one frozen: both reported down, alice stays up.
kill -KILL "$bob_pid"
kill -STOP "$charlie_pid"
bob_line="$(hostname) $bob_pid "
charlie_line="$(hostname) $charlie_pid "
for _ in $(seq 150); do
  nodes=$(echo list-nodes | shell)
  if grep -q "$bob_line.*down" <<<"$nodes" && grep -q "$charlie_line.*down" <<<"$nodes"; then
    break
  fi
  sleep 0.1
done
echo "$nodes"
grep -q "$bob_line.*down" <<<"$nodes" || fail "bob (SIGKILL) not reported down"
grep -q "$charlie_line.*down" <<<"$nodes" || fail "charlie (SIGSTOP) not reported down"
grep -q "$(hostname) $alice_pid up" <<<"$nodes" || fail "alice should stay up"
echo "listing 1: passed"
