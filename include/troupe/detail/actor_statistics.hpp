// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The statistics of one tracked actor. The block sits in the actor's own
// allocation, right before its control block, so an untracked actor pays no
// byte for it and a tracked one finds it without a pointer. The thread running
// the actor writes everything but the wait stamp (which senders set) with
// plain relaxed stores (the timing pointer, which shares its word with the
// readers' lock, with one read-modify-write when it is made); readers on
// other threads load relaxed and see figures that may be a message behind.
// Senders count nothing: the depth is what the actor took from its mailbox
// and has not finished, plus what a reader counts on the mailbox's stack
// while holding `taking`, which the actor passes through before it touches a
// stack it took.
#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <new>

#include "troupe/detail/cycle_count.hpp"
#include "troupe/detail/export.hpp"
#include "troupe/detail/locked_pointer.hpp"
#include "troupe/detail/owned_counter.hpp"
#include "troupe/detail/thread_cache.hpp"

namespace troupe {
class actor_control_block;
struct mailbox_element;
} // namespace troupe

namespace troupe::detail {

/// Durations in cycles, counted in buckets two per power of two: bucket 2k holds
/// [2^(k+4), 1.5 * 2^(k+4)) cycles and 2k+1 holds [1.5 * 2^(k+4), 2^(k+5)); bucket
/// 0 also takes everything shorter, the last everything longer.
class cycle_histogram {
public:
  static constexpr std::size_t num_buckets = 64;
  static constexpr unsigned min_shift = 4;

  static std::size_t bucket_of(std::uint64_t cycles) noexcept {
    if (cycles < (std::uint64_t{1} << min_shift))
      return 0;
    auto k = static_cast<std::size_t>(std::bit_width(cycles) - 1 - min_shift); // power of two, from 0
    auto upper_half = (cycles >> (k + min_shift - 1)) & 1;
    auto i = 2 * k + upper_half;
    return i < num_buckets ? i : num_buckets - 1;
  }
  /// The first cycle count beyond bucket i.
  static std::uint64_t upper_bound(std::size_t i) noexcept {
    auto k = i / 2;
    auto base = std::uint64_t{1} << (k + min_shift);
    return i % 2 == 0 ? base + base / 2 : 2 * base;
  }

  void record(std::uint64_t cycles) noexcept {
    auto i = bucket_of(cycles);
    buckets_[i].add();
    used_ |= std::uint64_t{1} << i;
  }
  std::uint64_t count(std::size_t i) const noexcept { return buckets_[i].get(); }
  /// Bit i: bucket i counted something. Only for the thread that records (folding an ended actor's counts
  /// into a total then reads only the buckets it used).
  std::uint64_t used() const noexcept { return used_; }

private:
  // Sampled counts: 32 bits last for four billion samples of one actor, and
  // keep a histogram at 256 bytes.
  basic_owned_counter<std::uint32_t> buckets_[num_buckets];
  std::uint64_t used_ = 0;
  static_assert(num_buckets <= 64);
};

/// Sampled mailbox waits of a tracked actor, allocated with its first sample.
struct mailbox_wait_timing : cache_allocated<mailbox_wait_timing> {
  cycle_histogram histogram; ///< sampled messages: enqueue to dequeue (their number is its sum)
  owned_counter cycles;
};

/// Timing of a tracked actor, and its rare counts, allocated when it handles
/// its first sampled message, takes its first stamped one, or skips or leaves
/// unmatched its first message (an actor that never does, does not pay for
/// it). Both parts come from the thread's cache: a short-lived actor that was
/// timed once pays little for it.
struct actor_timing : cache_allocated<actor_timing> {
  cycle_histogram processing; ///< sampled messages: time in the handler
  owned_counter sampled_messages;
  owned_counter sampled_cycles;
  owned_counter skipped;   ///< messages put back for a later behavior
  owned_counter unmatched; ///< messages no case matched
  /// Made by the actor's thread with the first wait sample; readers load it acquire.
  std::atomic<mailbox_wait_timing*> wait{nullptr};

  actor_timing() = default;
  actor_timing(const actor_timing&) = delete;
  actor_timing& operator=(const actor_timing&) = delete;
  ~actor_timing() { delete wait.load(std::memory_order_relaxed); }

  mailbox_wait_timing& ensure_wait() {
    auto* w = wait.load(std::memory_order_relaxed);
    if (w == nullptr) {
      w = new mailbox_wait_timing;
      wait.store(w, std::memory_order_release);
    }
    return *w;
  }
};

static_assert(sizeof(actor_timing) <= max_cached_size && sizeof(mailbox_wait_timing) <= max_cached_size,
              "timing blocks come from the thread's cache");

struct actor_statistics {
  /// The tracker's entry that lists the block, cleared when the actor ends (null: not listed). After that,
  /// while a reader may still hold the block, the next block kept for readers (see actor_tracker).
  union {
    std::atomic<actor_statistics*>* slot = nullptr;
    actor_statistics* next_kept;
  };
  /// Timings, made with the first sample (see actor_timing; readers load it acquire). Its lock is `taking`:
  /// held by a reader while it looks at the actor; the actor passes through it after it took its mailbox's
  /// stack or ended while a reader is about (see actor_readers).
  locked_pointer<actor_timing> timing;

