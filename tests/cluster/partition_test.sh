#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Real processes, a real partition: N members of a static cluster
# (troupe_cluster_watch), each a process in a network namespace of its own,
# joined by veth pairs to a bridge in a hub namespace, all created by this
# test. Each phase waits, bounded, until every member's view is the expected
# one:
#   1. every member sees every member up;
#   2. an nftables rule on the hub's bridge cuts the members into two halves:
#      each half reports the other down;
#   3. the rule goes: the halves hear each other again, and every member sees
#      every member up (each refutes its death with a higher incarnation);
#   4. one member is stopped (SIGSTOP) for 300 ms, well under the suspicion
#      timeout: nobody counts a new member_down;
#   5. it is stopped for good: the others report it down; it resumes (SIGCONT)
#      and comes back, and every member sees every member up;
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
tag="tp$$"
hub="$tag-hub"
work=$(mktemp -d)
cleanup() {
  touch "$work/stop"
  kill -CONT $(jobs -p) 2>/dev/null || true
  sleep 1
  kill -KILL $(jobs -p) 2>/dev/null || true
  wait 2>/dev/null || true
  # Deleting a namespace deletes its end of each veth pair, and so the pair.
  for ((i = 0; i < n; ++i)); do ip netns delete "$tag-$i" 2>/dev/null || true; done
  ip netns delete "$hub" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
ip netns add "$hub"
ip -n "$hub" link add br0 type bridge
ip -n "$hub" link set br0 up
address() { echo "10.77.$(($1 / 200)).$(($1 % 200 + 1))"; }
members=""
for ((i = 0; i < n; ++i)); do
  ip netns add "$tag-$i"
  ip link add "v$tag-$i" netns "$tag-$i" type veth peer name "b$tag-$i" netns "$hub"
  ip -n "$tag-$i" addr add "$(address $i)/16" dev "v$tag-$i"
  ip -n "$tag-$i" link set "v$tag-$i" up
  ip -n "$tag-$i" link set lo up
  ip -n "$hub" link set "b$tag-$i" master br0
  ip -n "$hub" link set "b$tag-$i" up
  members+="${members:+,}$(address $i):7000"
done
pids=()
for ((i = 0; i < n; ++i)); do
  ip netns exec "$tag-$i" "$program" --dir="$work" --cluster.discovery=static --cluster.static.members="$members" \
    --cluster.endpoint="$(address $i):7000" --cluster.probe-interval=100ms --cluster.suspicion-timeout=1s \
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
low="{ $(for ((i = 0; i < half; ++i)); do printf '%s, ' "$(address $i)"; done | sed 's/, $//') }"
high="{ $(for ((i = half; i < n; ++i)); do printf '%s, ' "$(address $i)"; done | sed 's/, $//') }"
ip netns exec "$hub" nft -f - <<NFT
table bridge partition {
  chain forward {
    type filter hook forward priority 0;
    ip saddr $low ip daddr $high drop
    ip saddr $high ip daddr $low drop
  }
}
NFT
expected() { state_row "$1"; }
wait_views "each half reports the other down" 30

ip netns exec "$hub" nft delete table bridge partition
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
