// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What a stage does to each item: map(f) replaces it with f(item), filter(p)
// keeps it when p(item) holds. An operator appends its outputs for one input
// to a vector, and names its output type for an input type.
#include <functional>
#include <type_traits>
#include <utility>
#include <vector>

namespace troupe::streams {

/// A stage that replaces each item x with f(x).
template <class F>
struct map_operator {
  /// The type of what the stage sends for items of type T.
  template <class T>
  using output = std::decay_t<std::invoke_result_t<F&, T&&>>;

  F f; ///< the function

  /// Appends f(x) to `out`.
  template <class T>
  void operator()(T&& x, std::vector<output<T>>& out) {
    out.push_back(std::invoke(f, std::forward<T>(x)));
  }
};

/// A stage that keeps the items x for which p(x) holds.
template <class P>
struct filter_operator {
  /// The stage sends items of the type it takes.
  template <class T>
  using output = std::decay_t<T>;

  P p; ///< the predicate

  /// Appends x to `out` if p(x).
  template <class T>
  void operator()(T&& x, std::vector<output<T>>& out) {
    if (std::invoke(p, std::as_const(x)))
      out.push_back(std::forward<T>(x));
  }
};

/// A stage that lets every item through; with its own credit it is a buffer between a producer and a consumer.
struct buffer_operator {
  /// The stage sends items of the type it takes.
  template <class T>
  using output = std::decay_t<T>;

  /// Appends x to `out`.
  template <class T>
  void operator()(T&& x, std::vector<output<T>>& out) {
    out.push_back(std::forward<T>(x));
  }
};

/// The operators, for spawn_stage(sys, in, map(f)) and so on.
/// @{
template <class F>
map_operator<std::decay_t<F>> map(F&& f) {
  return {std::forward<F>(f)};
}
template <class P>
filter_operator<std::decay_t<P>> filter(P&& p) {
  return {std::forward<P>(p)};
}
inline buffer_operator buffer() {
  return {};
}
/// @}

} // namespace troupe::streams
