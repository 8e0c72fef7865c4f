#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# The browser dashboard of a small system: a nexus serving it
# (--inspect.http), Listing 1's server alice and two clients pinging her. It
# prints the address to open and what the landing page shows (read from its
# JSON), then, with a number of seconds, keeps the system running that long
# for a browser.
#
#   examples/inspection/dashboard.sh [BUILD_DIR] [SECONDS]
#
# It takes the programs from BUILD_DIR (default: build), else from PATH.
set -euo pipefail
build=${1:-build}
hold=${2:-0}
source "$(dirname "${BASH_SOURCE[0]}")/example_lib.sh"
nexus_bin=$(find_program troupe-nexus)
node_bin=$(find_program troupe_example_listing1_node)
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT

http=$(free_port)
"$nexus_bin" --port=0 --inspect.http="$http" >"$work/nexus.out" 2>"$work/nexus.err" &
wait_for 'grep -q "dashboard on" "$work/nexus.out"'
nexus=$(sed -n 's/.*listening on //p' "$work/nexus.out")
mkfifo "$work/hold"
exec 3<>"$work/hold" # the nodes run until this script ends
"$node_bin" --name=alice --inspect.nexus="$nexus" --inspect.allow-control=true \
  <"$work/hold" >"$work/alice.out" 2>"$work/alice.err" &
wait_for 'grep -q port= "$work/alice.out"'
alice=127.0.0.1:$(sed -n 's/^port=//p' "$work/alice.out")
for client in bob carol; do
  "$node_bin" --name="$client" --server="$alice" --inspect.nexus="$nexus" \
    <"$work/hold" >"$work/$client.out" 2>"$work/$client.err" &
done

echo "the dashboard: http://127.0.0.1:$http/"
wait_for 'curl -sf "http://127.0.0.1:$http/api/overview" >"$work/overview.json" &&
          python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(len(d[\"nodes\"]) < 3 or not d[\"busiest\"])" \
            "$work/overview.json"'
python3 - "$work/overview.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for n in d["nodes"]:
    print(f"  node {n['host']}:{n['pid']} {'up' if n['up'] else 'down'}")
for a in d["busiest"]:
    print(f"  busy: {a['name']}#{a['id']} on pid {a['node'].split('#')[1].split('.')[0]}: "
          f"{a['processed']} messages handled")
PY
if [ "$hold" -gt 0 ]; then
  echo "running for $hold s; open the address above"
  sleep "$hold"
fi
