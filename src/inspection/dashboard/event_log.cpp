// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "event_log.hpp"

namespace troupe::inspection {

void event_log::add(probe_event e) {
  std::lock_guard guard{mtx_};
  events_.push_back(std::move(e));
  if (events_.size() > capacity_) {
    events_.pop_front();
    ++first_;
  }
}

std::vector<std::pair<std::uint64_t, probe_event>> event_log::since(std::uint64_t seq, std::uint64_t& next) const {
  std::lock_guard guard{mtx_};
  next = first_ + events_.size();
  std::vector<std::pair<std::uint64_t, probe_event>> out;
  auto from = seq < first_ ? first_ : seq;
  if (from >= next)
    return out;
  out.reserve(next - from);
  for (auto i = from; i < next; ++i)
    out.emplace_back(i, events_[i - first_]);
  return out;
}

} // namespace troupe::inspection
