#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# A large job of real processes: N ranks of troupe_cluster_watch under
# mpirun (oversubscribed on this machine's cores), each finding the others
# through PMIx. Passes when every rank sees every rank up, none has counted
# a member_down after 3 s more, every view settles again, and every rank
# stops in order. A member may be suspected for a moment meanwhile: 64 ranks
# on two cores (under a sanitizer) delay each other's heartbeats, and the
# detector suspects before it reports down.
#   mpirun_watch_test.sh WATCH_PROGRAM [N=64]
set -euo pipefail
program=$1
n=${2:-64}
command -v mpirun >/dev/null || { echo "mpirun_watch_test: no mpirun: skipped"; exit 77; }
work=$(mktemp -d)
trap 'touch "$work/stop"; sleep 1; kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun --oversubscribe -np "$n" "$program" --dir="$work" \
  >"$work/mpirun.out" 2>&1 &
job=$!
all_up="$(for ((i = 0; i < n; ++i)); do printf 'up '; done)downs=0"
# A rank's view, read by the shell itself: a check of 64 views forks nothing,
# which matters on two cores that 64 ranks under a sanitizer keep busy.
view_of() {
  local line=""
  read -r line 2>/dev/null <"$work/view-$1" || true
  printf '%s' "$line"
}
settled() {
  local r line
  for ((r = 0; r < n; ++r)); do
    line=""
    read -r line 2>/dev/null <"$work/view-$r" || true
    [[ "$line" == "$all_up" ]] || return 1
  done
}
# Waits up to 120 s for every view to be all up; t: tenths of a second waited.
t=0
wait_settled() {
  for ((t = 0; t < 1200; ++t)); do
    settled && return 0
    sleep 0.1
  done
  return 1
}
show_unsettled() {
  local r
  for ((r = 0; r < n; ++r)); do
    [[ "$(view_of "$r")" == "$all_up" ]] || echo "  rank $r: $(view_of "$r")"
  done
}
if ! wait_settled; then
  echo "mpirun_watch_test: FAILED: not every rank sees $n ranks up within 120 s"
  show_unsettled
  exit 1
fi
echo "mpirun_watch_test: every one of $n ranks sees every rank up after $((t / 10)).$((t % 10)) s"
sleep 3
for ((r = 0; r < n; ++r)); do
  [[ "$(view_of "$r")" == *" downs=0" ]] || {
    echo "mpirun_watch_test: FAILED: rank $r reported a member down: $(view_of "$r")"
    exit 1
  }
done
if ! wait_settled; then
  echo "mpirun_watch_test: FAILED: the views did not settle again within 120 s"
  show_unsettled
  exit 1
fi
touch "$work/stop"
if ! wait "$job"; then
  echo "mpirun_watch_test: FAILED: the job did not end in order"
  cat "$work/mpirun.out"
  exit 1
fi
echo "mpirun_watch_test: no rank reported another down, and every rank stopped in order; passed"
