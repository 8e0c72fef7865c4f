// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Low-level idle/park primitives shared by the built-in scheduler policies.
//
//   cpu_relax()      one spin-loop hint (x86 `pause`, ARM `yield`); never sleeps
//   futex_wait(w, v) blocks while w == v (returns on wake-up, on a changed value or
//                    spuriously: always re-check the condition in a loop)
//   futex_wake_*     wakes threads blocked in futex_wait on w
//
// On Linux these are raw FUTEX_*_PRIVATE syscalls on the atomic's address; elsewhere
// std::atomic::wait/notify. They never take a lock and futex_wait never has a timeout,
// so nothing here produces the ~50 us timer-slack sleeps of a zero-timeout wait.
#include <atomic>
#include <cstdint>

#include "troupe/detail/export.hpp"

namespace troupe::scheduler::detail {

inline void cpu_relax() noexcept {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
  asm volatile("yield" ::: "memory");
#else
  std::atomic_signal_fence(std::memory_order_seq_cst);
#endif
}

/// Gives the rest of this time slice to another runnable thread (sched_yield).
TROUPE_CORE_API void thread_yield() noexcept;

TROUPE_CORE_API void futex_wait(std::atomic<std::uint32_t>& word, std::uint32_t expected) noexcept;
TROUPE_CORE_API void futex_wake_one(std::atomic<std::uint32_t>& word) noexcept;
TROUPE_CORE_API void futex_wake_all(std::atomic<std::uint32_t>& word) noexcept;

/// Names the calling thread (shows up in top/gdb); best effort, truncated to 15 chars.
TROUPE_CORE_API void set_thread_name(const char* name) noexcept;

} // namespace troupe::scheduler::detail
