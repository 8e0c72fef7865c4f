// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The actor's side of coroutine handlers (troupe/coroutines.hpp): the few
// steps where a suspending or resuming handler reaches into its actor's
// message handling. The coroutine types themselves live above the typed layer;
// this is all they need from the core.
#include <chrono>

#include "troupe/detail/export.hpp"
#include "troupe/detail/suspended_coroutines.hpp"
#include "troupe/mailbox_element.hpp"
#include "troupe/message_id.hpp"

namespace troupe {
class scheduled_actor;
} // namespace troupe

namespace troupe::detail {

struct TROUPE_CORE_API coroutine_access {
  /// A copy of the message `self` is handling, whose answer a suspending handler now owes: the original is
  /// marked answered, so that the runtime does not answer it when the handler returns. Null outside a handler.
  static mailbox_element_ptr take_over_current(scheduled_actor* self);
  /// The message `self` is handling (what current_sender() and make_response_promise() read).
  static mailbox_element* current(scheduled_actor* self) noexcept;
  static void set_current(scheduled_actor* self, mailbox_element* e) noexcept;
  /// Answers `origin` (taken over by take_over_current; may be null) with `msg`, as a handler's result would.
  static void answer(scheduled_actor* self, mailbox_element* origin, message msg);
  /// Lists a handler that suspends for the first time, and holds ordinary messages back unless the actor is
  /// reentrant. Returns whether it holds.
  static bool suspend(scheduled_actor* self, suspended_coroutine* c);
  /// Takes a finished handler off the list, and releases its hold: held messages get their turn again.
  static void finish(scheduled_actor* self, suspended_coroutine* c, bool holds);
  /// Drops the handler of the response to request `id` (the response, if it still comes, is discarded).
  static void forget_response(scheduled_actor* self, message_id id);
  /// A request id whose only response is a sec::request_timeout error after `d`, on the system's clock.
  static message_id start_timer(scheduled_actor* self, std::chrono::nanoseconds d);
};

} // namespace troupe::detail
