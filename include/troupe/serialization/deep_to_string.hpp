// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Text forms of values, in the format of to_string(message) (text_printer.hpp):
//
//   deep_to_string(x)  any value: records with inspect(f, x) or announced with
//                      fields print as name{a = 1, b = 2}; std containers,
//                      maps, tuples, optionals and variants of them recurse.
//   to_string(x)       the same for a type with an inspect(f, x) overload and
//                      for std containers, maps, tuples, optionals and
//                      variants that hold one (found with `using namespace
//                      troupe;`). A type's own to_string always wins.
//
// A type that is announced with fields but has no inspect overload is known
// only at run time, so it prints through deep_to_string (to_string cannot
// select it).
#include <array>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include "troupe/serialization/text_printer.hpp"
#include "troupe/serialization/type_traits.hpp"

namespace troupe {

/// The text form of any value, in the format of to_string(message): records (an inspect overload, or announced with
/// fields) print as name{a = 1, b = 2}; containers, maps, tuples, optionals and variants recurse.
template <class T>
std::string deep_to_string(const T& x) {
  std::string out;
  text_printer printer{out};
  printer.apply(x);
  return out;
}

namespace detail {

/// Whether T is, or holds, a type whose text form comes from its inspect
/// overload.
template <class T>
struct holds_inspected : std::bool_constant<std::is_class_v<T> && has_inspect<text_printer, T>> {};

template <class T>
inline constexpr bool holds_inspected_v = holds_inspected<std::remove_cv_t<T>>::value;

template <class T, class A>
struct holds_inspected<std::vector<T, A>> : std::bool_constant<holds_inspected_v<T>> {};
template <class T, std::size_t N>
struct holds_inspected<std::array<T, N>> : std::bool_constant<holds_inspected_v<T>> {};
template <class T>
struct holds_inspected<std::optional<T>> : std::bool_constant<holds_inspected_v<T>> {};
template <class K, class V, class... Rest>
struct holds_inspected<std::map<K, V, Rest...>> : std::bool_constant<holds_inspected_v<K> || holds_inspected_v<V>> {};
template <class K, class V, class... Rest>
struct holds_inspected<std::unordered_map<K, V, Rest...>>
  : std::bool_constant<holds_inspected_v<K> || holds_inspected_v<V>> {};
template <class... Ts>
struct holds_inspected<std::tuple<Ts...>> : std::bool_constant<(holds_inspected_v<Ts> || ...)> {};
template <class A, class B>
struct holds_inspected<std::pair<A, B>> : std::bool_constant<holds_inspected_v<A> || holds_inspected_v<B>> {};
template <class... Ts>
struct holds_inspected<std::variant<Ts...>> : std::bool_constant<(holds_inspected_v<Ts> || ...)> {};

} // namespace detail

/// deep_to_string(x) for a type with an inspect overload, and for a std container, map, tuple, optional or variant
/// that holds one. A type's own to_string always wins.
template <class T>
  requires detail::holds_inspected_v<T> std::string to_string(const T& x) {
    return deep_to_string(x);
  }

} // namespace troupe
