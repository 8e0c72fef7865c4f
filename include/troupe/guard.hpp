// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Lazy guard expressions for pattern matching.
//
//   using namespace troupe;
//   auto g = _x1 % 2 == 0 && _x2 != "skip";
//   bool ok = g(4, std::string{"take"}); // true
//
// `_x1` ... `_x9` stand for the 1st ... 9th argument of the evaluation. Any
// expression built from at least one placeholder with the arithmetic
// (+ - * / % and unary -), comparison (== != < <= > >=) and logical
// (&& || !) operators is a guard expression; the other operand of a binary
// operator may be a plain value on either side. A guard expression is an
// expression template: a small trivially-composed object, no allocation, no
// type erasure. Plain values are stored by value (decayed: a string literal is
// kept as `const char*`); wrap a variable in std::ref/std::cref to refer to it
// instead of copying it.
//
// Evaluation: `g(xs...)` takes the matched elements as const references and
// substitutes xs[N-1] for `_xN`; a placeholder evaluates to a reference to its
// argument, an operator node evaluates its operands and applies the operator.
// `&&` and `||` short-circuit at evaluation time (the right operand is not
// evaluated when the left one decides) and return bool; `!` returns bool.
// Other operators return what the underlying operator returns. Calling a guard
// with fewer arguments than its highest placeholder needs does not compile
// (the call operator is constrained, so std::is_invocable reports false).
#include <cstddef>
#include <functional>
#include <tuple>
#include <type_traits>
#include <utility>

namespace troupe {

namespace detail::guards {

// --- nodes -----------------------------------------------------------------

/// The I-th argument (0-based) of the evaluation.
template <std::size_t I>
struct placeholder {
  static constexpr std::size_t arity = I + 1;

  template <class... Ts>
    requires(sizeof...(Ts) >= arity)
  constexpr const auto& operator()(const Ts&... xs) const noexcept { return std::get<I>(std::forward_as_tuple(xs...)); }
};

/// A plain operand, stored by value.
template <class T>
struct value {
  static constexpr std::size_t arity = 0;
  T val;

  template <class... Ts>
  constexpr const T& operator()(const Ts&...) const noexcept {
    return val;
  }
};

/// A plain operand captured by reference through std::ref / std::cref.
template <class T>
struct value<std::reference_wrapper<T>> {
  static constexpr std::size_t arity = 0;
  std::reference_wrapper<T> val;

  template <class... Ts>
  constexpr const T& operator()(const Ts&...) const noexcept {
    return val.get();
  }
};

template <class Op, class L, class R>
struct binary {
  static constexpr std::size_t arity = L::arity > R::arity ? L::arity : R::arity;
  [[no_unique_address]] L lhs;
  [[no_unique_address]] R rhs;

  template <class... Ts>
    requires(sizeof...(Ts) >= arity)
  &&requires(const L& l, const R& r, const Ts&... xs) { Op{}(l(xs...), r(xs...)); }
  constexpr auto operator()(const Ts&... xs) const { return Op{}(lhs(xs...), rhs(xs...)); }
};

template <class Op, class E>
struct unary {
  static constexpr std::size_t arity = E::arity;
  [[no_unique_address]] E operand;

  template <class... Ts>
    requires(sizeof...(Ts) >= arity)
  &&requires(const E& e, const Ts&... xs) { Op{}(e(xs...)); }
  constexpr auto operator()(const Ts&... xs) const { return Op{}(operand(xs...)); }
};

template <class L, class R>
struct logical_and {
  static constexpr std::size_t arity = L::arity > R::arity ? L::arity : R::arity;
  [[no_unique_address]] L lhs;
  [[no_unique_address]] R rhs;

  template <class... Ts>
    requires(sizeof...(Ts) >= arity)
  &&requires(const L& l, const R& r, const Ts&... xs) {
    static_cast<bool>(l(xs...));
    static_cast<bool>(r(xs...));
  }
  constexpr bool operator()(const Ts&... xs) const {
    return static_cast<bool>(lhs(xs...)) && static_cast<bool>(rhs(xs...));
  }
};

template <class L, class R>
struct logical_or {
  static constexpr std::size_t arity = L::arity > R::arity ? L::arity : R::arity;
  [[no_unique_address]] L lhs;
  [[no_unique_address]] R rhs;

  template <class... Ts>
    requires(sizeof...(Ts) >= arity)
  &&requires(const L& l, const R& r, const Ts&... xs) {
    static_cast<bool>(l(xs...));
    static_cast<bool>(r(xs...));
  }
  constexpr bool operator()(const Ts&... xs) const {
    return static_cast<bool>(lhs(xs...)) || static_cast<bool>(rhs(xs...));
  }
};

template <class E>
struct logical_not {
  static constexpr std::size_t arity = E::arity;
  [[no_unique_address]] E operand;

