// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What a stage does to each item: map(f) replaces it with f(item), filter(p)
// keeps it when p(item) holds, buffer() lets it through. An operator appends
// its outputs for one input to anything with push_back (a stage's vector of
// held items), and names its output type for an input type. `a | b` fuses two
// operators: b takes a's outputs as a makes them, in the same actor and
// without a vector between them.
#include <functional>
#include <type_traits>
#include <utility>

namespace troupe::streams {

/// A stage that replaces each item x with f(x).
template <class F>
struct map_operator {
  /// The type of what the stage sends for items of type T.
  template <class T>
  using output = std::decay_t<std::invoke_result_t<F&, T&&>>;

  F f; ///< the function

  /// Appends f(x) to `out`.
  template <class T, class Out>
  void operator()(T&& x, Out& out) {
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
  template <class T, class Out>
  void operator()(T&& x, Out& out) {
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
  template <class T, class Out>
  void operator()(T&& x, Out& out) {
    out.push_back(std::forward<T>(x));
  }
};

/// Two operators in one: `second` takes each output of `first` as `first` makes it.
template <class First, class Second>
struct fused_operator {
  /// What `second` makes of what `first` makes of a T.
  template <class T>
  using output = typename Second::template output<typename First::template output<T>>;

  First first;   ///< applied to each item
  Second second; ///< applied to each of first's outputs

  /// Appends second's outputs for each of first's outputs for x to `out`.
  template <class T, class Out>
  void operator()(T&& x, Out& out) {
    into<Out> link{second, out};
    first(std::forward<T>(x), link);
  }

private:
  // Passes first's outputs straight to second.
  template <class Out>
  struct into {
    Second& next;
    Out& out;
    template <class M>
    void push_back(M&& m) {
      next(std::forward<M>(m), out);
    }
  };
};

namespace detail {

template <class T>
struct is_stream_operator : std::false_type {};
template <class F>
struct is_stream_operator<map_operator<F>> : std::true_type {};
template <class P>
struct is_stream_operator<filter_operator<P>> : std::true_type {};
template <>
struct is_stream_operator<buffer_operator> : std::true_type {};
template <class A, class B>
struct is_stream_operator<fused_operator<A, B>> : std::true_type {};

} // namespace detail

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

/// Fuses two operators into one, applied in one actor: `map(parse) | filter(is_error)`.
template <class A, class B>
  requires(detail::is_stream_operator<std::decay_t<A>>::value&& detail::is_stream_operator<std::decay_t<B>>::value)
fused_operator<std::decay_t<A>, std::decay_t<B>>
operator|(A&& a, B&& b) {
  return {std::forward<A>(a), std::forward<B>(b)};
}

} // namespace troupe::streams
