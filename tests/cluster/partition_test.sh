#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Real processes, a real partition: N members of a static cluster
# (troupe_cluster_watch), each a process of its own, on the loopback of a
# network namespace this test creates. Each phase waits, bounded, until every
# member's view is the expected one:
#   1. every member sees every member up;
#   2. an nftables rule in the namespace cuts the members into two halves:
#      each half reports the other down;
#   3. the rule goes: the halves hear each other again, and every member sees
#      every member up (each refutes its death with a higher incarnation);
#   4. one member is stopped (SIGSTOP) for 300 ms, well under the suspicion
#      timeout: nobody counts a new member_down;
#   5. it is stopped for 6 s: the others report it down; it resumes and comes
#      back, and every member sees every member up;
#   6. every member stops in order.
#   partition_test.sh WATCH_PROGRAM [N=16]
# Needs root, ip and nft; exits 77 (skipped) without them.
set -euo pipefail
program=$1
n=${2:-16}
if [[ $(id -u) != 0 ]] || ! command -v ip >/dev/null || ! command -v nft >/dev/null; then
  echo "partition_test: needs root, ip and nft: skipped"
  exit 77
fi
ns="troupe-part-$$"
work=$(mktemp -d)
cleanup() {
  touch "$work/stop"
  kill -CONT $(jobs -p) 2>/dev/null || true
  sleep 1
  kill -KILL $(jobs -p) 2>/dev/null || true
  wait 2>/dev/null || true
  ip netns delete "$ns" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
ip netns add "$ns"
ip -n "$ns" link set lo up

# Ports 20000 + i inside the namespace, which has nothing else on it.
members=""
for ((i = 0; i < n; ++i)); do
  members+="${members:+,}127.0.0.1:$((20000 + i))"
done
pids=()
for ((i = 0; i < n; ++i)); do
  ip netns exec "$ns" "$program" --dir="$work" --cluster.discovery=static --cluster.static.members="$members" \
    --cluster.endpoint="127.0.0.1:$((20000 + i))" --cluster.probe-interval=100ms --cluster.suspicion-timeout=1s \
    >"$work/out-$i" 2>&1 &
  pids+=($!)
done

# view I: member I's view, without its count of downs.
view() { sed 's/ downs=.*//' "$work/view-$1" 2>/dev/null || true; }
downs() { sed -n 's/.* downs=//p' "$work/view-$1" 2>/dev/null || echo 0; }
all_up=$(for ((i = 0; i < n; ++i)); do printf 'up '; done | sed 's/ $//')
# Waits (at most $2 s) until every member's view is what `expected I` prints.
wait_views() {
  local what=$1 limit=$2 i ok
  for ((t = 0; t < limit * 10; ++t)); do
    ok=1
    for ((i = 0; i < n; ++i)); do
      [[ "$(view $i)" == "$(expected $i)" ]] || { ok=0; break; }
    done
    ((ok)) && { echo "partition_test: $what after $((t / 10)).$((t % 10)) s"; return 0; }
    sleep 0.1
  done
  echo "partition_test: FAILED: $what (not within $limit s)"
  for ((i = 0; i < n; ++i)); do echo "  member $i sees: $(view $i) (wanted: $(expected $i))"; done
  exit 1
}

expected() { echo "$all_up"; }
wait_views "every member sees every member up" 30

half=$((n / 2))
state_row() { # the view of a member in half $1 while the halves are cut
  local i row=""
  for ((i = 0; i < n; ++i)); do
    if (((i < half) == ($1 < half))); then row+="up "; else row+="down "; fi
  done
  echo "${row% }"
}
low="{ $(seq -s ', ' 20000 $((20000 + half - 1))) }"
high="{ $(seq -s ', ' $((20000 + half)) $((20000 + n - 1))) }"
ip netns exec "$ns" nft -f - <<NFT
table inet partition {
  chain output {
    type filter hook output priority 0;
    udp sport $low udp dport $high drop
    udp sport $high udp dport $low drop
    tcp sport $low tcp dport $high drop
    tcp sport $high tcp dport $low drop
  }
}
NFT
expected() { state_row "$1"; }
wait_views "each half reports the other down" 30

ip netns exec "$ns" nft delete table inet partition
expected() { echo "$all_up"; }
wait_views "the partition healed: every member sees every member up" 30

victim=$((n - 1))
before=0
for ((i = 0; i < n - 1; ++i)); do before=$((before + $(downs $i))); done
kill -STOP "${pids[$victim]}"
sleep 0.3
kill -CONT "${pids[$victim]}"
sleep 2
after=0
for ((i = 0; i < n - 1; ++i)); do after=$((after + $(downs $i))); done
if ((after != before)); then
  echo "partition_test: FAILED: a 300 ms stop of member $victim made $((after - before)) member_down events"
  exit 1
fi
echo "partition_test: a 300 ms stop of member $victim: no member reported it down"

kill -STOP "${pids[$victim]}"
expected() {
  if (($1 == victim)); then echo "$all_up"; else echo "${all_up% up} down"; fi
}
# Member $victim's own view file stands still while it is stopped: it still says every member is up.
wait_views "member $victim stopped for good: the others report it down" 30
kill -CONT "${pids[$victim]}"
expected() { echo "$all_up"; }
wait_views "member $victim resumed: every member sees every member up" 30

touch "$work/stop"
status=0
for pid in "${pids[@]}"; do
  wait "$pid" || status=1
done
if ((status)); then
  echo "partition_test: FAILED: a member did not stop in order"
  cat "$work"/out-* >&2
  exit 1
fi
echo "partition_test: every member stopped in order; passed"
