// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// coordinator<Policy>: a scheduler made of num_workers worker<Policy> threads, plus
// the make_coordinator factory.
#include <cstddef>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "troupe/detail/export.hpp"
#include "troupe/scheduler/abstract_coordinator.hpp"
#include "troupe/scheduler/resumable.hpp"
#include "troupe/scheduler/scheduler_policy.hpp"
#include "troupe/scheduler/work_sharing.hpp"
#include "troupe/scheduler/work_stealing.hpp"
#include "troupe/scheduler/worker.hpp"

namespace troupe::scheduler {

/// The built-in policies are also reachable as scheduler::policy::work_stealing etc.
namespace policy = troupe::policy;

/// The scheduler: num_workers() worker<Policy> threads, with Policy deciding where jobs queue and how idle workers
/// find or wait for work (see scheduler_policy). Made by make_coordinator.
template <class Policy>
class coordinator final : public abstract_coordinator {
public:
  /// The scheduling policy.
  using policy_type = Policy;
  /// The type of its workers.
  using worker_type = worker<Policy>;
  /// The policy's per-coordinator data (Policy::coordinator_data).
  using data_type = typename Policy::coordinator_data;

  /// See abstract_coordinator for the meaning of 0 in num_workers/max_throughput.
  /// Creates the workers (but no threads: see start()).
  coordinator(actor_system* sys, std::size_t num_workers, std::size_t max_throughput, Policy policy = Policy{})
    : abstract_coordinator(sys, num_workers, max_throughput), policy_(std::move(policy)) {
    static_assert(scheduler_policy<Policy>, "Policy does not model troupe::scheduler_policy");
    workers_.reserve(this->num_workers());
    for (std::size_t i = 0; i < this->num_workers(); ++i)
      workers_.push_back(std::make_unique<worker_type>(i, this, sys, this->max_throughput()));
  }

  ~coordinator() override { stop(); }

  void start() override {
    std::lock_guard guard{lifecycle_mtx_};
    if (state_ != lifecycle::created)
      return;
    state_ = lifecycle::running;
    for (auto& w : workers_)
      w->start();
  }

  void stop() override {
    std::lock_guard guard{lifecycle_mtx_};
    if (state_ != lifecycle::stopped) {
      state_ = lifecycle::stopped;
      request_stop();
      policy_.stop(this);
      for (auto& w : workers_)
        w->join();
    }
    // Also runs on repeated calls: catches jobs that raced with the first stop().
    drain();
  }

  void enqueue(resumable* job) override {
    if (stopping(std::memory_order_relaxed)) {
      job->deref_resumable();
      return;
    }
    policy_.central_enqueue(this, job);
  }

  std::vector<worker_times> times() const override {
    std::vector<worker_times> out;
    if constexpr (requires(const typename worker_type::data_type& d) { d.times(); }) {
      out.reserve(workers_.size());
      for (auto& w : workers_)
        out.push_back(w->data().times());
    }
    return out;
  }

  std::uint64_t processed_messages() const noexcept override {
    std::uint64_t sum = 0;
    for (auto& w : workers_)
      sum += w->processed();
    return sum;
  }

  /// The policy object, for the workers and the policy's own functions.
  Policy& policy() noexcept { return policy_; }
  /// The policy's per-coordinator data.
  data_type& data() noexcept { return data_; }
  /// The worker with index `id`, which must be below num_workers() (not checked).
  worker_type* worker_by_id(std::size_t id) const noexcept { return workers_[id].get(); }

private:
  enum class lifecycle { created, running, stopped };

  void drain() {
    auto release = [](resumable* job) { job->deref_resumable(); };
    for (auto& w : workers_)
      policy_.foreach_resumable(w.get(), release);
    policy_.foreach_central_resumable(this, release);
  }

  Policy policy_;
  data_type data_;
  std::vector<std::unique_ptr<worker_type>> workers_;
  std::mutex lifecycle_mtx_;
  lifecycle state_ = lifecycle::created;
};

/// Creates a scheduler with num_workers threads (0: hardware concurrency) that lets
/// a job run max_throughput units per resume (0 or the default: unlimited).
/// Call start() on the result before expecting jobs to run.
template <scheduler_policy Policy = policy::work_stealing>
std::unique_ptr<abstract_coordinator>
make_coordinator(actor_system* sys, std::size_t num_workers = 0,
                 std::size_t max_throughput = abstract_coordinator::unlimited_throughput) {
  return std::make_unique<coordinator<Policy>>(sys, num_workers, max_throughput);
}

/// As above, with a policy object that carries configuration or state.
template <scheduler_policy Policy>
std::unique_ptr<abstract_coordinator> make_coordinator(actor_system* sys, std::size_t num_workers,
                                                       std::size_t max_throughput, Policy policy) {
  return std::make_unique<coordinator<Policy>>(sys, num_workers, max_throughput, std::move(policy));
}

/// The built-in policies are instantiated once, in coordinator.cpp.
extern template class TROUPE_CORE_API coordinator<policy::work_stealing>;
extern template class TROUPE_CORE_API coordinator<policy::work_sharing>;
extern template class TROUPE_CORE_API worker<policy::work_stealing>;
extern template class TROUPE_CORE_API worker<policy::work_sharing>;

} // namespace troupe::scheduler
