// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A counter that any thread adds to, for counts taken off the scheduler's
// workers (detached and blocking actors, dead letters): each thread adds to one
// of a few cache lines, picked once per thread, so that threads rarely share a
// line; a reader sums the lines. Workers count in their own execution unit.
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>

#include "troupe/detail/export.hpp"

namespace troupe::detail {

class TROUPE_CORE_API striped_counter {
public:
  static constexpr std::size_t num_stripes = 16;

  /// Adds n on the calling thread's line.
  void add(std::uint64_t n = 1) noexcept;
  /// The sum over all lines; any thread (additions under way may be missing).
  std::uint64_t get() const noexcept;

private:
  struct alignas(64) stripe {
    std::atomic<std::uint64_t> value{0};
  };
  std::array<stripe, num_stripes> stripes_;
};

} // namespace troupe::detail
