// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Everything an actor in this process has, whether it runs on the scheduler
// (event-based), on its own thread (detached) or blocks a caller's thread
// (blocking/scoped): the mailbox, the behavior stack, request bookkeeping,
// links, and the rules for system messages.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "troupe/abstract_actor.hpp"
#include "troupe/actor.hpp"
#include "troupe/actor_concepts.hpp"
#include "troupe/behavior.hpp"
#include "troupe/building_blocks/behavior_stack.hpp"
#include "troupe/building_blocks/typed_protocol.hpp"
#include "troupe/building_blocks/unmatched_tracker.hpp"
#include "troupe/delegated.hpp"
#include "troupe/detail/actor_statistics.hpp"
#include "troupe/detail/cached_stack_mailbox.hpp"
#include "troupe/detail/deprecated.hpp"
#include "troupe/detail/export.hpp"
#include "troupe/detail/suspended_coroutines.hpp"
#include "troupe/group.hpp"
#include "troupe/mailbox_element.hpp"
#include "troupe/message_id.hpp"
#include "troupe/scheduler/current_worker.hpp"
#include "troupe/sender_handle.hpp"
#include "troupe/spawn_options.hpp"
#include "troupe/system_messages.hpp"
#include "troupe/typed_response_promise.hpp"

namespace troupe {

class actor_system;
class response_promise;
namespace detail {
class actor_tracker;
struct coroutine_access;
struct spawner;
} // namespace detail

/// become(keep_behavior, ...) pushes instead of replacing.
struct keep_behavior_t {};
/// The tag for become(keep_behavior, ...): the new behavior goes on top of the current one, and unbecome()
/// returns to it.
inline constexpr keep_behavior_t keep_behavior{};

/// What an actor does with a message no handler matched (set_default_handler).
struct drop_t {};
/// set_default_handler(drop): an unmatched message is discarded; a request is answered with
/// sec::unexpected_message.
inline constexpr drop_t drop{};
/// The tag type of print_and_drop.
struct print_and_drop_t {};
/// set_default_handler(print_and_drop): like drop, and logs a warning ("dropped unexpected message ...") in the
/// system's log.
inline constexpr print_and_drop_t print_and_drop{};
/// The tag type of reflect_and_quit.
struct reflect_and_quit_t {};
/// set_default_handler(reflect_and_quit): an unmatched message goes back to its sender (as the response, for a
/// request), and the actor quits with sec::unexpected_message.
inline constexpr reflect_and_quit_t reflect_and_quit{};

/// The default-handler choice a local_actor stores, one per tag that set_default_handler takes (skip, the default,
/// leaves an unmatched message stashed until the behavior changes).
enum class default_handler_kind : std::uint8_t { skip, drop, print_and_drop, reflect_and_quit };

/// The resolution of an actor's timers: delayed_send delays and request timeouts are converted to it.
using timespan = std::chrono::nanoseconds;

/// Everything an actor in this process has, whether it runs on the scheduler (event-based), on a thread of its
/// own (detached) or blocks a caller's thread (blocking/scoped): the mailbox, the behavior stack, request
/// bookkeeping, links and monitors, and the rules for system messages (exit_msg, down_msg, timeouts).
/// Unless a member says otherwise, call it only from the actor itself (its handlers, or whoever runs it).
class TROUPE_CORE_API local_actor : public abstract_actor {
public:
  /// The mailbox: a lock-free queue with many writers (enqueue) and one reader (whoever runs the actor).
  using mailbox_type = detail::cached_stack_mailbox<mailbox_element>;

  ~local_actor() override;

  /// The actor system this actor belongs to (the same as home_system()).
  actor_system& system() const noexcept { return home_system(); }

  // ---- sending ----------------------------------------------------------------

  /// Sends xs... as one message to dest, with this actor as the sender; does nothing if dest is empty.
  template <class... Ts>
  void send(const actor& dest, Ts&&... xs) {
    if (dest)
      dest.ctrl()->get()->enqueue(make_mailbox_element(strong_actor_ptr{ctrl()}, message_id{}, std::forward<Ts>(xs)...),
                                  scheduler::current_worker());
  }

