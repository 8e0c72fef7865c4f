#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Prometheus against real processes on loopback: a node serves its metrics
# (--inspect.http), troupe-nexus serves every node's with a node label;
# `promtool check metrics` lints both expositions, `promtool check rules` the
# example alerting rules, and a real Prometheus server scrapes the node and the
# nexus and answers PromQL queries about them.
#
#   prometheus_test.sh TROUPE_NEXUS LISTING1_NODE ALERT_RULES
# Where promtool, prometheus or curl is missing it reports itself skipped.
set -euo pipefail

nexus_bin=$1
node_bin=$2
rules=$3
for tool in promtool prometheus curl python3; do
  if ! command -v "$tool" >/dev/null; then
    echo "prometheus test: skipped: $tool is not installed (scripts/install-deps.sh installs it)"
    exit 77
  fi
done
source "$(dirname "${BASH_SOURCE[0]}")/process_test_lib.sh"

# Fetches $1 into $2 until its content matches $3 (bounded: 10 s).
fetch_until() {
  local url=$1 out=$2 pattern=$3
  for _ in $(seq 100); do
    if curl -sf --max-time 2 "$url" >"$out" 2>/dev/null && grep -q "$pattern" "$out"; then
      return 0
    fi
    sleep 0.1
  done
  fail "$url never showed '$pattern'"
}

nexus_http=$(free_port)
"$nexus_bin" --port=0 --inspect.http="$nexus_http" >"$work/nexus.out" 2>"$work/nexus.err" &
pids+=($!)
wait_for_line "$work/nexus.out" "serving metrics on"
nexus_port=$(sed -n 's/.*listening on 127.0.0.1:\([0-9]*\).*/\1/p' "$work/nexus.out")

node_http=$(free_port)
mkfifo "$work/alice.in"
"$node_bin" --name=alice --lifetime=60s --inspect.nexus="127.0.0.1:$nexus_port" --inspect.interval=200ms \
  --inspect.http="$node_http" <"$work/alice.in" >"$work/alice.out" 2>"$work/alice.err" &
pids+=($!)
exec {alice_in}<>"$work/alice.in"
wait_for_line "$work/alice.out" "port="

# The node's own exposition.
fetch_until "http://127.0.0.1:$node_http/metrics" "$work/node.prom" '^troupe_actor_group_actors{name="ping_server"} 1$'
promtool check metrics <"$work/node.prom" || fail "promtool check metrics on the node's /metrics"
grep -q '^troupe_actors_running [1-9]' "$work/node.prom" || fail "the node counts no running actor"
grep -q '^# TYPE troupe_messages_processed_total counter$' "$work/node.prom" || fail "no message counter"

# The nexus's: alice with a node label, once her first statistics arrived.
fetch_until "http://127.0.0.1:$nexus_http/metrics" "$work/nexus.prom" 'troupe_actor_group_actors{node="[^"]*",name="ping_server"} 1$'
promtool check metrics <"$work/nexus.prom" || fail "promtool check metrics on the nexus's /metrics"
grep -q '^troupe_node_up{node="[^"]*"} 1$' "$work/nexus.prom" || fail "the nexus shows no node up"

promtool check rules "$rules" || fail "promtool check rules $rules"

# A real Prometheus scrapes both every second and answers PromQL.
prom_port=$(free_port)
cat >"$work/prometheus.yml" <<EOF
global:
  scrape_interval: 1s
  evaluation_interval: 1s
rule_files:
  - $rules
scrape_configs:
  - job_name: troupe-node
    static_configs:
      - targets: ['127.0.0.1:$node_http']
  - job_name: troupe-nexus
    static_configs:
      - targets: ['127.0.0.1:$nexus_http']
EOF
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/data" \
  --web.listen-address="127.0.0.1:$prom_port" >"$work/prometheus.log" 2>&1 &
pids+=($!)

# query PROMQL: the first sample's value, or nothing (bounded: 30 s).
query_until() {
  local promql=$1 want=$2 result=""
  for _ in $(seq 150); do
    result=$(curl -sf --max-time 2 "http://127.0.0.1:$prom_port/api/v1/query" --data-urlencode "query=$promql" \
               2>/dev/null || true)
    [ -n "$result" ] || result='{}'
    if python3 -c '
import json, sys
r = json.loads(sys.argv[1])
values = [float(x["value"][1]) for x in r["data"]["result"]]
sys.exit(0 if values and eval(sys.argv[2], {"v": values[0]}) else 1)' "$result" "$want" 2>/dev/null; then
      echo "prometheus: $promql -> $result"
      return 0
    fi
    sleep 0.2
  done
  fail "Prometheus never answered $promql with $want (last: $result)"
}
query_until 'troupe_actor_group_actors{job="troupe-node",name="ping_server"}' 'v == 1'
query_until 'troupe_node_up{job="troupe-nexus"}' 'v == 1'
query_until 'sum(troupe_worker_seconds_total{job="troupe-node"})' 'v > 0'
query_until 'up{job="troupe-node"}' 'v == 1'
echo "prometheus test: passed"
