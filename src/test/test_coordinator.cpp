// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/test/test_coordinator.hpp"

#include <algorithm>
#include <utility>

#include "troupe/abstract_actor.hpp"
#include "troupe/scheduler/current_worker.hpp"

namespace troupe::test {

namespace {

abstract_actor* actor_of(resumable* job) noexcept {
  return dynamic_cast<abstract_actor*>(job);
}

// Makes code running on the test thread see `ctx` as its worker, so that
// actor_system::current() and wake-ups find this scheduler; restores on exit.
class current_worker_scope {
public:
  explicit current_worker_scope(execution_unit* ctx) noexcept : previous_(scheduler::current_worker()) {
    scheduler::detail::set_current_worker(ctx);
  }
  ~current_worker_scope() { scheduler::detail::set_current_worker(previous_); }
  current_worker_scope(const current_worker_scope&) = delete;
  current_worker_scope& operator=(const current_worker_scope&) = delete;

private:
  execution_unit* previous_;
};

} // namespace

test_coordinator::test_coordinator(actor_system* sys) : abstract_coordinator(sys, 1, 1), ctx_(sys, this) {}

test_coordinator::~test_coordinator() {
  stop();
}

actor_system_config::coordinator_factory test_coordinator::factory() {
  return [](actor_system* sys, std::size_t, std::size_t) -> std::unique_ptr<scheduler::abstract_coordinator> {
    return std::make_unique<test_coordinator>(sys);
  };
}

void test_coordinator::stop() {
  std::deque<resumable*> left;
  {
    std::lock_guard guard{mtx_};
    request_stop();
    left.swap(jobs_);
    seen_.clear();
  }
  for (auto* job : left)
    job->deref_resumable();
}

void test_coordinator::enqueue(resumable* job) {
  {
    std::lock_guard guard{mtx_};
    if (!stopping(std::memory_order_relaxed)) {
      jobs_.push_back(job);
      if (auto* self = actor_of(job)) {
        auto* ctrl = actor_control_block::from(self);
        seen_.try_emplace(ctrl, weak_actor_ptr{ctrl});
      }
      return;
    }
  }
  job->deref_resumable();
}

resumable* test_coordinator::take(const resumable* job) {
  std::lock_guard guard{mtx_};
  if (jobs_.empty())
    return nullptr;
  auto i = job == nullptr ? jobs_.begin() : std::find(jobs_.begin(), jobs_.end(), job);
  if (i == jobs_.end())
    return nullptr;
  auto* result = *i;
  jobs_.erase(i);
  return result;
}

void test_coordinator::resume_one(resumable* job) {
  current_worker_scope scope{&ctx_};
  if (job->resume(&ctx_, 1) == resumable::resume_result::resume_later)
    enqueue(job); // keeps the scheduler's reference; other jobs get their turn first
  else
    job->deref_resumable();
}

bool test_coordinator::run_once() {
  auto* job = take(nullptr);
  if (job == nullptr)
    return false;
  resume_one(job);
  return true;
}

bool test_coordinator::run_job(resumable* job) {
  if (job == nullptr || take(job) == nullptr)
    return false;
  resume_one(job);
  return true;
}

std::size_t test_coordinator::run(std::size_t max_steps) {
  std::size_t steps = 0;
  while (steps < max_steps && run_once())
    ++steps;
  return steps;
}

bool test_coordinator::has_job() const {
  std::lock_guard guard{mtx_};
  return !jobs_.empty();
}

std::size_t test_coordinator::queued_jobs() const {
  std::lock_guard guard{mtx_};
  return jobs_.size();
}

resumable* test_coordinator::next_job() const {
  std::lock_guard guard{mtx_};
  return jobs_.empty() ? nullptr : jobs_.front();
}

bool test_coordinator::is_queued(const resumable* job) const {
  std::lock_guard guard{mtx_};
  return std::find(jobs_.begin(), jobs_.end(), job) != jobs_.end();
}

actor test_coordinator::next_actor() const {
  std::lock_guard guard{mtx_};
  if (jobs_.empty())
    return actor{};
  auto* self = actor_of(jobs_.front());
  // A queued job holds a strong reference, so the actor is alive.
  return self != nullptr ? actor{strong_actor_ptr{actor_control_block::from(self)}} : actor{};
}

std::vector<actor> test_coordinator::live_actors() const {
  std::vector<actor> result;
  std::lock_guard guard{mtx_};
  for (auto& [ctrl, weak] : seen_)
    if (auto ptr = weak.lock())
      result.emplace_back(std::move(ptr));
  return result;
}

} // namespace troupe::test
