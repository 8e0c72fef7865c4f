// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The scheduler policy concept (a C++20 rendering of the `scheduler_policy` concept
// class of the CAF scheduler design).
//
// A scheduler is a coordinator<Policy> owning N worker<Policy> threads. Everything
// about *where* jobs are queued and *how* an idle worker finds or waits for work is
// delegated to the policy:
//
//   struct my_policy {
//     struct coordinator_data { ... };  // one per coordinator: coordinator->data()
//     struct worker_data { ... };       // one per worker:      worker->data()
//
//     // Called by coordinator::enqueue from any thread ("top-level" jobs).
//     void central_enqueue(Coordinator* self, resumable* job);
//     // Hands a job to one particular worker from outside of it (another thread).
//     void external_enqueue(Worker* self, resumable* job);
//     // Called on the worker's own thread (a job it runs spawned/woke another job).
//     void internal_enqueue(Worker* self, resumable* job);
//     // Called on the worker's own thread for a job that returned resume_later.
//     // Should queue it behind the jobs already waiting (fairness).
//     void resume_job_later(Worker* self, resumable* job);
//     // Called on the worker's own thread: the next job to run. May spin and park.
//     // Must return nullptr, and only then, once self->parent()->stopping() is true.
//     // While it spins, it should run the system's idle poller (idle_poller.hpp)
//     // through an abstract_coordinator::idle_scope that ends (idle_scope::end())
//     // before it yields its core or parks, and return self->take_bypass_job()
//     // when a poll found work: the network layer reads there. A policy that
//     // never calls it is correct, only slower.
//     resumable* dequeue(Worker* self);
//     // Called once by coordinator::stop() after stopping() became true: wakes every
//     // worker parked in dequeue() (and makes later dequeue() calls return nullptr).
//     void stop(Coordinator* self);
//     // Called after all worker threads are joined: removes every job still queued at
//     // the worker / in a central queue and passes it to f (which derefs it).
//     template <class F> void foreach_resumable(Worker* self, F f);
//     template <class F> void foreach_central_resumable(Coordinator* self, F f);
//   };
//
// The functions may be static or non-static members, and are usually templates on
// Coordinator/Worker. Coordinator is scheduler::coordinator<Policy> (access to
// policy(), data(), num_workers(), worker_by_id(i), stopping()); Worker is
// scheduler::worker<Policy> (access to id(), parent(), data(), take_bypass_job()).
// Every job is passed with the one reference the scheduler owns while the job is
// queued.
//
// The job-queue bypass (a private one-slot "next job" per worker), the
// resume/re-queue/deref logic and stop/join live in worker/coordinator and are the
// same for every policy.
#include <concepts>
#include <type_traits>

#include "troupe/scheduler/resumable.hpp"

namespace troupe::scheduler {
template <class Policy>
class coordinator;
template <class Policy>
class worker;
} // namespace troupe::scheduler

namespace troupe::detail {
/// Archetype of the callable passed to foreach_resumable (declared, never defined).
struct resumable_visitor_archetype {
  void operator()(resumable*) const;
};
} // namespace troupe::detail

namespace troupe {

/// What coordinator<P> needs of a scheduling policy P: coordinator_data and worker_data types, and the enqueue,
/// dequeue, stop and drain functions central_enqueue, external_enqueue, internal_enqueue, resume_job_later, dequeue,
/// stop, foreach_resumable and foreach_central_resumable. policy::work_stealing and policy::work_sharing model it.
template <class P>
concept scheduler_policy =
  std::is_object_v<P> && std::default_initializable<typename P::coordinator_data> && std::default_initializable<
    typename P::worker_data> && requires(P& p, scheduler::coordinator<P>* c, scheduler::worker<P>* w, resumable* job,
                                         detail::resumable_visitor_archetype f) {
  { p.central_enqueue(c, job) } -> std::same_as<void>;
  { p.external_enqueue(w, job) } -> std::same_as<void>;
  { p.internal_enqueue(w, job) } -> std::same_as<void>;
  { p.resume_job_later(w, job) } -> std::same_as<void>;
  { p.dequeue(w) } -> std::same_as<resumable*>;
  { p.stop(c) } -> std::same_as<void>;
  { p.foreach_resumable(w, f) } -> std::same_as<void>;
  { p.foreach_central_resumable(c, f) } -> std::same_as<void>;
};

} // namespace troupe