  // ---- written by the thread running the actor ----
  /// Messages taken from the mailbox's stack for a handler (one that turns out to need none, a system
  /// message done with, is given back). What the actor holds is taken - processed (wrapping, in 32 bits):
  /// it stays far below 2^31.
  basic_owned_counter<std::uint32_t> taken;

private:
  // The most the actor held when it took messages, below 2^31 as what it holds; the top bit is set when the
  // actor ends (a reader that holds `taking` afterwards skips the block).
  std::atomic<std::uint32_t> depth_and_end_{0};
  static constexpr std::uint32_t end_bit = std::uint32_t{1} << 31;

public:
  // ---- written by senders ----
  /// One message at a time carries a timestamp: the element and the cycle
  /// count at its enqueue.
  std::atomic<mailbox_element*> stamped{nullptr};
  std::atomic<std::uint64_t> stamp_cycles{0};

  // ---- written by the thread running the actor ----
  owned_counter processed; ///< messages a handler ran for
  owned_counter sent;      ///< messages this actor sent to tracked actors
  /// The latest clock reading of the actor's worker when it first ran (0 before), where its age starts.
  owned_counter started_cycles;

  actor_statistics() = default;
  actor_statistics(const actor_statistics&) = delete;
  actor_statistics& operator=(const actor_statistics&) = delete;
  ~actor_statistics() { delete timing.load(std::memory_order_relaxed); }

  actor_control_block* ctrl() noexcept { return reinterpret_cast<actor_control_block*>(this + 1); }
  static actor_statistics* of(actor_control_block* ctrl) noexcept {
    return reinterpret_cast<actor_statistics*>(ctrl) - 1;
  }

  /// The lock a reader holds while it looks at the actor.
  low_bit_lock& taking() noexcept { return timing; }

  /// Whether the actor ended (readers load acquire, under `taking`).
  bool ended(std::memory_order order = std::memory_order_acquire) const noexcept {
    return (depth_and_end_.load(order) & end_bit) != 0;
  }
  /// On the actor's thread, once: a reader that takes `taking` from now on skips the block.
  void mark_ended() noexcept {
    depth_and_end_.store(depth_and_end_.load(std::memory_order_relaxed) | end_bit, std::memory_order_release);
  }
  /// The most the actor held when it took messages.
  std::uint32_t max_depth() const noexcept { return depth_and_end_.load(std::memory_order_relaxed) & ~end_bit; }
  /// On the actor's thread: it holds `n` after a take. Stored either way: a fresh actor raises it once, and
  /// a branch on that would be mispredicted at every other take.
  void note_depth(std::uint32_t n) noexcept {
    auto word = depth_and_end_.load(std::memory_order_relaxed);
    depth_and_end_.store(std::max(word, n), std::memory_order_relaxed);
  }

  /// On the actor's thread: a message taken needed no handler (a system message, done with).
  void give_back_taken() noexcept { taken.set(taken.get() - 1); }

  /// Messages an actor handles before it keeps timings of its own: the samples of its first messages count
  /// toward its node's totals only (see actor_tracker::count_young_processing), so that an actor that lives
  /// for a handful of messages never allocates a timing block. Percentiles of one actor need many samples.
  static constexpr std::uint64_t young_messages = 4;

  /// Whether a timing sample taken now goes to the node's totals only (on the actor's thread).
  bool young() const noexcept {
    return timing.load(std::memory_order_relaxed) == nullptr && processed.get() < young_messages;
  }

  actor_timing& ensure_timing() {
    auto* t = timing.load(std::memory_order_relaxed);
    if (t == nullptr) {
      t = new actor_timing;
      timing.publish(t);
    }
    return *t;
  }

  /// On the actor's thread: a message put back for a later behavior, or one no case matched. Rare, so they
  /// count in the timing block (without memory for it, the count is lost), out of the callers' line.
  [[gnu::cold, gnu::noinline]] void count_skipped() noexcept { count_rare(&actor_timing::skipped); }
  [[gnu::cold, gnu::noinline]] void count_unmatched() noexcept { count_rare(&actor_timing::unmatched); }
  std::uint64_t skipped() const noexcept { return rare_count(&actor_timing::skipped); }
  std::uint64_t unmatched() const noexcept { return rare_count(&actor_timing::unmatched); }

  /// Messages taken from the mailbox and not finished: waiting in the actor's
  /// own queue, skipped for a later behavior, or being handled.
  std::uint64_t held() const noexcept {
    // A reader may load `processed` newer than `taken`: a negative difference is none.
    auto d = static_cast<std::int32_t>(taken.get() - done());
    return d > 0 ? static_cast<std::uint64_t>(d) : 0;
  }
  /// Messages done with, in the 32 bits that `taken` counts in.
  std::uint32_t done() const noexcept { return static_cast<std::uint32_t>(processed.get()); }

private:
  void count_rare(owned_counter actor_timing::*which) noexcept {
    try {
      (ensure_timing().*which).add();
    } catch (const std::bad_alloc&) {}
  }
  std::uint64_t rare_count(owned_counter actor_timing::*which) const noexcept {
    auto* t = timing.load(std::memory_order_acquire);
    return t != nullptr ? (t->*which).get() : 0;
  }
};

// The control block must stay 16-aligned behind the block.
static_assert(sizeof(actor_statistics) % 16 == 0);
static_assert(sizeof(actor_statistics) <= 64, "every tracked actor carries the block: keep it to one cache line");

} // namespace troupe::detail
