// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A one-byte lock for rarely contended, very short critical sections (an
// actor's link and monitor lists, the inspection lists a worker and a reader
// share), where a 40-byte std::mutex would dominate the actor's size.
#include <atomic>
#include <thread>

namespace troupe::detail {

/// Waits for a lock that another thread holds: calls try_lock() until it succeeds, and while the lock is
/// taken only reads it (held()), so that waiters share its line instead of taking it from one another with
/// read-modify-writes. After 64 spins it yields, so that a holder that takes long (a reader walking a long
/// list) does not make waiting burn a core.
template <class TryLock, class Held>
void spin_until_locked(TryLock try_lock, Held held) noexcept {
  for (int spins = 0; !try_lock(); ++spins) {
    while (held()) {
      if (spins > 64)
        std::this_thread::yield();
      ++spins;
    }
  }
}

class spinlock {
public:
  void lock() noexcept {
    if (!flag_.exchange(true, std::memory_order_acquire)) [[likely]]
      return;
    lock_contended();
  }
  bool try_lock() noexcept { return !flag_.exchange(true, std::memory_order_acquire); }
  void unlock() noexcept { flag_.store(false, std::memory_order_release); }

private:
  // Out of line, so that a caller that gets the lock at once keeps its
  // registers (no frame for the loop and the yield).
  [[gnu::noinline]] void lock_contended() noexcept {
    spin_until_locked([this] { return try_lock(); }, [this] { return flag_.load(std::memory_order_relaxed); });
  }

  std::atomic<bool> flag_{false};
};

} // namespace troupe::detail
