// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The runtime's side of per-actor statistics: freeing a statistics block whose
// actor failed to construct, unlisting, and what a sender counts.
#include <new>

#include "detail/this_actor_slot.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/building_blocks/spawner.hpp"
#include "troupe/detail/actor_statistics.hpp"
#include "troupe/detail/thread_cache.hpp"
#include "troupe/local_actor.hpp"

namespace troupe {

namespace {

// Messages this thread sent to tracked actors, to pick which carry a stamp:
// a counter of the thread's own, so that senders share none.
constinit thread_local std::uint32_t sends_to_tracked __attribute__((tls_model("initial-exec"))) = 0;

} // namespace

namespace detail {

void spawner::free_tracked(actor_memory mem) noexcept {
  auto* stats = static_cast<actor_statistics*>(mem.block) - 1;
  stats->~actor_statistics();
  cached_deallocate(stats, mem.size_field & ~actor_control_block::statistics_flag);
}

} // namespace detail

void local_actor::count_enqueue(mailbox_element* e) noexcept {
  auto& stats = statistics();
  // One in 64 of a thread's messages to tracked actors carries a timestamp,
  // one per receiver at a time. The stamp is written before the element
  // enters the mailbox, so the reader that takes the element out always
  // finds it.
  if ((sends_to_tracked++ & 63) == 0 && stats.stamped.load(std::memory_order_relaxed) == nullptr) {
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

void local_actor::stop_tracking() noexcept {
  home_system().tracker().end(&statistics());
}

} // namespace troupe
