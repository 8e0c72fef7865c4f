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
#include "troupe/detail/cached_stack_mailbox.hpp"
#include "troupe/detail/export.hpp"
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
struct spawner;
} // namespace detail

/// become(keep_behavior, ...) pushes instead of replacing.
struct keep_behavior_t {};
inline constexpr keep_behavior_t keep_behavior{};

/// What an actor does with a message no handler matched (set_default_handler).
struct drop_t {};
inline constexpr drop_t drop{};
struct print_and_drop_t {};
inline constexpr print_and_drop_t print_and_drop{};
struct reflect_and_quit_t {};
inline constexpr reflect_and_quit_t reflect_and_quit{};

enum class default_handler_kind : std::uint8_t { skip, drop, print_and_drop, reflect_and_quit };

using timespan = std::chrono::nanoseconds;

class TROUPE_CORE_API local_actor : public abstract_actor {
public:
  using mailbox_type = detail::cached_stack_mailbox<mailbox_element>;

  ~local_actor() override;

  actor_system& system() const noexcept { return home_system(); }

  // ---- sending ----------------------------------------------------------------

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

  /// To a strong_actor_ptr, what CAF code keeps of a sender. Only that exact
  /// type: send(nullptr, ...) stays a send to an empty `actor`.
  template <std::same_as<strong_actor_ptr> Ptr, class... Ts>
  void send(const Ptr& dest, Ts&&... xs) {
    send(actor{dest}, std::forward<Ts>(xs)...);
  }

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

  /// Sends exit_msg{self, reason}; the receiver terminates unless it traps exits
  /// (exit_reason::kill cannot be trapped; exit_reason::normal is ignored by
  /// non-trapping receivers).
  void send_exit(const actor& dest, error reason);

  /// Answers the current request now; the handler's return value is then discarded.
  template <class... Ts>
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

  template <class T, class... Ts>
    requires(!std::is_same_v<std::decay_t<T>, keep_behavior_t>)
  void become(T&& x, Ts&&... xs) { do_become(behavior{std::forward<T>(x), std::forward<Ts>(xs)...}, true); }
  void become(behavior bhvr) { do_become(std::move(bhvr), true); }

  template <class... Ts>
  void become(keep_behavior_t, Ts&&... xs) {
    do_become(behavior{std::forward<Ts>(xs)...}, false);
  }

  /// Pops the current behavior; with an empty stack (and no pending response
  /// handler) the actor terminates normally.
  void unbecome();

  bool has_behavior() const noexcept { return !bhvr_stack_.empty(); }

  // ---- the current message ---------------------------------------------------------

  /// The message being handled (empty outside a handler).
  const message& current_message() const noexcept;
  const message& last_received() const noexcept { return current_message(); }
  /// The sender (empty for an anonymous message or outside a handler): a strong
  /// reference that reads like its actor_addr; answering it with
  /// send(actor_cast<actor>(current_sender()), ...) needs no upgrade.
  sender_handle current_sender() const noexcept;
  message_id current_message_id() const noexcept;

  // ---- lifetime, links, monitors ------------------------------------------------------

  /// Terminates after the current handler returns.
  void quit(error reason = exit_reason::normal);
  bool terminating() const noexcept { return terminating_; }

  void link_to(const actor& other);
  void link_to(const actor_addr& other);
  void unlink_from(const actor& other);
  void unlink_from(const actor_addr& other);
  void monitor(const actor& other);
  void monitor(const actor_addr& other);
  void demonitor(const actor& other);
  void demonitor(const actor_addr& other);
  /// A node_down_msg when the connection to `node` is lost (at once if there is
  /// none). Monitoring this actor's own node does nothing.
  void monitor(const node_id& node);
  void demonitor(const node_id& node);

  /// Becomes a member of g (once, however often it joins) until it leaves or
  /// terminates.
  void join(const group& g);
  void leave(const group& g);
  /// The groups joined with join() and not left (empty once terminated).
  const std::unordered_set<group>& joined_groups() const noexcept;

  /// Traps exits: exit_msg (except kill) goes to f instead of terminating this actor.
  void set_exit_handler(std::function<void(exit_msg&)> f);
  /// down_msg goes to f (without one, to the behavior; dropped if unmatched).
  void set_down_handler(std::function<void(down_msg&)> f);

  void set_default_handler(skip_t) noexcept { default_handler_ = default_handler_kind::skip; }
  void set_default_handler(drop_t) noexcept { default_handler_ = default_handler_kind::drop; }
  void set_default_handler(print_and_drop_t) noexcept { default_handler_ = default_handler_kind::print_and_drop; }
  void set_default_handler(reflect_and_quit_t) noexcept { default_handler_ = default_handler_kind::reflect_and_quit; }

