// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Polling with a deadline, for tests whose subject is real threads.
#include <chrono>
#include <thread>

namespace troupe::test_support {

/// Polls pred() every `interval` until it holds (true) or `limit` passed (false).
template <class Pred>
bool eventually(Pred pred, std::chrono::milliseconds limit = std::chrono::seconds{5},
                std::chrono::microseconds interval = std::chrono::microseconds{200}) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  while (!pred()) {
    if (std::chrono::steady_clock::now() > deadline)
      return false;
    std::this_thread::sleep_for(interval);
  }
  return true;
}

} // namespace troupe::test_support
