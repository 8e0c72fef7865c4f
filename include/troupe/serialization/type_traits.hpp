// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Classification of the types the inspectors (serializers, printers, parsers)
// support natively, and the inspect(f, x) customization point.
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include "troupe/actor.hpp"
#include "troupe/actor_addr.hpp"
#include "troupe/atom.hpp"
#include "troupe/error.hpp"
#include "troupe/system_messages.hpp"
#include "troupe/typed/replies_to.hpp"

namespace troupe {

/// Built-in inspect overloads for the system messages (found by ADL).
/// @{
template <class Inspector>
bool inspect(Inspector& f, exit_msg& x) {
  return f(x.source, x.reason);
}
template <class Inspector>
bool inspect(Inspector& f, down_msg& x) {
  return f(x.source, x.reason);
}
template <class Inspector>
bool inspect(Inspector& f, timeout_msg& x) {
  return f(x.id);
}
/// @}

namespace detail {

template <class T, template <class...> class Tpl>
struct is_specialization : std::false_type {};
template <template <class...> class Tpl, class... Ts>
struct is_specialization<Tpl<Ts...>, Tpl> : std::true_type {};
template <class T, template <class...> class Tpl>
inline constexpr bool is_specialization_v = is_specialization<T, Tpl>::value;

template <class T>
struct is_std_array : std::false_type {};
template <class T, std::size_t N>
struct is_std_array<std::array<T, N>> : std::true_type {};

template <class T>
inline constexpr bool is_integer_v = std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char>;

template <class T>
inline constexpr bool is_vector_v = is_specialization_v<T, std::vector>;
template <class T>
inline constexpr bool is_map_v = is_specialization_v<T, std::map> || is_specialization_v<T, std::unordered_map>;
template <class T>
inline constexpr bool is_optional_v = is_specialization_v<T, std::optional>;
template <class T>
inline constexpr bool is_variant_v = is_specialization_v<T, std::variant>;
template <class T>
inline constexpr bool is_tuple_v = is_specialization_v<T, std::tuple> || is_specialization_v<T, std::pair>;
template <class T>
inline constexpr bool is_array_v = is_std_array<T>::value;

/// Whether operator== compiles for T all the way down: std::vector<T> declares it for every T, and only
/// instantiating it fails for a T without one.
template <class T>
constexpr bool deeply_equality_comparable() {
  if constexpr (is_vector_v<T> || is_array_v<T> || is_optional_v<T>)
    return deeply_equality_comparable<typename T::value_type>();
  else if constexpr (is_map_v<T>)
    return deeply_equality_comparable<typename T::key_type>() && deeply_equality_comparable<typename T::mapped_type>();
  else
    return std::equality_comparable<T>;
}

/// Actor handles (actor, actor_addr, typed_actor<...>): a fixed built-in encoding.
template <class T>
inline constexpr bool is_handle_v = std::is_same_v<T, actor> || std::is_same_v<T, actor_addr> || typed_handle<T>;

/// The control block a handle points to (null for an invalid handle).
template <class T>
actor_control_block* handle_ctrl(const T& x) noexcept {
  if constexpr (std::is_same_v<T, actor_addr>)
    return x.get();
  else
    return x.ctrl();
}

/// A user type with an inspect(f, x) overload found by ADL.
template <class Inspector, class T>
concept has_inspect = requires(Inspector& f, T& x) {
  { inspect(f, x) } -> std::convertible_to<bool>;
};

} // namespace detail

} // namespace troupe
