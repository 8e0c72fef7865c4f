// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What the membership benchmarks compute from a simulated run: seconds of
// simulated time, and percentiles of a sample.
#include <algorithm>
#include <cmath>
#include <vector>

#include "swim/swim_types.hpp"

namespace simulated_figures {

inline double seconds(troupe::cluster::swim::duration d) {
  return std::chrono::duration<double>(d).count();
}

/// The p-th quantile (0 < p <= 1) of `xs` by the nearest rank; NaN when `xs` is empty.
inline double percentile(std::vector<double> xs, double p) {
  if (xs.empty())
    return NAN;
  std::sort(xs.begin(), xs.end());
  auto i = static_cast<std::size_t>(std::ceil(p * static_cast<double>(xs.size()))) - 1;
  return xs[std::min(i, xs.size() - 1)];
}

} // namespace simulated_figures
