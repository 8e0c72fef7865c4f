// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// An actor that owns a thread and waits for messages with receive(): used by
// scoped_actor (an actor for main() and other non-actor code) and by actors
// spawned from functions taking blocking_actor*.
#include <chrono>
#include <condition_variable>
#include <mutex>

#include "troupe/building_blocks/requester.hpp"
#include "troupe/detail/export.hpp"

namespace troupe {

class TROUPE_CORE_API blocking_actor : public detail::requester<blocking_actor, true> {
public:
  explicit blocking_actor(actor_config&) noexcept {}
  blocking_actor() noexcept = default;
  ~blocking_actor() override;

  // Waits for one message that matches (skipping others, which stay queued),
  // or for the after(...) timeout among the handlers.
  template <class... Cs>
  void receive(Cs&&... cases) {
    behavior bhvr{std::forward<Cs>(cases)...};
    receive_impl(bhvr);
  }

  // Like receive(), repeated while pred() holds.
  template <class Pred, class... Cs>
  void receive_while(Pred pred, Cs&&... cases) {
    behavior bhvr{std::forward<Cs>(cases)...};
    while (pred())
      receive_impl(bhvr);
  }

  // request() and sync_send() (detail::requester) both wait for their response.

  // Waits for the response to `id`; other messages stay queued.
  void receive_response(message_id id, behavior bhvr);

  // Run by a spawned blocking actor's thread.
  virtual void act() {}

  // Terminates now (blocking actors have no "after the current handler").
  void finish(error reason) { cleanup(std::move(reason)); }

protected:
  void wake_up(execution_unit* ctx) override;

private:
  using clock = std::chrono::steady_clock;
  void receive_impl(behavior& bhvr);
  // exit_reason::kill: quits and throws actor_exited (nothing can trap a kill).
  void throw_if_killed(mailbox_element_ptr& e);
  // The next message, or nullptr when `deadline` passed.
  mailbox_element_ptr dequeue(const clock::time_point* deadline);

  std::mutex mtx_;
  std::condition_variable cv_;
};

} // namespace troupe
