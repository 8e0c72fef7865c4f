// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/serialization.md, "Announcing types" and "Text forms of values".
#include <troupe/serialization.hpp>
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace troupe;

// [snippet record]
struct add_request {
  int32_t a;
  int32_t b;
  // Optional: an announced container compares its elements with
  // operator== where they have one, else through their binary encodings.
  bool operator==(const add_request&) const = default;
};
// [/snippet]

// [snippet inspect]
struct point {
  int32_t x;
  int32_t y;
};

template <class Inspector>
bool inspect(Inspector& f, point& p) {
  return f(field("x", p.x), field("y", p.y));
}
// (f(p.x, p.y) also works; the fields are then named a0, a1 in the text format)
// [/snippet]

struct other {
  int32_t v;
};

int main() {
  // [snippet member_pointers]
  // any one of:
  announce<add_request>(&add_request::a, &add_request::b);                // name = C++ name, fields a0, a1
  announce<add_request>("add_request", &add_request::a, &add_request::b); // explicit portable name
  announce<add_request>("add_request", field("a", &add_request::a), field("b", &add_request::b)); // named fields
  // [/snippet]
  // [snippet announce_inspect]
  announce<point>("point");             // the fields come from inspect(f, p)
  announce<std::vector<add_request>>(); // composites used as top-level message elements
  // [/snippet]

  // The first registration of a type wins: add_request keeps the C++ name and
  // the positional field names.
  DOC_CHECK(to_string(make_message(add_request{1, 2})) == "(add_request{a0 = 1, a1 = 2})");
  DOC_CHECK(to_string(make_message(point{3, 4})) == "(point{x = 3, y = 4})");
  auto list = make_message(std::vector<add_request>{{1, 2}});
  auto back = deserialize(serialize(list));
  DOC_CHECK(back && back->match_elements<std::vector<add_request>>());
  // A name already used by a different type is an error.
  DOC_CHECK(announce<other>("point", &other::v) == sec::invalid_argument);

  // [snippet text_forms]
  deep_to_string(add_request{1, 2});                      // add_request{a0 = 1, a1 = 2} (announced)
  deep_to_string(std::vector<add_request>{{1, 2}});       // [add_request{a0 = 1, a1 = 2}]
  to_string(point{3, 4});                                 // point{x = 3, y = 4} (inspect)
  to_string(std::map<std::string, point>{{"o", {0, 0}}}); // [("o", point{x = 0, y = 0})]
  to_string(std::optional<point>{});                      // null
  // [/snippet]
  DOC_CHECK(deep_to_string(add_request{1, 2}) == "add_request{a0 = 1, a1 = 2}");
  DOC_CHECK(deep_to_string(std::vector<add_request>{{1, 2}}) == "[add_request{a0 = 1, a1 = 2}]");
  DOC_CHECK(to_string(point{3, 4}) == "point{x = 3, y = 4}");
  DOC_CHECK(to_string(std::map<std::string, point>{{"o", {0, 0}}}) == R"([("o", point{x = 0, y = 0})])");
  DOC_CHECK(to_string(std::optional<point>{}) == "null");
  return doc::result();
}
