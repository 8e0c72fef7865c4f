// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The root of every actor, local or (later) remote: an identity, a way to
// deliver a message (enqueue), and the link/monitor bookkeeping that turns a
// termination into exit_msg / down_msg.
#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "troupe/actor.hpp"
#include "troupe/actor_addr.hpp"
#include "troupe/actor_control_block.hpp"
#include "troupe/detail/export.hpp"
#include "troupe/detail/spinlock.hpp"
#include "troupe/error.hpp"
#include "troupe/mailbox_element.hpp"

namespace troupe {

class actor_system;
class execution_unit;

/// The root of every actor, local or a proxy for a remote one: an identity, a way to deliver a message
/// (enqueue), and the link/monitor bookkeeping that turns its termination into exit_msg / down_msg.
/// It is placed right after its actor_control_block in one allocation; handles count references on the block.
class TROUPE_CORE_API abstract_actor {
public:
  abstract_actor(const abstract_actor&) = delete;
  abstract_actor& operator=(const abstract_actor&) = delete;
  virtual ~abstract_actor();

  /// Delivers e (taking ownership). A terminated actor refuses it: requests are
  /// answered with sec::request_receiver_down. Returns false when refused.
  virtual bool enqueue(mailbox_element_ptr e, execution_unit* ctx) = 0;

  /// Called once, when the last strong reference goes away, before destruction.
  virtual void on_unreachable() {}

  /// The control block that precedes this actor in its allocation.
  actor_control_block* ctrl() const noexcept { return actor_control_block::from(this); }
  /// The actor's id, as its control block records it (for a proxy, the id of the remote actor).
  actor_id id() const noexcept { return ctrl()->id(); }
  /// The node of its system: home_system().node() for every local actor.
  node_id node() const noexcept { return ctrl()->node(); }
  /// A weak handle to this actor, for comparison, links and monitors.
  actor_addr address() const noexcept { return actor_addr{ctrl()}; }
  /// The actor system that created this actor (or this proxy).
  actor_system& home_system() const noexcept { return *ctrl()->home_system(); }

  /// How log lines (and later inspection) call this actor; override it to
  /// choose. The default is the class's name for actor classes of your own
  /// and "actor" for troupe's classes (function-based actors).
  virtual const char* name() const;

  /// Whether the actor has terminated (its links and monitors are being or have been notified).
  /// Safe to call from any thread.
  bool is_terminated() const noexcept { return terminated_.load(std::memory_order_acquire); }
  /// The exit reason once terminated (error{} before).
  error exit_reason_value() const;

  /// Link and monitor bookkeeping, one side of it (this actor's list), thread-safe. The add functions return
  /// false if this actor has already terminated and then store its exit reason in `*reason`; the caller then
  /// delivers exit_msg/down_msg itself. add_link records a link to `other` at most once; add_monitor records
  /// every call, and remove_monitor removes one of them. Removing an entry that does not exist does nothing.
  /// @{
  bool add_link(const actor_addr& other, error* reason);
  void remove_link(const actor_addr& other);
  bool add_monitor(const actor_addr& observer, error* reason);
  void remove_monitor(const actor_addr& observer);
  /// @}

  /// Something to run when this actor terminates (attach_functor's callable).
  class exit_callback {
  public:
    virtual ~exit_callback() = default;
    /// A failure here would leave the remaining links unnotified: it ends the
    /// program instead.
    virtual void operator()(const error& reason) noexcept = 0;
  };

  /// Calls f with the exit reason (f(const error&)), or without arguments
  /// (f()), when this actor terminates, on the thread that terminates it
  /// while it notifies its links and monitors; at once on the caller's thread
  /// if it has terminated already. f must not throw.
  template <class F>
  void attach_functor(F f) {
    static_assert(std::is_invocable_v<F&, const error&> || std::is_invocable_v<F&>,
                  "attach_functor: f takes the exit reason (const error&) or nothing");
    struct impl final : exit_callback {
      explicit impl(F&& g) : fn(std::move(g)) {}
      void operator()(const error& reason) noexcept override {
        if constexpr (std::is_invocable_v<F&, const error&>)
          fn(reason);
        else
          fn();
      }
      F fn;
    };
    attach(std::make_unique<impl>(std::move(f)));
  }

  /// The type-erased form of attach_functor.
  void attach(std::unique_ptr<exit_callback> f);

  /// The actors linked to this one, newest first (empty once it terminated); a snapshot for inspection.
  std::vector<actor_addr> links() const;
  /// The actors that monitor this one, newest first, once per monitor (empty once it terminated); likewise.
  std::vector<actor_addr> monitored_by() const;

protected:
  abstract_actor() noexcept = default;

  /// Marks the actor terminated and notifies links (exit_msg) and monitors
  /// (down_msg). Returns false if it had terminated before.
  bool finalize_links(error reason);

  /// Whether a statistics block precedes the control block (inspection): set at spawn, before the actor
  /// is reachable, and never changed. It fills padding next to the vtable pointer, which every enqueue
  /// reads anyway, so testing it costs a byte load and a branch.
  bool statistics_on_ = false;
  /// Whether each message taken from the mailbox is reported to the system's actor_events (a recording, a tracer):
  /// set at spawn, never changed; it fills padding too, next to statistics_on_.
  bool recorded_ = false;
  /// Whether an actor with statistics or a recording has set up its behavior (its initialized_ stays false,
  /// so that resume() sends it to the loop that keeps them). It sits next to the flags resume() reads.
  bool watched_initialized_ = false;

private:
  /// A link, a monitor (`other` is the linked actor or the observer) or an
  /// exit callback (`other` is empty).
  struct attachable {
    enum class kind : std::uint8_t { link, monitor, callback };
    attachable* next;
    actor_addr other;
    kind what;
    std::unique_ptr<exit_callback> callback;
  };

  mutable detail::spinlock lock_;
  std::atomic<bool> terminated_{false};
  attachable* attached_ = nullptr;
  error reason_;
};

/// Delivers a message built by the caller; drops it if `to` is null.
TROUPE_CORE_API void deliver(const strong_actor_ptr& to, mailbox_element_ptr e, execution_unit* ctx);

/// Answers a request that cannot be served with an error response.
TROUPE_CORE_API void bounce(mailbox_element_ptr e, const error& reason, execution_unit* ctx);

} // namespace troupe
