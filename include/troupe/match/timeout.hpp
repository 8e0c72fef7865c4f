// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A behavior's timeout: after(d) >> f runs f when no message arrived for d;
// after(infinite) >> f never runs.
#include <chrono>
#include <type_traits>
#include <utility>

#include "troupe/detail/type_list.hpp"
#include "troupe/infinite.hpp"

namespace troupe {

/// A behavior's timeout: run `handler` when no message arrived for `timeout`. Made by `after(d) >> f`.
template <class F>
struct timeout_definition {
  /// How long to wait for a message; infinite (after(infinite)) means the handler never runs.
  std::chrono::nanoseconds timeout;
  /// The callable run on timeout; it takes no arguments.
  F handler;
};

/// What after() returns: the duration, waiting for `>> handler`.
struct timeout_builder {
  /// The duration given to after().
  std::chrono::nanoseconds timeout;
  /// Pairs the duration with a handler that takes no arguments (anything else fails to compile).
  template <class F>
  timeout_definition<F> operator>>(F f) const {
    static_assert(detail::callable_t<F>::arity == 0, "a timeout handler takes no arguments");
    return {timeout, std::move(f)};
  }
};

/// after(d) >> f: f runs when no message arrived for d.
template <class Rep, class Period>
constexpr timeout_builder after(std::chrono::duration<Rep, Period> d) {
  return {std::chrono::duration_cast<std::chrono::nanoseconds>(d)};
}

/// after(infinite) >> f: a handler that never runs (no timer is scheduled).
constexpr timeout_builder after(infinite_t) {
  return {detail::infinite_timeout};
}

/// Whether T is a timeout_definition (after(d) >> f), which a behavior takes as its timeout, not as a case.
template <class T>
struct is_timeout_definition : std::false_type {};
/// A timeout_definition is one.
template <class F>
struct is_timeout_definition<timeout_definition<F>> : std::true_type {};

} // namespace troupe
