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

template <class F>
struct timeout_definition {
  std::chrono::nanoseconds timeout;
  F handler;
};

struct timeout_builder {
  std::chrono::nanoseconds timeout;
  template <class F>
  timeout_definition<F> operator>>(F f) const {
    static_assert(detail::callable_t<F>::arity == 0, "a timeout handler takes no arguments");
    return {timeout, std::move(f)};
  }
};

template <class Rep, class Period>
constexpr timeout_builder after(std::chrono::duration<Rep, Period> d) {
  return {std::chrono::duration_cast<std::chrono::nanoseconds>(d)};
}

/// after(infinite) >> f: a handler that never runs (no timer is scheduled).
constexpr timeout_builder after(infinite_t) {
  return {detail::infinite_timeout};
}

template <class T>
struct is_timeout_definition : std::false_type {};
template <class F>
struct is_timeout_definition<timeout_definition<F>> : std::true_type {};

} // namespace troupe
