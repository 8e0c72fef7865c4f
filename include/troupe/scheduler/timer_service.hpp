// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// One timer thread per actor system: runs callbacks at (or shortly after) their
// deadlines. Callbacks run on the timer thread, one at a time, in deadline order
// (ties in scheduling order); they should be short (typically: enqueue a message).
//
// The thread sleeps (condition variable, deadline = the earliest timer) until the
// earliest deadline or until a timer earlier than that is scheduled. Scheduling a
// timer that is not earlier than the one the thread sleeps for only takes the mutex
// (uncontended: no syscall) and does not wake the thread.
//
// A service made with clock_mode::manual has no thread and a clock that stands
// still: time moves only when advance_to() is called, which runs the due
// callbacks on the calling thread. Deterministic tests use it (troupe::test).
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#include "troupe/detail/export.hpp"
#include "troupe/scheduler/unique_callback.hpp"

namespace troupe::scheduler {

/// Runs callbacks at (or shortly after) their deadlines: one timer thread per actor system, or, with
/// clock_mode::manual, no thread and a clock that only advance_to() moves. Callbacks run one at a time in deadline
/// order (ties in scheduling order) and should be short. schedule() may be called from any thread.
class TROUPE_CORE_API timer_service {
public:
  /// The clock deadlines are measured on (with clock_mode::manual, only its time_point type is used).
  using clock_type = std::chrono::steady_clock;
  /// A deadline.
  using time_point = clock_type::time_point;
  /// What a timer runs: a move-only `void()` callable.
  using callback = troupe::detail::unique_callback;

  /// Where deadlines are measured: steady_clock with a timer thread, or a clock
  /// that only advance_to() moves (chosen once, so the common path pays one
  /// predictable branch in now()).
  enum class clock_mode { steady, manual };

  /// A service with no thread running yet (start() launches it; with clock_mode::manual it never has one).
  explicit timer_service(clock_mode mode = clock_mode::steady);
  ~timer_service(); // stop()

  timer_service(const timer_service&) = delete;
  timer_service& operator=(const timer_service&) = delete;

  /// Launches the timer thread. Timers scheduled before start() fire afterwards.
  /// Call at most once.
  void start();

  /// Joins the timer thread and discards every pending timer: its callback is
  /// destroyed without being called. Idempotent; afterwards schedule() discards.
  /// Must not be called from a timer callback.
  void stop();

  /// Runs f on the timer thread at `when` (right away if `when` has passed).
  void schedule(time_point when, callback f);

  /// Runs f `delay` after now() (on the manual clock: once advance_to() has moved that far).
  template <class Rep, class Period>
  void schedule_after(std::chrono::duration<Rep, Period> delay, callback f) {
    schedule(now() + std::chrono::duration_cast<clock_type::duration>(delay), std::move(f));
  }

  /// The time deadlines are compared with: steady_clock::now(), or the manual time.
  time_point now() const noexcept {
    if (!manual_) [[likely]]
      return clock_type::now();
    return time_point{clock_type::duration{manual_now_.load(std::memory_order_acquire)}};
  }

  /// Whether the service was made with clock_mode::manual.
  bool manual() const noexcept { return manual_; }

  /// Manual clock only: moves the time to `t` (never backwards) and runs, on the
  /// calling thread and in deadline order, every callback due by then. The time
  /// steps through each deadline: during a callback, now() is its deadline, and
  /// timers it schedules for `t` or earlier run too. Returns how many ran.
  std::size_t advance_to(time_point t);

  /// The earliest pending deadline, or time_point::max() when none is pending.
  time_point next_deadline() const;

  /// Timers scheduled and neither fired nor discarded yet.
  std::size_t pending() const;

  /// How often the timer thread woke from a wait (for tests and diagnostics).
  std::size_t wakeups() const noexcept { return wakeups_.load(std::memory_order_relaxed); }

private:
  struct entry {
    time_point when;
    std::uint64_t seq;
    callback fn;
  };

  struct later { // heap order: earliest deadline (then lowest seq) on top
    bool operator()(const entry& x, const entry& y) const noexcept {
      return x.when != y.when ? x.when > y.when : x.seq > y.seq;
    }
  };

  void run();

  bool manual_;
  std::atomic<clock_type::duration::rep> manual_now_{0}; // manual time since the clock's epoch
  mutable std::mutex mtx_;
  std::condition_variable cv_;
  std::vector<entry> heap_;    // guarded by mtx_
  std::uint64_t next_seq_ = 0; // guarded by mtx_
  time_point sleeping_until_;  // guarded by mtx_; min() while the thread is awake
  bool started_ = false;       // guarded by mtx_
  bool stopped_ = false;       // guarded by mtx_
  std::atomic<bool> stopping_{false};
  std::atomic<std::size_t> pending_{0};
  std::atomic<std::size_t> wakeups_{0};
  std::thread thread_;
};

} // namespace troupe::scheduler
