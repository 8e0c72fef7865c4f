// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Sampled times counted in cycle buckets (two per power of two), turned into
// counts against the fixed bounds in seconds that metrics expose.
#include <cstdint>

#include "troupe/detail/actor_statistics.hpp"
#include "troupe/inspection/time_histogram.hpp"

namespace troupe::inspection {

/// `buckets` (cycle_histogram's) and the cycles they add up to, at `ns_per_cycle`. Each cycle bucket counts in
/// the first bound at or above its upper end (the last one above every bound).
time_histogram histogram_seconds(const std::uint64_t (&buckets)[detail::cycle_histogram::num_buckets],
                                 std::uint64_t cycles, double ns_per_cycle);

} // namespace troupe::inspection
