// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// policy::work_stealing, the default scheduler policy.
//
// Queues: every worker owns a Chase-Lev deque (ws_deque) for the jobs it spawns
// itself (internal_enqueue, i.e. bypass-slot overflow) and an "inbox" (locked_fifo)
// for jobs from other threads (external_enqueue; central_enqueue picks the worker
// round-robin, so there is no central queue) and for jobs that returned resume_later.
// The owner takes the NEWEST job of its deque first; thieves take the OLDEST job of
// a victim's deque (or of its inbox), visiting the victims in random order. A thief
// that got a job from a deque also moves up to half of the rest (oldest first, at
// most max_steal_batch - 1) into its own deque, so fine-grained fan-outs are not
// stolen one job at a time.
//
// Fairness: the owner's LIFO order alone could starve old jobs, so every
// fairness_interval-th dequeue first takes the oldest local job (alternately from
// the inbox and from the top of the own deque). resume_later jobs go to the back of
// the inbox, behind everything else that waits on that worker.
//
// Idle: a worker without local work searches all queues (own, then stealing) for
// spin_rounds rounds with an exponential cpu_relax() back-off, then yield_rounds
// rounds with sched_yield(), and only then parks on a per-worker futex word. Each
// spin round also runs the system's idle poller, if any (idle_poller.hpp): a message
// it reads from the network runs on this worker next. The idle period ends before
// the first yield, since a worker that yields may not run again for a time slice.
//
// Parking without lost wake-ups (Dekker-style, all seq_cst):
//   parking worker:  park_state = parked; ++num_parked; re-check every queue and
//                    stopping(); sleep on park_state only if all are empty.
//   enqueuer:        publish the job (seq_cst store); if num_parked != 0, CAS some
//                    worker's park_state parked -> notified, --num_parked, futex wake.
// Either the parking worker's re-check sees the job, or the enqueuer's load sees the
// worker counted in num_parked (and then its CAS sees park_state == parked), so a
// job never sits in a queue while every worker sleeps. The fast path of an enqueue
// when nobody sleeps is one load of num_parked: no lock, no syscall. A claimed
// (notified) worker is woken by exactly one enqueuer, so a burst of enqueues wakes
// at most one worker per job and costs no further syscalls once all are awake.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>

#include "troupe/detail/cycle_count.hpp"
#include "troupe/detail/owned_counter.hpp"
#include "troupe/scheduler/abstract_coordinator.hpp"
#include "troupe/scheduler/locked_fifo.hpp"
#include "troupe/scheduler/parking.hpp"
#include "troupe/scheduler/resumable.hpp"
#include "troupe/scheduler/ws_deque.hpp"

namespace troupe::policy {

/// The default scheduler policy: every worker has a deque of the jobs it made runnable itself and an inbox for jobs
/// from other threads; a worker takes the newest job of its deque first (every fairness_interval-th dequeue takes the
/// oldest local job), and an idle one steals the oldest jobs of other workers, then parks on a futex. An enqueue costs
/// one load when no worker is parked.
class work_stealing {
public:
  /// Search rounds with cpu_relax() back-off before yielding.
  static constexpr std::size_t spin_rounds = 32;
  /// Search rounds with sched_yield() before parking.
  static constexpr std::size_t yield_rounds = 8;
  /// Every Nth local dequeue takes the oldest local job first.
  static constexpr std::uint32_t fairness_interval = 61;
  /// A thief takes up to this many jobs from a victim's deque at once.
  static constexpr std::size_t max_steal_batch = 32;

  /// A worker's sleep state, in worker_data::park_state: running or searching, asleep (or about to be), or claimed by
  /// an enqueuer that wakes it.
  enum park_state : std::uint32_t { active = 0, parked = 1, notified = 2 };

