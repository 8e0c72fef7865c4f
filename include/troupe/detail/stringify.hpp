// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Best-effort text form of any value, for to_string(message) and diagnostics.
// Uses, in order: a to_string(x) found by ADL, operator<<, ranges, tuples;
// otherwise the type's name.
#include <concepts>
#include <cstdint>
#include <iomanip>
#include <limits>
#include <map>
#include <optional>
#include <ranges>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include "troupe/detail/export.hpp"

namespace troupe {
enum class TROUPE_CORE_API atom_value : std::uint64_t;
} // namespace troupe

namespace troupe::detail {

template <class T>
constexpr std::string_view pretty_type_name();

inline void stringify_string(std::string& out, std::string_view str) {
  out += '"';
  for (char c : str) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        out += c;
    }
  }
  out += '"';
}

template <class T>
concept adl_to_string = requires(const T& x) {
  { to_string(x) } -> std::convertible_to<std::string>;
};

template <class T>
concept ostreamable = requires(std::ostream& os, const T& x) {
  os << x;
};

template <class T>
concept tuple_like = requires {
  std::tuple_size<T>::value;
};

template <class T>
void stringify(std::string& out, const T& x);

template <class Tuple, std::size_t... Is>
void stringify_tuple(std::string& out, const Tuple& xs, std::index_sequence<Is...>) {
  out += '(';
  ((out += (Is == 0 ? "" : ", "), stringify(out, std::get<Is>(xs))), ...);
  out += ')';
}

template <class T>
void stringify(std::string& out, const T& x) {
  if constexpr (std::is_same_v<T, atom_value>) {
    out += '\'';
    out += to_string(x);
    out += '\'';
  } else if constexpr (std::is_same_v<T, bool>) {
    out += x ? "true" : "false";
  } else if constexpr (std::is_same_v<T, char>) {
    out += '\'';
    out += x;
    out += '\'';
  } else if constexpr (std::is_integral_v<T>) {
    out += std::to_string(x);
  } else if constexpr (std::is_floating_point_v<T>) {
    std::ostringstream os;
    os << std::setprecision(std::numeric_limits<T>::max_digits10) << x;
    out += os.str();
  } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    stringify_string(out, std::string_view{x});
  } else if constexpr (adl_to_string<T>) {
    out += to_string(x);
  } else if constexpr (requires {
                         typename T::value_type;
                         x.has_value();
                         *x;
                       }
                       && !std::ranges::range<T>) {
    if (x.has_value()) {
      out += '*';
      stringify(out, *x);
    } else {
      out += "null";
    }
  } else if constexpr (std::ranges::range<T>) {
    out += '[';
    bool first = true;
    for (const auto& elem : x) {
      if (!first)
        out += ", ";
      first = false;
      stringify(out, elem);
    }
    out += ']';
  } else if constexpr (tuple_like<T>) {
    stringify_tuple(out, x, std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (ostreamable<T>) {
    std::ostringstream os;
    os << x;
    out += os.str();
  } else if constexpr (std::is_enum_v<T>) {
    out += std::to_string(static_cast<std::underlying_type_t<T>>(x));
  } else {
    out += '<';
    out += pretty_type_name<T>();
    out += '>';
  }
}

} // namespace troupe::detail
