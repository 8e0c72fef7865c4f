// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "histogram_seconds.hpp"

#include <algorithm>

namespace troupe::inspection {

time_histogram histogram_seconds(const std::uint64_t (&buckets)[detail::cycle_histogram::num_buckets],
                                 std::uint64_t cycles, double ns_per_cycle) {
  constexpr auto n = detail::cycle_histogram::num_buckets;
  const auto& bounds = time_histogram::bounds;
  time_histogram out;
  out.counts.assign(bounds.size() + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    if (buckets[i] == 0)
      continue;
    auto slot = bounds.size(); // the last cycle bucket holds everything longer: above every bound
    if (i + 1 < n) {
      auto upper = static_cast<double>(detail::cycle_histogram::upper_bound(i)) * ns_per_cycle * 1e-9;
      slot = static_cast<std::size_t>(std::lower_bound(bounds.begin(), bounds.end(), upper) - bounds.begin());
    }
    out.counts[slot] += buckets[i];
    out.count += buckets[i];
  }
  out.sum_seconds = static_cast<double>(cycles) * ns_per_cycle * 1e-9;
  return out;
}

} // namespace troupe::inspection
