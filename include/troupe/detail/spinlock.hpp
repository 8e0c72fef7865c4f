// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A one-byte lock for rarely contended, very short critical sections (an
// actor's link and monitor lists), where a 40-byte std::mutex would dominate
// the actor's size.
#include <atomic>
#include <thread>

namespace troupe::detail {

class spinlock {
public:
  void lock() noexcept {
    for (int spins = 0; flag_.exchange(true, std::memory_order_acquire); ++spins) {
      while (flag_.load(std::memory_order_relaxed)) {
        if (spins > 64)
          std::this_thread::yield();
        ++spins;
      }
    }
  }
  bool try_lock() noexcept { return !flag_.exchange(true, std::memory_order_acquire); }
  void unlock() noexcept { flag_.store(false, std::memory_order_release); }

private:
  std::atomic<bool> flag_{false};
};

} // namespace troupe::detail
