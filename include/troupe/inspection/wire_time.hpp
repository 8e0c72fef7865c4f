// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The serialization has no chrono types: inspection's records send times as
// integer nanoseconds. One inspect function both saves and loads, so each
// field goes through a copy that is read back after the inspector ran.
#include <chrono>
#include <cstdint>

namespace troupe::inspection {

/// A wall-clock time as nanoseconds since the Unix epoch.
struct wire_time {
  std::int64_t nanoseconds = 0; ///< the field the inspector reads or writes
  /// Starts from `t`.
  explicit wire_time(std::chrono::system_clock::time_point t) noexcept
    : nanoseconds(std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count()) {}
  /// The time the field now holds.
  std::chrono::system_clock::time_point get() const noexcept {
    return std::chrono::system_clock::time_point{
      std::chrono::duration_cast<std::chrono::system_clock::duration>(std::chrono::nanoseconds{nanoseconds})};
  }
};

/// A duration as integer nanoseconds.
struct wire_duration {
  std::int64_t nanoseconds = 0; ///< the field the inspector reads or writes
  /// Starts from `d`.
  explicit wire_duration(std::chrono::nanoseconds d) noexcept : nanoseconds(d.count()) {}
  /// The duration the field now holds.
  std::chrono::nanoseconds get() const noexcept { return std::chrono::nanoseconds{nanoseconds}; }
};

} // namespace troupe::inspection
