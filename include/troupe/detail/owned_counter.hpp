// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Counters that one thread writes and any thread reads, for inspection: the
// writer pays a load and a store, never a locked instruction.
#include <atomic>
#include <cstdint>

namespace troupe::detail {

/// A counter with one writer: an increment is a load and a store, no locked
/// instruction; any thread may read it.
template <class T>
class basic_owned_counter {
public:
  void add(T n = 1) noexcept { value_.store(value_.load(std::memory_order_relaxed) + n, std::memory_order_relaxed); }
  void raise_to(T x) noexcept {
    if (x > value_.load(std::memory_order_relaxed))
      value_.store(x, std::memory_order_relaxed);
  }
  void set(T x) noexcept { value_.store(x, std::memory_order_relaxed); }
  T get() const noexcept { return value_.load(std::memory_order_relaxed); }

private:
  std::atomic<T> value_{0};
};

using owned_counter = basic_owned_counter<std::uint64_t>;

} // namespace troupe::detail
