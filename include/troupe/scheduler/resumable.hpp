// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A unit of work the scheduler can run: an event-based actor, or a test job.
#include <cstddef>

namespace troupe {

class execution_unit;

/// A unit of work the scheduler can run: an event-based actor, or a test job. The scheduler calls resume() on a
/// worker thread and acts on the result.
class resumable {
public:
  /// What resume() tells the scheduler to do with the job.
  enum class resume_result {
    resume_later,     ///< Still has work: the scheduler re-queues it (keeps its reference).
    awaiting_message, ///< Idle: a future enqueue reschedules it (the scheduler drops its reference).
    done,             ///< Terminated (the scheduler drops its reference).
  };

  virtual ~resumable() = default;

  /// Runs at most `max_throughput` units of work on the calling worker.
  virtual resume_result resume(execution_unit* ctx, std::size_t max_throughput) = 0;

  /// Adds or drops a reference to the job; dropping the last one may destroy it. The scheduler owns one reference
  /// while a job is queued or running.
  /// @{
  virtual void ref_resumable() noexcept = 0;
  virtual void deref_resumable() noexcept = 0;
  /// @}
};

} // namespace troupe
