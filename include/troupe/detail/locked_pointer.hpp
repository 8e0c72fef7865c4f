// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A pointer with a spinlock in its low bit, for a block that every actor
// carries, where a lock of its own would cost a word. The pointer's owner sets
// it once, while any thread may hold the lock; so both change the word with
// read-modify-writes, and neither undoes what the other did.
#include <atomic>
#include <cstdint>

#include "troupe/detail/spinlock.hpp"

namespace troupe::detail {

/// A spinlock in the low bit of a word whose other bits belong to someone else (see locked_pointer).
class low_bit_lock {
public:
  void lock() noexcept {
    if ((word_.fetch_or(lock_bit, std::memory_order_acquire) & lock_bit) == 0) [[likely]]
      return;
    lock_contended();
  }
  bool try_lock() noexcept { return (word_.fetch_or(lock_bit, std::memory_order_acquire) & lock_bit) == 0; }
  void unlock() noexcept { word_.fetch_and(~lock_bit, std::memory_order_release); }

protected:
  static constexpr std::uintptr_t lock_bit = 1;
  std::atomic<std::uintptr_t> word_{0};

private:
  // Out of line, as spinlock's.
  [[gnu::noinline]] void lock_contended() noexcept {
    spin_until_locked([this] { return try_lock(); },
                      [this] { return (word_.load(std::memory_order_relaxed) & lock_bit) != 0; });
  }
};

/// A pointer to T, null until its owner publishes it (once), that shares its word with a low_bit_lock.
template <class T>
class locked_pointer : public low_bit_lock {
public:
  static_assert(alignof(T) >= 2, "the pointer's low bit holds the lock");

  T* load(std::memory_order order) const noexcept { return reinterpret_cast<T*>(word_.load(order) & ~lock_bit); }
  /// Sets the pointer, which was null, and leaves the lock as it is; readers that load acquire see *p.
  void publish(T* p) noexcept { word_.fetch_or(reinterpret_cast<std::uintptr_t>(p), std::memory_order_release); }
};

} // namespace troupe::detail
