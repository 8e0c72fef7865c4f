#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# The browser dashboard of a running 3-node system, in a real browser: a nexus
# serving the dashboard (--inspect.http), alice with her ping server and two
# clients pinging her, all reporting to the nexus; Debian's headless Chromium,
# driven through chromedriver by dashboard_browser.py, checks the DOM for the
# three nodes and the ping server, that the live stream is up, and that a
# chart updates. One node's own dashboard is checked too.
#
#   dashboard_test.sh TROUPE_NEXUS LISTING1_NODE [SCREENSHOT_DIR]
# Where Chromium or chromedriver is missing it reports itself skipped.
set -euo pipefail

nexus_bin=$1
node_bin=$2
shots=${3:-}
here=$(dirname "${BASH_SOURCE[0]}")
for tool in /usr/bin/chromium /usr/bin/chromedriver python3; do
  if ! command -v "$tool" >/dev/null; then
    echo "dashboard test: skipped: $tool is not installed (scripts/install-deps.sh installs it)"
    exit 77
  fi
done
source "$here/process_test_lib.sh"

nexus_http=$(free_port)
"$nexus_bin" --port=0 --inspect.http="$nexus_http" --inspect.interval=300ms >"$work/nexus.out" 2>"$work/nexus.err" &
pids+=($!)
wait_for_line "$work/nexus.out" "dashboard on"
nexus_port=$(sed -n 's/.*listening on 127.0.0.1:\([0-9]*\).*/\1/p' "$work/nexus.out")

# start_node NAME [OPTION...]: a node of the example reporting to the nexus.
start_node() {
  local name=$1
  shift
  mkfifo "$work/$name.in"
  "$node_bin" --name="$name" --lifetime=90s --inspect.nexus="127.0.0.1:$nexus_port" --inspect.interval=300ms "$@" \
    <"$work/$name.in" >"$work/$name.out" 2>"$work/$name.err" &
  pids+=($!)
  exec {fd}<>"$work/$name.in"
}

alice_http=$(free_port)
start_node alice --inspect.http="$alice_http" --inspect.allow-control=true
wait_for_line "$work/alice.out" "port="
alice_port=$(sed -n 's/^port=\([0-9]*\).*/\1/p' "$work/alice.out")
start_node bob --server="127.0.0.1:$alice_port"
start_node carol --server="127.0.0.1:$alice_port"
wait_for_line "$work/bob.out" "pings alice"
wait_for_line "$work/carol.out" "pings alice"

shot_args=()
[ -n "$shots" ] && shot_args=(--screenshots "$shots")
python3 "$here/dashboard_browser.py" "http://127.0.0.1:$nexus_http/" --nodes 3 --actor ping_server "${shot_args[@]}" ||
  fail "the nexus's dashboard"
python3 "$here/dashboard_browser.py" "http://127.0.0.1:$alice_http/" --nodes 1 --actor ping_server ||
  fail "alice's own dashboard"
echo "dashboard test: passed"