  template <class... Ts>
    requires(sizeof...(Ts) >= arity)
  &&requires(const E& e, const Ts&... xs) { static_cast<bool>(e(xs...)); }
  constexpr bool operator()(const Ts&... xs) const { return !static_cast<bool>(operand(xs...)); }
};

// --- classification -------------------------------------------------------

template <class T>
struct is_expr : std::false_type {};
template <std::size_t I>
struct is_expr<placeholder<I>> : std::true_type {};
template <class Op, class L, class R>
struct is_expr<binary<Op, L, R>> : std::true_type {};
template <class Op, class E>
struct is_expr<unary<Op, E>> : std::true_type {};
template <class L, class R>
struct is_expr<logical_and<L, R>> : std::true_type {};
template <class L, class R>
struct is_expr<logical_or<L, R>> : std::true_type {};
template <class E>
struct is_expr<logical_not<E>> : std::true_type {};

template <class T>
concept expr = is_expr<std::remove_cvref_t<T>>::value;

/// Either operand is a guard expression.
template <class L, class R>
concept any_expr = expr<L> || expr<R>;

/// The node type for an operand: guard expressions as they are, everything
/// else as a stored value.
template <class T>
using operand_t = std::conditional_t<expr<T>, std::remove_cvref_t<T>, value<std::decay_t<T>>>;

template <class T>
constexpr operand_t<T> lift(T&& x) {
  if constexpr (expr<T>)
    return std::forward<T>(x);
  else
    return operand_t<T>{std::forward<T>(x)};
}

template <class Op, class L, class R>
constexpr binary<Op, operand_t<L>, operand_t<R>> make_binary(L&& l, R&& r) {
  return {lift(std::forward<L>(l)), lift(std::forward<R>(r))};
}

// --- operators (found by argument-dependent lookup on the node types) ----

#define TROUPE_GUARD_BINARY_OP(op, fn)                                                                                 \
  template <class L, class R>                                                                                          \
    requires any_expr<L, R>                                                                                            \
  constexpr auto operator op(L&& l, R&& r) {                                                                           \
    return make_binary<fn>(std::forward<L>(l), std::forward<R>(r));                                                    \
  }

TROUPE_GUARD_BINARY_OP(+, std::plus<>)
TROUPE_GUARD_BINARY_OP(-, std::minus<>)
TROUPE_GUARD_BINARY_OP(*, std::multiplies<>)
TROUPE_GUARD_BINARY_OP(/, std::divides<>)
TROUPE_GUARD_BINARY_OP(%, std::modulus<>)
TROUPE_GUARD_BINARY_OP(==, std::equal_to<>)
TROUPE_GUARD_BINARY_OP(!=, std::not_equal_to<>)
TROUPE_GUARD_BINARY_OP(<, std::less<>)
TROUPE_GUARD_BINARY_OP(<=, std::less_equal<>)
TROUPE_GUARD_BINARY_OP(>, std::greater<>)
TROUPE_GUARD_BINARY_OP(>=, std::greater_equal<>)

#undef TROUPE_GUARD_BINARY_OP

template <class L, class R>
  requires any_expr<L, R>
constexpr auto operator&&(L&& l, R&& r) {
  return logical_and<operand_t<L>, operand_t<R>>{lift(std::forward<L>(l)), lift(std::forward<R>(r))};
}

template <class L, class R>
  requires any_expr<L, R>
constexpr auto operator||(L&& l, R&& r) {
  return logical_or<operand_t<L>, operand_t<R>>{lift(std::forward<L>(l)), lift(std::forward<R>(r))};
}

template <expr E>
constexpr auto operator!(E&& e) {
  return logical_not<std::remove_cvref_t<E>>{std::forward<E>(e)};
}

template <expr E>
constexpr auto operator-(E&& e) {
  return unary<std::negate<>, std::remove_cvref_t<E>>{std::forward<E>(e)};
}

} // namespace detail::guards

namespace detail {

/// The number of arguments a guard needs (its highest placeholder index).
template <class G>
inline constexpr std::size_t guard_arity_v = std::remove_cvref_t<G>::arity;

} // namespace detail

/// True for placeholders and expressions built from them (cv/ref ignored).
template <class T>
inline constexpr bool is_guard_expr_v = detail::guards::expr<T>;

/// Satisfied by placeholders and guard expressions (is_guard_expr_v).
template <class T>
concept guard_expr = is_guard_expr_v<T>;

/// Guard placeholders: `_xN` stands for the N-th argument of the guard. In a pattern's when(...) that is the N-th
/// typed (non-wildcard) element; `_x1 % 2 == 0 && _x2 != "skip"` tests the first two.
/// @{
inline constexpr detail::guards::placeholder<0> _x1{};
inline constexpr detail::guards::placeholder<1> _x2{};
inline constexpr detail::guards::placeholder<2> _x3{};
inline constexpr detail::guards::placeholder<3> _x4{};
inline constexpr detail::guards::placeholder<4> _x5{};
inline constexpr detail::guards::placeholder<5> _x6{};
inline constexpr detail::guards::placeholder<6> _x7{};
inline constexpr detail::guards::placeholder<7> _x8{};
inline constexpr detail::guards::placeholder<8> _x9{};
/// @}

} // namespace troupe
