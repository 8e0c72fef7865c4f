// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A late answer: make_response_promise() in a handler, deliver() later (from
// the same actor or anywhere). It answers exactly as the handler's result
// would have: a request gets its response, the sender of a plain message an
// ordinary message. Only the first deliver() counts. Dropping every copy of a
// request's promise without delivering answers sec::broken_promise.
#include <memory>

#include "troupe/actor_control_block.hpp"
#include "troupe/detail/export.hpp"
#include "troupe/error.hpp"
#include "troupe/message.hpp"
#include "troupe/message_id.hpp"

namespace troupe {

/// A late answer: make_response_promise() in a handler, deliver() later, from the same actor or any other
/// thread. It answers as the handler's result would have: a request gets its response, the sender of a plain
/// message an ordinary message. Copies share one state and only the first deliver() counts; dropping every copy of
/// a request's promise without delivering answers sec::broken_promise. Deliver from one thread at a time.
class TROUPE_CORE_API response_promise {
public:
  response_promise() = default;
  /// A promise of `self` to answer message `mid` of `requester` (what make_response_promise() makes).
  response_promise(strong_actor_ptr self, strong_actor_ptr requester, message_id mid);

  /// Answers with make_message(xs...), or with the error given; nothing after the first delivery, and nothing for
  /// an empty answer to a plain message.
  template <class... Ts>
  void deliver(Ts&&... xs) {
    deliver_msg(make_message(std::forward<Ts>(xs)...));
  }

  /// Whether the promise still owes the response to a request.
  bool pending() const noexcept { return state_ && state_->mid.is_request() && state_->requester; }

private:
  void deliver_msg(message msg);

  struct state {
    state(strong_actor_ptr s, strong_actor_ptr r, message_id m) noexcept
      : self(std::move(s)), requester(std::move(r)), mid(m) {}
    state(const state&) = delete;
    state& operator=(const state&) = delete;
    ~state();
    strong_actor_ptr self;
    strong_actor_ptr requester;
    message_id mid;
  };
  std::shared_ptr<state> state_;
};

} // namespace troupe
