// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The node's figures that need no statistics interval, read in one go: the
// always-on counts, the actors by name, the workers' running totals, the
// host's figures and the connections. The probe's statistics and a metrics
// scrape both start from it, from any thread.
#include <chrono>
#include <mutex>

#include "troupe/inspection/node_statistics.hpp"

#include "worker_clock.hpp"

namespace troupe {
class actor_system;
} // namespace troupe

namespace troupe::inspection {

class node_collector {
public:
  /// Starts the workers' totals now. The time histograms wait until the cycle rate has been measured over
  /// `settle`: from then on one rate turns cycles into seconds, so their counts and sums never go down.
  explicit node_collector(actor_system& sys, std::chrono::nanoseconds settle = std::chrono::seconds{1});

  /// Everything but the loads of the host, the worker shares of an interval,
  /// the remote traffic and the dropped events (which belong to an interval
  /// or to the link to a nexus). Thread-safe.
  node_statistics collect();

private:
  actor_system& sys_;
  std::mutex mtx_; // the worker clock and the histograms' rate have one reader at a time
  worker_clock clock_;
  std::chrono::steady_clock::time_point started_;
  std::chrono::nanoseconds settle_;
  double ns_per_cycle_ = 0; // 0 until settled
};

} // namespace troupe::inspection
