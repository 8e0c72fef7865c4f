// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// policy::work_sharing: one central FIFO queue shared by all workers (a thread
// pool). Simple and fair, but every enqueue/dequeue takes the same mutex, so it
// scales worse than work_stealing beyond a few cores.
//
// Idle: a worker polls the queue's atomic size (no lock) for spin_rounds rounds with
// cpu_relax() back-off and yield_rounds rounds with sched_yield(), then sleeps on the
// condition variable (no timeout). Each spin round also runs the system's idle
// poller, if any (idle_poller.hpp); the idle period ends before the first yield.
// Sleepers are counted under the mutex, which every enqueue takes anyway to push,
// so an enqueue signals the condition variable only when somebody sleeps, and a
// worker cannot miss a push between its last check and going to sleep (it checks
// and waits under the same mutex).
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <utility>

#include "troupe/detail/cycle_count.hpp"
#include "troupe/scheduler/parking.hpp"
#include "troupe/scheduler/resumable.hpp"

namespace troupe::policy {

/// Scheduler policy with one central FIFO queue shared by all workers (a thread pool): simple and fair, but every
/// enqueue and dequeue takes the same mutex, so it scales worse than work_stealing beyond a few cores.
class work_sharing {
public:
  /// Rounds an idle worker polls the queue with cpu_relax() back-off (running the idle poller) before it yields.
  static constexpr std::size_t spin_rounds = 32;
  /// Rounds it then polls with sched_yield() before it sleeps on the condition variable.
  static constexpr std::size_t yield_rounds = 8;

  /// The shared queue, one per coordinator.
  struct coordinator_data {
    /// Guards queue and sleepers.
    std::mutex mtx;
    /// Where idle workers sleep; an enqueue signals it only when somebody sleeps.
    std::condition_variable cv;
    std::deque<resumable*> queue; ///< The waiting jobs, oldest first; guarded by mtx.
    std::size_t sleepers = 0;     ///< Workers waiting on cv; guarded by mtx.
    /// The queue's size, read without the mutex by spinning workers.
    alignas(64) std::atomic<std::size_t> size{0};
  };

  /// No per-worker state.
  struct worker_data {};

  /// Appends the job to the central queue and wakes a sleeping worker, if any. There are no per-worker queues: any
  /// worker may run the job, not necessarily `self`.
  /// @{
  template <class Coordinator>
  void central_enqueue(Coordinator* self, resumable* job) {
    push(self->data(), job, false);
  }

  template <class Worker>
  void external_enqueue(Worker* self, resumable* job) {
    push(self->parent()->data(), job, false);
  }

  template <class Worker>
  void internal_enqueue(Worker* self, resumable* job) {
    push(self->parent()->data(), job, false);
  }
  /// @}

  /// Appends the job to the back of the central queue; wakes a sleeping worker only when other jobs wait too (else the
  /// calling worker takes it next).
  template <class Worker>
  void resume_job_later(Worker* self, resumable* job) {
    // The calling worker takes it next unless other jobs wait: wake only then.
    push(self->parent()->data(), job, true);
  }

  /// The oldest job of the central queue. Without one, polls spin_rounds then yield_rounds rounds (running the idle
  /// poller), then sleeps until a job arrives. nullptr when the coordinator stops.
  template <class Worker>
  resumable* dequeue(Worker* self) {
    auto* parent = self->parent();
    auto& d = parent->data();
    {
      typename Worker::coordinator_type::idle_scope idle{*parent, self};
      for (std::size_t round = 0; round < spin_rounds + yield_rounds; ++round) {
        if (d.size.load(std::memory_order_relaxed) > 0) {
          std::lock_guard guard{d.mtx};
          if (!d.queue.empty()) {
            if (round > 0)
              self->note_cycles(troupe::detail::cycle_count()); // it was idle: the clock it keeps moves on
            return pop(d);
          }
        }
        if (parent->stopping(std::memory_order_relaxed))
          return nullptr;
        if (round == spin_rounds)
          idle.end(); // a yield may give the core away for a time slice
        if (idle.poll()) {
          if (auto* job = self->take_bypass_job()) {
            self->note_cycles(troupe::detail::cycle_count());
            return job;
          }
          continue;
        }
        if (round < spin_rounds) {
          for (auto n = std::size_t{1} << std::min<std::size_t>(round, 6); n > 0; --n)
            scheduler::detail::cpu_relax();
        } else {
          scheduler::detail::thread_yield();
        }
      }
    } // the idle period ends before the worker sleeps
    std::unique_lock guard{d.mtx};
    for (;;) {
      if (!d.queue.empty()) {
        self->note_cycles(troupe::detail::cycle_count());
        return pop(d);
      }
      if (parent->stopping())
        return nullptr;
      ++d.sleepers;
      d.cv.wait(guard);
      --d.sleepers;
    }
  }

  /// Wakes every sleeping worker, so that its dequeue() sees stopping() and returns nullptr.
  template <class Coordinator>
  void stop(Coordinator* self) {
    auto& d = self->data();
    { std::lock_guard guard{d.mtx}; } // a worker between its check and wait() has left
    d.cv.notify_all();
  }

  /// Does nothing: there are no per-worker queues.
  template <class Worker, class F>
  void foreach_resumable(Worker*, F) {
    // No per-worker queues.
  }

  /// Empties the central queue, passing each job to f.
  template <class Coordinator, class F>
  void foreach_central_resumable(Coordinator* self, F f) {
    auto& d = self->data();
    std::deque<resumable*> tmp;
    {
      std::lock_guard guard{d.mtx};
      tmp.swap(d.queue);
      d.size.store(0, std::memory_order_relaxed);
    }
    for (auto* job : tmp)
      f(job);
  }

private:
  static resumable* pop(coordinator_data& d) {
    auto* job = d.queue.front();
    d.queue.pop_front();
    d.size.store(d.queue.size(), std::memory_order_relaxed);
    return job;
  }

  static void push(coordinator_data& d, resumable* job, bool only_if_backlog) {
    bool notify = false;
    {
      std::lock_guard guard{d.mtx};
      d.queue.push_back(job);
      d.size.store(d.queue.size(), std::memory_order_relaxed);
      notify = d.sleepers > 0 && (!only_if_backlog || d.queue.size() > 1);
    }
    if (notify)
      d.cv.notify_one();
  }
};

} // namespace troupe::policy
