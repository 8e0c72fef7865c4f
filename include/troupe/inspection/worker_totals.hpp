// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Where one scheduler worker's time went since the probe started, as running
// totals: what a metrics scraper turns into rates (worker_utilization has the
// shares of the last interval instead).
#include <cstdint>

#include "troupe/serialization/field.hpp"

namespace troupe::inspection {

/// One worker's seconds since the probe started: the three add up to the time since then.
struct worker_totals {
  double busy_seconds = 0;      ///< running actors
  double searching_seconds = 0; ///< looking for work: its own queues were empty
  double parked_seconds = 0;    ///< asleep, waiting to be woken
  std::uint64_t steals = 0;     ///< jobs it took from other workers
};

/// The fields of worker_totals, for the serialization (one function saves and loads).
template <class Inspector>
bool inspect(Inspector& f, worker_totals& x) {
  return f(field("busy_seconds", x.busy_seconds), field("searching_seconds", x.searching_seconds),
           field("parked_seconds", x.parked_seconds), field("steals", x.steals));
}

} // namespace troupe::inspection
