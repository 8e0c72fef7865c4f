// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A scheduler worker: one thread running jobs for coordinator<Policy>. Include
// coordinator.hpp, which owns the workers; their code needs the coordinator's.
//
// Loop: take the next job (the bypass slot, else Policy::dequeue), call
// resume(this, max_throughput) and act on the result:
//   resume_later      -> Policy::resume_job_later (the scheduler keeps its reference)
//   awaiting_message,
//   done              -> deref_resumable()
//
// Job-queue bypass: exec_later() called on this worker's own thread does not touch
// any queue; it stores the job in a private one-slot "next job" field. If the slot
// is already occupied, the older occupant is moved to the worker's queue
// (Policy::internal_enqueue). When the running job returns, the slot job runs next,
// even if the running job asked to be resumed later (it is re-queued behind the
// slot job). Chains of bypassed jobs are cut after max_bypass_chain consecutive
// hand-offs: the slot job then goes to the back of the queue like a resume_later
// job, so that a ring of jobs passing work around cannot starve other jobs.
//
// A job in the slot is invisible to thieves until the running job returns; that is
// the price of bypassing the queue (it is what makes a message hand-off cost only
// one pointer write). A running actor that goes on to another message of its
// mailbox first moves the slot job to the queue (release_bypass_job), so the job
// waits behind at most one handler, never a whole batch of them.
#include <cstddef>
#include <thread>
#include <utility>

#include "troupe/scheduler/current_worker.hpp"
#include "troupe/scheduler/execution_unit.hpp"
#include "troupe/scheduler/parking.hpp"
#include "troupe/scheduler/resumable.hpp"
#include "troupe/scheduler/scheduler_policy.hpp"

namespace troupe::scheduler {

/// One scheduler thread of coordinator<Policy>: takes the next job (the bypass slot, else Policy::dequeue), resumes
/// it and re-queues or releases it by the result. Created and owned by the coordinator.
template <class Policy>
class worker final : public execution_unit {
public:
  /// The scheduling policy.
  using policy_type = Policy;
  /// The coordinator that owns this worker.
  using coordinator_type = coordinator<Policy>;
  /// The policy's per-worker data (Policy::worker_data).
  using data_type = typename Policy::worker_data;

  /// Consecutive bypass hand-offs after which the slot job is queued instead.
  static constexpr std::size_t max_bypass_chain = 64;

  /// Worker number `id` of `parent`; no thread runs until start().
  worker(std::size_t id, coordinator_type* parent, actor_system* sys, std::size_t max_throughput)
    : execution_unit(sys), id_(id), parent_(parent), max_throughput_(max_throughput) {}

  worker(const worker&) = delete;
  worker& operator=(const worker&) = delete;

  ~worker() override {
    if (thread_.joinable())
      thread_.join();
  }

  /// From this worker's thread: job-queue bypass (see above). From any other thread:
  /// forwarded to Policy::external_enqueue, targeted at this worker.
  void exec_later(resumable* job) override {
    if (current_worker() != this) {
      parent_->policy().external_enqueue(this, job);
      return;
    }
    if (auto* older = std::exchange(bypass_job_, job))
      parent_->policy().internal_enqueue(this, older);
  }

  void release_bypass_job() override {
    if (auto* job = std::exchange(bypass_job_, nullptr))
      parent_->policy().internal_enqueue(this, job);
  }

  /// From this worker's thread, outside a job (the policy's dequeue after an
  /// idle poll): the job waiting in the bypass slot, if any.
  resumable* take_bypass_job() noexcept { return std::exchange(bypass_job_, nullptr); }

  /// Its index in the coordinator, 0 to num_workers() - 1.
  std::size_t id() const noexcept { return id_; }
  /// The coordinator that owns it.
  coordinator_type* parent() const noexcept { return parent_; }
  /// The policy's data for this worker.
  /// @{
  data_type& data() noexcept { return data_; }
  const data_type& data() const noexcept { return data_; }
  /// @}
  /// How much work a job may do per resume(), as the coordinator's max_throughput().
  std::size_t max_throughput() const noexcept { return max_throughput_; }

  /// Launches the worker thread (called by the coordinator).
  void start() {
    thread_ = std::thread{[this] { run(); }};
  }

  /// Joins the worker thread (called by the coordinator after stop was requested).
  void join() {
    if (thread_.joinable())
      thread_.join();
  }

private:
  void run() {
    detail::set_thread_name("troupe.worker");
    detail::set_current_worker(this);
    auto& pol = parent_->policy();
    resumable* job = nullptr;
    std::size_t chain = 0; // consecutive bypass hand-offs
    while (!parent_->stopping(std::memory_order_relaxed)) {
      if (job == nullptr) {
        job = pol.dequeue(this);
        if (job == nullptr) // stop requested
          break;
        chain = 0;
      }
      auto result = job->resume(this, max_throughput_);
      if (result != resumable::resume_result::resume_later) {
        // Before the slot is read: if this was the job's last reference, its
        // cleanup (an unreachable actor's exit messages) may fill the slot.
        job->deref_resumable();
        job = nullptr;
      }
      auto* next = std::exchange(bypass_job_, nullptr);
      if (next != nullptr && ++chain > max_bypass_chain) {
        // Fairness: give the jobs waiting in the queues a turn.
        pol.resume_job_later(this, next);
        next = nullptr;
      }
      if (job != nullptr)
        pol.resume_job_later(this, job); // runs after `next` and after waiting jobs
      job = next;
    }
    // Stopping: the coordinator derefs what is still queued; we own these two.
    if (job != nullptr)
      job->deref_resumable();
    if (auto* slot = std::exchange(bypass_job_, nullptr))
      slot->deref_resumable();
    detail::set_current_worker(nullptr);
  }

  std::size_t id_;
  coordinator_type* parent_;
  std::size_t max_throughput_;
  std::thread thread_;
  data_type data_;
};

} // namespace troupe::scheduler
