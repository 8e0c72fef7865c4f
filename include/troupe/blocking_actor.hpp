// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// An actor that owns a thread and waits for messages with receive(): used by
// scoped_actor (an actor for main() and other non-actor code) and by actors
// spawned from functions taking blocking_actor*.
#include <chrono>
#include <concepts>
#include <condition_variable>
#include <mutex>
#include <vector>

#include "troupe/building_blocks/requester.hpp"
#include "troupe/detail/export.hpp"

namespace troupe {

/// An actor that waits for messages with receive(), blocking its thread: a spawned one (a function taking
/// `blocking_actor*`, or a class overriding act()) runs on a thread of its own, the one of a scoped_actor on the
/// thread that uses it. A kill (exit_reason::kill) throws actor_exited out of its receive functions.
class TROUPE_CORE_API blocking_actor : public detail::requester<blocking_actor, true> {
public:
  /// Both forms construct the same actor: the config that spawn passes is ignored here.
  /// @{
  explicit blocking_actor(actor_config&) noexcept {}
  blocking_actor() noexcept = default;
  /// @}
  ~blocking_actor() override;

  /// Waits for one message that matches (skipping others, which stay queued),
  /// or for the after(...) timeout among the handlers.
  template <class... Cs>
  void receive(Cs&&... cases) {
    behavior bhvr{std::forward<Cs>(cases)...};
    receive_impl(bhvr);
  }

  /// Like receive(), repeated while pred() holds.
  template <std::predicate Pred, class... Cs>
    requires(sizeof...(Cs) > 0)
  void receive_while(Pred pred, Cs&&... cases) {
    behavior bhvr{std::forward<Cs>(cases)...};
    while (pred())
      receive_impl(bhvr);
  }

  /// The two-step forms: receive_while(running)(cases...) receives while the
  /// referenced bool is true (a handler may clear it); receive_while(pred)(cases...)
  /// while pred() holds.
  template <std::predicate Pred>
  auto receive_while(Pred pred) {
    return receive_while_helper<Pred>{this, std::move(pred)};
  }
  /// The two-step form for a bool: receives while `flag` is true (a handler may clear it); `flag` must outlive
  /// the loop.
  auto receive_while(const bool& flag) {
    return receive_while([&flag] { return flag; });
  }
  /// A temporary would be evaluated once: the loop could never end.
  void receive_while(const bool&&) = delete;

  /// receive_for(i, n)(cases...): one receive() per step of i from its value up to n.
  template <class T>
  auto receive_for(T& counter, T end) {
    return receive_for_helper<T>{this, counter, std::move(end)};
  }

  /// do_receive(cases...).until(pred or bool&): receive() at least once, then
  /// again until the condition holds.
  template <class... Cs>
  auto do_receive(Cs&&... cases) {
    return do_receive_helper{this, behavior{std::forward<Cs>(cases)...}};
  }

  /// Blocks until each given actor (actor, typed_actor<...> or actor_addr) has
  /// terminated. It monitors them and takes only their down messages; other
  /// messages, down messages from the caller's own monitors included, stay queued.
  template <class... Handles>
  void wait_for(const Handles&... xs) {
    wait_for_all(std::vector<actor_addr>{address_of(xs)...});
  }

  /// The error a spawned blocking actor terminates with when its function
  /// (act()) returns; empty means a normal exit. An error response no handler
  /// took sets it too. (A scoped_actor always ends normally.)
  void fail_state(error reason) { pending_reason_ = std::move(reason); }
  /// The error set so far; empty: none.
  const error& fail_state() const noexcept { return pending_reason_; }

  // request() and sync_send() (detail::requester) both wait for their response.

  /// Waits for the response to `id`; other messages stay queued.
  void receive_response(message_id id, behavior bhvr);

  /// Run by a spawned blocking actor's thread.
  virtual void act() {}

  /// Terminates now (blocking actors have no "after the current handler").
  void finish(error reason) { cleanup(std::move(reason)); }

protected:
  void wake_up(execution_unit* ctx) override;

private:
  template <class Pred>
  struct [[nodiscard]] receive_while_helper {
    blocking_actor* self;
    Pred pred;
    template <class... Cs>
    void operator()(Cs&&... cases) {
      behavior bhvr{std::forward<Cs>(cases)...};
      while (pred())
        self->receive_impl(bhvr);
    }
  };

  template <class T>
  struct [[nodiscard]] receive_for_helper {
    blocking_actor* self;
    T& counter;
    T end;
    template <class... Cs>
    void operator()(Cs&&... cases) {
      behavior bhvr{std::forward<Cs>(cases)...};
      for (; counter != end; ++counter)
        self->receive_impl(bhvr);
    }
  };

  struct [[nodiscard]] do_receive_helper {
    blocking_actor* self;
    behavior bhvr;
    template <std::predicate Pred>
    void until(Pred pred) {
      do
        self->receive_impl(bhvr);
      while (!pred());
    }
    void until(const bool& flag) {
      until([&flag] { return flag; });
    }
    void until(const bool&&) = delete;
  };

  static actor_addr address_of(const actor_addr& x) noexcept { return x; }
  template <class Handle>
  static actor_addr address_of(const Handle& x) noexcept {
    return x.address();
  }
  void wait_for_all(std::vector<actor_addr> xs);

  using clock = std::chrono::steady_clock;
  void receive_impl(behavior& bhvr);
  /// exit_reason::kill: quits and throws actor_exited (nothing can trap a kill).
  void throw_if_killed(mailbox_element_ptr& e);
  /// The next message, or nullptr when `deadline` passed.
  mailbox_element_ptr dequeue(const clock::time_point* deadline);

  std::mutex mtx_;
  std::condition_variable cv_;
};

} // namespace troupe