  /// State shared by all workers of one coordinator.
  struct coordinator_data {
    /// The worker central_enqueue hands the next job to (round robin).
    alignas(64) std::atomic<std::size_t> next_worker{0}; // central_enqueue round robin
    /// Workers parked and not yet claimed by an enqueuer; 0 keeps enqueues on the fast path.
    alignas(64) std::atomic<std::uint32_t> num_parked{0};
    /// Where the next wake-up starts looking for a parked worker, so wake-ups spread over the workers.
    std::atomic<std::size_t> wake_cursor{0};
  };

  /// One worker's queues and state.
  struct worker_data {
    /// Owner-only state first (shares a line with nothing hot of other threads).
    std::uint64_t rng = 0;
    /// Local dequeues since the last fairness dequeue.
    std::uint32_t tick = 0;
    /// Which local queue the next fairness dequeue tries first (inbox or deque).
    bool fair_toggle = false;
    /// @{ Cycle-counter ticks spent looking for work and asleep, and jobs stolen: written only while the worker has
    /// no work, so that running jobs costs nothing; read by inspection through times().
    troupe::detail::owned_counter searching;
    troupe::detail::owned_counter parked_ticks;
    troupe::detail::owned_counter stolen;
    /// @}
    /// @{ When the current search or sleep began (0: none), so that a reader also counts a period not yet over.
    troupe::detail::owned_counter searching_since;
    troupe::detail::owned_counter parked_since;
    /// @}
    /// Jobs this worker made runnable itself; it pops the newest, thieves steal the oldest.
    scheduler::detail::ws_deque<resumable> deque;
    /// Jobs from other threads and jobs that returned resume_later, in arrival order.
    scheduler::detail::locked_fifo inbox;
    /// Whether the worker is active, parked or notified (a park_state value); its futex word.
    alignas(64) std::atomic<std::uint32_t> park_state{active};

    /// The times above, for coordinator::times(), with the search or sleep under way counted up to now.
    scheduler::worker_times times() const noexcept {
      auto now = troupe::detail::cycle_count();
      auto open = [now](std::uint64_t since) { return since != 0 && now > since ? now - since : 0; };
      return {searching.get() + open(searching_since.get()), parked_ticks.get() + open(parked_since.get()),
              stolen.get()};
    }
  };

  /// Hands the job to the workers' inboxes in turn (round robin); there is no central queue.
  template <class Coordinator>
  void central_enqueue(Coordinator* self, resumable* job) {
    auto n = self->num_workers();
    std::size_t id = 0;
    if (n > 1)
      id = self->data().next_worker.fetch_add(1, std::memory_order_relaxed) % n;
    external_enqueue(self->worker_by_id(id), job);
  }

  /// Puts the job into the inbox of worker `self` (from another thread) and wakes a parked worker, if any. Another
  /// worker may steal it.
  template <class Worker>
  void external_enqueue(Worker* self, resumable* job) {
    self->data().inbox.push(job);
    wake_one(self->parent());
  }

  /// Pushes the job onto the deque of worker `self` (on its own thread) and wakes a parked worker, if any, to steal.
  template <class Worker>
  void internal_enqueue(Worker* self, resumable* job) {
    self->data().deque.push_sc(job);
    wake_one(self->parent());
  }

  /// Puts the job at the back of the inbox of worker `self`, behind everything waiting there; wakes a parked worker
  /// only when `self` now has more than one job.
  template <class Worker>
  void resume_job_later(Worker* self, resumable* job) {
    auto& wd = self->data();
    // The calling worker is awake and runs the job soon; wake a sleeper only if
    // this worker now has more than one job to do.
    if (wd.inbox.push(job) > 1 || !wd.deque.empty_hint())
      wake_one(self->parent());
  }