  /// To every current member of a group, one shared copy each.
  template <class... Ts>
  void send(const group& dest, Ts&&... xs) {
    if (dest)
      dest->enqueue(strong_actor_ptr{ctrl()}, message_id{}, make_message(std::forward<Ts>(xs)...),
                    scheduler::current_worker());
  }

  /// To a typed actor: the compiler checks the message against its interface.
  template <detail::typed_handle Handle, class... Ts>
  void send(const Handle& dest, Ts&&... xs) {
    detail::check_typed_input<Handle, Ts...>();
    send(actor{dest}, std::forward<Ts>(xs)...);
  }

  /// To a strong_actor_ptr, the classic spelling of a kept sender (canonical: an `actor` or an actor_addr).
  /// Only that exact type: send(nullptr, ...) stays a send to an empty `actor`.
  template <std::same_as<strong_actor_ptr> Ptr, class... Ts>
  void send(const Ptr& dest, Ts&&... xs) {
    send(actor{dest}, std::forward<Ts>(xs)...);
  }

  /// Sends xs... to dest after `delay` (on the system's timer), with this actor as the sender; does nothing
  /// if dest is empty. The message is built now, and the timer keeps dest alive until it is delivered.
  /// To a typed actor, the message is checked against its interface at compile time.
  /// @{
  template <detail::typed_handle Handle, class Rep, class Period, class... Ts>
  void delayed_send(const Handle& dest, std::chrono::duration<Rep, Period> delay, Ts&&... xs) {
    detail::check_typed_input<Handle, Ts...>();
    delayed_send(actor{dest}, delay, std::forward<Ts>(xs)...);
  }

  template <class Rep, class Period, class... Ts>
  void delayed_send(const actor& dest, std::chrono::duration<Rep, Period> delay, Ts&&... xs) {
    schedule_message(dest.ptr(), std::chrono::duration_cast<timespan>(delay),
                     make_mailbox_element(strong_actor_ptr{ctrl()}, message_id{}, std::forward<Ts>(xs)...));
  }
  /// @}

  /// Sends exit_msg{self, reason}; the receiver terminates unless it traps exits
  /// (exit_reason::kill cannot be trapped; exit_reason::normal is ignored by
  /// non-trapping receivers).
  void send_exit(const actor& dest, error reason);

  /// Classic spelling of returning the answer from the handler: answers the current request now, and the
  /// handler's return value is then discarded.
  template <class... Ts>
  TROUPE_DEPRECATED("return the answer from the handler")
  void reply(Ts&&... xs) {
    respond(make_message(std::forward<Ts>(xs)...));
  }

  /// Forwards the current message's request to dest: dest answers the original
  /// requester. A handler may `return self->delegate(...)`.
  template <class... Ts>
  delegated<message> delegate(const actor& dest, Ts&&... xs) {
    if (current_ == nullptr)
      return {};
    auto e = make_mailbox_element(std::move(current_->sender), current_->mid, std::forward<Ts>(xs)...);
    current_->mid = current_->mid.answered(); // dest answers it
    if (dest)
      dest.ctrl()->get()->enqueue(std::move(e), scheduler::current_worker());
    else
      bounce(std::move(e), sec::request_receiver_down, scheduler::current_worker());
    return {};
  }

  /// Delegating to a typed actor checks the forwarded message against its
  /// interface; the result names dest's answer, which a typed behavior checks
  /// against the delegating handler's signature.
  template <detail::typed_handle Handle, class... Ts>
  auto delegate(const Handle& dest, Ts&&... xs) {
    detail::check_typed_input<Handle, Ts...>();
    delegate(actor{dest}, std::forward<Ts>(xs)...);
    using answer = typename Handle::template response_handle_for<local_actor, Ts...>::response_types;
    return typename detail::delegated_for<answer>::type{};
  }

  /// A promise to answer the current request later; the handler's return value is ignored.
  response_promise make_response_promise();

  /// The same, typed: deliver() accepts exactly (T, Ts...) or an error; a typed
  /// behavior checks (T, Ts...) against the handler's signature.
  template <class T, class... Ts>
  typed_response_promise<T, Ts...> make_response_promise() {
    return typed_response_promise<T, Ts...>{make_response_promise()};
  }

  // ---- behavior -----------------------------------------------------------------

