// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/response_promise.hpp"

#include "troupe/abstract_actor.hpp"
#include "troupe/scheduler/current_worker.hpp"

namespace troupe {

response_promise::response_promise(strong_actor_ptr self, strong_actor_ptr requester, message_id mid)
  : state_(std::make_shared<state>(std::move(self), std::move(requester), mid)) {}

void response_promise::deliver_msg(message msg) {
  // The requester is released on the first delivery: later ones are ignored.
  if (!state_ || !state_->requester)
    return;
  // Like a handler's result: a request gets its response, a plain message's
  // sender gets an ordinary message (unless there is nothing to say).
  const bool request = state_->mid.is_request();
  if (!request && msg.empty()) {
    state_->requester = nullptr;
    return;
  }
  auto id = request ? state_->mid.response_id() : message_id{};
  state_->mid = message_id{};
  auto requester = std::move(state_->requester);
  // Delivered: the promise no longer keeps either actor alive.
  requester->get()->enqueue(make_mailbox_element(std::move(state_->self), id, std::move(msg)),
                            scheduler::current_worker());
}

response_promise::state::~state() {
  if (mid.is_request() && requester)
    requester->get()->enqueue(make_mailbox_element(self, mid.response_id(), error{sec::broken_promise}),
                              scheduler::current_worker());
}

} // namespace troupe
