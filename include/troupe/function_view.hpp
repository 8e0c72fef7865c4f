// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// function_view: an actor called like a function from non-actor code.
//
//   auto calc = make_function_view(adder);          // or (adder, 1s): a timeout per call
//   expected<int> sum = calc(add_atom_v, 1, 2);      // blocks until the answer arrives
//   std::cout << calc(add_atom_v, 1, 2);             // 3, or the error (expected_ostream.hpp)
//
// For a typed handle the result type follows from the interface: one response
// value gives expected<T>, several expected<std::tuple<Ts...>>, none
// expected<void>. For `actor` it is expected<message>. An error answer, a dead
// receiver (sec::request_receiver_down), the timeout (sec::request_timeout) and
// a response of other types (sec::unexpected_response) come back as the error;
// an empty view answers sec::bad_function_call. Each view sends from its own
// scoped_actor; use one view from one thread at a time.
#include <chrono>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>

#include "troupe/actor.hpp"
#include "troupe/building_blocks/typed_protocol.hpp"
#include "troupe/expected.hpp"
#include "troupe/expected_ostream.hpp"
#include "troupe/infinite.hpp"
#include "troupe/scoped_actor.hpp"

namespace troupe {

namespace detail {

/// The call result for response types Outputs (a type_list), and the handler
/// that stores it.
template <class Outputs>
struct function_view_call {
  /// Not a type_list: the request was rejected at compile time already.
  using type = expected<message>;
  static auto handler(type&) {
    return [] {};
  }
};

template <>
struct function_view_call<type_list<>> {
  using type = expected<void>;
  static auto handler(type& r) {
    return [&r]() { r = type{}; };
  }
};

template <class T>
struct function_view_call<type_list<T>> {
  using type = expected<T>;
  static auto handler(type& r) {
    return [&r](T x) { r = type{std::move(x)}; };
  }
};

template <class T, class U, class... Ts>
struct function_view_call<type_list<T, U, Ts...>> {
  using type = expected<std::tuple<T, U, Ts...>>;
  static auto handler(type& r) {
    return [&r](T x, U y, Ts... zs) {
      r = type{std::tuple<T, U, Ts...>{std::move(x), std::move(y), std::move(zs)...}};
    };
  }
};

} // namespace detail

/// An actor called like a function from code that is no actor: each call sends a request and blocks until the
/// answer arrives. For a typed handle the result type follows from the interface (one response value gives
/// `expected<T>`, several `expected<std::tuple<Ts...>>`, none `expected<void>`); for `actor` it is
/// `expected<message>`. An error answer, a dead receiver (sec::request_receiver_down), the timeout
/// (sec::request_timeout) and a response of other types (sec::unexpected_response) come back as the error; an
/// empty view answers sec::bad_function_call. Each view sends from its own scoped_actor: use one view from one
/// thread at a time.
template <class Handle>
class function_view {
public:
  function_view() noexcept = default;

  /// A view on `dest` whose calls wait at most `timeout` (default: no limit); an empty `dest` gives an empty view.
  template <detail::timeout_value Timeout = infinite_t>
  explicit function_view(Handle dest, Timeout timeout = infinite)
    : dest_(std::move(dest)), timeout_(detail::to_timeout(timeout)) {
    if (dest_)
      self_ = std::make_unique<scoped_actor>(*dest_.ctrl()->home_system());
  }

  /// Sends (Ts...) as a request and waits for the answer.
  template <class... Ts>
  auto operator()(Ts&&... xs) {
    using call = detail::function_view_call<outputs<Ts...>>;
    using result_type = typename call::type;
    if (!self_)
      return result_type{error{sec::bad_function_call}};
    auto& self = *self_;
    result_type r{error{sec::unexpected_response}};
    auto on_error = [&r](const error& err) { r = result_type{err}; };
    auto on_other = others >> [&r, &self] {
      r = result_type{error{sec::unexpected_response, to_string(self->current_message())}};
    };
    if constexpr (std::is_same_v<result_type, expected<message>>)
      self->request(actor{dest_}, timeout_, std::forward<Ts>(xs)...)
        .receive(
          on_error, others >> [&r, &self] { r = result_type{self->current_message()}; });
    else
      self->request(actor{dest_}, timeout_, std::forward<Ts>(xs)...).receive(call::handler(r), on_error, on_other);
    return r;
  }

  /// The handle of the actor it calls.
  const Handle& handle() const noexcept { return dest_; }
  /// Whether the view has an actor to call.
  explicit operator bool() const noexcept { return static_cast<bool>(dest_); }

private:
  /// The response types a request (Ts...) gets: from the interface of a typed
  /// handle (checked against it), none for `actor`.
  template <class... Ts>
  static auto outputs_of() {
    if constexpr (detail::typed_handle<Handle>) {
      detail::check_typed_input<Handle, Ts...>();
      return std::type_identity<typename Handle::template response_handle_for<blocking_actor, Ts...>::response_types>{};
    } else {
      return std::type_identity<message>{};
    }
  }
  template <class... Ts>
  using outputs = typename decltype(outputs_of<Ts...>())::type;

  Handle dest_;
  std::chrono::nanoseconds timeout_ = detail::infinite_timeout;
  std::unique_ptr<scoped_actor> self_;
};

/// A function_view on dest; each call waits at most `timeout` (default: no limit).
template <class Handle, detail::timeout_value Timeout = infinite_t>
function_view<Handle> make_function_view(const Handle& dest, Timeout timeout = infinite) {
  return function_view<Handle>{dest, timeout};
}

} // namespace troupe