  /// Replaces the current behavior (the top of the behavior stack) with `bhvr`, or with a behavior built
  /// from the arguments; it handles the next message. Skipped messages get another chance, and the old
  /// behavior's after(...) timeout no longer fires. An empty behavior only pops the current one. Does
  /// nothing once the actor is terminating.
  /// @{
  template <class T, class... Ts>
    requires(!std::is_same_v<std::decay_t<T>, keep_behavior_t>)
  void become(T&& x, Ts&&... xs) { do_become(behavior{std::forward<T>(x), std::forward<Ts>(xs)...}, true); }
  void become(behavior bhvr) { do_become(std::move(bhvr), true); }
  /// @}

  /// Pushes the behavior built from xs... on top of the current one, which unbecome() returns to.
  template <class... Ts>
  void become(keep_behavior_t, Ts&&... xs) {
    do_become(behavior{std::forward<Ts>(xs)...}, false);
  }

  /// Pops the current behavior; with an empty stack (and no pending response
  /// handler) the actor terminates normally.
  void unbecome();

  /// Whether the behavior stack holds a behavior.
  bool has_behavior() const noexcept { return !bhvr_stack_.empty(); }

  // ---- the current message ---------------------------------------------------------

  /// The message being handled (empty outside a handler).
  const message& current_message() const noexcept;
  /// Classic spelling of current_message().
  TROUPE_DEPRECATED("use current_message()")
  const message& last_received() const noexcept { return current_message(); }
  /// The sender (empty for an anonymous message or outside a handler): a strong
  /// reference that reads like its actor_addr; answering it with
  /// send(actor_cast<actor>(current_sender()), ...) needs no upgrade.
  sender_handle current_sender() const noexcept;
  /// The id of the message being handled (marked answered() once it was answered); message_id{}, the id of
  /// an asynchronous message, outside a handler.
  message_id current_message_id() const noexcept;

  // ---- lifetime, links, monitors ------------------------------------------------------

  /// Terminates after the current handler returns.
  void quit(error reason = exit_reason::normal);
  /// Whether the actor is terminating: quit() was called (directly, by an exit_msg or an error response) or
  /// cleanup has begun.
  bool terminating() const noexcept { return terminating_; }

  /// Links this actor and `other` both ways: when one terminates, the other gets an exit_msg with its reason.
  /// A link to oneself or to an empty handle is ignored; if `other` has terminated already, the exit_msg
  /// (reason exit_reason::unknown when only a dead address is left) arrives at once.
  /// @{
  void link_to(const actor& other);
  void link_to(const actor_addr& other);
  /// @}
  /// Removes the link in both directions (only this actor's side when `other` is gone).
  /// @{
  void unlink_from(const actor& other);
  void unlink_from(const actor_addr& other);
  /// @}
  /// Asks for a down_msg when `other` terminates; each call adds one monitor. If `other` has terminated
  /// already, the down_msg (reason exit_reason::unknown when only a dead address is left) arrives at once.
  /// An empty handle is ignored.
  /// @{
  void monitor(const actor& other);
  void monitor(const actor_addr& other);
  /// @}
  /// Removes one monitor of this actor on `other`; nothing if there is none or `other` is gone.
  /// @{
  void demonitor(const actor& other);
  void demonitor(const actor_addr& other);
  /// @}
  /// A node_down_msg when the connection to `node` is lost (at once if there is
  /// none). Monitoring this actor's own node does nothing.
  void monitor(const node_id& node);
  /// Cancels monitor(node) for this actor; nothing without a network layer.
  void demonitor(const node_id& node);

  /// Becomes a member of g (once, however often it joins) until it leaves or
  /// terminates.
  void join(const group& g);
  /// Stops being a member of g (nothing if it was not one, or g is empty).
  void leave(const group& g);
  /// The groups joined with join() and not left (empty once terminated).
  const std::unordered_set<group>& joined_groups() const noexcept;

  /// Traps exits: exit_msg (except kill) goes to f instead of terminating this actor.
  void set_exit_handler(std::function<void(exit_msg&)> f);
  /// down_msg goes to f (without one, to the behavior; dropped if unmatched).
  void set_down_handler(std::function<void(down_msg&)> f);

