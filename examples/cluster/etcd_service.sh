#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# A service cluster found through etcd: starts an etcd on loopback (Debian's
# etcd-server), then three nodes of examples/cluster/etcd_service.cpp one
# after the other. Each learns of the others as they register, and greets
# each; then the last one stops in order and the others hear that it left.
#
#   examples/cluster/etcd_service.sh [BUILD_DIR]
#
# It takes the program from BUILD_DIR (default: build), else from PATH.
set -euo pipefail
build=${1:-build}
node_bin=$build/examples/cluster/troupe_example_cluster_etcd_service
[ -x "$node_bin" ] || node_bin=$(command -v troupe_example_cluster_etcd_service)
command -v etcd >/dev/null || { echo "etcd_service.sh: needs etcd (Debian's etcd-server)" >&2; exit 1; }
work=$(mktemp -d)
trap 'exec 3>&- 4>&- 5>&-; kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null; rm -rf "$work"' EXIT

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

client=http://127.0.0.1:$(free_port)
peer=http://127.0.0.1:$(free_port)
etcd --name=example --data-dir="$work/etcd" --listen-client-urls="$client" --advertise-client-urls="$client" \
  --listen-peer-urls="$peer" --initial-advertise-peer-urls="$peer" --initial-cluster="example=$peer" \
  --logger=zap --log-outputs="$work/etcd.log" &
wait_for 'curl -sf -X POST -d "{}" "$client/v3/maintenance/status" >/dev/null'
echo "etcd answers at $client"

# Each node runs until its stdin (a fifo held open here) closes; no node holds another's (or its own) open.
start_node() {
  local name=$1 fd=$2
  mkfifo "$work/$name.in"
  eval "exec $fd<>\"$work/$name.in\""
  "$node_bin" --cluster.discovery=etcd --cluster.etcd.endpoints="$client" --cluster.endpoint=127.0.0.1:0 \
    --cluster.discovery-interval=200ms --name="$name" <"$work/$name.in" >"$work/$name.out" 3>&- 4>&- 5>&- &
}
start_node ann 3
start_node bob 4
start_node cid 5
for name in ann bob cid; do
  wait_for "[ \$(grep -c ' greets $name' \"$work/$name.out\") -eq 2 ]"
done
echo "each node greeted the two others:"
grep -h ' greets ' "$work"/*.out | sort | sed 's/^/  /'
exec 5>&- # cid stops in order
for name in ann bob; do
  wait_for "grep -q ' left' \"$work/$name.out\""
done
echo "cid stopped; the others heard:"
grep -h ' left' "$work"/ann.out "$work"/bob.out | sed 's/^/  /'
