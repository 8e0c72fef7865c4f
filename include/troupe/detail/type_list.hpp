// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Compile-time lists of types and the signature of a callable.
#include <cstddef>
#include <functional>
#include <tuple>
#include <type_traits>

namespace troupe::detail {

template <class... Ts>
struct type_list {
  static constexpr std::size_t size = sizeof...(Ts);
};

template <class List, class T>
struct tl_push_back;
template <class... Ts, class T>
struct tl_push_back<type_list<Ts...>, T> {
  using type = type_list<Ts..., T>;
};

template <class A, class B>
struct tl_concat;
template <class... As, class... Bs>
struct tl_concat<type_list<As...>, type_list<Bs...>> {
  using type = type_list<As..., Bs...>;
};

template <std::size_t I, class List>
struct tl_at;
template <std::size_t I, class... Ts>
struct tl_at<I, type_list<Ts...>> {
  using type = std::tuple_element_t<I, std::tuple<Ts...>>;
};

// Signature of a function, function pointer, member function or functor with a
// non-overloaded, non-template call operator.
// SFINAE-friendly: has no members for types that are not callables.
template <class F, class = void>
struct callable_traits {};

template <class F>
struct callable_traits<F, std::void_t<decltype(&F::operator())>> : callable_traits<decltype(&F::operator())> {};

template <class R, class... Ts>
struct callable_traits<R(Ts...), void> {
  using result_type = R;
  using arg_types = type_list<Ts...>;
  using decayed_arg_types = type_list<std::decay_t<Ts>...>;
  static constexpr std::size_t arity = sizeof...(Ts);
};
template <class R, class... Ts>
struct callable_traits<R (*)(Ts...), void> : callable_traits<R(Ts...)> {};
template <class R, class... Ts>
struct callable_traits<R (&)(Ts...), void> : callable_traits<R(Ts...)> {};
template <class C, class R, class... Ts>
struct callable_traits<R (C::*)(Ts...), void> : callable_traits<R(Ts...)> {};
template <class C, class R, class... Ts>
struct callable_traits<R (C::*)(Ts...) const, void> : callable_traits<R(Ts...)> {};
template <class C, class R, class... Ts>
struct callable_traits<R (C::*)(Ts...) noexcept, void> : callable_traits<R(Ts...)> {};
template <class C, class R, class... Ts>
struct callable_traits<R (C::*)(Ts...) const noexcept, void> : callable_traits<R(Ts...)> {};
template <class R, class... Ts>
struct callable_traits<R (*)(Ts...) noexcept, void> : callable_traits<R(Ts...)> {};

template <class F>
using callable_t = callable_traits<std::remove_cvref_t<F>>;

template <class F, class = void>
struct has_call_signature : std::false_type {};
template <class F>
struct has_call_signature<F, std::void_t<typename callable_t<F>::arg_types>> : std::true_type {};

// A parameter taken as non-const lvalue reference asks for write access to the
// message element (copy-on-write detaches a shared message).
template <class T>
inline constexpr bool is_mutable_ref_v = std::is_lvalue_reference_v<T> && !std::is_const_v<std::remove_reference_t<T>>;

template <class T>
struct is_tuple : std::false_type {};
template <class... Ts>
struct is_tuple<std::tuple<Ts...>> : std::true_type {};

} // namespace troupe::detail
