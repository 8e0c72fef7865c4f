// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The live tracked actors of one system, for inspection: whether actors spawned
// now get statistics, and the list of those that have them. The list is split
// into shards by actor id, each with its own lock, so spawns and terminations
// on different workers rarely meet, and a reader walking the list holds one
// shard at a time and never stops every worker at once.
#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex> // std::lock_guard

#include "troupe/detail/actor_statistics.hpp"
#include "troupe/detail/export.hpp"

namespace troupe {
struct mailbox_element;
} // namespace troupe

namespace troupe::detail {

/// The sampled timings of the actors of one shard that ended: their histograms
/// live on here, so that the node's totals never go down when an actor ends.
struct TROUPE_CORE_API retired_timing {
  std::uint64_t processing[cycle_histogram::num_buckets] = {};   ///< sampled messages by time in the handler
  std::uint64_t mailbox_wait[cycle_histogram::num_buckets] = {}; ///< sampled messages by time in the mailbox
  std::uint64_t processing_cycles = 0;
  std::uint64_t mailbox_wait_cycles = 0;

  /// Adds what `t` counted.
  void add(const actor_timing& t) noexcept;
  /// Adds what `other` counted.
  void add(const retired_timing& other) noexcept;
};

class TROUPE_CORE_API actor_tracker {
public:
  static constexpr std::size_t num_shards = 64;

  ~actor_tracker();

  actor_tracker() noexcept;

  /// Whether actors spawned from now on get statistics.
  bool enabled() const noexcept { return enabled_.load(std::memory_order_relaxed); }
  void enable(bool on) noexcept { enabled_.store(on, std::memory_order_relaxed); }

  /// Lists a new actor's block (at spawn) and takes it off again (at its end;
  /// a second call does nothing), keeping its timings in the shard's retired_timing.
  void add(actor_statistics* s, std::uint64_t id) noexcept;
  void remove(actor_statistics* s) noexcept;

  /// Calls f(actor_statistics&) for every listed actor, one shard at a time,
  /// under that shard's lock: the actor does not end while f looks at it.
  template <class F>
  void for_each(F&& f) {
    for (auto& sh : shards_) {
      std::lock_guard guard{sh.mtx};
      for (auto* s = sh.head; s != nullptr; s = s->next)
        f(*s);
    }
  }

  /// As for_each, and calls retired(const retired_timing&) for each shard whose ended actors had timings, under
  /// the same lock: an actor that ends meanwhile is counted once, either live or retired.
  template <class F, class R>
  void for_each(F&& f, R&& retired) {
    for (auto& sh : shards_) {
      std::lock_guard guard{sh.mtx};
      if (sh.retired != nullptr)
        retired(*sh.retired);
      for (auto* s = sh.head; s != nullptr; s = s->next)
        f(*s);
    }
  }

  std::size_t size() const noexcept;

  /// The messages a listed actor has not finished with: on its mailbox's stack,
  /// taken but waiting, skipped for later, or being handled. Only inside
  /// for_each (the actor must not end meanwhile); holds the actor's taking
  /// guard while it counts the stack, so the actor waits that long at most.
  static std::uint64_t waiting(actor_statistics& s) noexcept;

  /// Calls `f` for every message sent to the actor of `s` that it has not taken from its mailbox yet, newest
  /// first, while holding the lock under which the actor takes them (so `f` must be short: copy what it needs).
  /// Returns how many more it has taken and not finished (those only its own thread may look at).
  static std::uint64_t peek(actor_statistics& s, const std::function<void(const mailbox_element&)>& f);

  /// Nanoseconds per cycle of cycle_count(), measured between the tracker's
  /// creation and now (the longer it runs, the closer the figure).
  double nanoseconds_per_cycle() const noexcept;

private:
  struct alignas(64) shard {
    mutable spinlock mtx;
    actor_statistics* head = nullptr;
    std::size_t size = 0;
    retired_timing* retired = nullptr; // made when the first actor with timings ends
  };

  std::atomic<bool> enabled_{false};
  std::array<shard, num_shards> shards_;
  std::chrono::steady_clock::time_point created_;
  std::uint64_t created_cycles_;
};

} // namespace troupe::detail
