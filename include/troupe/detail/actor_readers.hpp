// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Whether some thread is reading tracked actors right now (a snapshot, a
// scrape, the shell's peek). A tracked actor asks where it takes its mailbox's
// stack and where it ends, with a plain load instead of taking its `taking`
// lock: a reader announces itself and then makes every thread of the process
// pass a full barrier (membarrier), so that either the reader sees what the
// actor did before it asked, or the actor sees the reader and takes the lock.
// Readers are rare and pay a system call each; actors pay no
// read-modify-write. Where the kernel offers no such barrier (Linux before
// 4.14, or a sandbox that forbids it), no actor is tracked.
#include <atomic>
#include <cstdint>

#include "troupe/detail/export.hpp"
#include "troupe/detail/locked_pointer.hpp"

namespace troupe::detail {

class TROUPE_CORE_API actor_readers {
public:
  /// Whether an actor must take its `taking` lock: a reader may be looking at it. The caller published what a
  /// reader must see (its stack taken, its end) just before asking; the compiler barrier keeps it there.
  static bool present() noexcept {
    std::atomic_signal_fence(std::memory_order_seq_cst);
    // acquire: what a reader that left read happened before what the actor does next.
    return count_.load(std::memory_order_acquire) != 0;
  }

  /// An actor's side, after it published a change and present() said yes: waits for a reader that holds its
  /// lock; a reader that takes the lock later sees the change.
  [[gnu::noinline]] static void pass(low_bit_lock& taking) noexcept;

  /// Prepares the barrier once per process; a system calls it before it tracks its first actor, and tracks
  /// none if it returns false.
  static bool prepare() noexcept;

  /// A reader, for as long as it lives.
  class scope {
  public:
    scope() noexcept { enter(); }
    ~scope() { leave(); }
    scope(const scope&) = delete;
    scope& operator=(const scope&) = delete;
  };

private:
  static void enter() noexcept;
  static void leave() noexcept;

  alignas(64) static std::atomic<std::uint32_t> count_;
};

} // namespace troupe::detail
