// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The request API that scheduled and blocking actors share: request() and
// sync_send(), to dynamic and (checked) to typed actors. Self is the
// concrete actor class, whose response handles these return; RequestAwaits
// says whether request() waits for its response (blocking actors) or
// multiplexes it (scheduled actors). sync_send() always waits.
#include <chrono>
#include <utility>

#include "troupe/building_blocks/typed_protocol.hpp"
#include "troupe/detail/deprecated.hpp"
#include "troupe/local_actor.hpp"
#include "troupe/response_handle.hpp"

namespace troupe::detail {

template <class Self, bool RequestAwaits>
class requester : public local_actor {
public:
  /// Sends a request; the response (or an error: sec::request_timeout after
  /// `timeout`, sec::request_receiver_down) goes to the handlers given to
  /// then()/await()/receive() on the returned handle. `infinite` sets no timeout.
  template <timeout_value Timeout, class... Ts>
  response_handle<Self> request(const actor& dest, Timeout timeout, Ts&&... xs) {
    auto id = send_request(dest, to_timeout(timeout), make_message(std::forward<Ts>(xs)...));
    return {static_cast<Self*>(this), id, RequestAwaits};
  }

  /// A request to a typed actor: the message is checked against its interface
  /// and the handle checks the response handlers against the declared result.
  template <typed_handle Handle, timeout_value Timeout, class... Ts>
  auto request(const Handle& dest, Timeout timeout, Ts&&... xs) {
    check_typed_input<Handle, Ts...>();
    using handle = typename Handle::template response_handle_for<Self, Ts...>;
    return handle{request(actor{dest}, timeout, std::forward<Ts>(xs)...)};
  }

  /// Classic spelling of request(dest, infinite, xs...) with await(): then() awaits the response; an
  /// after(d) handler among the response handlers sets the timeout.
  template <class... Ts>
  TROUPE_DEPRECATED("use request(dest, timeout, xs...)")
  response_handle<Self> sync_send(const actor& dest, Ts&&... xs) {
    auto id = send_request(dest, infinite_timeout, make_message(std::forward<Ts>(xs)...));
    return {static_cast<Self*>(this), id, true};
  }

  template <typed_handle Handle, class... Ts>
  TROUPE_DEPRECATED("use request(dest, timeout, xs...)")
  auto sync_send(const Handle& dest, Ts&&... xs) {
    check_typed_input<Handle, Ts...>();
    using handle = typename Handle::template response_handle_for<Self, Ts...>;
    return handle{sync_send(actor{dest}, std::forward<Ts>(xs)...)};
  }

protected:
  requester() noexcept = default;
};

} // namespace troupe::detail
