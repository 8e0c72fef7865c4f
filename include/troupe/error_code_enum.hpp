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
// The one-argument form adopts an enum declared on its own, as CAF's
// CAF_ERROR_CODE_ENUM(name) does. Write it at global scope, after the enum and
// before its first use as an error (the name may be qualified); a trailing
// semicolon is optional:
//
//   namespace app { enum class math_error : std::uint8_t { division_by_zero = 1 }; }
//   TROUPE_ERROR_CODE_ENUM(app::math_error)
//
// The category is the enum's name without its namespaces, atom("math_error"),
// so that name has at most 10 characters (longer ones do not compile:
// specialize error_category with a shorter category instead). Its codes
// print through the enum's own to_string when argument-dependent lookup finds
// one (CAF programs have one for their enums), else as numbers; the enum's
// values may have initializers.
//
// The names (or that to_string) are registered during static initialisation,
// in a table keyed by the category atom that readers search without a lock. A
// category can be registered once; "system" and "exit" belong to troupe.
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "troupe/atom.hpp"
#include "troupe/detail/export.hpp"
#include "troupe/error.hpp"

namespace troupe {

/// Records `names` (the enumerators separated by commas, as the macro writes
/// them) for `category`. Returns false when the category is taken (by other
/// names), reserved or the table is full. `names` must outlive the program
/// (a string literal).
TROUPE_CORE_API bool register_error_code_names(atom_value category, const char* names) noexcept;

/// The names registered for `category`, or nullptr.
TROUPE_CORE_API const char* registered_error_code_names(atom_value category) noexcept;

/// Prints one code of a category (the enum's to_string, for the one-argument
/// form); an empty result means "no name", and the code prints as a number.
using error_code_renderer = std::string (*)(std::uint8_t code);

/// Records `render` for `category`, with the rules of register_error_code_names
/// (true again for the same function, false for a category with names).
TROUPE_CORE_API bool register_error_code_renderer(atom_value category, error_code_renderer render) noexcept;

/// The function registered for `category`, or nullptr.
TROUPE_CORE_API error_code_renderer registered_error_code_renderer(atom_value category) noexcept;

namespace detail {

/// The `n`th name of a comma-separated list, blanks trimmed; empty if the list
/// is shorter.
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

/// The name of code `n` in `list`, or its decimal number.
inline std::string error_code_text(std::string_view list, std::uint8_t n) {
  auto name = nth_error_code_name(list, n);
  return name.empty() ? std::to_string(static_cast<unsigned>(n)) : std::string{name};
}

/// The category text of the one-argument form: the name after its last "::".
constexpr std::string_view unqualified_enum_name(std::string_view name) noexcept {
  auto colon = name.rfind(':');
  if (colon != std::string_view::npos)
    name.remove_prefix(colon + 1);
  auto first = name.find_first_not_of(" \t\n");
  return first == std::string_view::npos ? std::string_view{} : name.substr(first);
}

template <class E>
std::string render_error_code(std::uint8_t code) {
  return to_string(static_cast<E>(code));
}

/// Converts to E and to nothing else. E converts to `error`, so to_string(E{})
/// would find to_string(const error&), which prints the code through this very
/// renderer; from here that takes a second user-defined conversion, which no
/// call makes. As a template of E it brings E's namespace to the lookup.
template <class E>
struct only_converts_to {
  operator E() const noexcept; // NOLINT: implicit on purpose; never defined (unevaluated only)
};

/// E's own to_string: one that takes an E, not one reached through `error`.
template <class E>
concept has_own_to_string = requires(only_converts_to<E> x) {
  { to_string(x) } -> std::convertible_to<std::string>;
};

/// Registers E's own to_string, if it has one, for E's category.
template <class E>
bool register_own_error_code_names(atom_value category) noexcept {
  if constexpr (has_own_to_string<E>)
    return register_error_code_renderer(category, &render_error_code<E>);
  else
    return false;
}

} // namespace detail

} // namespace troupe

// One argument: TROUPE_ERROR_CODE_ENUM_ADOPT; more: TROUPE_ERROR_CODE_ENUM_DECLARE,
// which an empty first argument (what __VA_OPT__ adds only then) moves into the
// second place, the one TROUPE_ERROR_CODE_ENUM_SECOND picks.
#define TROUPE_ERROR_CODE_ENUM(enum_name, ...)                                                                         \
  TROUPE_ERROR_CODE_ENUM_SECOND(__VA_OPT__(, ) TROUPE_ERROR_CODE_ENUM_DECLARE, TROUPE_ERROR_CODE_ENUM_ADOPT, )         \
  (enum_name __VA_OPT__(, ) __VA_ARGS__)
#define TROUPE_ERROR_CODE_ENUM_SECOND(first, second, ...) second

// The static_assert keeps codes equal to positions, which the names rely on.
#define TROUPE_ERROR_CODE_ENUM_DECLARE(enum_name, category_text, ...)                                                  \
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

// Ends with a closing brace, so that a semicolon after it is optional, as
// after CAF's macro.
#define TROUPE_ERROR_CODE_ENUM_ADOPT(enum_name)                                                                        \
  namespace troupe {                                                                                                   \
  template <>                                                                                                          \
  struct error_category<enum_name> {                                                                                   \
    static_assert(::troupe::detail::unqualified_enum_name(#enum_name).size() <= ::troupe::detail::atom_max_length,     \
                  "TROUPE_ERROR_CODE_ENUM(name): the category is the enum's name, at most 10 characters; for a "       \
                  "longer name specialize troupe::error_category<name> with a shorter category instead");              \
    static constexpr ::troupe::atom_value value =                                                                      \
      ::troupe::detail::atom_encode(::troupe::detail::unqualified_enum_name(#enum_name));                              \
    [[maybe_unused]] static inline const bool names_registered =                                                       \
      ::troupe::detail::register_own_error_code_names<enum_name>(value);                                               \
  };                                                                                                                   \
  }
