// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What request(...) and sync_send(...) return: choose how the response is
// handled. then(): multiplexed, other messages keep flowing. await(): only the
// response is handled until it arrives (what sync_send(...).then does).
// receive(): blocking actors wait for it on their own thread.
#include <concepts>

#include "troupe/behavior.hpp"
#include "troupe/message_id.hpp"

namespace troupe {

/// What request() and sync_send() return: the choice of how the response (or the error that replaces it, such as
/// sec::request_timeout) is handled. Self is the requesting actor's class; call one of then(), await() or
/// receive().
template <class Self>
class response_handle {
public:
  /// A handle for the response to request `id` of `self`; `await_on_then` makes then() behave as await().
  response_handle(Self* self, message_id id, bool await_on_then) noexcept
    : self_(self), id_(id), await_on_then_(await_on_then) {}

  /// Handles the response with these cases when it arrives. A scheduled actor keeps handling other messages
  /// meanwhile (multiplexed), except for a sync_send() handle, where then() is await(); a blocking actor waits
  /// for the response here, as receive().
  template <class... Cs>
  void then(Cs&&... cases) {
    if constexpr (requires { self_->add_awaited_response(id_, behavior{}); }) {
      behavior bhvr{std::forward<Cs>(cases)...};
      if (await_on_then_)
        self_->add_awaited_response(id_, std::move(bhvr));
      else
        self_->add_multiplexed_response(id_, std::move(bhvr));
    } else {
      receive(std::forward<Cs>(cases)...);
    }
  }

  /// Handles only the response until it arrives; other messages stay in the mailbox. Scheduled actors only.
  template <class... Cs>
  void await(Cs&&... cases) {
    self_->add_awaited_response(id_, behavior{std::forward<Cs>(cases)...});
  }

  /// Waits on this thread for the response and handles it; other messages stay queued. Blocking actors
  /// (scoped_actor) only: with any other Self it does not compile.
  template <class... Cs>
  void receive(Cs&&... cases) {
    static_assert(
      requires { self_->receive_response(id_, behavior{}); },
      "receive() on a response handle needs a blocking actor (scoped_actor); use then() or await()");
    self_->receive_response(id_, behavior{std::forward<Cs>(cases)...});
  }

  /// The id of the request.
  message_id id() const noexcept { return id_; }
  /// The actor that sent the request (whose handler the response goes to).
  Self* self() const noexcept { return self_; }

private:
  Self* self_;
  message_id id_;
  bool await_on_then_;
};

} // namespace troupe
