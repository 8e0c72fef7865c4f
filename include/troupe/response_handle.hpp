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

template <class Self>
class response_handle {
public:
  response_handle(Self* self, message_id id, bool await_on_then) noexcept
    : self_(self), id_(id), await_on_then_(await_on_then) {}

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

  template <class... Cs>
  void await(Cs&&... cases) {
    self_->add_awaited_response(id_, behavior{std::forward<Cs>(cases)...});
  }

  template <class... Cs>
  void receive(Cs&&... cases) {
    static_assert(
      requires { self_->receive_response(id_, behavior{}); },
      "receive() on a response handle needs a blocking actor (scoped_actor); use then() or await()");
    self_->receive_response(id_, behavior{std::forward<Cs>(cases)...});
  }

  message_id id() const noexcept { return id_; }

private:
  Self* self_;
  message_id id_;
  bool await_on_then_;
};

} // namespace troupe
