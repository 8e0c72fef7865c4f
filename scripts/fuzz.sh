#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Builds the libFuzzer targets with clang and ASan+UBSan (-DTROUPE_BUILD_FUZZERS=ON):
# fuzz_decoder (the binary message decoder), fuzz_wire (the network layer's frame
# and handshake decoders), fuzz_inspection (the records of probes, the nexus and
# the shell) and fuzz_membership (the cluster's membership datagrams), and runs
# them side by side, each for the given number of seconds
# (default 60). Each fuzzer's output goes to its own log, printed when all are done;
# the script fails if any one finds a crash.
#   scripts/fuzz.sh [seconds]
# Needs clang and libFuzzer (Debian: apt-get install -y clang libclang-rt-14-dev).
# Environment: CXX_FUZZ=path picks the clang++ (default: clang++, else clang++-14);
#   TROUPE_BUILD_JOBS=N sets the compile jobs (default: all cores).
# Output: the build in build-fuzz/, the corpora in build-fuzz/corpus,
# build-fuzz/corpus-wire, build-fuzz/corpus-inspection, build-fuzz/corpus-membership and
# build-fuzz/corpus-discovery,
# crashes in build-fuzz/.
set -euo pipefail
seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/build-fuzz"
cxx="${CXX_FUZZ:-$(command -v clang++ || command -v clang++-14 || true)}"
[[ -n $cxx ]] || { echo "fuzz.sh: error: clang++ not found" >&2; exit 1; }

cmake_args=(-S "$root" -B "$out" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Debug
            "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g1" -DTROUPE_BUILD_FUZZERS=ON -DTROUPE_BUILD_TESTS=OFF
            -DTROUPE_BUILD_EXAMPLES=OFF -DTROUPE_BUILD_BENCHMARKS=OFF -DTROUPE_UNITY_BUILD=ON)
if command -v mold >/dev/null 2>&1; then
  cmake_args+=(-DTROUPE_LINKER=mold)
fi
if [[ ! -f $out/CMakeCache.txt ]]; then
  cmake_args+=(-G Ninja)   # an existing build directory keeps its generator
fi
echo "fuzz.sh: building fuzz_decoder, fuzz_wire, fuzz_inspection, fuzz_membership and fuzz_discovery in $out" \
  "with $cxx"
cmake "${cmake_args[@]}" >/dev/null
cmake --build "$out" --target fuzz_decoder fuzz_wire fuzz_inspection fuzz_membership fuzz_discovery --parallel "${TROUPE_BUILD_JOBS:-$(nproc)}"

# Seed corpus: a few valid messages.
mkdir -p "$out/corpus"
printf '\x01\x03\x0d\x04\x0c\x00\x00\x00\x00\x00\x90\x1e\x6c\x2a\x00\x00\x00\x02hi' > "$out/corpus/seed1"
printf '\x01\x01\x15\x02\x01\x00\x00\x00\x02\x00\x00\x00' > "$out/corpus/seed2"
printf '\x01\x01\x00\x0bfuzz_record\x07\x00\x00\x00\x01x\x01\x01\x05\x00' > "$out/corpus/seed3"
# Seeds for the wire: a hello (no node, app "troupe", nothing published), a heartbeat,
# a monitor and a goodbye, as one stream.
mkdir -p "$out/corpus-wire"
{
  printf '\x3e\x00\x00\x00\x01TRPE\x01\x00'
  head -c 28 /dev/zero
  printf '\x06troupe\x00\x00\x00'
  head -c 17 /dev/zero
  printf '\x01\x00\x00\x00\x05'
  printf '\x02\x00\x00\x00\x03\x07'
  printf '\x01\x00\x00\x00\x06'
} > "$out/corpus-wire/seed1"
# A message with a trace context (flag 16, then three uint64) and no payload.
{
  printf '\x1d\x00\x00\x00\x02\x07\x10\x05\x00'
  printf '\x01\x02\x03\x04\x05\x06\x07\x08\x11\x12\x13\x14\x15\x16\x17\x18'
  printf '\x21\x22\x23\x24\x25\x26\x27\x28'
} > "$out/corpus-wire/seed2"
# A membership datagram: a ping from the member tagged 1 to the one tagged 0 of cluster 0x5eed, with one
# update (member 2 suspected at incarnation 3 by member 1).
mkdir -p "$out/corpus-membership"
{
  printf 'TM\x02\xed\x5e\x00\x00\x00\x00\x00\x00\x00'
  printf '\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00'
  printf '\x07\x00\x00\x00\x01\x00'
  printf '\x02\x00\x00\x00\x00\x00\x00\x00\x01\x03\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00'
} > "$out/corpus-membership/seed1"
# etcd's answers: a range listing one member, in chunks, and a lease grant.
mkdir -p "$out/corpus-discovery"
printf 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n37\r\n{"kvs":[{"key":"eA==","value":"MTI3LjAuMC4xOjQwMDA="}]}\r\n0\r\n\r\n' \
  > "$out/corpus-discovery/seed1"
printf 'HTTP/1.1 200 OK\r\nContent-Length: 28\r\n\r\n{"ID":"75878697","TTL":"10"}' > "$out/corpus-discovery/seed2"
# A DNS answer: one SRV record for _t._tcp.s (port 7001, target n.s) and the target's A record.
{
  printf '\x12\x34\x85\x80\x00\x01\x00\x01\x00\x00\x00\x01'
  printf '\x02_t\x04_tcp\x01s\x00\x00\x21\x00\x01'
  printf '\xc0\x0c\x00\x21\x00\x01\x00\x00\x00\x00\x00\x0a\x00\x00\x00\x00\x1b\x59\x01n\xc0\x14'
  printf '\xc0\x2d\x00\x01\x00\x01\x00\x00\x00\x00\x00\x04\x7f\x00\x00\x01'
} > "$out/corpus-discovery/seed3"
cd "$out"
# One fuzzer per core: on two cores both get the whole time, and the stage takes
# half as long as running them one after the other.
run_fuzzer() {
  local name="$1" binary="$2" corpus="$3"
  "$binary" -max_total_time="$seconds" -max_len=4096 -rss_limit_mb=2048 -print_final_stats=1 \
    "$corpus" >"$name.log" 2>&1
}
run_fuzzer fuzz_decoder ./tests/serialization/fuzz_decoder corpus &
decoder_pid=$!
run_fuzzer fuzz_wire ./tests/net/fuzz_wire corpus-wire &
wire_pid=$!
# The inspection records' seeds come from the target itself (TROUPE_FUZZ_SEEDS).
mkdir -p corpus-inspection
TROUPE_FUZZ_SEEDS=corpus-inspection run_fuzzer fuzz_inspection ./tests/inspection/fuzz_inspection corpus-inspection &
inspection_pid=$!
run_fuzzer fuzz_membership ./tests/cluster/fuzz_membership corpus-membership &
membership_pid=$!
run_fuzzer fuzz_discovery ./tests/cluster/fuzz_discovery corpus-discovery &
discovery_pid=$!
failed=0
for name in fuzz_decoder fuzz_wire fuzz_inspection fuzz_membership fuzz_discovery; do
  pid_var="${name#fuzz_}_pid"
  if wait "${!pid_var}"; then
    status=passed
  else
    status=FAILED
    failed=1
  fi
  echo "== $name: $status (log: $out/$name.log)"
  if [[ $status == passed ]]; then
    grep -E '^(Done|stat::)' "$name.log"   # libFuzzer's final statistics
  else
    cat "$name.log"          # the crash report and the input that caused it
  fi
done
exit "$failed"
