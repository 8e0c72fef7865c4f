// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// An actor driven by the scheduler: it has no thread; a worker calls resume()
// when it has messages, and it handles at most max_throughput of them before
// yielding the worker. A detached actor runs the same protocol on a thread of
// its own.
#include <atomic>
#include <chrono>
#include <memory>

#include "troupe/building_blocks/requester.hpp"
#include "troupe/detail/export.hpp"
#include "troupe/scheduler/resumable.hpp"
#include "troupe/sleep_request.hpp"

namespace troupe {

/// An event-based actor driven by the scheduler: it has no thread of its own; a worker calls resume() when it
/// has messages, and it handles at most max_throughput of them before yielding the worker. A detached actor
/// runs the same protocol on a thread of its own. request() and sync_send() come from its base class.
class TROUPE_CORE_API scheduled_actor : public detail::requester<scheduled_actor, false>, public resumable {
public:
  ~scheduled_actor() override;

  // ---- responses (request() and sync_send() come from detail::requester) -----------

  /// Makes `bhvr` the handler of the response to request `id` (what response_handle::await uses). Until it
  /// arrives, ordinary messages and the other expected responses wait in the stash (exit_msg and down_msg are
  /// still handled); awaits nest, the newest runs first. An after(d) case in `bhvr` sets the request's timeout.
  void add_awaited_response(message_id id, behavior bhvr);
  /// Makes `bhvr` the handler of the response to request `id` (what response_handle::then uses); other
  /// messages keep flowing meanwhile. An after(d) case in `bhvr` sets the request's timeout.
  void add_multiplexed_response(message_id id, behavior bhvr);

  // ---- coroutine handlers (troupe/coroutines.hpp) ----------------------------------

  /// Whether a coroutine handler suspended in `co_await` lets other messages run meanwhile. Off by default: a
  /// suspended handler holds the actor's ordinary messages back until it finishes, as await() does, so the
  /// actor's state never interleaves. On: they run in between, as with then(). Decided when a handler suspends.
  /// @{
  void reentrant(bool on);
  bool reentrant() const noexcept;
  /// @}

  /// A pause for a coroutine handler: `co_await self->sleep(d)` resumes it once `d` has passed.
  sleep_request sleep(std::chrono::nanoseconds d) noexcept { return {this, d}; }

  // ---- resumable ---------------------------------------------------------------------

  resume_result resume(execution_unit* ctx, std::size_t max_throughput) override;
  void ref_resumable() noexcept override;
  /// Drops the strong reference that ref_resumable() took (for the scheduler, or a detached actor's thread),
  /// like releasing a handle.
  void deref_resumable() noexcept override;

  /// Starts the actor after spawn: schedules it (or starts its thread).
  void launch(execution_unit* ctx, spawn_options opts);

protected:
  scheduled_actor() noexcept = default;

  /// The initial behavior; an empty one (after no become) ends the actor at once.
  /// event_based_actor forwards it to make_behavior(); typed actors to their
  /// make_behavior() returning a typed behavior (see typed/typed_event_based_actor.hpp).
  virtual behavior initial_behavior() { return {}; }

  void wake_up(execution_unit* ctx) override;
  void on_unreachable() override;

private:
  void initialize();
  handled handle(mailbox_element_ptr e);
  /// The loop of resume(); with Recorded, for an actor whose messages are recorded (and that has no statistics).
  template <bool Recorded>
  resume_result resume_loop(execution_unit* ctx, std::size_t max_throughput);
  /// resume() of an actor with statistics: the same loop, counting, and timing a sample of the messages;
  /// with Recorded, for an actor whose messages are recorded too.
  template <bool Recorded>
  resume_result resume_tracked(execution_unit* ctx, std::size_t max_throughput);
  /// resume_tracked<true>, out of line: the common tracked resume does not test for a recording per message.
  resume_result resume_tracked_recorded(execution_unit* ctx, std::size_t max_throughput);
  /// handle() for a tracked actor, timing the handler (and noting the clock's reading in `ctx`, if any).
  handled handle_timed(mailbox_element_ptr e, execution_unit* ctx);
  /// Counts a message handled on `ctx` (nullptr: off the workers) in the system's always-on counts, and
  /// returns a count of the messages handled by the calling thread (that picks which are timed).
  std::uint64_t count_processed(execution_unit* ctx) noexcept;
  void arm_timeout();
  void run_detached();
  bool finish_if_terminating();

  struct detached_state;
  detached_state* detached_ = nullptr; // only for spawn<detached>; shared with its thread
};

} // namespace troupe
