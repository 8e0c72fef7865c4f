// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// One thread's finished spans on their way to the exporter: a ring with one
// writer (the thread that handled the messages) and one reader (the
// exporter), without a lock. A full ring refuses the span; the tracer counts
// it as lost rather than make a worker wait.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include "span_record.hpp"

namespace troupe::inspection {

class span_ring {
public:
  /// A ring of `capacity` spans, rounded up to a power of two (at least 2).
  explicit span_ring(std::size_t capacity);

  /// Adds `r` unless the ring is full (the writing thread only).
  bool push(const span_record& r) noexcept;

  /// Moves every span in the ring to the end of `out` (the reader only); returns how many.
  std::size_t drain(std::vector<span_record>& out);

private:
  // Raw storage, copied in and out: a ring nobody fills is never touched, so a
  // thread that handles few traced messages costs only the pages it used.
  struct slot {
    alignas(span_record) std::byte bytes[sizeof(span_record)];
  };
  static_assert(std::is_trivially_copyable_v<span_record>);

  std::unique_ptr<slot[]> slots_;
  std::size_t mask_;
  alignas(64) std::atomic<std::uint64_t> written_{0}; // advanced by the writer
  std::uint64_t read_seen_ = 0;                       // the writer's last look at read_
  alignas(64) std::atomic<std::uint64_t> read_{0};    // advanced by the reader
};

} // namespace troupe::inspection
