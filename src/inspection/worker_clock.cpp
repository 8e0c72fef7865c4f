// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "worker_clock.hpp"

#include <algorithm>

namespace troupe::inspection {

worker_clock::worker_clock(const std::vector<scheduler::worker_times>& start, std::uint64_t start_cycles)
  : start_(start), start_cycles_(start_cycles) {}

std::vector<worker_totals> worker_clock::read(const std::vector<scheduler::worker_times>& now, std::uint64_t now_cycles,
                                              double ns_per_cycle) {
  auto seconds = [&](std::uint64_t ticks) { return static_cast<double>(ticks) * ns_per_cycle * 1e-9; };
  auto since = [](std::uint64_t now, std::uint64_t then) { return now > then ? now - then : 0; };
  std::vector<worker_totals> out(now.size());
  auto elapsed = since(now_cycles, start_cycles_);
  for (std::size_t i = 0; i < now.size(); ++i) {
    auto base = i < start_.size() ? start_[i] : scheduler::worker_times{};
    auto searching = since(now[i].searching, base.searching);
    auto parked = since(now[i].parked, base.parked);
    // A period still under way is counted up to the moment the worker's totals
    // were read, which can be a little after now_cycles: busy stays >= 0.
    auto busy = since(elapsed, searching + parked);
    auto& t = out[i];
    t.busy_seconds = seconds(busy);
    t.searching_seconds = seconds(searching);
    t.parked_seconds = seconds(parked);
    t.steals = since(now[i].stolen, base.stolen);
    if (i < last_.size()) { // totals only grow, whatever the rounding of one reading
      t.busy_seconds = std::max(t.busy_seconds, last_[i].busy_seconds);
      t.searching_seconds = std::max(t.searching_seconds, last_[i].searching_seconds);
      t.parked_seconds = std::max(t.parked_seconds, last_[i].parked_seconds);
      t.steals = std::max(t.steals, last_[i].steals);
    }
  }
  last_ = out;
  return out;
}

} // namespace troupe::inspection
