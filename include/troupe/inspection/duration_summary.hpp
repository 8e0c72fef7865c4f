// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A distribution of durations, as inspection reports it: how many were
// measured, their sum, two percentiles, and the buckets they came from (the
// same buckets a Prometheus histogram would show).
#include <chrono>
#include <cstdint>
#include <vector>

namespace troupe::inspection {

/// One bucket of a duration_summary: how many measurements were at most `upper_bound` (and above the
/// previous bucket's bound).
struct duration_bucket {
  std::chrono::nanoseconds upper_bound{0}; ///< the longest duration this bucket holds
  std::uint64_t count = 0;                 ///< measurements in this bucket
};

/// The durations measured for one quantity of one actor (a sample of its messages, not every one).
struct duration_summary {
  std::uint64_t samples = 0;            ///< how many durations were measured
  std::chrono::nanoseconds sum{0};      ///< their total
  std::chrono::nanoseconds p50{0};      ///< median (the upper bound of the bucket holding it)
  std::chrono::nanoseconds p99{0};      ///< 99th percentile (likewise)
  std::vector<duration_bucket> buckets; ///< the non-empty buckets, shortest first

  /// The mean of the measured durations (zero without samples).
  std::chrono::nanoseconds mean() const noexcept {
    return samples == 0 ? std::chrono::nanoseconds{0} : sum / static_cast<std::int64_t>(samples);
  }
};

} // namespace troupe::inspection
