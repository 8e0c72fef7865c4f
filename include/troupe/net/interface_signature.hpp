// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The messaging interface of a handle type as text, one line per signature:
// what a node publishes with an actor and what remote_actor<T> checks it
// against. A dynamically typed `actor` has no signatures (it accepts anything).
#include <algorithm>
#include <string>
#include <vector>

#include "troupe/actor.hpp"
#include "troupe/atom.hpp"
#include "troupe/detail/type_list.hpp"
#include "troupe/message.hpp"
#include "troupe/serialization/type_name.hpp"

namespace troupe::net {

namespace detail {

template <class T>
std::string signature_key_name() {
  if constexpr (troupe::detail::is_atom_constant<T>::value)
    return "'" + to_string(static_cast<atom_value>(T{})) + "'";
  else
    return type_name<T>();
}

template <class... Ts>
std::string signature_key_list(troupe::detail::type_list<Ts...>) {
  std::string out;
  ((out += (out.empty() ? "" : ","), out += signature_key_name<Ts>()), ...);
  return out;
}

template <class Sig>
std::string signature_text() {
  return "(" + signature_key_list(typename Sig::input_keys{}) + ") -> ("
         + signature_key_list(typename Sig::output_types{}) + ")";
}

template <class... Sigs>
std::vector<std::string> signature_texts(troupe::detail::type_list<Sigs...>) {
  std::vector<std::string> out{signature_text<Sigs>()...};
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

} // namespace detail

/// Sorted and without duplicates; empty for `actor`.
template <class Handle>
std::vector<std::string> interface_of() {
  if constexpr (std::is_same_v<Handle, actor>)
    return {};
  else
    return detail::signature_texts(typename Handle::signatures{});
}

/// Whether an actor publishing `published` can stand behind a handle expecting
/// `expected`: every expected signature is published (the published interface
/// may be larger). A dynamically typed actor (no signatures) fits only `actor`.
inline bool interface_fits(const std::vector<std::string>& published, const std::vector<std::string>& expected) {
  if (expected.empty())
    return true;
  return std::includes(published.begin(), published.end(), expected.begin(), expected.end());
}

} // namespace troupe::net
