// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Guards a connection's input (its receive buffer, the frame reader and the
// caches behind them) between the middleman's I/O thread and idle scheduler
// workers that read the socket. Workers only try it and go on when it is
// held; the I/O thread waits for it. A holder never blocks, so the wait is
// short.
#include <atomic>
#include <cstddef>

#include "troupe/scheduler/parking.hpp"

namespace troupe::net {

class input_lock {
public:
  bool try_lock() noexcept {
    return !held_.load(std::memory_order_relaxed) && !held_.exchange(true, std::memory_order_acquire);
  }

  void lock() noexcept {
    for (std::size_t round = 0; !try_lock(); ++round) {
      if (round < 64)
        scheduler::detail::cpu_relax();
      else
        scheduler::detail::thread_yield(); // the holder may have lost its core
    }
  }

  void unlock() noexcept { held_.store(false, std::memory_order_release); }

private:
  std::atomic<bool> held_{false};
};

} // namespace troupe::net
