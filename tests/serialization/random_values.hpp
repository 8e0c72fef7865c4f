// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Seeded random generators for every supported value type (property tests).
#include <array>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <unordered_map>
#include <variant>
#include <vector>

#include "test_types.hpp"

namespace sertest {

struct gen {
  std::mt19937_64 rng;
  explicit gen(std::uint64_t seed) : rng(seed) {}

  std::size_t small(std::size_t max = 8) { return std::uniform_int_distribution<std::size_t>{0, max}(rng); }

  template <class T>
  T make();

  template <class T, std::size_t... Is>
  T make_tuple(std::index_sequence<Is...>) {
    return T{make<std::tuple_element_t<Is, T>>()...};
  }
  template <class V, std::size_t I = 0>
  V make_variant(std::size_t index) {
    if constexpr (I + 1 < std::variant_size_v<V>)
      if (index != I)
        return make_variant<V, I + 1>(index);
    return V{std::in_place_index<I>, make<std::variant_alternative_t<I, V>>()};
  }
};

template <class T>
T gen::make() {
  using namespace troupe;
  if constexpr (std::is_same_v<T, bool>) {
    return (rng() & 1) != 0;
  } else if constexpr (std::is_integral_v<T>) {
    // Mix extremes and random bit patterns.
    switch (rng() % 4) {
      case 0:
        return std::numeric_limits<T>::min();
      case 1:
        return std::numeric_limits<T>::max();
      default:
        return static_cast<T>(rng());
    }
  } else if constexpr (std::is_floating_point_v<T>) {
    switch (rng() % 5) {
      case 0:
        return std::numeric_limits<T>::max();
      case 1:
        return -std::numeric_limits<T>::denorm_min();
      case 2:
        return T(0);
      default:
        return static_cast<T>(std::uniform_real_distribution<double>{-1e9, 1e9}(rng));
    }
  } else if constexpr (std::is_same_v<T, atom_value>) {
    std::string s;
    auto n = small(10);
    for (std::size_t i = 0; i < n; ++i)
      s += detail::atom_alphabet[rng() % 64];
    return detail::atom_encode(s);
  } else if constexpr (std::is_same_v<T, std::string>) {
    std::string s;
    auto n = small(40);
    for (std::size_t i = 0; i < n; ++i)
      s += static_cast<char>(rng() % 256); // arbitrary bytes, NUL and quotes included
    return s;
  } else if constexpr (std::is_enum_v<T>) {
    return static_cast<T>(rng() % 3);
  } else if constexpr (std::is_same_v<T, error>) {
    if (rng() % 3 == 0)
      return error{};
    return error{static_cast<std::uint8_t>(rng() % 20 + 1), make<atom_value>(), make<std::string>()};
  } else if constexpr (detail::is_vector_v<T>) {
    T xs;
    auto n = small();
    for (std::size_t i = 0; i < n; ++i)
      xs.push_back(make<typename T::value_type>());
    return xs;
  } else if constexpr (detail::is_array_v<T>) {
    T xs;
    for (auto& x : xs)
      x = make<typename T::value_type>();
    return xs;
  } else if constexpr (detail::is_map_v<T>) {
    T xs;
    auto n = small();
    for (std::size_t i = 0; i < n; ++i)
      xs.emplace(make<typename T::key_type>(), make<typename T::mapped_type>());
    return xs;
  } else if constexpr (detail::is_optional_v<T>) {
    if (rng() % 2 == 0)
      return std::nullopt;
    return make<typename T::value_type>();
  } else if constexpr (detail::is_variant_v<T>) {
    return make_variant<T>(rng() % std::variant_size_v<T>);
  } else if constexpr (detail::is_tuple_v<T>) {
    return make_tuple<T>(std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (std::is_same_v<T, add_request>) {
    return {make<std::int32_t>(), make<std::int32_t>()};
  } else if constexpr (std::is_same_v<T, sub_request>) {
    return {make<std::int32_t>(), make<std::int32_t>()};
  } else if constexpr (std::is_same_v<T, point>) {
    return {make<double>(), make<double>()};
  } else if constexpr (std::is_same_v<T, order>) {
    return {make<std::string>(), make<std::vector<std::int64_t>>(), make<std::optional<double>>(), make<color>(),
            make<add_request>()};
  } else {
    static_assert(sizeof(T) == 0, "no generator");
  }
}

} // namespace sertest

// Every supported value type, as X(test_name, type) rows: the property tests
// (binary and text round trips) run over this one list.
#define SERTEST_FOR_EACH_TYPE(X)                                                                                       \
  X(bool_value, bool)                                                                                                  \
  X(char_value, char)                                                                                                  \
  X(int8, std::int8_t)                                                                                                 \
  X(int16, std::int16_t)                                                                                               \
  X(int32, std::int32_t)                                                                                               \
  X(int64, std::int64_t)                                                                                               \
  X(uint8, std::uint8_t)                                                                                               \
  X(uint16, std::uint16_t)                                                                                             \
  X(uint32, std::uint32_t)                                                                                             \
  X(uint64, std::uint64_t)                                                                                             \
  X(float_value, float)                                                                                                \
  X(double_value, double)                                                                                              \
  X(string, std::string)                                                                                               \
  X(atom, troupe::atom_value)                                                                                          \
  X(error_value, troupe::error)                                                                                        \
  X(enum_value, sertest::color)                                                                                        \
  X(vector_int32, std::vector<std::int32_t>)                                                                           \
  X(vector_bool, std::vector<bool>)                                                                                    \
  X(vector_string, std::vector<std::string>)                                                                           \
  X(array, std::array<std::int16_t, 3>)                                                                                \
  X(map, std::map<std::string, std::int32_t>)                                                                          \
  X(unordered_map, std::unordered_map<std::int64_t, std::vector<std::string>>)                                         \
  X(optional, std::optional<std::string>)                                                                              \
  X(variant, std::variant<std::int32_t, std::string, sertest::add_request>)                                            \
  X(tuple, std::tuple<std::int8_t, std::uint16_t, float>)                                                              \
  X(pair, std::pair<std::string, bool>)                                                                                \
  X(announced_member_pointers, sertest::add_request)                                                                   \
  X(announced_positional, sertest::sub_request)                                                                        \
  X(inspect_record, sertest::point)                                                                                    \
  X(nested_record, sertest::order)                                                                                     \
  X(vector_of_records, std::vector<sertest::order>)
