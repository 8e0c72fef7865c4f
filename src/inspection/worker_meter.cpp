// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "worker_meter.hpp"

#include <algorithm>

namespace troupe::inspection {

namespace {

double share(std::uint64_t part, std::uint64_t whole) {
  return whole == 0 ? 0.0 : std::clamp(static_cast<double>(part) / static_cast<double>(whole), 0.0, 1.0);
}

std::uint64_t grown(std::uint64_t now, std::uint64_t before) {
  return now > before ? now - before : 0;
}

} // namespace

std::vector<worker_utilization> worker_meter::sample(const std::vector<scheduler::worker_times>& now,
                                                     std::uint64_t now_cycles) {
  std::vector<worker_utilization> out;
  if (last_.size() == now.size() && last_cycles_ != 0) {
    auto elapsed = grown(now_cycles, last_cycles_);
    for (std::size_t i = 0; i < now.size(); ++i) {
      worker_utilization u;
      u.stealing = share(grown(now[i].searching, last_[i].searching), elapsed);
      u.idle = std::min(share(grown(now[i].parked, last_[i].parked), elapsed), 1.0 - u.stealing);
      u.busy = 1.0 - u.stealing - u.idle;
      u.stolen = grown(now[i].stolen, last_[i].stolen);
      out.push_back(u);
    }
  }
  last_ = now;
  last_cycles_ = now_cycles;
  return out;
}

} // namespace troupe::inspection
