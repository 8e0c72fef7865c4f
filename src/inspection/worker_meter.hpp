// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Turns the scheduler's running totals of worker times into shares of the
// last interval: busy, stealing, idle.
#include <cstdint>
#include <vector>

#include "troupe/inspection/worker_utilization.hpp"
#include "troupe/scheduler/abstract_coordinator.hpp"

namespace troupe::inspection {

class worker_meter {
public:
  /// Each worker's shares since the previous call (since the meter was made, the first time), given its totals
  /// now and the cycle counter now.
  std::vector<worker_utilization> sample(const std::vector<scheduler::worker_times>& now, std::uint64_t now_cycles);

private:
  std::vector<scheduler::worker_times> last_;
  std::uint64_t last_cycles_ = 0;
};

} // namespace troupe::inspection
