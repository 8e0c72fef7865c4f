// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The non-template interface of a scheduler (what actor_system holds).
#include <atomic>
#include <cstddef>
#include <limits>

#include "troupe/detail/export.hpp"
#include "troupe/scheduler/current_worker.hpp"

namespace troupe {
class actor_system;
class resumable;
} // namespace troupe

namespace troupe::scheduler {

class TROUPE_CORE_API abstract_coordinator {
public:
  /// max_throughput value meaning "no limit".
  static constexpr std::size_t unlimited_throughput = std::numeric_limits<std::size_t>::max();

  abstract_coordinator(const abstract_coordinator&) = delete;
  abstract_coordinator& operator=(const abstract_coordinator&) = delete;
  virtual ~abstract_coordinator();

  /// Launches the worker threads. Jobs enqueued before start() run afterwards.
  /// Call at most once.
  virtual void start() = 0;

  /// Called by actor_system once all actors are done: wakes and joins all workers,
  /// then calls deref_resumable() on every job still queued (normally none), so that
  /// nothing leaks. A worker finishes the job it is running but starts no new one.
  /// Idempotent; also fine without a preceding start(). Afterwards enqueue() derefs
  /// the job right away. Must not be called from a worker thread (it joins them).
  virtual void stop() = 0;

  /// Enqueues a job from any thread (the policy's central_enqueue). Transfers one
  /// reference to the scheduler (see resumable::ref_resumable).
  virtual void enqueue(resumable* job) = 0;

  std::size_t num_workers() const noexcept { return num_workers_; }

  /// How much work a job may do per resume() (passed on to resumable::resume).
  std::size_t max_throughput() const noexcept { return max_throughput_; }

  actor_system* system() const noexcept { return system_; }

  /// True once stop() has begun. Policies use this to leave dequeue(); the seq_cst
  /// default is for parking protocols (store->load ordering), workers poll relaxed.
  bool stopping(std::memory_order order = std::memory_order_seq_cst) const noexcept { return stopping_.load(order); }

protected:
  /// num_workers == 0 selects std::thread::hardware_concurrency() (at least 1);
  /// max_throughput == 0 selects unlimited_throughput.
  abstract_coordinator(actor_system* sys, std::size_t num_workers, std::size_t max_throughput) noexcept;

  /// Sets stopping(); returns false if it was already set.
  bool request_stop() noexcept { return !stopping_.exchange(true, std::memory_order_seq_cst); }

private:
  actor_system* system_;
  std::size_t num_workers_;
  std::size_t max_throughput_;
  alignas(64) std::atomic<bool> stopping_{false};
};

} // namespace troupe::scheduler
