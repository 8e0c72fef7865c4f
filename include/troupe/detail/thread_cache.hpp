// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Per-thread free lists for the small blocks on the hot path (mailbox elements,
// message payloads, behaviors, actors). Messages flow from sender to receiver,
// so blocks are allocated on one thread and freed on another: a thread whose
// list grows too long hands a batch to a shared depot, and a thread whose list
// runs dry takes a batch back, one lock round trip per batch, not per block.
// New blocks are carved from 64 KiB slabs (no per-block malloc header).
// Sanitizer builds bypass the cache so that ASan/LSan see every allocation.
#include <cstddef>
#include <new>

#include "troupe/detail/export.hpp"

namespace troupe::detail {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool thread_cache_enabled = false;
#else
inline constexpr bool thread_cache_enabled = true;
#endif

// Size classes are multiples of 8 bytes up to max_cached_size (a one-atom
// message is 24 bytes, its mailbox element 32: 56 per queued message, not 64).
// Slabs are carved into blocks at multiples of the block size from a 16-byte
// aligned start, so a block is 16-byte aligned whenever its size is a multiple
// of 16, which holds for every object with alignof 16 (sizeof is a multiple of
// alignof); raw allocations round their size up to their alignment.
inline constexpr std::size_t cache_granularity = 8;
inline constexpr std::size_t max_cached_size = 512;
inline constexpr std::size_t num_size_classes = max_cached_size / cache_granularity;
inline constexpr std::size_t cache_batch = 128;                   // blocks moved to/from the depot at once
inline constexpr std::size_t max_cached_blocks = 2 * cache_batch; // per size class and thread

struct free_block {
  free_block* next;
};

class TROUPE_CORE_API thread_cache {
public:
  thread_cache() noexcept = default;
  thread_cache(const thread_cache&) = delete;
  thread_cache& operator=(const thread_cache&) = delete;
  ~thread_cache(); // gives every cached block to the depot

  // The calling thread's cache, or nullptr while the thread is shutting down.
  static thread_cache* local() noexcept {
    if (instance_ != nullptr) [[likely]]
      return instance_;
    return init_local();
  }

  static constexpr std::size_t size_class(std::size_t n) noexcept {
    return (n + cache_granularity - 1) / cache_granularity - 1;
  }

  // Every block in size class k has exactly (k + 1) * granularity bytes.
  static constexpr std::size_t rounded(std::size_t n) noexcept {
    return n > max_cached_size ? n : (size_class(n) + 1) * cache_granularity;
  }

  void* allocate(std::size_t n) {
    if (n > max_cached_size)
      return ::operator new(n);
    auto k = size_class(n);
    auto& list = lists_[k];
    if (list.head == nullptr) [[unlikely]]
      refill(k);
    auto* block = list.head;
    list.head = block->next;
    --list.count;
    return block;
  }

  void deallocate(void* p, std::size_t n) noexcept {
    if (n > max_cached_size) {
      ::operator delete(p);
      return;
    }
    auto k = size_class(n);
    auto& list = lists_[k];
    auto* block = static_cast<free_block*>(p);
    block->next = list.head;
    list.head = block;
    if (++list.count == cache_batch + 1)
      list.cut = block; // cache_batch blocks below it: the batch spill() hands over
    else if (list.count > max_cached_blocks) [[unlikely]]
      spill(k);
  }

  // Blocks of any thread may go to any cache, so a block never returns to the
  // system; these take or give blocks without a thread cache (thread exit).
  static void* allocate_uncached(std::size_t n);
  static void deallocate_uncached(void* p, std::size_t n) noexcept;

  // Free lists hand out blocks in the order they were freed, so after many rounds
  // of allocating in one order and freeing in another, consecutive allocations
  // land far apart and a run touches memory at random. When no thread holds a
  // block (every one carved is free again, once the caller's cache is flushed),
  // this drops the free lists so that blocks are carved anew from the first slab,
  // in address order. Returns whether it did; called when an actor_system ends.
  static bool recycle_if_unused() noexcept;

private:
  struct free_list {
    free_block* head = nullptr;
    std::size_t count = 0;
    // While count > cache_batch: the block with exactly cache_batch blocks
    // below it, so that spill() cuts a batch off without a walk. It is set
    // when a free brings the count to cache_batch + 1, and stays in place
    // (a stack) until an allocation takes it at that same count.
    free_block* cut = nullptr;
  };

  static thread_cache* init_local() noexcept;
  void flush() noexcept;              // every cached block to the depot
  void refill(std::size_t k);         // from the depot, else a slab
  void spill(std::size_t k) noexcept; // a batch to the depot
  static free_block* find_cut(const free_list& list) noexcept;

  free_list lists_[num_size_classes];
  static thread_local thread_cache* instance_;
};

inline void* cached_allocate(std::size_t n) {
  if constexpr (thread_cache_enabled) {
    if (auto* cache = thread_cache::local()) [[likely]]
      return cache->allocate(n);
    return thread_cache::allocate_uncached(n);
  } else {
    return ::operator new(n);
  }
}

inline void cached_deallocate(void* p, std::size_t n) noexcept {
  if constexpr (thread_cache_enabled) {
    if (auto* cache = thread_cache::local()) [[likely]]
      cache->deallocate(p, n);
    else
      thread_cache::deallocate_uncached(p, n);
  } else {
    ::operator delete(p);
  }
}

// Base for classes whose instances come from the thread cache.
template <class Derived>
struct cache_allocated {
  static void* operator new(std::size_t n) { return cached_allocate(n); }
  static void operator delete(void* p, std::size_t n) noexcept { cached_deallocate(p, n); }
};

} // namespace troupe::detail
