// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A mutex-protected FIFO of jobs with a lock-free emptiness check: consumers that
// find size_hint() == 0 never touch the mutex. Used as the per-worker "inbox" of
// policy::work_stealing (jobs from other threads and resume_later jobs).
#include <atomic>
#include <cstddef>
#include <deque>
#include <mutex>
#include <utility>

#include "troupe/scheduler/resumable.hpp"

namespace troupe::scheduler::detail {

class locked_fifo {
public:
  /// Appends a job; returns the number of queued jobs including it. The size update
  /// is a seq_cst store, so a seq_cst load of a sleeper counter that follows it is
  /// ordered after it (the publishing half of the parking protocol).
  std::size_t push(resumable* job) {
    std::lock_guard guard{mtx_};
    jobs_.push_back(job);
    auto n = jobs_.size();
    size_.store(n, std::memory_order_seq_cst);
    return n;
  }

  /// Removes the oldest job, or returns nullptr (without locking when empty).
  resumable* try_pop() {
    if (size_.load(std::memory_order_seq_cst) == 0)
      return nullptr;
    std::lock_guard guard{mtx_};
    if (jobs_.empty())
      return nullptr;
    auto* job = jobs_.front();
    jobs_.pop_front();
    size_.store(jobs_.size(), std::memory_order_relaxed);
    return job;
  }

  std::size_t size_hint() const noexcept { return size_.load(std::memory_order_relaxed); }

  /// Removes all jobs and passes each one to f (outside of the lock).
  template <class F>
  void drain(F&& f) {
    std::deque<resumable*> tmp;
    {
      std::lock_guard guard{mtx_};
      tmp.swap(jobs_);
      size_.store(0, std::memory_order_relaxed);
    }
    for (auto* job : tmp)
      f(job);
  }

private:
  std::mutex mtx_;
  std::deque<resumable*> jobs_;
  std::atomic<std::size_t> size_{0};
};

} // namespace troupe::scheduler::detail
