// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What a tracked actor's senders count and what its end does, inline where
// local_actor delivers and cleans up: a send to a tracked actor and a tracked
// end pay no call for it.
#include <atomic>
#include <cstdint>

#include "this_actor_slot.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/detail/actor_statistics.hpp"
#include "troupe/detail/cycle_count.hpp"
#include "troupe/local_actor.hpp"

namespace troupe {

namespace detail {

// Messages this thread sent to tracked actors, to pick which carry a stamp:
// a counter of the thread's own, so that senders share none.
inline constinit thread_local std::uint32_t sends_to_tracked __attribute__((tls_model("initial-exec"))) = 0;

} // namespace detail

inline void local_actor::count_enqueue(mailbox_element* e) noexcept {
  auto& stats = statistics();
  // One in 64 of a thread's messages to tracked actors carries a timestamp,
  // one per receiver at a time. The stamp is written before the element
  // enters the mailbox, so the reader that takes the element out always
  // finds it.
  if ((detail::sends_to_tracked++ & 63) == 0 && stats.stamped.load(std::memory_order_relaxed) == nullptr) [[unlikely]] {
    mailbox_element* none = nullptr;
    if (stats.stamped.compare_exchange_strong(none, e, std::memory_order_relaxed))
      stats.stamp_cycles.store(detail::cycle_count(), std::memory_order_relaxed);
  }
  // The actor running on this thread sent it (a forwarded message is counted
  // by whoever forwards it). Only that thread writes the sender's counter.
  auto* running = static_cast<local_actor*>(detail::this_actor_slot);
  if (running != nullptr && running->statistics_on_)
    running->statistics().sent.add();
}

inline void local_actor::stop_tracking() noexcept {
  home_system().tracker().end(&statistics());
}

} // namespace troupe
