// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// `none`: the value of "nothing here", which value types with an invalid state
// (node_id) accept and compare with: node_id{} == none. An empty std::optional
// is "nothing here" too, so none also converts to any empty optional and
// compares equal to exactly the empty ones:
//
//   std::optional<int> x = none;  // x = none; return none;
//   if (x == none) ...
#include <optional>

namespace troupe {

/// The type of `none`, the value of "nothing here": value types with an invalid state (node_id) accept it and
/// compare with it, and it converts to any empty std::optional and compares equal to exactly the empty ones.
struct none_t {
  /// Makes the one value, `none`; use that instead of constructing another.
  explicit constexpr none_t(int) noexcept {}

  /// A conversion to std::nullopt_t would do for construction but make
  /// `x = none` ambiguous between optional's assignment operators.
  template <class T>
  constexpr operator std::optional<T>() const noexcept { // NOLINT: implicit on purpose
    return std::nullopt;
  }
};

/// "Nothing here": node_id{} == none, and `std::optional<int> x = none;` makes an empty optional.
inline constexpr none_t none{0};

/// Emptiness, not the contained value: an optional<node_id> that holds an
/// invalid node_id is not none.
template <class T>
constexpr bool operator==(const std::optional<T>& x, none_t) noexcept {
  return !x.has_value();
}

} // namespace troupe
