// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The deterministic scheduler: it owns no thread. Jobs wait in one FIFO queue
// until the test runs them on its own thread, one message at a time, so every
// interleaving a test sees is the one it asked for.
//
// It implements abstract_coordinator directly rather than being a
// scheduler_policy: a policy serves worker threads that pull jobs by
// themselves, while here the test pulls them. Install it with
// actor_system_config::set_scheduler_factory (deterministic_fixture does).
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "troupe/actor.hpp"
#include "troupe/actor_system_config.hpp"
#include "troupe/execution_unit.hpp"
#include "troupe/scheduler/abstract_coordinator.hpp"

namespace troupe::test {

/// The deterministic scheduler: it owns no thread. Jobs wait in one FIFO queue until the test runs them on its own
/// thread, one message at a time. Any thread may enqueue; run and inspect from the test's thread.
class test_coordinator final : public scheduler::abstract_coordinator {
public:
  /// A scheduler for `sys`, with an empty queue; install it through factory() rather than directly.
  explicit test_coordinator(actor_system* sys);
  ~test_coordinator() override;

  /// A factory for actor_system_config::set_scheduler_factory.
  static actor_system_config::coordinator_factory factory();

  // ---- abstract_coordinator --------------------------------------------------------

  void start() override {} // nothing to launch: the test runs the jobs
  void stop() override;
  void enqueue(resumable* job) override;
  std::uint64_t processed_messages() const noexcept override { return ctx_.processed(); }

  // ---- running jobs (from the test's thread) ------------------------------------------

  /// Runs one message of the first queued job (a job that has more messages
  /// goes to the back of the queue). False if no job was queued.
  bool run_once();

  /// Runs one message of `job` (which must be queued); false if it is not.
  bool run_job(resumable* job);

  /// Runs run_once() until no job is queued or `max_steps` messages ran.
  /// Returns how many ran.
  std::size_t run(std::size_t max_steps = unlimited_steps);

  /// Runs run_once() until pred() holds (checked before each step) or no job is
  /// left. Returns pred()'s final value.
  template <class Pred>
  bool run_until(Pred pred) {
    while (!pred())
      if (!run_once())
        return pred();
    return true;
  }

  // ---- inspection ------------------------------------------------------------------------

  /// Whether a job is queued.
  bool has_job() const;
  /// The number of queued jobs.
  std::size_t queued_jobs() const;
  /// The first queued job, or nullptr.
  resumable* next_job() const;
  /// True if `job` waits in the queue.
  bool is_queued(const resumable* job) const;
  /// The actor behind the first queued job (null if none, or not an actor).
  actor next_actor() const;

  /// Every actor this scheduler has run or queued and that is still alive (for
  /// teardown: the fixture kills what the test left running).
  std::vector<actor> live_actors() const;

  /// run()'s default: no limit on the number of messages.
  static constexpr std::size_t unlimited_steps = static_cast<std::size_t>(-1);

private:
  /// Jobs woken while another job runs on the test thread come back here.
  class context final : public execution_unit {
  public:
    context(actor_system* sys, test_coordinator* parent) noexcept : execution_unit(sys), parent_(parent) {}
    void exec_later(resumable* job) override { parent_->enqueue(job); }

  private:
    test_coordinator* parent_;
  };

  resumable* take(const resumable* job); // removes `job` (nullptr: the first) from the queue
  void resume_one(resumable* job);

  mutable std::mutex mtx_; // detached actors and other threads may enqueue too
  std::deque<resumable*> jobs_;
  std::unordered_map<actor_control_block*, weak_actor_ptr> seen_;
  context ctx_;
};

} // namespace troupe::test
