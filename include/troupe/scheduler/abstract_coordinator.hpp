// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The non-template interface of a scheduler (what actor_system holds).
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "troupe/detail/export.hpp"
#include "troupe/scheduler/current_worker.hpp"
#include "troupe/scheduler/idle_poller.hpp"

namespace troupe {
class actor_system;
class resumable;
} // namespace troupe

namespace troupe::scheduler {

/// Where one worker's time went since it started, in cycle-counter ticks (detail::cycle_count): looking for work
/// (its own queues were empty: spinning, stealing, polling) and asleep. The rest of its time it ran jobs.
struct worker_times {
  std::uint64_t searching = 0; ///< ticks spent looking for work
  std::uint64_t parked = 0;    ///< ticks asleep, waiting to be woken
  std::uint64_t stolen = 0;    ///< jobs it took from other workers
};

/// A scheduler as actor_system holds it: runs resumable jobs, normally on a fixed set of worker threads. The concrete
/// scheduler is a coordinator<Policy> (make_coordinator); deterministic tests use test::test_coordinator, which has
/// no threads.
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

  /// Each worker's times, for inspection; empty for a scheduler that does not keep them. Any thread; the figures
  /// of a running worker may be a moment old.
  virtual std::vector<worker_times> times() const { return {}; }

  /// The messages actors handled on this scheduler's workers, summed over them (execution_unit::processed). Any
  /// thread; a running worker's count may be a message behind.
  virtual std::uint64_t processed_messages() const noexcept { return 0; }

  /// The number of worker threads, fixed at construction (0 given there means hardware concurrency).
  std::size_t num_workers() const noexcept { return num_workers_; }

  /// How much work a job may do per resume() (passed on to resumable::resume).
  std::size_t max_throughput() const noexcept { return max_throughput_; }

  /// The system this scheduler runs jobs for; nullptr for one made without a system.
  actor_system* system() const noexcept { return system_; }

  /// True once stop() has begun. Policies use this to leave dequeue(); the seq_cst
  /// default is for parking protocols (store->load ordering), workers poll relaxed.
  bool stopping(std::memory_order order = std::memory_order_seq_cst) const noexcept { return stopping_.load(order); }

  /// Installs the poller that idle workers call (see idle_poller.hpp); nullptr
  /// removes it. Returns once no worker is in an idle period with the previous
  /// one, so its owner may go away afterwards. Not from a worker's idle period.
  void set_idle_poller(idle_poller* p) noexcept;

  /// The poller idle workers call now, or nullptr (tests and inspection).
  idle_poller* current_idle_poller() const noexcept { return idle_poller_.load(std::memory_order_acquire); }

  /// For policies: one idle period of the worker `self`, from a search that
  /// found no job to the job it runs, or to its first yield or its sleep. The
  /// period begins with the first poll() and ends with end() or the scope.
  class idle_scope {
  public:
    /// An idle period of worker `self` of `parent`. Nothing happens yet: the first poll() begins the period (if a
    /// poller is installed), so a period without a poll costs nothing.
    idle_scope(abstract_coordinator& parent, execution_unit* self) noexcept : parent_(parent), self_(self) {}
    ~idle_scope() { end(); }
    idle_scope(const idle_scope&) = delete;
    idle_scope& operator=(const idle_scope&) = delete;

    /// Runs the poller, if the system has one. True when it found work.
    bool poll() {
      if (ended_ || (poller_ == nullptr && !begin()))
        return false;
      return poller_->poll_idle(self_);
    }

    /// Ends the period before the scope does: a worker about to yield its
    /// core ends it, so that what the poller would find (a message on a
    /// connection the poller reads instead of the I/O thread) does not wait
    /// for the worker's next time slice. poll() finds nothing after it.
    void end() noexcept {
      ended_ = true;
      if (poller_ != nullptr) {
        poller_->idle_ended(self_);
        parent_.idle_scopes_.fetch_sub(1, std::memory_order_release);
        poller_ = nullptr;
      }
    }

  private:
    bool begin() noexcept {
      if (parent_.idle_poller_.load(std::memory_order_relaxed) == nullptr)
        return false;
      // Counted before the poller is read (both seq_cst): set_idle_poller
      // waits for this count, so the poller stays valid until the scope ends.
      parent_.idle_scopes_.fetch_add(1, std::memory_order_seq_cst);
      poller_ = parent_.idle_poller_.load(std::memory_order_seq_cst);
      if (poller_ == nullptr) {
        parent_.idle_scopes_.fetch_sub(1, std::memory_order_release);
        return false;
      }
      poller_->idle_begins(self_);
      return true;
    }

    abstract_coordinator& parent_;
    execution_unit* self_;
    idle_poller* poller_ = nullptr;
    bool ended_ = false;
  };

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
  /// Read by idle workers only; the count of their idle scopes that use a
  /// poller tells set_idle_poller when the old one is no longer in use.
  alignas(64) std::atomic<idle_poller*> idle_poller_{nullptr};
  std::atomic<std::size_t> idle_scopes_{0};
};

} // namespace troupe::scheduler