  /// Chooses what happens to a message no case of the current behavior matches. skip (the default): it waits
  /// and is tried again after the next behavior change. drop: it is discarded, and a request is answered with
  /// sec::unexpected_message. print_and_drop: the same, plus a warning in the system's log. reflect_and_quit:
  /// the message goes back to its sender (as the response, for a request) and the actor quits with
  /// sec::unexpected_message. Whatever the choice, an unmatched down_msg is dropped.
  /// @{
  void set_default_handler(skip_t) noexcept { default_handler_ = default_handler_kind::skip; }
  void set_default_handler(drop_t) noexcept { default_handler_ = default_handler_kind::drop; }
  void set_default_handler(print_and_drop_t) noexcept { default_handler_ = default_handler_kind::print_and_drop; }
  void set_default_handler(reflect_and_quit_t) noexcept { default_handler_ = default_handler_kind::reflect_and_quit; }
  /// @}

  // ---- spawning children ---------------------------------------------------------------

  /// Spawns a child running fun(xs...), or an actor of class Impl built from xs...; with Os containing
  /// linked or monitored, this actor links to or monitors it. Returns `actor`, or a typed handle
  /// (`typed_actor<...>`) when fun takes a typed self pointer or returns a typed behavior (Impl: a typed
  /// actor class). An empty handle once the system is shutting down.
  /// (Defined at the end of actor_system.hpp.)
  /// @{
  template <spawn_options Os = no_spawn_options, actor_function F, class... Ts>
  auto spawn(F fun, Ts&&... xs);

  template <actor_class Impl, spawn_options Os = no_spawn_options, class... Ts>
  auto spawn(Ts&&... xs);
  /// @}

  /// Classic spelling of spawn (the canonical form) for typed actors: the same, plus a compile-time check
  /// that the result is a typed handle.
  /// @{
  template <spawn_options Os = no_spawn_options, actor_function F, class... Ts>
  TROUPE_DEPRECATED("use spawn: it returns a typed actor's typed handle")
  auto typed_spawn(F fun, Ts&&... xs);

  template <actor_class Impl, spawn_options Os = no_spawn_options, class... Ts>
  TROUPE_DEPRECATED("use spawn: it returns a typed actor's typed handle")
  auto typed_spawn(Ts&&... xs);
  /// @}

  // ---- runtime interface -------------------------------------------------------------

  bool enqueue(mailbox_element_ptr e, execution_unit* ctx) override;
  void on_unreachable() override;

  /// Number of messages waiting (inspection; owner thread only).
  std::size_t mailbox_size() noexcept { return mailbox_.count(); }

  /// Messages reported as unmatched so far: still skipped after a become, or
  /// waiting unmatched longer than logger.unmatched-warning-after (inspection;
  /// owner thread only; 0 again once the actor has terminated).
  std::size_t unmatched_messages() const noexcept { return extras_ ? extras_->unmatched.reported() : 0; }

  /// The oldest waiting message, left in place, or nullptr; and the same taken
  /// out. Only for whoever runs the actor (the deterministic test fixture).
  /// @{
  mailbox_element* peek_mailbox() noexcept { return mailbox_.peek(); }
  mailbox_element_ptr pop_mailbox() noexcept { return mailbox_element_ptr{mailbox_.try_pop()}; }
  /// @}

protected:
  local_actor() noexcept;

  /// Makes a blocked reader run again (schedule, notify a thread, ...).
  virtual void wake_up(execution_unit* ctx) = 0;

  /// Called at termination, after links are notified; releases user state.
  virtual void on_exit() {}

  // ---- shared processing -----------------------------------------------------------

  /// consumed: done with it; skipped: keep it for a later behavior; ignored:
  /// consumed without effect (a stale timeout), so idle timers stay as they are.
  /// skipped: no case matched (or a handler asked to skip); deferred: kept
  /// until an outstanding await is answered, whatever the behavior says.
  enum class handled { consumed, skipped, deferred, ignored };

  /// Runs e through the system-message rules, response handlers and `bhvr`.
  handled invoke(mailbox_element* e, behavior& bhvr);

  /// Sends `msg` as the answer to the current message (if it wants one).
  void respond(message msg);
  /// Sends `msg` as the answer to `e`: the response to a request (then marked answered), or, for an
  /// asynchronous message, a plain message if `msg` is not empty. Nothing for a response, an answered request
  /// or an anonymous sender.
  void respond_to(mailbox_element* e, message msg);

