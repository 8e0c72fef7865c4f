// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A node's sampled message times, counted against fixed bounds in seconds,
// as Prometheus' histograms have them. The counts never go down while the
// node runs: the timings of actors that ended stay in them.
#include <array>
#include <cstdint>
#include <vector>

#include "troupe/serialization/field.hpp"

namespace troupe::inspection {

/// Sampled durations by upper bound in seconds (1 µs to 10 s, in steps of 1, 2.5 and 5), their sum and number.
struct time_histogram {
  /// The upper bounds in seconds; a duration counts in the first bound at or above the end of the cycle range it
  /// was measured in.
  static constexpr std::array<double, 22> bounds = {1e-6, 2.5e-6, 5e-6,   1e-5, 2.5e-5, 5e-5,   1e-4, 2.5e-4,
                                                    5e-4, 1e-3,   2.5e-3, 5e-3, 1e-2,   2.5e-2, 5e-2, 0.1,
                                                    0.25, 0.5,    1.0,    2.5,  5.0,    10.0};
  /// counts[i] for bounds[i] (not cumulative), then one more for what lies above the last bound; empty while the
  /// node has not measured its clock yet.
  std::vector<std::uint64_t> counts;
  double sum_seconds = 0;  ///< the durations added up
  std::uint64_t count = 0; ///< how many were sampled: the sum of counts
};

/// The fields of time_histogram, for the serialization (one function saves and loads).
template <class Inspector>
bool inspect(Inspector& f, time_histogram& x) {
  return f(field("counts", x.counts), field("sum_seconds", x.sum_seconds), field("count", x.count));
}

} // namespace troupe::inspection
