// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Turns one actor's statistics block into an actor_snapshot: cycles into
// nanoseconds, histograms into percentiles. One reader serves one snapshot, so
// every row of it is read against the same clock reading.
#include <chrono>
#include <cmath>
#include <cstdint>

#include "troupe/detail/actor_statistics.hpp"
#include "troupe/detail/actor_tracker.hpp"
#include "troupe/inspection/actor_snapshot.hpp"

namespace troupe::inspection {

class cycle_converter {
public:
  explicit cycle_converter(double ns_per_cycle) : ns_per_cycle_(ns_per_cycle) {}
  std::chrono::nanoseconds operator()(std::uint64_t cycles) const {
    return std::chrono::nanoseconds{
      static_cast<std::int64_t>(std::llround(static_cast<double>(cycles) * ns_per_cycle_))};
  }

private:
  double ns_per_cycle_;
};

/// Reads the rows of one snapshot.
class statistics_reader {
public:
  explicit statistics_reader(detail::actor_tracker& tracker);
  /// The row of the actor whose statistics are `s`; only inside actor_tracker::for_each, which holds its lock.
  actor_snapshot operator()(detail::actor_statistics& s) const;

private:
  cycle_converter to_ns_;
  std::uint64_t now_cycles_;
};

} // namespace troupe::inspection
