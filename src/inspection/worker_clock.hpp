// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Turns the scheduler's running totals of worker ticks into seconds since the
// clock was made: busy, searching and parked, which add up to the time since
// then and only ever grow (a scraper takes their rates).
#include <cstdint>
#include <vector>

#include "troupe/inspection/worker_totals.hpp"
#include "troupe/scheduler/abstract_coordinator.hpp"

namespace troupe::inspection {

class worker_clock {
public:
  /// Starts the totals at the workers' ticks `start` at cycle count `start_cycles`.
  worker_clock(const std::vector<scheduler::worker_times>& start, std::uint64_t start_cycles);

  /// The totals now, given the workers' ticks and the cycle count now and the length of a cycle. Never less than
  /// the previous reading's; not thread-safe (one reader at a time).
  std::vector<worker_totals> read(const std::vector<scheduler::worker_times>& now, std::uint64_t now_cycles,
                                  double ns_per_cycle);

private:
  std::vector<scheduler::worker_times> start_;
  std::uint64_t start_cycles_;
  std::vector<worker_totals> last_;
};

} // namespace troupe::inspection
