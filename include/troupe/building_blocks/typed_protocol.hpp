// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// How the typed layer plugs into actors. Core code names no typed class: it
// reaches typed handles, typed actor classes and typed behaviors only through
// the members these concepts require, which include/troupe/typed/ provides.
#include <concepts>

namespace troupe::detail {

/// A handle with a message interface (typed_actor<...>). It provides
///   H::signatures                                 its interface
///   H::template accepts<Ts...>                    whether a message (Ts...) fits it
///   H::template response_handle_for<Self, Ts...>  what a request (Ts...) returns
///                                                 (its response_types: the answer)
template <class H>
concept typed_handle = requires(const H& x) {
  typename H::signatures;
  { H::is_typed_handle } -> std::convertible_to<bool>;
  x.ctrl();
};

/// An actor class with a message interface (typed_actor<...>::base and classes
/// derived from it): spawning one returns its handle_type, and its
/// make_behavior() returns behavior_type.
template <class T>
concept typed_actor_class = requires {
  typename T::handle_type;
  typename T::behavior_type;
  typename T::signatures;
};

/// A behavior with a message interface; actor_type is the class that runs it.
template <class B>
concept typed_behavior_result = requires {
  typename B::signatures;
  typename B::actor_type;
};

/// A class that is no actor but a state some actor class runs (a composable
/// behavior): S::host_actor<S> is that class, spawn<S>(xs...) spawns it (it
/// builds the S from xs...) and returns its handle.
template <class S>
concept hosted_state = requires {
  typename S::template host_actor<S>;
};

/// The one place that rejects a message the receiver's interface does not declare.
template <typed_handle Handle, class... Ts>
constexpr void check_typed_input() noexcept {
  static_assert(Handle::template accepts<Ts...>, "typed actor does not support given input");
}

} // namespace troupe::detail
