// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// One warm-up run, then one measured run of a scenario, for the programs meant
// for profilers: under callgrind the measured run is bracketed by
// CALLGRIND_ZERO_STATS and CALLGRIND_DUMP_STATS_AT("measured"), so the dump
// named "measured" holds exactly it (all threads). Prints wall and process CPU
// time per item.
#pragma once

#include <chrono>
#include <cstdio>

#if __has_include(<valgrind/callgrind.h>)
#  include <valgrind/callgrind.h>
#  define TROUPE_BENCH_PROBE_ZERO() CALLGRIND_ZERO_STATS
#  define TROUPE_BENCH_PROBE_DUMP() CALLGRIND_DUMP_STATS_AT("measured")
#else
#  define TROUPE_BENCH_PROBE_ZERO() ((void)0)
#  define TROUPE_BENCH_PROBE_DUMP() ((void)0)
#endif

#include "bench_common.hpp"

namespace troupe_bench {

template <class F>
void measured_run(const char* what, double items, F f) {
  f(); // warm-up
  auto w0 = std::chrono::steady_clock::now();
  auto c0 = process_cpu_seconds();
  TROUPE_BENCH_PROBE_ZERO();
  f();
  TROUPE_BENCH_PROBE_DUMP();
  auto c1 = process_cpu_seconds();
  auto w1 = std::chrono::steady_clock::now();
  std::printf("%s: %.0f items, wall %.1f ns/item, process CPU %.1f ns/item\n", what, items,
              std::chrono::duration<double, std::nano>(w1 - w0).count() / items, (c1 - c0) * 1e9 / items);
}

} // namespace troupe_bench
