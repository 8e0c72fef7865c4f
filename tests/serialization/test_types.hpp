// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// User types shared by the serialization tests.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "troupe/serialization.hpp"

namespace sertest {

// Announced with member pointers.
struct add_request {
  std::int32_t a = 0;
  std::int32_t b = 0;
  friend bool operator==(const add_request&, const add_request&) = default;
};

// Announced with named fields.
struct sub_request {
  std::int32_t a = 0;
  std::int32_t b = 0;
  friend bool operator==(const sub_request&, const sub_request&) = default;
};

enum class color : std::uint8_t { red, green, blue };

// Has an inspect overload; nests another record and containers.
struct order {
  std::string item;
  std::vector<std::int64_t> counts;
  std::optional<double> price;
  color col = color::red;
  add_request req; // announced type, nested (found through the registry)
  friend bool operator==(const order&, const order&) = default;
};

template <class Inspector>
bool inspect(Inspector& f, order& x) {
  return f(troupe::field("item", x.item), troupe::field("counts", x.counts), troupe::field("price", x.price),
           troupe::field("col", x.col), troupe::field("req", x.req));
}

// Positional inspect (fields print as a0, a1).
struct point {
  double x = 0;
  double y = 0;
  friend bool operator==(const point&, const point&) = default;
};

template <class Inspector>
bool inspect(Inspector& f, point& p) {
  return f(p.x, p.y);
}

inline void announce_test_types() {
  using namespace troupe;
  announce<add_request>("add_request", field("a", &add_request::a), field("b", &add_request::b));
  announce<sub_request>("sub_request", &sub_request::a, &sub_request::b);
  announce<order>("order");
  announce<point>("point");
  announce<color>("color");
  announce<std::vector<add_request>>();
  announce<std::map<std::string, std::int32_t>>();
  announce<std::optional<std::string>>();
  announce<std::variant<std::int32_t, std::string, add_request>>();
  announce<std::tuple<std::int8_t, std::uint16_t, float>>();
  announce<std::pair<std::string, bool>>();
  announce<std::array<std::int16_t, 3>>();
  announce<std::unordered_map<std::int64_t, std::vector<std::string>>>();
  announce<std::vector<order>>();
}

} // namespace sertest
