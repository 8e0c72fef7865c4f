// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The probe's events on their way to the nexus. Any thread adds; the probe's
// actor takes them all at once. The buffer holds at most `capacity` events:
// the node never waits for a slow or absent nexus, it counts what it drops.
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

#include "troupe/inspection/probe_event.hpp"

namespace troupe::inspection {

class event_buffer {
public:
  explicit event_buffer(std::size_t capacity) : capacity_(capacity) {}

  /// Adds `ev`, or counts it as dropped when full. True when the buffer was empty before: the caller then wakes
  /// the reader (one wake-up per batch, not per event).
  bool push(probe_event ev) {
    std::lock_guard guard{mtx_};
    if (events_.size() == capacity_) {
      ++dropped_;
      return false;
    }
    events_.push_back(std::move(ev));
    return events_.size() == 1;
  }

  /// Everything added since the last take, oldest first.
  std::vector<probe_event> take() {
    std::lock_guard guard{mtx_};
    std::vector<probe_event> out;
    out.swap(events_);
    return out;
  }

  /// Events dropped since the buffer was made.
  std::uint64_t dropped() const {
    std::lock_guard guard{mtx_};
    return dropped_;
  }

private:
  mutable std::mutex mtx_;
  std::vector<probe_event> events_;
  std::size_t capacity_;
  std::uint64_t dropped_ = 0;
};

} // namespace troupe::inspection