  /// The next job for worker `self`: its own queues first, else it spins, steals and polls, then parks until woken.
  /// nullptr when the coordinator stops.
  template <class Worker>
  resumable* dequeue(Worker* self) {
    if (auto* job = take_local(self))
      return job;
    // Out of local work: from here on the time is searching or sleeping.
    auto& wd = self->data();
    auto* parent = self->parent();
    auto since = troupe::detail::cycle_count();
    for (;;) {
      wd.searching_since.set(since);
      auto* job = spin(self);
      auto now = troupe::detail::cycle_count();
      self->note_cycles(now);
      wd.searching.add(now - since);
      wd.searching_since.set(0);
      if (job != nullptr)
        return job;
      if (parent->stopping(std::memory_order_relaxed))
        return nullptr;
      bool stop = false;
      wd.parked_since.set(now);
      job = park(self, stop);
      since = troupe::detail::cycle_count();
      self->note_cycles(since);
      wd.parked_ticks.add(since - now);
      wd.parked_since.set(0);
      if (job != nullptr)
        return job;
      if (stop)
        return nullptr;
    }
  }

  /// Marks every worker notified and wakes the parked ones, so that each dequeue() sees stopping() and returns nullptr.
  template <class Coordinator>
  void stop(Coordinator* self) {
    auto& cd = self->data();
    for (std::size_t i = 0; i < self->num_workers(); ++i) {
      auto& st = self->worker_by_id(i)->data().park_state;
      if (st.exchange(notified, std::memory_order_seq_cst) == parked)
        cd.num_parked.fetch_sub(1, std::memory_order_seq_cst);
      scheduler::detail::futex_wake_all(st);
    }
  }

  /// Empties the deque and the inbox of worker `self`, passing each job to f.
  template <class Worker, class F>
  void foreach_resumable(Worker* self, F f) {
    auto& wd = self->data();
    while (auto* job = wd.deque.pop())
      f(job);
    wd.inbox.drain(f);
  }

  /// Does nothing: there is no central queue.
  template <class Coordinator, class F>
  void foreach_central_resumable(Coordinator*, F) {
    // No central queue: central_enqueue forwards to the workers' inboxes.
  }

private:
  /// The idle period before parking: searches, polls and backs off; null when
  /// it found nothing (or the scheduler stops).
  template <class Worker>
  static resumable* spin(Worker* self) {
    auto* parent = self->parent();
    typename Worker::coordinator_type::idle_scope idle{*parent, self};
    for (std::size_t round = 0; round < spin_rounds + yield_rounds; ++round) {
      if (parent->stopping(std::memory_order_relaxed))
        return nullptr;
      bool retry = false;
      if (auto* job = search(self, retry))
        return job;
      if (round == spin_rounds)
        idle.end(); // a yield may give the core away for a time slice
      if (idle.poll()) {
        if (auto* job = self->take_bypass_job())
          return job;
        continue; // what it found went to the queues
      }
      if (round < spin_rounds) {
        for (auto n = std::size_t{1} << std::min<std::size_t>(round, 6); n > 0; --n)
          scheduler::detail::cpu_relax();
      } else {
        scheduler::detail::thread_yield();
      }
    }
    return nullptr;
  }

  static std::uint64_t next_random(std::uint64_t& state) noexcept {
    // xorshift64*
    auto x = state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    state = x;
    return x * 0x2545F4914F6CDD1DULL;
  }

  /// Own queues: newest job of the deque, else oldest of the inbox; periodically
  /// the oldest local job first (fairness).
  template <class Worker>
  static resumable* take_local(Worker* self) {
    auto& wd = self->data();
    if (++wd.tick >= fairness_interval) {
      wd.tick = 0;
      wd.fair_toggle = !wd.fair_toggle;
      if (wd.fair_toggle) {
        if (auto* job = wd.inbox.try_pop())
          return job;
        if (auto* job = wd.deque.steal())
          return job;
      } else {
        if (auto* job = wd.deque.steal())
          return job;
        if (auto* job = wd.inbox.try_pop())
          return job;
      }
    }
    if (auto* job = wd.deque.pop())
      return job;
    return wd.inbox.try_pop();
  }

