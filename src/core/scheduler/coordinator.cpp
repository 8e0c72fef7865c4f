// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/scheduler/coordinator.hpp"

#include <thread>

#if defined(__linux__)
#  include <linux/futex.h>
#  include <pthread.h>
#  include <sched.h>
#  include <sys/syscall.h>
#  include <unistd.h>
#endif

namespace troupe::scheduler {

// -- current worker -------------------------------------------------------------

namespace {
constinit thread_local execution_unit* current_worker_ptr = nullptr;
} // namespace

execution_unit* current_worker() noexcept {
  return current_worker_ptr;
}

void detail::set_current_worker(execution_unit* self) noexcept {
  current_worker_ptr = self;
}

// -- abstract_coordinator ---------------------------------------------------------

namespace {

std::size_t resolve_workers(std::size_t n) noexcept {
  if (n != 0)
    return n;
  auto hw = std::thread::hardware_concurrency();
  return hw != 0 ? hw : 1;
}

} // namespace

abstract_coordinator::abstract_coordinator(actor_system* sys, std::size_t num_workers,
                                           std::size_t max_throughput) noexcept
  : system_(sys), num_workers_(resolve_workers(num_workers)),
    max_throughput_(max_throughput != 0 ? max_throughput : unlimited_throughput) {}

abstract_coordinator::~abstract_coordinator() = default;

idle_poller::~idle_poller() = default;

void abstract_coordinator::set_idle_poller(idle_poller* p) noexcept {
  idle_poller_.store(p, std::memory_order_seq_cst);
  // A worker that read the old pointer counted its scope first (seq_cst on
  // both sides); an idle period is short (it ends before the worker sleeps).
  while (idle_scopes_.load(std::memory_order_acquire) != 0)
    detail::thread_yield();
}

// -- parking primitives -----------------------------------------------------------

namespace detail {

static_assert(sizeof(std::atomic<std::uint32_t>) == sizeof(std::uint32_t));

void thread_yield() noexcept {
#if defined(__linux__)
  sched_yield();
#else
  std::this_thread::yield();
#endif
}

#if defined(__linux__)

void futex_wait(std::atomic<std::uint32_t>& word, std::uint32_t expected) noexcept {
  // Returns 0 when woken, EAGAIN if the value already differs, EINTR on a signal:
  // callers loop on their condition, so all three are fine.
  syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(&word), FUTEX_WAIT_PRIVATE, expected, nullptr, nullptr, 0);
}

void futex_wake_one(std::atomic<std::uint32_t>& word) noexcept {
  syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(&word), FUTEX_WAKE_PRIVATE, 1, nullptr, nullptr, 0);
}

void futex_wake_all(std::atomic<std::uint32_t>& word) noexcept {
  syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(&word), FUTEX_WAKE_PRIVATE, INT32_MAX, nullptr, nullptr, 0);
}

void set_thread_name(const char* name) noexcept {
  char buf[16] = {};
  for (std::size_t i = 0; i < sizeof(buf) - 1 && name[i] != '\0'; ++i)
    buf[i] = name[i];
  pthread_setname_np(pthread_self(), buf);
}

#else

void futex_wait(std::atomic<std::uint32_t>& word, std::uint32_t expected) noexcept {
  word.wait(expected, std::memory_order_acquire);
}

void futex_wake_one(std::atomic<std::uint32_t>& word) noexcept {
  word.notify_one();
}

void futex_wake_all(std::atomic<std::uint32_t>& word) noexcept {
  word.notify_all();
}

void set_thread_name(const char*) noexcept {
  // not supported on this platform
}

#endif

} // namespace detail

// -- built-in policies ------------------------------------------------------------

template class coordinator<policy::work_stealing>;
template class coordinator<policy::work_sharing>;
template class worker<policy::work_stealing>;
template class worker<policy::work_sharing>;

} // namespace troupe::scheduler