  // ---- spawning children ---------------------------------------------------------------

  /// Returns `actor`, or a typed handle (typed_actor<...>) when fun takes a typed
  /// self pointer or returns a typed behavior (Impl: a typed actor class).
  /// (Defined in building_blocks/spawner.hpp, which actor_system.hpp includes.)
  template <spawn_options Os = no_spawn_options, actor_function F, class... Ts>
  auto spawn(F fun, Ts&&... xs);

  template <actor_class Impl, spawn_options Os = no_spawn_options, class... Ts>
  auto spawn(Ts&&... xs);

  /// Like spawn, but only for typed actors.
  template <spawn_options Os = no_spawn_options, actor_function F, class... Ts>
  auto typed_spawn(F fun, Ts&&... xs);

  template <actor_class Impl, spawn_options Os = no_spawn_options, class... Ts>
  auto typed_spawn(Ts&&... xs);

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
  mailbox_element* peek_mailbox() noexcept { return mailbox_.peek(); }
  mailbox_element_ptr pop_mailbox() noexcept { return mailbox_element_ptr{mailbox_.try_pop()}; }

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
  void respond_to(mailbox_element* e, message msg);

  void do_become(behavior bhvr, bool discard_old);
  message_id new_request_id() noexcept { return message_id::make_request(++last_request_id_); }
  message_id send_request(const actor& dest, timespan timeout, message msg);
  void schedule_message(strong_actor_ptr dest, timespan delay, mailbox_element_ptr e);
  void schedule_timeout_response(message_id response_id, timespan delay);

  /// Skipped messages wait in the stash until the behavior changes.
  void stash(mailbox_element_ptr e) noexcept;
  void unstash() noexcept;

  /// Unmatched-message reports: called for a skipped message, and for every
  /// other one while some skipped message is tracked (unmatched_tracked_).
  void track_unmatched(mailbox_element* e, bool skipped);
  /// print_and_drop's line.
  void log_dropped(const message& msg) const;

  /// Closes the mailbox, answers pending requests, notifies links and monitors.
  void cleanup(error reason);

  /// Response handlers (then / await) waiting for their message.
  struct pending_responses {
    std::vector<std::pair<message_id, behavior>> awaited; // back() is active
    std::unordered_map<std::uint64_t, behavior> multiplexed;
    bool empty() const noexcept { return awaited.empty() && multiplexed.empty(); }
  };

  /// Rarely used data lives out of line to keep idle actors small.
  struct extras {
    pending_responses responses;
    std::function<void(exit_msg&)> exit_handler;
    std::function<void(down_msg&)> down_handler;
    detail::unmatched_tracker unmatched;
    std::unordered_set<group> joined_groups;
  };
  extras& ext();
  bool has_pending_responses() const noexcept { return extras_ && !extras_->responses.empty(); }
  bool awaiting_response() const noexcept { return extras_ && !extras_->responses.awaited.empty(); }

  /// Handles a response element; true if a handler consumed it.
  handled handle_response(mailbox_element* e);
  void invoke_response_handler(mailbox_element* e, behavior& bhvr);

  /// Terminates if nothing can happen anymore (no behavior, no pending response).
  void quit_if_idle();

  mailbox_type mailbox_;
  detail::behavior_stack bhvr_stack_;
  behavior retired_bhvr_; // see behavior_stack::pop_back
  mailbox_element* current_ = nullptr;
  mailbox_element* stash_head_ = nullptr;
  mailbox_element* stash_tail_ = nullptr;
  std::unique_ptr<extras> extras_;
  std::uint64_t last_request_id_ = 0;
  std::uint64_t timeout_id_ = 0; // generation of the active after(...) timeout
  error pending_reason_;         // set by quit()
  default_handler_kind default_handler_ = default_handler_kind::skip;
  bool terminating_ = false;
  bool behavior_changed_ = false;
  bool hidden_ = false;
  bool cleaned_up_ = false;
  bool initialized_ = false;
  bool unmatched_tracked_ = false;
  /// Counts become/unbecome (wrapping) to tell a changed behavior from an
  /// unchanged one; sits in what was padding.
  std::uint8_t behavior_generation_ = 0;

  friend class actor_system;
  friend struct detail::spawner;
  friend class response_promise;
};

/// Sends without a sender; replies to it are dropped.
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

} // namespace troupe
