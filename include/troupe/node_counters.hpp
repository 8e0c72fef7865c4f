// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Counts of a whole actor system that are always kept, inspection or not:
// cheap enough for every message, because each scheduler worker counts in its
// own execution unit and a reader sums them.
#include <cstdint>

namespace troupe {

/// A system's always-on counts at one moment (actor_system::counters()). The
/// sums are read without stopping anything, so one may be a message behind.
struct node_counters {
  /// Live actors that are not hidden (actor_system::running_actors()).
  std::uint64_t running_actors = 0;
  /// Messages actors took from their mailboxes and handled, on any thread. A
  /// message one behavior skipped and a later one handled counts each time.
  std::uint64_t processed_messages = 0;
  /// Messages to actors that had terminated: each was answered with
  /// sec::request_receiver_down when it was a request, and dropped.
  std::uint64_t dead_letters = 0;
};

} // namespace troupe
