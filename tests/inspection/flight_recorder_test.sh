#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# The flight recorder in a real process: Listing 1's alice with
# --inspect.recorder-file writes her last events when she gets SIGUSR2 and
# goes on running, and writes them again when a fatal signal (SIGSEGV) kills
# her, which still kills her.
#
#   flight_recorder_test.sh LISTING1_NODE
set -euo pipefail

node_bin=$1
source "$(dirname "${BASH_SOURCE[0]}")/process_test_lib.sh"

ulimit -c 0 # the crash below needs no core file
record="$work/flight.txt"
mkfifo "$work/alice.in"
"$node_bin" --name=alice --lifetime=60s --inspect.recorder-file="$record" \
  <"$work/alice.in" >"$work/alice.out" 2>"$work/alice.err" &
alice=$!
pids+=("$alice")
exec {alice_in}<>"$work/alice.in"
wait_for_line "$work/alice.out" "port="

kill -USR2 "$alice"
wait_for_line "$record" " spawn [0-9]* ping_server$"
grep -q "^# troupe flight recorder: SIGUSR2, pid $alice" "$record" || fail "no SIGUSR2 header in $record"
kill -0 "$alice" || fail "alice did not survive SIGUSR2"

rm -f "$record"
kill -SEGV "$alice"
status=0
wait "$alice" || status=$?
# By SIGSEGV (status 139), or, in a sanitizer's build, by its own report of the
# signal, which the recorder hands on to after its dump.
[ "$status" -ne 0 ] || fail "alice survived SIGSEGV"
kill -0 "$alice" 2>/dev/null && fail "alice still runs after SIGSEGV"
wait_for_line "$record" "^# troupe flight recorder: fatal signal SIGSEGV, pid $alice"
grep -q " spawn [0-9]* ping_server$" "$record" || fail "the crash dump lacks the ping server's spawn"
echo "flight recorder test: passed"
