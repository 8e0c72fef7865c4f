// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/detail/actor_readers.hpp"

#if defined(__linux__)
#  include <linux/membarrier.h>
#  include <sys/syscall.h>
#  include <unistd.h>
#endif

namespace troupe::detail {

alignas(64) constinit std::atomic<std::uint32_t> actor_readers::count_{0};

namespace {

// Every thread of the process that runs now passes a full barrier before this returns.
bool heavy_barrier() noexcept {
#if defined(__linux__) && defined(SYS_membarrier)
  return syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) == 0;
#else
  return false;
#endif
}

// Registers the process for the barrier and tries it once: once it worked,
// the kernel has no reason left to refuse it.
bool register_barrier() noexcept {
#if defined(__linux__) && defined(SYS_membarrier)
  auto offered = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
  if (offered < 0 || (offered & MEMBARRIER_CMD_PRIVATE_EXPEDITED) == 0)
    return false;
  return syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0 && heavy_barrier();
#else
  return false;
#endif
}

} // namespace

void actor_readers::pass(spinlock& taking) noexcept {
  taking.lock();
  taking.unlock();
}

bool actor_readers::prepare() noexcept {
  static const bool ready = register_barrier();
  return ready;
}

void actor_readers::enter() noexcept {
  count_.fetch_add(1, std::memory_order_seq_cst);
  // Only a process where prepare() succeeded tracks actors; the barrier works there.
  heavy_barrier();
}

void actor_readers::leave() noexcept {
  count_.fetch_sub(1, std::memory_order_release);
}

} // namespace troupe::detail