  /// become() and unbecome()'s work: pops the top behavior if `discard_old`, pushes `bhvr` unless empty, and
  /// lets skipped messages and the timeout start over. Does nothing once terminating.
  void do_become(behavior bhvr, bool discard_old);
  /// The next request id of this actor (request ids count per actor).
  message_id new_request_id() noexcept { return message_id::make_request(++last_request_id_); }
  /// Sends `msg` to dest as a new request and returns its id. An empty dest answers at once with
  /// sec::request_receiver_down; a finite `timeout` schedules a sec::request_timeout response.
  message_id send_request(const actor& dest, timespan timeout, message msg);
  /// Delivers `e` to dest after `delay` on the system's timer; nothing if dest is empty.
  void schedule_message(strong_actor_ptr dest, timespan delay, mailbox_element_ptr e);
  /// After `delay`, delivers an error{sec::request_timeout} with `response_id` to this actor if it still
  /// exists; a response that arrived first makes it a stale one, which nobody waits for.
  void schedule_timeout_response(message_id response_id, timespan delay);

  /// Skipped messages wait in the stash until the behavior changes.
  void stash(mailbox_element_ptr e) noexcept;
  /// Puts the stashed messages back in front of the mailbox, in their order.
  void unstash() noexcept;

  /// Unmatched-message reports: called for a skipped message, and for every
  /// other one while some skipped message is tracked (unmatched_tracked_).
  void track_unmatched(mailbox_element* e, bool skipped);
  /// print_and_drop's line.
  void log_dropped(const message& msg) const;

  // ---- statistics (only for an actor whose statistics_on_ is set) ----------------------

  /// The statistics block in front of the control block (only with statistics_on_).
  detail::actor_statistics& statistics() noexcept { return *detail::actor_statistics::of(ctrl()); }
  /// Sender side of an enqueue: stamps one in 64 of this thread's messages for
  /// the mailbox wait, and counts it as sent by the tracked actor running here.
  void count_enqueue(mailbox_element* e) noexcept;
  /// Marks the actor ended for its system's tracker: inspection no longer lists it.
  void stop_tracking() noexcept;

  /// Closes the mailbox, answers pending requests, notifies links and monitors.
  void cleanup(error reason);
  /// A message that arrived after the mailbox closed: a dead letter, counted, reported and bounced. Out of line
  /// and cold, so that the enqueue path keeps the code (and the registers) of a send.
  [[gnu::noinline, gnu::cold]] void refuse(mailbox_element_ptr e, execution_unit* ctx);

  /// Response handlers (then / await) waiting for their message.
  struct pending_responses {
    /// await(): handlers by request id; only back() may run, every other response waits for it.
    std::vector<std::pair<message_id, behavior>> awaited; // back() is active
    /// then(): handlers by request id value, run in whatever order the responses arrive.
    std::unordered_map<std::uint64_t, behavior> multiplexed;
    /// Whether no response handler is waiting.
    bool empty() const noexcept { return awaited.empty() && multiplexed.empty(); }
  };

  /// Rarely used data lives out of line to keep idle actors small.
  struct extras {
    /// Response handlers waiting for their message.
    pending_responses responses;
    /// set_exit_handler's function (empty: none).
    std::function<void(exit_msg&)> exit_handler;
    /// set_down_handler's function (empty: none).
    std::function<void(down_msg&)> down_handler;
    /// Skipped messages watched for the unmatched-message report.
    detail::unmatched_tracker unmatched;
    /// The groups joined and not left.
    std::unordered_set<group> joined_groups;
    /// Coroutine handlers suspended without reentrant(true): while above 0, ordinary messages wait in the stash.
    std::uint32_t coroutine_holds = 0;
    /// reentrant(true): a suspended coroutine handler lets other messages run.
    bool reentrant_coroutines = false;
    /// The suspended coroutine handlers. Declared last, so destroyed first: before the response handlers that
    /// would have resumed them.
    detail::suspended_coroutines coroutines;
  };
  /// The extras, allocated on first use.
  extras& ext();
  /// Whether any response handler (then or await) is waiting.
  bool has_pending_responses() const noexcept { return extras_ && !extras_->responses.empty(); }
  /// Whether an await() or a suspended coroutine handler is waiting: until its response arrives, other ordinary
  /// messages are deferred.
  bool awaiting_response() const noexcept {
    return extras_ && (!extras_->responses.awaited.empty() || extras_->coroutine_holds > 0);
  }

