// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Run-time identity of a C++ type without RTTI string comparison: every type has
// one constant `type_meta` object and its address is the type's id. Matching a
// message compares these addresses.
#include <string>
#include <string_view>
#include <type_traits>

#include "troupe/detail/export.hpp"
#include "troupe/detail/stringify.hpp"

namespace troupe {

/// What the runtime knows of a C++ type: one constant object per type, whose address is the type's type_id, so
/// that matching a message compares addresses.
struct type_meta {
  std::string_view name;                            ///< The C++ name, as the compiler spells it.
  void (*stringify)(std::string& out, const void*); ///< Appends a printable form of a value of the type to `out`.
};

/// The run-time id of a type: the address of its type_meta; two ids are equal exactly when the types are.
using type_id = const type_meta*;

namespace detail {

template <class T>
constexpr std::string_view pretty_type_name() {
  std::string_view fn = __PRETTY_FUNCTION__;
  constexpr std::string_view key = "T = ";
  auto first = fn.find(key) + key.size();
  auto last = fn.find_first_of(";]", first);
  return fn.substr(first, last - first);
}

template <class T>
void stringify_erased(std::string& out, const void* ptr) {
  stringify(out, *static_cast<const T*>(ptr));
}

/// Exported, so that the shared library and the program agree on every type's id.
template <class T>
TROUPE_CORE_API inline constexpr type_meta type_meta_v{pretty_type_name<T>(), &stringify_erased<T>};

} // namespace detail

/// The id of T, ignoring const, volatile and references (type_id_of<const int&>() == type_id_of<int>()).
template <class T>
constexpr type_id type_id_of() noexcept {
  return &detail::type_meta_v<std::remove_cvref_t<T>>;
}

} // namespace troupe
