#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Message traces as their readers see them: the tracing example writes its
# spans as OTLP/JSON lines to a file, POSTs them to an OTLP/HTTP collector on
# loopback, and writes a Chrome trace. opentelemetry-proto's parser (from PyPI,
# installed by scripts/install-deps.sh) reads every request, the file and the
# collector get the same spans, and the Chrome trace is strict JSON with a
# complete event per span.
#
#   trace_export_test.sh TRACING_EXAMPLE PYTHON_DEPS_DIR
set -euo pipefail

example=$1
export PYTHONPATH="$2${PYTHONPATH:+:$PYTHONPATH}"
here="$(dirname "${BASH_SOURCE[0]}")"
source "$here/process_test_lib.sh"
check=(python3 "$here/trace_check.py")

python3 -c 'import opentelemetry.proto.collector.trace.v1.trace_service_pb2' 2>"$work/import.err" ||
  fail "opentelemetry-proto is not in $2: run scripts/install-deps.sh ($(tail -n 1 "$work/import.err"))"

"${check[@]}" collector "$work/port" "$work/posts" >"$work/collector.log" 2>&1 &
pids+=("$!")
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
[ -s "$work/port" ] || fail "the collector did not start"

"$example" --inspect.trace=on --inspect.trace-file="$work/spans.otlp.json" \
  --inspect.trace-chrome="$work/spans.chrome.json" \
  --inspect.trace-otlp="http://127.0.0.1:$(cat "$work/port")/v1/traces" >"$work/example.out" 2>"$work/example.err" ||
  fail "the example failed"
touch "$work/port.stop"
grep -q "cannot send spans" "$work/example.err" && fail "the collector refused spans"

file_says=$("${check[@]}" otlp "$work/spans.otlp.json") || fail "$file_says"
echo "file: $file_says"
shopt -s nullglob
posts=("$work"/posts/*.json)
[ ${#posts[@]} -gt 0 ] || fail "the collector got nothing"
posted=$("${check[@]}" otlp "${posts[@]}") || fail "$posted"
echo "collector: $posted"
# The same spans either way (the file has one request per line, the collector one per POST).
[ "${file_says%, from*}" = "${posted%, from*}" ] || fail "the file and the collector differ"
# 20 baskets, one trace each: the pricing request, three stock requests and their three
# responses; and a trace of one span for each actor's exit message.
[[ $file_says == "otlp: 142 spans in 22 traces, 22 roots"* ]] || fail "unexpected spans: $file_says"

chrome_says=$("${check[@]}" chrome "$work/spans.chrome.json") || fail "$chrome_says"
echo "$chrome_says"
spans=${file_says#otlp: }
[[ $chrome_says == "chrome: ${spans%% *} complete events"* ]] || fail "the Chrome trace lacks spans"
echo "trace export test: passed"
