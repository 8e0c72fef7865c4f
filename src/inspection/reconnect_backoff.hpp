// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// How long the probe waits before it tries the nexus again: short at first,
// so that a restarted nexus sees its nodes back soon, then doubling up to a
// ceiling, so that an absent nexus costs a node almost nothing.
#include <algorithm>
#include <chrono>

namespace troupe::inspection {

class reconnect_backoff {
public:
  reconnect_backoff(std::chrono::milliseconds first, std::chrono::milliseconds ceiling) noexcept
    : first_(first), ceiling_(ceiling), next_(first) {}

  /// The wait before the next attempt; each call doubles the one after it, up to the ceiling.
  std::chrono::milliseconds next() noexcept {
    auto out = next_;
    next_ = std::min(next_ * 2, ceiling_);
    return out;
  }

  /// After a successful connection: the next loss starts from the first wait again.
  void reset() noexcept { next_ = first_; }

private:
  std::chrono::milliseconds first_;
  std::chrono::milliseconds ceiling_;
  std::chrono::milliseconds next_;
};

} // namespace troupe::inspection
