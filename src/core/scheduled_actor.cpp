// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/scheduled_actor.hpp"

#include <algorithm>
#include <exception>
#include <limits>
#include <new>
#include <string>
#include <thread>
#include <typeinfo>

#include "detail/exception_reason.hpp"
#include "detail/runtime_log.hpp"
#include "detail/this_actor_slot.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/detail/actor_readers.hpp"

namespace troupe {

// A detached actor's thread sleeps on this flag while its mailbox is empty.
struct scheduled_actor::detached_state {
  std::atomic<bool> wake{false};
  std::atomic<bool> gone{false};
  std::atomic<int> refs{1};
  void notify() {
    wake.store(true, std::memory_order_release);
    wake.notify_one();
  }
  friend void intrusive_ptr_add_ref(detached_state* p) noexcept { p->refs.fetch_add(1, std::memory_order_relaxed); }
  friend void intrusive_ptr_release(detached_state* p) noexcept {
    if (p->refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
      delete p;
  }
};

scheduled_actor::~scheduled_actor() {
  if (detached_)
    intrusive_ptr_release(detached_);
}

void scheduled_actor::ref_resumable() noexcept {
  intrusive_ptr_add_ref(ctrl());
}

void scheduled_actor::deref_resumable() noexcept {
  intrusive_ptr_release(ctrl());
}

void scheduled_actor::wake_up(execution_unit* ctx) {
  if (detached_) {
    // Like the scheduler, the thread owns a reference while it has work: a
    // message in the mailbox must keep the actor alive until it is handled.
    ref_resumable();
    detached_->notify();
    return;
  }
  ref_resumable(); // the scheduler's reference, dropped when resume() says idle/done
  if (ctx != nullptr)
    ctx->exec_later(this);
  else
    system().schedule(this);
}

void scheduled_actor::launch(execution_unit* ctx, spawn_options opts) {
  if (has_option(opts, spawn_options::detached_flag)) {
    detached_ = new detached_state;
    // A lazy actor's thread waits for the first message with only a weak
    // reference, so an actor nobody talks to can still become unreachable.
    strong_actor_ptr first_run;
    if (has_option(opts, spawn_options::lazy_init_flag)) {
      mailbox_.try_block();
    } else {
      detached_->wake.store(true, std::memory_order_relaxed);
      first_run = strong_actor_ptr{ctrl()};
    }
    system().start_thread([self = std::move(first_run), weak = weak_actor_ptr{ctrl()},
                           st = detail::intrusive_ptr<detached_state>{detached_}]() mutable {
      scheduled_actor* me = nullptr;
      for (;;) {
        st->wake.wait(false, std::memory_order_acquire);
        st->wake.store(false, std::memory_order_relaxed);
        if (st->gone.load(std::memory_order_acquire))
          return;
        if (!self) // adopt the reference wake_up() took for us
          self = strong_actor_ptr{weak.get(), false};
        me = static_cast<scheduled_actor*>(self->get());
        auto res = me->resume(nullptr, std::numeric_limits<std::size_t>::max());
        if (res == resume_result::done)
          return;
        self = nullptr;
      }
    });
    return;
  }
  if (has_option(opts, spawn_options::lazy_init_flag)) {
    mailbox_.try_block(); // the first message schedules it
    return;
  }
  ref_resumable();
  if (ctx != nullptr)
    ctx->exec_later(this);
  else
    system().schedule(this);
}

void scheduled_actor::on_unreachable() {
  // The release that found no reference left restored one for this call, so
  // another thread may lock a weak handle meanwhile and send a message (a
  // linked actor's exit message). If that woke the actor, a resume with a
  // reference of its own is on its way: the actor runs instead of being
  // cleaned up here, and ends as unreachable when that reference goes.
  if (!cleaned_up_ && !mailbox_.try_close_blocked())
    return;
  local_actor::on_unreachable();
  if (detached_) {
    detached_->gone.store(true, std::memory_order_release);
    detached_->notify();
  }
}

void scheduled_actor::add_awaited_response(message_id id, behavior bhvr) {
  if (bhvr.has_timeout())
    schedule_timeout_response(id.response_id(), bhvr.timeout());
  ext().responses.awaited.emplace_back(id, std::move(bhvr));
}

void scheduled_actor::add_multiplexed_response(message_id id, behavior bhvr) {
  if (bhvr.has_timeout())
    schedule_timeout_response(id.response_id(), bhvr.timeout());
  ext().responses.multiplexed.emplace(id.value(), std::move(bhvr));
}

void scheduled_actor::reentrant(bool on) {
  if (on || extras_)
    ext().reentrant_coroutines = on;
}

bool scheduled_actor::reentrant() const noexcept {
  return extras_ && extras_->reentrant_coroutines;
}

using detail::exception_reason;

void scheduled_actor::initialize() {
  // An actor with statistics or a recording keeps initialized_ false, so that
  // resume() sends it to the loop that keeps them with the test it makes
  // anyway, and the plain loop tests neither.
  if (statistics_on_ || recorded_)
    watched_initialized_ = true;
  else
    initialized_ = true;
  try {
    auto bhvr = initial_behavior();
    if (bhvr)
      do_become(std::move(bhvr), true);
  } catch (...) {
    auto reason = exception_reason(std::current_exception());
    detail::log_exception_exit(*this, reason);
    quit(std::move(reason));
  }
  quit_if_idle();
  if (!terminating_)
    arm_timeout();
}

void scheduled_actor::arm_timeout() {
  if (bhvr_stack_.empty() || !bhvr_stack_.back().has_timeout())
    return;
  auto id = ++timeout_id_;
  auto self = address();
  system().schedule_timer_after(bhvr_stack_.back().timeout(), [self, id] {
    if (auto ptr = self.lock())
      ptr->get()->enqueue(make_mailbox_element(nullptr, message_id{}, timeout_msg{id}), scheduler::current_worker());
  });
}

local_actor::handled scheduled_actor::handle(mailbox_element_ptr e) {
  current_ = e.get();
  behavior_changed_ = false;
  handled result;
  try {
    if (bhvr_stack_.empty()) {
      behavior none;
      result = invoke(e.get(), none);
    } else {
      // If the handler pops this behavior, behavior_stack parks it in
      // retired_bhvr_ until we are done with it.
      result = invoke(e.get(), bhvr_stack_.back());
    }
  } catch (...) {
    auto reason = exception_reason(std::current_exception());
    detail::log_exception_exit(*this, reason);
    if (e->mid.is_request())
      respond_to(e.get(), make_message(reason));
    quit(std::move(reason));
    result = handled::consumed;
  }
  current_ = nullptr;
  retired_bhvr_ = behavior{};
  if (result == handled::skipped) {
    track_unmatched(e.get(), true);
    stash(std::move(e));
  } else if (result == handled::deferred) {
    stash(std::move(e)); // waits for an await, not for a matching case
  } else {
    if (unmatched_tracked_) [[unlikely]]
      track_unmatched(e.get(), false);
    e.reset();
  }
  if (result == handled::ignored)
    return result;
  if (terminating_)
    return result;
  if (behavior_changed_)
    unstash();
  quit_if_idle();
  if (!terminating_ && result == handled::consumed)
    arm_timeout(); // the idle timeout counts from the last message handled
  return result;
}

bool scheduled_actor::finish_if_terminating() {
  if (!terminating_)
    return false;
  cleanup(std::move(pending_reason_));
  return true;
}

namespace {

// Messages handled on this thread outside the workers (by detached actors):
// a worker's count picks which messages are timed, this one does off them.
constinit thread_local std::uint64_t processed_off_workers_here __attribute__((tls_model("initial-exec"))) = 0;

// Out of line: the common resume handles one message and never gets here.
[[gnu::noinline]] void release_bypass_job(execution_unit* ctx) noexcept {
  if (ctx != nullptr && ctx->holds_bypass_job())
    ctx->release_bypass_job();
}

} // namespace

[[gnu::always_inline]] inline std::uint64_t scheduled_actor::count_processed(execution_unit* ctx) noexcept {
  // A worker counts in its own unit; a detached actor's thread has none.
  if (ctx != nullptr) [[likely]]
    return ctx->count_processed();
  home_system().count_processed_off_workers();
  return ++processed_off_workers_here;
}

// The loop of resume(); Recorded: each message taken is reported before and after its handler.
template <bool Recorded>
[[gnu::always_inline]] inline resumable::resume_result scheduled_actor::resume_loop(execution_unit* ctx,
                                                                                    std::size_t max_throughput) {
  if (cleaned_up_)
    return resume_result::done;
  for (std::size_t handled_count = 0; handled_count < max_throughput;) {
    mailbox_element_ptr e{mailbox_.try_pop()};
    if (!e) {
      if (mailbox_.try_block())
        return resume_result::awaiting_message;
      continue; // a message arrived meanwhile
    }
    // Going on with another message: the job the last one woke (in the bypass
    // slot) would wait for it unseen by idle workers, so let them take it.
    if (handled_count > 0) [[unlikely]]
      release_bypass_job(ctx);
    ++handled_count;
    count_processed(ctx);
    if constexpr (Recorded) {
      report_taken(*e);
      handle(std::move(e));
      report_done();
    } else {
      handle(std::move(e));
    }
    if (finish_if_terminating())
      return resume_result::done;
  }
  if (mailbox_.empty() && mailbox_.try_block())
    return resume_result::awaiting_message;
  return resume_result::resume_later;
}

namespace {

// How a tracked actor counts the messages it takes from its mailbox's stack.
struct stack_counter {
  detail::actor_statistics& stats;

