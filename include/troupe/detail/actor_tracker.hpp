// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The live tracked actors of one system, for inspection: whether actors spawned
// now get statistics, and the lists of those that have them. Each thread that
// spawns tracked actors owns a list (of 64; threads beyond them share one more
// under a lock) and appends to it without a lock or an atomic read-modify-write.
// An actor that ends only marks its own block. The list holds a weak reference
// to each actor's allocation, so a marked block stays readable until a sweep
// lets it go: the owner compacts its list when it has doubled since the last
// time, which lets the ended actors go into the owner's thread cache, and a
// thread that ended many of the actors of a list whose owner stopped appending
// clears their entries. A reader walks one list at a time and never stops the
// thread that appends to it.
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

/// The sampled timings of the actors of one list that ended: their histograms
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
  /// Lists a thread may own; threads beyond them share one more.
  static constexpr std::size_t num_lists = 64;

  actor_tracker() noexcept;
  ~actor_tracker();
  actor_tracker(const actor_tracker&) = delete;
  actor_tracker& operator=(const actor_tracker&) = delete;

  /// Whether actors spawned from now on get statistics.
  bool enabled() const noexcept { return enabled_.load(std::memory_order_relaxed); }
  void enable(bool on) noexcept { enabled_.store(on, std::memory_order_relaxed); }

  /// Lists a new actor's block, in the list of the calling thread (at spawn, after the actor's construction).
  void add(actor_statistics* s) noexcept;
  /// Marks the block of an actor that ends (a second call does nothing). From now on no reader sees the actor;
  /// its timings count as retired, and a later sweep lets its allocation go.
  void end(actor_statistics* s) noexcept;
  /// Takes every ended actor off the lists now and lets their allocations go.
  void sweep() noexcept;

  /// Calls f(actor_statistics&) for every live listed actor, one list at a time, holding the actor's `taking`
  /// lock meanwhile: the actor does not end while f looks at it (so f must be short, and must not wait for it).
  template <class F>
  void for_each(F&& f) {
    for (auto& l : lists_)
      walk(l, f, [](actor_statistics&) {});
  }

  /// As for_each, and calls retired(const retired_timing&) with the timings of every ended actor: those taken
  /// off the list, and those still on it. An actor that ends meanwhile is counted once, either live or retired.
  template <class F, class R>
  void for_each(F&& f, R&& retired) {
    retired_timing ended_here;
    for (auto& l : lists_) {
      bool any = false;
      walk(l, f, [&](actor_statistics& s) {
        if (auto* t = s.timing.load(std::memory_order_acquire); t != nullptr) {
          if (!any)
            ended_here = retired_timing{};
          any = true;
          ended_here.add(*t);
        }
      });
      if (l.retired != nullptr)
        retired(*l.retired);
      if (any)
        retired(static_cast<const retired_timing&>(ended_here));
    }
  }

  /// The listed actors that have not ended (walks the lists).
  std::size_t size() const noexcept;
  /// The entries on the lists, ended actors not yet swept included: at least size(), read without walking.
  std::size_t listed() const noexcept;
  /// The actors whose memory the lists hold: the live ones and those ended and not yet taken off (walks the
  /// lists).
  std::size_t held() const noexcept;

  /// The messages a listed actor has not finished with: on its mailbox's stack,
  /// taken but waiting, skipped for later, or being handled. Only inside
  /// for_each, which holds the actor's `taking` lock (the actor waits that long at most).
  static std::uint64_t waiting(actor_statistics& s) noexcept;

  /// Calls `f` for every message sent to the actor of `s` that it has not taken from its mailbox yet, newest
  /// first; only inside for_each (so `f` must be short: copy what it needs). Returns how many more it has
  /// taken and not finished (those only its own thread may look at).
  static std::uint64_t peek(actor_statistics& s, const std::function<void(const mailbox_element&)>& f);

  /// Nanoseconds per cycle of cycle_count(), measured between the tracker's
  /// creation and now (the longer it runs, the closer the figure).
  double nanoseconds_per_cycle() const noexcept;

private:
  // 4 KiB with its header: entries are appended by the owner only, cleared by
  // a sweep, and moved only by the owner's compaction.
  struct chunk {
    static constexpr std::size_t capacity = 510;
    std::atomic<std::size_t> count{0}; // entries readers may look at
    std::atomic<chunk*> next{nullptr};
    actor_statistics* entries[capacity]; // null: cleared by a sweep
  };

  struct alignas(64) list {
    /// The chunk the owner appends to: written by the owner (for the shared list: under `appending`), read by
    /// a thread clearing ended entries, which unlinks emptied chunks before it.
    std::atomic<chunk*> tail{nullptr};
    std::size_t compact_at = 0; // the owner's
    /// Entries appended since the last compaction, cleared ones included: written by the owner, read by
    /// other threads as a hint of the list's size.
    std::atomic<std::size_t> entries{0};
    std::atomic<chunk*> head{nullptr};
    /// Taken by readers for a whole walk, by a thread that clears ended entries and by the owner's
    /// compaction; the last two only try it.
    mutable spinlock walking;
    /// Only for the shared list: its appending threads and its compaction take it.
    spinlock appending;
    retired_timing* retired = nullptr; // under `walking`; made when the first actor with timings goes
  };

  static constexpr std::size_t shared_list = num_lists;

  template <class F, class E>
  void walk(list& l, F& live, E&& ended) {
    std::lock_guard guard{l.walking};
    for (auto* c = l.head.load(std::memory_order_acquire); c != nullptr; c = c->next.load(std::memory_order_acquire)) {
      auto n = c->count.load(std::memory_order_acquire);
      for (std::size_t i = 0; i < n; ++i) {
        auto* s = c->entries[i];
        if (s == nullptr)
          continue;
        std::lock_guard hold{s->taking};
        if (!s->ended.load(std::memory_order_relaxed))
          live(*s);
        else
          ended(*s);
      }
    }
  }

  // add() when the thread has no list yet, or its list needs a chunk or a compaction first.
  [[gnu::noinline]] void add_slowly(actor_statistics* s) noexcept;
  // end() when this thread has ended enough of list `index`'s actors to clear them.
  [[gnu::noinline]] void ended_many(std::size_t index) noexcept;
  bool append(list& l, actor_statistics* s) noexcept;
  // The entries on the lists that are not cleared; with live_only, only those of actors that have not ended.
  std::size_t count_held(bool live_only) const noexcept;
  // The owner (or, for the shared list, an appending thread holding `appending`): takes ended actors off `l`
  // and closes the gaps, unless a reader is walking it.
  void compact(list& l) noexcept;
  // Any thread: lets the ended actors on `l` go and clears their entries, unless a reader is walking it.
  void clear_ended(list& l) noexcept;
  // With `walking` held: folds an ended actor's timings into the list's total and drops the list's reference.
  static void retire(list& l, actor_statistics* s) noexcept;

  std::atomic<bool> enabled_{false};
  std::array<list, num_lists + 1> lists_;
  std::chrono::steady_clock::time_point created_;
  std::uint64_t created_cycles_;
};

} // namespace troupe::detail