  /// Other workers' queues, starting at a random victim. Sets `retry` if a steal
  /// lost a race (the victim may still have jobs).
  template <class Worker>
  static resumable* steal(Worker* self, bool& retry) {
    auto* parent = self->parent();
    auto n = parent->num_workers();
    if (n < 2)
      return nullptr;
    auto& wd = self->data();
    if (wd.rng == 0)
      wd.rng = (self->id() + 1) * 0x9E3779B97F4A7C15ULL;
    auto start = static_cast<std::size_t>(next_random(wd.rng) % n);
    for (std::size_t i = 0; i < n; ++i) {
      auto id = start + i < n ? start + i : start + i - n;
      if (id == self->id())
        continue;
      auto& victim = parent->worker_by_id(id)->data();
      if (auto* job = victim.deque.steal(&retry)) {
        steal_more(self, victim);
        wd.stolen.add();
        return job;
      }
      if (auto* job = victim.inbox.try_pop()) {
        wd.stolen.add();
        return job;
      }
    }
    return nullptr;
  }

  /// After a successful steal: moves up to half of the victim's remaining deque
  /// (oldest first, at most max_steal_batch - 1 jobs) into the own deque, so that a
  /// thief of fine-grained jobs does not come back for every single one.
  template <class Worker>
  static void steal_more(Worker* self, worker_data& victim) {
    auto n = std::min<std::size_t>(victim.deque.size_hint() / 2, max_steal_batch - 1);
    if (n == 0)
      return;
    // No wake-up needed: this worker is awake and parks only with an empty deque.
    auto& own = self->data().deque;
    for (std::size_t i = 0; i < n; ++i) {
      auto* job = victim.deque.steal();
      if (job == nullptr)
        break;
      own.push(job);
    }
  }

  template <class Worker>
  static resumable* search(Worker* self, bool& retry) {
    if (auto* job = take_local(self))
      return job;
    return steal(self, retry);
  }

  /// Announces the worker as parked, re-checks all queues and sleeps if they are
  /// empty. Returns a job found by the re-check; nullptr after a wake-up (the caller
  /// searches again) or when stopping (then sets `stop`).
  template <class Worker>
  static resumable* park(Worker* self, bool& stop) {
    auto& wd = self->data();
    auto* parent = self->parent();
    auto& cd = parent->data();
    wd.park_state.store(parked, std::memory_order_seq_cst);
    cd.num_parked.fetch_add(1, std::memory_order_seq_cst);
    bool retry = false;
    resumable* job = nullptr;
    stop = parent->stopping(std::memory_order_seq_cst);
    if (!stop)
      job = search(self, retry);
    if (stop || job != nullptr || retry) {
      if (wd.park_state.exchange(active, std::memory_order_seq_cst) == parked)
        cd.num_parked.fetch_sub(1, std::memory_order_seq_cst);
      else if (!stop)
        wake_one_slow(parent); // an enqueuer claimed us meanwhile: pass its wake-up on
      return job;
    }
    while (wd.park_state.load(std::memory_order_acquire) == parked)
      scheduler::detail::futex_wait(wd.park_state, parked);
    wd.park_state.store(active, std::memory_order_relaxed);
    return nullptr;
  }

  /// The enqueue side: one seq_cst load when nobody is parked.
  template <class Coordinator>
  static void wake_one(Coordinator* parent) {
    if (parent->data().num_parked.load(std::memory_order_seq_cst) != 0)
      wake_one_slow(parent);
  }

  template <class Coordinator>
  static void wake_one_slow(Coordinator* parent) {
    auto& cd = parent->data();
    auto n = parent->num_workers();
    auto start = cd.wake_cursor.fetch_add(1, std::memory_order_relaxed) % n;
    for (std::size_t i = 0; i < n; ++i) {
      auto id = start + i < n ? start + i : start + i - n;
      auto& st = parent->worker_by_id(id)->data().park_state;
      std::uint32_t expected = parked;
      if (st.load(std::memory_order_seq_cst) == parked
          && st.compare_exchange_strong(expected, notified, std::memory_order_seq_cst)) {
        cd.num_parked.fetch_sub(1, std::memory_order_seq_cst);
        scheduler::detail::futex_wake_one(st);
        return;
      }
    }
  }
};

} // namespace troupe::policy
