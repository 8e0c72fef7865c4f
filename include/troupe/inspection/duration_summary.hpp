// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A distribution of durations, as inspection reports it: how many were
// measured, their sum, two percentiles, and the buckets they came from (the
// same buckets a Prometheus histogram would show).
#include <chrono>
#include <cstdint>
#include <vector>

#include "troupe/inspection/wire_time.hpp"
#include "troupe/serialization/field.hpp"

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

/// The fields of duration_bucket, for the serialization (one function saves and loads).
template <class Inspector>
bool inspect(Inspector& f, duration_bucket& x) {
  wire_duration bound{x.upper_bound};
  if (!f(field("upper_bound", bound.nanoseconds), field("count", x.count)))
    return false;
  x.upper_bound = bound.get();
  return true;
}

/// The fields of duration_summary, for the serialization.
template <class Inspector>
bool inspect(Inspector& f, duration_summary& x) {
  wire_duration sum{x.sum};
  wire_duration p50{x.p50};
  wire_duration p99{x.p99};
  if (!f(field("samples", x.samples), field("sum", sum.nanoseconds), field("p50", p50.nanoseconds),
         field("p99", p99.nanoseconds), field("buckets", x.buckets)))
    return false;
  x.sum = sum.get();
  x.p50 = p50.get();
  x.p99 = p99.get();
  return true;
}

} // namespace troupe::inspection
