// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// How one scheduler worker spent an interval: running actors, looking for
// work (stealing from other workers, polling), or asleep.
#include <cstdint>

#include "troupe/serialization/field.hpp"

namespace troupe::inspection {

/// One worker over one statistics interval; the three shares add up to 1.
struct worker_utilization {
  double busy = 0;          ///< share of the interval it ran actors
  double stealing = 0;      ///< share it looked for work: its own queues were empty, it searched other workers'
  double idle = 0;          ///< share it slept, waiting to be woken
  std::uint64_t stolen = 0; ///< jobs it took from other workers in the interval
};

/// The fields of worker_utilization, for the serialization (one function saves and loads).
template <class Inspector>
bool inspect(Inspector& f, worker_utilization& x) {
  return f(field("busy", x.busy), field("stealing", x.stealing), field("idle", x.idle), field("stolen", x.stolen));
}

} // namespace troupe::inspection
