// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "node_collector.hpp"

#include <algorithm>

#include "troupe/actor_system.hpp"
#include "troupe/detail/cycle_count.hpp"
#include "troupe/inspection/host_statistics.hpp"
#include "troupe/net/middleman.hpp"

#include "actor_groups.hpp"
#include "histogram_seconds.hpp"

namespace troupe::inspection {

namespace {

std::vector<std::string> connected_nodes(actor_system& sys) {
  std::vector<std::string> out;
  if (sys.find_module(actor_system_module::middleman) == nullptr)
    return out;
  for (auto& n : sys.middleman().connected_nodes())
    out.push_back(to_string(n));
  std::sort(out.begin(), out.end());
  return out;
}

} // namespace

node_collector::node_collector(actor_system& sys, std::chrono::nanoseconds settle)
  : sys_(sys), clock_(sys.scheduler().times(), detail::cycle_count()), started_(std::chrono::steady_clock::now()),
    settle_(settle) {}

node_statistics node_collector::collect() {
  node_statistics stats;
  stats.node = to_string(sys_.node());
  stats.taken = std::chrono::system_clock::now();
  auto counts = sys_.counters();
  stats.running_actors = counts.running_actors;
  stats.processed_messages = counts.processed_messages;
  stats.dead_letters = counts.dead_letters;
  auto& tracker = sys_.tracker();
  detail::retired_timing timings;
  stats.actor_groups = group_actors(tracker, &stats.busiest_actors, &timings);
  for (auto& g : stats.actor_groups)
    stats.tracked_actors += g.actors;
  double ns_per_cycle = 0;
  {
    std::lock_guard guard{mtx_};
    stats.workers_since_start =
      clock_.read(sys_.scheduler().times(), detail::cycle_count(), tracker.nanoseconds_per_cycle());
    if (ns_per_cycle_ == 0 && std::chrono::steady_clock::now() - started_ >= settle_)
      ns_per_cycle_ = tracker.nanoseconds_per_cycle();
    ns_per_cycle = ns_per_cycle_;
  }
  if (ns_per_cycle > 0) {
    stats.processing = histogram_seconds(timings.processing, timings.processing_cycles, ns_per_cycle);
    stats.mailbox_wait = histogram_seconds(timings.mailbox_wait, timings.mailbox_wait_cycles, ns_per_cycle);
  }
  stats.host = host_figures();
  stats.connected_nodes = connected_nodes(sys_);
  return stats;
}

} // namespace troupe::inspection
