#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Metrics for Prometheus: a nexus and Listing 1's server alice, each serving
# its metrics (--inspect.http), and what a scraper reads from them: alice's
# own figures, and the nexus's view of every node with a node label.
#
#   examples/inspection/metrics.sh [BUILD_DIR]
#
# It takes the programs from BUILD_DIR (default: build), else from PATH, and
# reads the pages with curl.
set -euo pipefail
build=${1:-build}
source "$(dirname "${BASH_SOURCE[0]}")/example_lib.sh"
nexus_bin=$(find_program troupe-nexus)
node_bin=$(find_program troupe_example_listing1_node)
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT

nexus_http=$(free_port)
"$nexus_bin" --port=0 --inspect.http="$nexus_http" >"$work/nexus.out" &
wait_for 'grep -q "serving metrics" "$work/nexus.out"'
nexus=$(sed -n 's/.*listening on //p' "$work/nexus.out")
alice_http=$(free_port)
mkfifo "$work/hold"
exec 3<>"$work/hold" # alice runs until this script ends
"$node_bin" --name=alice --inspect.nexus="$nexus" --inspect.interval=200ms --inspect.http="$alice_http" \
  <"$work/hold" >"$work/alice.out" &
wait_for 'grep -q port= "$work/alice.out"'

echo "alice's metrics (http://127.0.0.1:$alice_http/metrics), some of them:"
wait_for 'curl -sf "http://127.0.0.1:$alice_http/metrics" >"$work/alice.prom"'
grep -E '^troupe_(actors_running|messages_processed_total|actor_group_actors)' "$work/alice.prom" | sed 's/^/  /'
echo "the nexus's (http://127.0.0.1:$nexus_http/metrics), once alice reported:"
wait_for 'curl -sf "http://127.0.0.1:$nexus_http/metrics" >"$work/nexus.prom" && grep -q "^troupe_actor_group" "$work/nexus.prom"'
grep -E '^troupe_(node_up|actor_group_actors)' "$work/nexus.prom" | sed 's/^/  /'
