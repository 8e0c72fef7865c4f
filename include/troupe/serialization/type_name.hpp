// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Portable type names (uniform across compilers and platforms):
//   bool char int8 int16 int32 int64 uint8 uint16 uint32 uint64 float double
//   string atom error actor actor_addr exit_msg down_msg timeout_msg
//   std::vector<T> std::array<T,N> std::map<K,V> std::unordered_map<K,V>
//   std::optional<T> std::variant<A,B,...> std::tuple<A,B,...> std::pair<A,B>
//   typed_actor<replies_to<In,...>::with<Out,...>,...>
// with the element names substituted recursively (no spaces except none:
// "std::map<string,std::vector<int32>>"). Integer names go by size and
// signedness, so `long` and `long long` both map to int64 (only one of them can
// be announced as a top-level message element). Any other type uses the name
// it was announced with; an unannounced user type uses its compiler-specific
// C++ name (not portable).
#include <cstdint>
#include <string>
#include <type_traits>

#include "troupe/serialization/type_registry.hpp"
#include "troupe/serialization/type_traits.hpp"

namespace troupe {

template <class T>
std::string type_name();

namespace detail {

template <class... Ts>
std::string type_name_list() {
  std::string out;
  ((out += (out.empty() ? "" : ","), out += type_name<Ts>()), ...);
  return out;
}

template <class T>
struct template_type_name;
template <class T, class A>
struct template_type_name<std::vector<T, A>> {
  static std::string get() { return "std::vector<" + type_name<T>() + ">"; }
};
template <class T, std::size_t N>
struct template_type_name<std::array<T, N>> {
  static std::string get() { return "std::array<" + type_name<T>() + "," + std::to_string(N) + ">"; }
};
template <class K, class V, class C, class A>
struct template_type_name<std::map<K, V, C, A>> {
  static std::string get() { return "std::map<" + type_name_list<K, V>() + ">"; }
};
template <class K, class V, class H, class E, class A>
struct template_type_name<std::unordered_map<K, V, H, E, A>> {
  static std::string get() { return "std::unordered_map<" + type_name_list<K, V>() + ">"; }
};
template <class T>
struct template_type_name<std::optional<T>> {
  static std::string get() { return "std::optional<" + type_name<T>() + ">"; }
};
template <class... Ts>
struct template_type_name<std::variant<Ts...>> {
  static std::string get() { return "std::variant<" + type_name_list<Ts...>() + ">"; }
};
template <class... Ts>
struct template_type_name<std::tuple<Ts...>> {
  static std::string get() { return "std::tuple<" + type_name_list<Ts...>() + ">"; }
};
template <class A, class B>
struct template_type_name<std::pair<A, B>> {
  static std::string get() { return "std::pair<" + type_name_list<A, B>() + ">"; }
};

template <class Sig>
std::string signature_name() {
  return [&]<class... In, class... Out>(type_list<In...>, type_list<Out...>) {
    return "replies_to<" + type_name_list<In...>() + ">::with<" + type_name_list<Out...>() + ">";
  }(typename Sig::input_types{}, typename Sig::output_types{});
}

template <class... Sigs>
std::string typed_handle_name(type_list<Sigs...>) {
  std::string out = "typed_actor<";
  ((out += (out.size() == 12 ? "" : ","), out += signature_name<Sigs>()), ...);
  return out + ">";
}

} // namespace detail

/// The portable name of T (see above).
template <class T>
std::string type_name() {
  using U = std::remove_cvref_t<T>;
  if constexpr (std::is_same_v<U, bool>)
    return "bool";
  else if constexpr (std::is_same_v<U, char>)
    return "char";
  else if constexpr (detail::is_integer_v<U>)
    return (std::is_signed_v<U> ? "int" : "uint") + std::to_string(sizeof(U) * 8);
  else if constexpr (std::is_same_v<U, float>)
    return "float";
  else if constexpr (std::is_same_v<U, double>)
    return "double";
  else if constexpr (std::is_same_v<U, std::string>)
    return "string";
  else if constexpr (std::is_same_v<U, atom_value>)
    return "atom";
  else if constexpr (std::is_same_v<U, error>)
    return "error";
  else if constexpr (std::is_same_v<U, actor>)
    return "actor";
  else if constexpr (std::is_same_v<U, actor_addr>)
    return "actor_addr";
  else if constexpr (std::is_same_v<U, exit_msg>)
    return "exit_msg";
  else if constexpr (std::is_same_v<U, down_msg>)
    return "down_msg";
  else if constexpr (std::is_same_v<U, timeout_msg>)
    return "timeout_msg";
  else if constexpr (detail::typed_handle<U>)
    return detail::typed_handle_name(typename U::signatures{});
  else if constexpr (requires { detail::template_type_name<U>::get(); })
    return detail::template_type_name<U>::get();
  else {
    if (auto* e = type_registry::global().find(type_id_of<U>()))
      return e->name();
    return std::string{detail::pretty_type_name<U>()};
  }
}

} // namespace troupe