  /// Handles a response element; true if a handler consumed it.
  handled handle_response(mailbox_element* e);
  /// Runs a response through its handler `bhvr`. A sec::request_timeout that no case matches goes to bhvr's
  /// after(...) handler if it has one; any other unhandled error ends this actor with that error as its exit
  /// reason, and an unmatched value with sec::unexpected_response.
  void invoke_response_handler(mailbox_element* e, behavior& bhvr);

  /// Terminates if nothing can happen anymore (no behavior, no pending response).
  void quit_if_idle();

  /// Tells the system's actor_events that this actor took `e` (only while recorded_).
  void report_taken(const mailbox_element& e) noexcept;
  /// Tells the system's actor_events that this actor is done with the message it last took (only while recorded_).
  void report_done() noexcept;

  /// The messages waiting to be handled.
  mailbox_type mailbox_;
  /// The behaviors; the top one handles messages.
  detail::behavior_stack bhvr_stack_;
  /// A behavior popped while its handler runs, kept alive until the handler returns.
  behavior retired_bhvr_; // see behavior_stack::pop_back
  /// The message being handled, or nullptr.
  mailbox_element* current_ = nullptr;
  /// First and last stashed (skipped or deferred) message, a list linked through mailbox_element::next.
  /// @{
  mailbox_element* stash_head_ = nullptr;
  mailbox_element* stash_tail_ = nullptr;
  /// @}
  /// The rarely used data, or nullptr until first needed (and again after cleanup).
  std::unique_ptr<extras> extras_;
  /// The number of the last request this actor sent.
  std::uint64_t last_request_id_ = 0;
  /// Generation of the active after(...) timeout: a timeout_msg with another id is stale.
  std::uint64_t timeout_id_ = 0; // generation of the active after(...) timeout
  error pending_reason_;         ///< set by quit(): the exit reason the actor terminates with
  /// What happens to a message no case matches (set_default_handler).
  default_handler_kind default_handler_ = default_handler_kind::skip;
  /// Set by quit() and cleanup: the actor terminates after the current handler.
  bool terminating_ = false;
  /// Set by become/unbecome and an answered await: skipped messages get another chance.
  bool behavior_changed_ = false;
  /// Spawned with the hidden option: not counted among the system's running actors.
  bool hidden_ = false;
  /// Whether cleanup() has run.
  bool cleaned_up_ = false;
  /// Whether the initial behavior has been set up (a scheduled actor does it when it first runs).
  bool initialized_ = false;
  /// Whether the unmatched-message tracker watches any message (then every handled one is reported to it).
  bool unmatched_tracked_ = false;
  /// Counts become/unbecome (wrapping) to tell a changed behavior from an
  /// unchanged one; sits in what was padding.
  std::uint8_t behavior_generation_ = 0;

  friend class actor_system;
  friend struct detail::spawner;
  friend class detail::actor_tracker;
  friend class response_promise;
  friend struct detail::coroutine_access;
};

/// Sends xs... to dest without a sender: the receiver's current_sender() is empty and what its handler returns
/// goes nowhere. Nothing if dest is empty. dest is an actor, a typed actor (the message is checked against its
/// interface at compile time), a group (every current member gets it) or a strong_actor_ptr.
/// @{
template <class... Ts>
void anon_send(const actor& dest, Ts&&... xs) {
  if (dest)
    dest.ctrl()->get()->enqueue(make_mailbox_element(nullptr, message_id{}, std::forward<Ts>(xs)...),
                                scheduler::current_worker());
}

template <class... Ts>
void anon_send(const group& dest, Ts&&... xs) {
  if (dest)
    dest->enqueue(nullptr, message_id{}, make_message(std::forward<Ts>(xs)...), scheduler::current_worker());
}

template <detail::typed_handle Handle, class... Ts>
void anon_send(const Handle& dest, Ts&&... xs) {
  detail::check_typed_input<Handle, Ts...>();
  anon_send(actor{dest}, std::forward<Ts>(xs)...);
}

template <std::same_as<strong_actor_ptr> Ptr, class... Ts>
void anon_send(const Ptr& dest, Ts&&... xs) {
  anon_send(actor{dest}, std::forward<Ts>(xs)...);
}
/// @}

} // namespace troupe
