#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# The paper's Listing 1 as a session you can run: a nexus, the server alice
# and the clients bob and charlie (listing1_node), and troupe-shell asking
# alice's ping server for a pong.
#
#   examples/inspection/listing1.sh [BUILD_DIR]
#
# It takes the programs from BUILD_DIR (default: build), else from PATH.
set -euo pipefail
build=${1:-build}
source "$(dirname "${BASH_SOURCE[0]}")/example_lib.sh"
nexus_bin=$(find_program troupe-nexus)
shell_bin=$(find_program troupe-shell)
node_bin=$(find_program troupe_example_listing1_node)
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT

"$nexus_bin" --port=0 >"$work/nexus.out" &
wait_for 'grep -q listening "$work/nexus.out"'
nexus=$(sed -n 's/.*listening on //p' "$work/nexus.out")
echo "nexus at $nexus"

mkfifo "$work/hold"
exec 3<>"$work/hold" # the nodes run until this script ends
"$node_bin" --name=alice --inspect.nexus="$nexus" --inspect.allow-control=true <"$work/hold" >"$work/alice.out" &
alice=$!
wait_for 'grep -q port= "$work/alice.out"'
port=$(sed -n 's/^port=//p' "$work/alice.out")
for name in bob charlie; do
  "$node_bin" --name=$name --server="127.0.0.1:$port" --inspect.nexus="$nexus" <"$work/hold" >/dev/null &
done
wait_for '[ "$(echo list-nodes | "$shell_bin" --nexus="$nexus" | grep -c " up$")" -eq 3 ]'

id=$(printf 'change-node %s\nlist-actors\n' "$(hostname):$alice" | "$shell_bin" --nexus="$nexus" |
  awk '$2 == "ping_server" { print $1 }')
commands="list-nodes
change-node $(hostname):$alice
list-actors
send $id ('ping')
await-msg 5s"
echo "the shell's commands:"
printf '%s\n' "$commands" | sed 's/^/  troupe> /'
echo "its output:"
printf '%s\n' "$commands" | "$shell_bin" --nexus="$nexus" | sed 's/^/  /'
