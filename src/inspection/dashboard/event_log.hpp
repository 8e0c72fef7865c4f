// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The dashboard's memory of events: the last few hundred, numbered, so that a
// browser asks for what came after the last one it has. Written by the probe's
// sink or the nexus's listener, read by the web endpoint's thread; off the
// message path, so one mutex does.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <utility>
#include <vector>

#include "troupe/inspection/probe_event.hpp"

namespace troupe::inspection {

class event_log {
public:
  /// Keeps the last `capacity` events.
  explicit event_log(std::size_t capacity = 1000) : capacity_(capacity == 0 ? 1 : capacity) {}

  /// Adds an event (any thread); the oldest goes when the log is full.
  void add(probe_event e);

  /// The events numbered `since` or later that are still kept, oldest first,
  /// each with its number; `next` becomes the number the next event gets.
  std::vector<std::pair<std::uint64_t, probe_event>> since(std::uint64_t seq, std::uint64_t& next) const;

private:
  mutable std::mutex mtx_;
  std::deque<probe_event> events_;
  std::uint64_t first_ = 0; // the number of events_.front()
  std::size_t capacity_;
};

} // namespace troupe::inspection
