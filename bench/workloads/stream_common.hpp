// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The `stream` and `remote_stream` workloads' shared parts (troupe and CAF): the
// stage's operation, the closed-form checksums, the batch and credit sizes, the report.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "common.hpp"

namespace bench {

// Items per batch message from the source, and the credit of each consumer (the
// settings of bench/micro/stream_throughput).
inline constexpr std::uint32_t stream_batch = 256;
inline constexpr std::uint32_t stream_credit = 4096;

// The stage's operation; 2x + 1 stays an int for x < 2^30.
inline int stream_op(int x) {
  return 2 * x + 1;
}

// N, the first size: the ints 0 .. N-1 with 2x + 1 an int, 0 < N <= 2^30; exits 2 (bad
// usage) otherwise.
inline long long stream_items(const args& a) {
  const long long n = a[0];
  if (n <= 0 || n > (1LL << 30)) {
    std::fprintf(stderr, "N must be in 1 .. 2^30\n");
    std::exit(2);
  }
  return n;
}

// The sum of 2x + 1 over x = 0 .. N-1.
inline std::int64_t stream_expected(long long n) {
  return static_cast<std::int64_t>(n) * static_cast<std::int64_t>(n);
}

// remote_stream: the sum of x over x = 0 .. N-1, and the environment variable that
// tells troupe's server process N (it is started with only --serve and the workers;
// CAF's source gets N in the message that opens the stream).
inline std::int64_t stream_expected_plain(long long n) {
  return static_cast<std::int64_t>(n) * static_cast<std::int64_t>(n - 1) / 2;
}
inline constexpr const char* stream_items_variable = "BENCH_STREAM_ITEMS";

// What a sink saw: the sum and the count of its items, and whether the stream ended
// normally.
struct stream_result {
  std::int64_t sum = 0;
  std::int64_t count = 0;
  bool normal_end = false;
};

// The per-item metric and the checks of a run of N items that took `secs`; returns the
// exit status.
inline int stream_report(long long n, const stream_result& r, double secs, std::int64_t expected_sum,
                         const char* sum_check) {
  metric("ns_per_item", secs * 1e9 / static_cast<double>(n));
  int rc = check(r.normal_end, "the stream ended normally");
  rc |= check(r.count == n, "the sink got N items");
  rc |= check(r.sum == expected_sum, sum_check);
  return rc;
}

} // namespace bench
