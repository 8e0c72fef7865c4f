// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// TROUPE_ERROR_CODE_ENUM declares an error-code enum as an error category in
// one line, at namespace scope (any namespace):
//
//   TROUPE_ERROR_CODE_ENUM(parse_errc, "parse", none, bad_input, timeout)
//
// declares `enum class parse_errc : std::uint8_t { none, bad_input, timeout }`
// (codes 0, 1, 2: enumerators take no initializers), makes it convert to
// `error` with category atom("parse"), gives it a to_string found by ADL
// ("bad_input") and registers the names so that to_string(error) prints
// error(parse, bad_input). Code 0 is a real error, as for every user category.
//
// The names are registered during static initialisation, in a table keyed by
// the category atom that readers search without a lock. A category can be
// registered once; "system" and "exit" belong to troupe.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "troupe/atom.hpp"
#include "troupe/detail/export.hpp"
#include "troupe/error.hpp"

namespace troupe {

// Records `names` (the enumerators separated by commas, as the macro writes
// them) for `category`. Returns false when the category is taken (by other
// names), reserved or the table is full. `names` must outlive the program
// (a string literal).
TROUPE_CORE_API bool register_error_code_names(atom_value category, const char* names) noexcept;

// The names registered for `category`, or nullptr.
TROUPE_CORE_API const char* registered_error_code_names(atom_value category) noexcept;

namespace detail {

// The `n`th name of a comma-separated list, blanks trimmed; empty if the list
// is shorter.
constexpr std::string_view nth_error_code_name(std::string_view list, std::size_t n) noexcept {
  for (;;) {
    auto comma = list.find(',');
    if (n == 0) {
      auto item = list.substr(0, comma);
      auto first = item.find_first_not_of(" \t\n");
      if (first == std::string_view::npos)
        return {};
      auto last = item.find_last_not_of(" \t\n");
      return item.substr(first, last - first + 1);
    }
    if (comma == std::string_view::npos)
      return {};
    list.remove_prefix(comma + 1);
    --n;
  }
}

// The name of code `n` in `list`, or its decimal number.
inline std::string error_code_text(std::string_view list, std::uint8_t n) {
  auto name = nth_error_code_name(list, n);
  return name.empty() ? std::to_string(static_cast<unsigned>(n)) : std::string{name};
}

} // namespace detail

} // namespace troupe

// The static_assert keeps codes equal to positions, which the names rely on.
#define TROUPE_ERROR_CODE_ENUM(enum_name, category_text, ...)                                                          \
  enum class enum_name : std::uint8_t { __VA_ARGS__ };                                                                 \
  static_assert(std::string_view{#__VA_ARGS__}.find('=') == std::string_view::npos,                                    \
                "TROUPE_ERROR_CODE_ENUM: enumerators take no initializers (codes are 0, 1, 2, ...)");                  \
  constexpr ::troupe::atom_value troupe_error_category(enum_name) noexcept {                                           \
    return ::troupe::atom(category_text);                                                                              \
  }                                                                                                                    \
  inline std::string to_string(enum_name x) {                                                                          \
    return ::troupe::detail::error_code_text(#__VA_ARGS__, static_cast<std::uint8_t>(x));                              \
  }                                                                                                                    \
  [[maybe_unused]] inline const bool troupe_error_code_names_of_##enum_name =                                          \
    ::troupe::register_error_code_names(::troupe::atom(category_text), #__VA_ARGS__)
