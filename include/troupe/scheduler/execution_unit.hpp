// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The context a job runs in: a scheduler worker. Code that is not running on a
// worker (main, a scoped_actor, a detached thread) passes nullptr instead.
#include <cstddef>
#include <cstdint>

#include "troupe/detail/owned_counter.hpp"

namespace troupe {

class resumable;
class actor_system;

/// The context a job runs in: a scheduler worker (or the test coordinator). Code not running on a worker passes
/// nullptr where an execution_unit* is asked for.
class execution_unit {
public:
  /// A unit that runs jobs for `sys` (nullptr: none).
  explicit execution_unit(actor_system* sys) noexcept : system_(sys) {}
  virtual ~execution_unit() = default;

  /// Enqueues a job from inside this worker (the policy's internal enqueue). The
  /// caller transfers one reference (see resumable::ref_resumable). Workers may run
  /// the job next without touching a shared queue (job-queue bypass).
  virtual void exec_later(resumable* job) = 0;

  /// The system given at construction.
  actor_system* system() const noexcept { return system_; }

  /// Whether a job waits in this unit's bypass slot. It runs once the running
  /// job returns, and no other worker can take it before.
  bool holds_bypass_job() const noexcept { return bypass_job_ != nullptr; }

  /// Moves the bypass slot's job to a queue other workers steal from. A running
  /// job that goes on with more work calls this, so that the job it woke does
  /// not wait for all of that work while another worker idles.
  virtual void release_bypass_job() {}

  /// Counts one message handled by an actor running on this unit and returns
  /// the count; only the unit's own thread calls it (a load and a store, no
  /// locked instruction).
  std::uint64_t count_processed() noexcept {
    auto n = processed_.get() + 1;
    processed_.set(n);
    return n;
  }
  /// The messages handled on this unit so far; any thread (may be one behind).
  std::uint64_t processed() const noexcept { return processed_.get(); }

  /// Messages the unit may handle after noting a clock reading before
  /// recent_cycles() stops offering it.
  static constexpr std::uint64_t recent_messages = 64;

  /// The unit's latest reading of detail::cycle_count() if it was noted at
  /// most recent_messages messages ago, else 0: a tracked actor's age starts
  /// from it rather than from a reading of its own (the cycle counter costs
  /// tens of cycles to read). Only the unit's own thread calls it.
  std::uint64_t recent_cycles() const noexcept {
    return processed_.get() - noted_at_ <= recent_messages ? latest_cycles_ : 0;
  }
  /// Notes a reading of detail::cycle_count() that the unit's own thread took:
  /// when it was idle (the scheduler policies), with each timed message, and
  /// when recent_cycles() had none to offer.
  void note_cycles(std::uint64_t cycles) noexcept {
    latest_cycles_ = cycles;
    noted_at_ = processed_.get();
  }

protected:
  /// The job to run right after the running one, ahead of every queue; nullptr: none. Only the unit's own thread
  /// touches it.
  resumable* bypass_job_ = nullptr; // owned by the unit's own thread

private:
  actor_system* system_;
  detail::owned_counter processed_;
  std::uint64_t latest_cycles_ = 0;
  std::uint64_t noted_at_ = 0; // processed_ when latest_cycles_ was noted
};

} // namespace troupe
