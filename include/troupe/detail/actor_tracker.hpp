// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The live tracked actors of one system, for inspection: whether actors spawned
// now get statistics, and the lists of those that have them. Each thread that
// spawns tracked actors owns a list (of 64; threads beyond them share one more
// under a lock) and puts each new actor into a free entry of it without a lock
// or an atomic read-modify-write. An actor that ends clears its own entry, so
// its memory goes back when it dies, as an untracked actor's does, and the
// owner fills the entry again. A reader walks one list at a time and never
// stops the thread that appends to it. Readers and actors meet without a
// read-modify-write on the actors' side (see actor_readers): an actor that
// ends while a reader is about keeps its memory until no reader is left.
#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex> // std::lock_guard

#include "troupe/detail/actor_readers.hpp"
#include "troupe/detail/actor_statistics.hpp"
#include "troupe/detail/export.hpp"
#include "troupe/detail/spinlock.hpp"

namespace troupe {
struct mailbox_element;
} // namespace troupe

namespace troupe::detail {

/// The sampled timings of actors that ended, and the samples of young actors
/// (see actor_statistics::young): they live on here, so that the node's totals
/// never go down when an actor ends.
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
  bool enabled() const noexcept { return enabled_.load(std::memory_order_acquire); }
  /// Switches tracking on or off for actors spawned from now on; returns whether it is on. Tracking needs
  /// the process-wide barrier of actor_readers, and stays off without it.
  bool enable(bool on) noexcept {
    on = on && actor_readers::prepare();
    enabled_.store(on, std::memory_order_release);
    return on;
  }

  /// Lists a new actor's block, in the list of the calling thread (at spawn, after the actor's construction).
  void add(actor_statistics* s) noexcept;
  /// Takes the block of an actor that ends off its list (on the actor's thread; a second call does nothing).
  /// From now on no reader sees the actor, and its timings count as retired.
  void end(actor_statistics* s) noexcept {
    if (s->ended(std::memory_order_relaxed)) [[unlikely]]
      return;
    if (auto* entry = s->slot; entry != nullptr) [[likely]]
      entry->store(nullptr, std::memory_order_relaxed);
    s->mark_ended();
    // A reader that came before the entry was cleared may hold the block.
    if (actor_readers::present()) [[unlikely]]
      keep_for_readers(s);
    // Only after the end: a reader reads the retired timings before it walks the lists, so one that finds
    // this actor's there also finds it ended, and does not count it twice (the totals would go down later).
    if (s->timing.load(std::memory_order_relaxed) != nullptr) [[unlikely]]
      retire_timing(*s);
  }
  /// A timing sample of a young actor (see actor_statistics::young), on its thread: it counts toward the
  /// node's totals as an ended actor's samples do, and toward no actor's own.
  void count_young_processing(std::uint64_t cycles) noexcept;
  /// Likewise for a mailbox wait.
  void count_young_wait(std::uint64_t cycles) noexcept;

  /// Lets the blocks of ended actors go that were kept for readers, if no reader is left.
  void sweep() noexcept;

  /// Calls f(actor_statistics&) for every live listed actor, one list at a time, holding the actor's `taking`
  /// lock meanwhile: the actor does not end while f looks at it (so f must be short, and must not wait for it).
  template <class F>
  void for_each(F&& f) {
    {
      actor_readers::scope reading;
      for (auto& l : lists_)
        walk(l, f);
    }
    sweep();
  }

  /// As for_each, and first calls retired(const retired_timing&) with the timings that belong to no live
  /// actor: those of actors that ended and the samples of young ones. An
  /// actor that ends meanwhile is counted live, or in a later call: the totals never go down.
  template <class F, class R>
  void for_each(F&& f, R&& retired) {
    {
      actor_readers::scope reading;
      retired_timing ended;
      for (auto& l : lists_)
        if (auto* r = l.retired.load(std::memory_order_acquire); r != nullptr)
          r->read_into(ended);
      retired(static_cast<const retired_timing&>(ended));
      for (auto& l : lists_)
        walk(l, f);
    }
    sweep();
  }

