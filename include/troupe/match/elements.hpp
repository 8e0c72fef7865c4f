// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The elements of a message pattern: what on(...) and on<Ts...>() are made of.
// anything, val<T> and arg_match are the user's words; the detail types are one
// element each, checked against one message element by type id and value.
#include <array>
#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

#include "troupe/atom.hpp"
#include "troupe/message.hpp" // detail::is_atom_constant

namespace troupe {

/// A type: on<int, anything>() matches an int followed by any elements; as a
/// value inside on(...) write anything{}.
struct anything {};
/// Classic spelling of anything.
using anything_t = anything;

/// Tag for "any value of type T": `val<T>` inside on(...) matches one element of type T without comparing its
/// value, so on(atom("get"), val<int>) matches `get` followed by any int.
template <class T>
struct val_t {
  /// Marks the type as a val_t, which is how on(...) recognises it.
  using val_tag = void;
  /// The element type matched.
  using type = T;
};
/// The val_t<T> value to write inside on(...).
template <class T>
inline constexpr val_t<T> val{};

/// Type of arg_match.
struct arg_match_t {};
/// As the last argument of on(...): the remaining elements' types are taken from the callback's parameters.
inline constexpr arg_match_t arg_match{};

namespace detail {

/// Matches any number of elements of any type.
struct wildcard_elem {
  using type = void;
};

/// Matches one element of type T.
template <class T>
struct type_elem {
  using type = T;
  constexpr bool check(const T&) const noexcept { return true; }
};

/// Matches one element of type T equal to a stored value.
template <class T, class V>
struct value_elem {
  using type = T;
  V value;
  bool check(const T& x) const { return x == value; }
};

/// Matches one atom equal to V (no storage: V is part of the type).
template <atom_value V>
struct atom_const_elem {
  using type = atom_value;
  using constant = atom_constant<V>;
  static constexpr bool check(const atom_value& x) noexcept { return x == V; }
};

/// Turns one argument of on(...) into a pattern element.
template <class A>
constexpr auto to_elem(A&& x) {
  using D = std::decay_t<A>;
  if constexpr (std::is_same_v<D, anything_t>)
    return wildcard_elem{};
  else if constexpr (is_atom_constant<D>::value)
    return atom_const_elem<static_cast<atom_value>(D{})>{};
  else if constexpr (std::is_same_v<D, const char*> || std::is_same_v<D, char*>)
    return value_elem<std::string, std::string>{std::string{x}};
  else if constexpr (requires { typename D::val_tag; })
    return type_elem<typename D::type>{};
  else
    return value_elem<D, D>{std::forward<A>(x)};
}

template <class T>
struct val_elem_of {
  using type = type_elem<T>;
};
template <>
struct val_elem_of<anything_t> {
  using type = wildcard_elem;
};

template <class T>
inline constexpr bool is_wildcard_v = std::is_same_v<T, wildcard_elem>;

template <class... Elems>
struct elem_info {
  static constexpr std::size_t count = sizeof...(Elems);
  static constexpr std::array<bool, count> wild = {is_wildcard_v<Elems>...};
  static constexpr std::size_t num_wild = (std::size_t{0} + ... + (is_wildcard_v<Elems> ? 1 : 0));
  static_assert(num_wild <= 1, "a pattern may contain at most one 'anything'");
  static constexpr std::size_t wild_pos = [] {
    for (std::size_t i = 0; i < count; ++i)
      if (wild[i])
        return i;
    return count;
  }();
  /// Pattern positions of the typed (non-wildcard) elements.
  static constexpr std::size_t num_typed = count - num_wild;
  static constexpr auto typed = [] {
    std::array<std::size_t, num_typed == 0 ? 1 : num_typed> r{};
    std::size_t j = 0;
    for (std::size_t i = 0; i < count; ++i)
      if (!wild[i])
        r[j++] = i;
    return r;
  }();
};

} // namespace detail

} // namespace troupe
