// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Annotations: arguments of an inspect overload's call that describe the
// record instead of being one of its fields, as CAF programs write them:
//
//   template <class Inspector>
//   typename Inspector::result_type inspect(Inspector& f, foo& x) {
//     return f(meta::type_name("foo"), x.a, x.b);
//   }
//
// Every inspector skips them when it counts and encodes fields, so the binary
// format is the same with or without them. meta::type_name names the record
// in the text format (foo{a0 = 1, a1 = 2}) when the type is not announced;
// an announced type keeps the name it was announced with, which is the one
// that other processes and the text parser look up. Only the core defines
// them, so that an inspect overload compiles without the serialization headers.
#include <string_view>
#include <type_traits>

namespace troupe::meta {

/// The base of every annotation: what inspectors test for.
struct annotation {};

/// The annotation meta::type_name() makes: the record's name in the text format.
struct type_name_t : annotation {
  /// The name; it must outlive the inspect call.
  std::string_view value;
};

/// The record's name in the text format; `name` must outlive the call (a
/// string literal does).
constexpr type_name_t type_name(std::string_view name) noexcept {
  return type_name_t{{}, name};
}

} // namespace troupe::meta

namespace troupe::detail {

template <class T>
inline constexpr bool is_annotation_v = std::is_base_of_v<meta::annotation, std::remove_cvref_t<T>>;

} // namespace troupe::detail