  /// The listed actors that have not ended (walks the lists).
  std::size_t size() noexcept;
  /// The entries of the lists, free ones included: at least size(), read without walking.
  std::size_t listed() const noexcept;
  /// Ended actors whose memory waits for readers to leave.
  std::size_t kept() const noexcept;

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
  // 4 KiB: entries are filled by the owner only, cleared by the actor that
  // ends, and never move; chunks stay until the tracker goes.
  struct chunk {
    static constexpr std::size_t capacity = 511;
    std::atomic<chunk*> next{nullptr};
    std::atomic<actor_statistics*> entries[capacity] = {}; // null: free
  };

  // The retired timings that one list's owner folded in (for the shared list:
  // under `appending`); readers load them while the owner adds. Stores release
  // and loads acquire: a reader that sees an ended actor's counts here also
  // sees that it ended.
  struct retired_counts {
    std::atomic<std::uint64_t> processing[cycle_histogram::num_buckets] = {};
    std::atomic<std::uint64_t> mailbox_wait[cycle_histogram::num_buckets] = {};
    std::atomic<std::uint64_t> processing_cycles{0};
    std::atomic<std::uint64_t> mailbox_wait_cycles{0};

    void add(const actor_timing& t) noexcept;
    void add_processing(std::uint64_t cycles) noexcept;
    void add_wait(std::uint64_t cycles) noexcept;
    void read_into(retired_timing& out) const noexcept;
  };

  struct alignas(64) list {
    // ---- the owner's (for the shared list: under `appending`) ----
    chunk* cursor = nullptr;    // where the owner looks for a free entry next
    std::size_t next_entry = 0; // in `cursor`
    chunk* last = nullptr;      // the last chunk, behind which new ones go
    // ---- read by any thread ----
    std::atomic<chunk*> head{nullptr};
    std::atomic<std::size_t> chunks{0};
    std::atomic<retired_counts*> retired{nullptr}; // made when the owner retires its first timed actor
    /// Only for the shared list: its appending and retiring threads take it.
    spinlock appending;
  };

  static constexpr std::size_t shared_list = num_lists;

  template <class F>
  static void walk(list& l, F& live) {
    for (auto* c = l.head.load(std::memory_order_acquire); c != nullptr; c = c->next.load(std::memory_order_acquire))
      for (auto& entry : c->entries) {
        auto* s = entry.load(std::memory_order_acquire);
        if (s == nullptr)
          continue;
        std::lock_guard hold{s->taking()};
        if (!s->ended())
          live(*s);
      }
  }

  // add() when the thread has no list yet, or the next entry of its list is taken.
  [[gnu::noinline]] void add_slowly(actor_statistics* s) noexcept;
  // Puts `s` into a free entry of `l`, or a fresh chunk; false without memory for one.
  bool place(list& l, actor_statistics* s) noexcept;
  // end() of an actor with timings: folds them into the calling thread's list.
  [[gnu::noinline]] void retire_timing(actor_statistics& s) noexcept;
  // Calls add(retired_counts&) with the calling thread's retired counts (made on first use; without memory
  // for them, the counts are lost).
  template <class F>
  void add_retired(F add) noexcept;
  // end() while a reader is about: waits for one that looks at the actor, and keeps the block until none is left.
  [[gnu::noinline]] void keep_for_readers(actor_statistics* s) noexcept;
  // The list the calling thread owns (taking one on its first call).
  list& own_list() noexcept;

  std::atomic<bool> enabled_{false};
  std::array<list, num_lists + 1> lists_;
  /// Ended actors' blocks that a reader may still hold, linked through next_kept, each with a weak reference.
  std::atomic<actor_statistics*> kept_{nullptr};
  std::atomic<std::size_t> num_kept_{0};
  std::chrono::steady_clock::time_point created_;
  std::uint64_t created_cycles_;
};

} // namespace troupe::detail
