#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# The flight recorder: Listing 1's alice and a client run with
# --inspect.recorder-file; SIGUSR2 asks alice for her last events, which she
# writes to the file and goes on running. A fatal signal writes the same.
#
#   examples/inspection/flight_recorder.sh [BUILD_DIR]
#
# It takes the program from BUILD_DIR (default: build), else from PATH.
set -euo pipefail
build=${1:-build}
source "$(dirname "${BASH_SOURCE[0]}")/example_lib.sh"
node_bin=$(find_program troupe_example_listing1_node)
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT

mkfifo "$work/hold"
exec 3<>"$work/hold" # the nodes run until this script ends
"$node_bin" --name=alice --inspect.recorder-file="$work/alice.flight" \
  <"$work/hold" >"$work/alice.out" 2>"$work/alice.err" &
alice=$!
wait_for 'grep -q port= "$work/alice.out"'
"$node_bin" --name=bob --server="127.0.0.1:$(sed -n 's/^port=//p' "$work/alice.out")" \
  <"$work/hold" >"$work/bob.out" 2>"$work/bob.err" &
wait_for 'grep -q "pings alice" "$work/bob.out"'
sleep 0.5 # a few pings

kill -USR2 "$alice"
wait_for 'grep -q " spawn " "$work/alice.flight"'
echo "alice's flight recorder after SIGUSR2 ($work/alice.flight):"
sed 's/^/  /' "$work/alice.flight"