  // Right after the stack was taken, before its elements are touched: a
  // reader counting them finishes first.
  void taken() noexcept {
    if (detail::actor_readers::present()) [[unlikely]]
      detail::actor_readers::pass(stats.taking());
  }
  // n messages taken: as many are in the actor's hands now as ever (its own
  // counts, so the difference is never negative here).
  void counted(std::uint32_t n) noexcept {
    std::uint32_t taken = stats.taken.get() + n;
    stats.taken.set(taken);
    stats.note_depth(taken - stats.done());
  }
};

// A message carried the sender's timestamp: how long it waited. Without
// memory for the timing blocks the sample is lost (and the loop that calls
// this needs no cleanup for an exception).
[[gnu::noinline]] void record_wait(detail::actor_statistics& stats, detail::actor_tracker& tracker) noexcept {
  auto waited = detail::cycle_count() - stats.stamp_cycles.load(std::memory_order_relaxed);
  stats.stamped.store(nullptr, std::memory_order_relaxed);
  if (stats.young()) {
    tracker.count_young_wait(waited);
    return;
  }
  try {
    auto& w = stats.ensure_timing().ensure_wait();
    w.histogram.record(waited);
    w.cycles.add(waited);
  } catch (const std::bad_alloc&) {}
}

// A timed message took `cycles` in its handler (without memory for the timing
// block, the sample is lost).
void record_processing(detail::actor_statistics& stats, detail::actor_tracker& tracker, std::uint64_t cycles) noexcept {
  if (stats.young()) {
    tracker.count_young_processing(cycles);
    return;
  }
  try {
    auto& t = stats.ensure_timing(); // not before the first message: idle actors have none
    t.processing.record(cycles);
    t.sampled_messages.add();
    t.sampled_cycles.add(cycles);
  } catch (const std::bad_alloc&) {}
}

// One message in 32 that a thread handles is timed, when it belongs to a
// tracked actor: reading the clock (twice) then costs a fraction of it per
// message. Picking per thread rather than per actor keeps short-lived actors,
// a handful of messages each, from all being timed.
constexpr std::uint64_t timed_every = 32;

} // namespace

[[gnu::noinline]] scheduled_actor::handled scheduled_actor::handle_timed(mailbox_element_ptr e, execution_unit* ctx) {
  auto start = detail::cycle_count();
  auto result = handle(std::move(e));
  auto end = detail::cycle_count();
  record_processing(statistics(), home_system().tracker(), end - start);
  if (ctx != nullptr)
    ctx->note_cycles(end);
  return result;
}

// Handles messages as resume_loop does, and keeps the actor's statistics: what
// happened to each message, the mailbox depth at each take, and the time of a
// sample of the messages. Recorded: each message taken is reported too.
template <bool Recorded>
[[gnu::always_inline]] inline resumable::resume_result scheduled_actor::resume_tracked(execution_unit* ctx,
                                                                                       std::size_t max_throughput) {
  auto& stats = statistics();
  stack_counter counter{stats};
  for (std::size_t handled_count = 0; handled_count < max_throughput;) {
    // A plain pointer until the handler takes it: nothing on the way throws,
    // and nothing is left to destroy after the call.
    auto* e = mailbox_.try_pop_counted(counter);
    if (e == nullptr) {
      if (mailbox_.try_block())
        return resume_result::awaiting_message;
      continue;
    }
    if (handled_count > 0) [[unlikely]]
      release_bypass_job(ctx);
    ++handled_count;
    const bool timed = count_processed(ctx) % timed_every == 0;
    if (stats.stamped.load(std::memory_order_relaxed) == e) [[unlikely]]
      record_wait(stats, home_system().tracker());
    if constexpr (Recorded)
      report_taken(*e);
    auto result = timed ? handle_timed(mailbox_element_ptr{e}, ctx) : handle(mailbox_element_ptr{e});
    if constexpr (Recorded)
      report_done();
    if (result == handled::consumed) [[likely]] {
      stats.processed.add();
    } else if (result == handled::ignored) {
      stats.give_back_taken();
    } else if (result == handled::skipped) {
      stats.count_skipped();
    } // deferred: still in the actor's hands, waiting for an await
    if (finish_if_terminating())
      return resume_result::done;
  }
  if (mailbox_.empty_counted(counter) && mailbox_.try_block())
    return resume_result::awaiting_message;
  return resume_result::resume_later;
}

resumable::resume_result scheduled_actor::resume_tracked_recorded(execution_unit* ctx, std::size_t max_throughput) {
  return resume_tracked<true>(ctx, max_throughput);
}

resumable::resume_result scheduled_actor::resume(execution_unit* ctx, std::size_t max_throughput) {
  detail::this_actor_scope running{this};
  if (!initialized_) [[unlikely]] {
    if (statistics_on_) {
      if (!watched_initialized_) [[unlikely]] {
        // The age counts from here, not from the spawn: from a recent clock
        // reading of this worker (taken when it was idle, with a timed
        // message, or for an earlier actor, at most 64 messages ago), which
        // saves a reading for most actors.
        auto started = ctx != nullptr ? ctx->recent_cycles() : 0;
        if (started == 0) {
          started = detail::cycle_count();
          if (ctx != nullptr)
            ctx->note_cycles(started);
        }
        statistics().started_cycles.set(started);
        initialize();
        if (finish_if_terminating())
          return resume_result::done;
        // Nothing sent to it yet (an actor spawned to wait): it blocks as an
        // untracked one would, with nothing taken to count.
        if (mailbox_.nothing_pending() && mailbox_.try_block())
          return resume_result::awaiting_message;
      }
      if (cleaned_up_)
        return resume_result::done;
      if (recorded_) [[unlikely]]
        return resume_tracked_recorded(ctx, max_throughput);
      return resume_tracked<false>(ctx, max_throughput);
    }
    if (!watched_initialized_) {
      initialize();
      if (finish_if_terminating())
        return resume_result::done;
    }
    if (recorded_)
      return resume_loop<true>(ctx, max_throughput);
  }
  return resume_loop<false>(ctx, max_throughput);
}

} // namespace troupe
