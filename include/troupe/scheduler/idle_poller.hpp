// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Work that an idle scheduler worker does between its searches for jobs.
//
// A worker that finds no job spins for a while before it sleeps. A network
// layer can read its sockets in that time: a message that arrives while a
// worker spins is then decoded and run on that worker, and neither the
// network's own thread nor a sleeping worker has to be woken for it.
//
// An idle period of a worker is the time it spins between two jobs, or
// between a job and yielding its core or sleeping: idle_begins() comes
// before its first poll_idle(), and idle_ended() after its last, before the
// worker runs a job, yields or sleeps. The poller learns from these whether
// any worker spins now, and can count on it to poll again within microseconds.
#include "troupe/detail/export.hpp"

namespace troupe {
class execution_unit;
} // namespace troupe

namespace troupe::scheduler {

/// Work an idle scheduler worker does while it spins between searches for jobs, such as reading network sockets;
/// install one with abstract_coordinator::set_idle_poller. Every member is called on the idle worker's own thread,
/// by several workers at once.
class TROUPE_CORE_API idle_poller {
public:
  virtual ~idle_poller();

  /// Worker `self` begins an idle period: called once, before its first poll_idle() of the period.
  virtual void idle_begins(execution_unit* self) noexcept = 0;

  /// Called on an idle worker (`self`), many times per idle period. Jobs it
  /// makes runnable with `self` as their execution unit run on this worker
  /// next. Returns true when it found work. Never blocks.
  virtual bool poll_idle(execution_unit* self) = 0;

  /// Worker `self` ends its idle period: called once, after its last poll_idle(), before it runs a job, yields its core
  /// or sleeps.
  virtual void idle_ended(execution_unit* self) noexcept = 0;
};

} // namespace troupe::scheduler
