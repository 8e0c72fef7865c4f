// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/building_blocks/coroutine_access.hpp"

#include "troupe/scheduled_actor.hpp"

namespace troupe::detail {

mailbox_element_ptr coroutine_access::take_over_current(scheduled_actor* self) {
  auto* cur = self->current_;
  if (cur == nullptr)
    return {};
  auto copy = mailbox_element_ptr{new mailbox_element(cur->sender, cur->mid, cur->content)};
  if (cur->mid.is_request())
    cur->mid = cur->mid.answered();
  return copy;
}

mailbox_element* coroutine_access::current(scheduled_actor* self) noexcept {
  return self->current_;
}

void coroutine_access::set_current(scheduled_actor* self, mailbox_element* e) noexcept {
  self->current_ = e;
}

void coroutine_access::answer(scheduled_actor* self, mailbox_element* origin, message msg) {
  if (origin != nullptr)
    self->respond_to(origin, std::move(msg));
}

bool coroutine_access::suspend(scheduled_actor* self, suspended_coroutine* c) {
  auto& x = self->ext();
  x.coroutines.add(c);
  if (x.reentrant_coroutines)
    return false;
  ++x.coroutine_holds;
  return true;
}

void coroutine_access::finish(scheduled_actor* self, suspended_coroutine* c, bool holds) {
  auto& x = self->ext();
  x.coroutines.remove(c);
  if (holds && --x.coroutine_holds == 0)
    self->behavior_changed_ = true; // the messages held back in the stash get their turn
}

void coroutine_access::forget_response(scheduled_actor* self, message_id id) {
  if (self->extras_)
    self->extras_->responses.multiplexed.erase(id.value());
}

message_id coroutine_access::start_timer(scheduled_actor* self, std::chrono::nanoseconds d) {
  auto id = self->new_request_id();
  self->schedule_timeout_response(id.response_id(), d);
  return id;
}

} // namespace troupe::detail
