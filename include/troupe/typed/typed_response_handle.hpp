// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What a request to a typed actor returns: the same then()/await()/receive()
// as response_handle, but the compiler checks the handlers against the
// response type the interface declares for the request:
//   * one handler takes exactly the response types (by value or const&);
//   * other handlers may take `error` (`error&`, `const error&`) or be an
//     after(d) >> f timeout; anything else is rejected.
#include <type_traits>
#include <utility>

#include "troupe/error.hpp"
#include "troupe/response_handle.hpp"
#include "troupe/typed/replies_to.hpp"

namespace troupe {

namespace detail {

template <class Output, class C>
struct response_handler_kind {
  static_assert(has_call_signature<C>::value,
                "typed response handlers must be callables with one fixed signature (no generic lambdas)");
  using args = typename callable_t<C>::decayed_arg_types;
  static constexpr bool is_result = std::is_same_v<args, Output>;
  static constexpr bool is_error = std::is_same_v<args, type_list<error>>;
};

template <class Output, class C>
constexpr bool is_result_handler() {
  if constexpr (is_timeout_definition<C>::value)
    return false;
  else
    return response_handler_kind<Output, C>::is_result;
}

template <class Output, class C>
constexpr bool is_allowed_response_handler() {
  if constexpr (is_timeout_definition<C>::value)
    return true;
  else
    return response_handler_kind<Output, C>::is_result || response_handler_kind<Output, C>::is_error;
}

/// Named in the error output so the expected response type is visible.
template <class ExpectedResponse, class... Handlers>
struct check_typed_response_handlers {
  static constexpr bool all_allowed = (is_allowed_response_handler<ExpectedResponse, std::decay_t<Handlers>>() && ...);
  static_assert(all_allowed,
                "response handler does not match the typed actor's response type: a handler must take exactly "
                "the types of 'ExpectedResponse' (or error)");
  static constexpr bool has_result = (is_result_handler<ExpectedResponse, std::decay_t<Handlers>>() || ...);
  static_assert(!all_allowed || has_result,
                "missing response handler: no handler takes the typed actor's response type 'ExpectedResponse'");
  static constexpr bool value = all_allowed && has_result;
};

template <class... Handlers>
struct check_typed_response_handlers<invalid_typed_output, Handlers...> {
  static constexpr bool value = true; // the request itself was rejected already
};

} // namespace detail

/// What request() to a typed actor returns: response_handle's then(), await() and receive(), with the handlers
/// checked at compile time against the response type (Output) the interface declares for the request: a handler must
/// take exactly the response types, and the others may only take `error` or be an after(d) >> f timeout. Call one of
/// them, once.
template <class Self, class Output>
class typed_response_handle {
public:
  /// The response types, as a detail::type_list.
  using response_types = Output;

  /// Wraps the untyped handle of the request.
  explicit typed_response_handle(response_handle<Self> h) noexcept : h_(h) {}

  /// As response_handle::then: handles the response with these cases when it arrives.
  template <class... Cs>
  void then(Cs&&... cases) {
    static_assert(detail::check_typed_response_handlers<Output, Cs...>::value);
    h_.then(std::forward<Cs>(cases)...);
  }

  /// As response_handle::await: handles only the response until it arrives. Scheduled actors only.
  template <class... Cs>
  void await(Cs&&... cases) {
    static_assert(detail::check_typed_response_handlers<Output, Cs...>::value);
    h_.await(std::forward<Cs>(cases)...);
  }

  /// As response_handle::receive: waits on this thread for the response. Blocking actors (scoped_actor) only.
  template <class... Cs>
  void receive(Cs&&... cases) {
    static_assert(detail::check_typed_response_handlers<Output, Cs...>::value);
    h_.receive(std::forward<Cs>(cases)...);
  }

  /// The id of the request.
  message_id id() const noexcept { return h_.id(); }
  /// The actor that sent the request.
  Self* self() const noexcept { return h_.self(); }

private:
  response_handle<Self> h_;
};

} // namespace troupe
