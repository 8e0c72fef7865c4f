// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// to_string and deep_to_string for announced and inspected user types and for
// std containers of them.
#include "troupe/serialization.hpp"
#include "troupe/troupe.hpp"

#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace text_forms_test {

namespace shapes {

// Prints through its inspect overload.
struct point {
  int x = 0;
  int y = 0;
  friend bool operator==(const point&, const point&) = default;
};

template <class Inspector>
bool inspect(Inspector& f, point& p) {
  return f(troupe::field("x", p.x), troupe::field("y", p.y));
}

// Known only through announce (no inspect overload).
struct size {
  int width = 0;
  int height = 0;
};

// Has its own to_string, which must keep winning.
struct label {
  std::string text;
};

inline std::string to_string(const label& l) {
  return "label:" + l.text;
}

} // namespace shapes

using namespace troupe;

namespace {

class text_forms : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    ASSERT_FALSE(announce<shapes::point>("point"));
    ASSERT_FALSE(announce<std::vector<shapes::point>>());
    ASSERT_FALSE(
      announce<shapes::size>("size", field("width", &shapes::size::width), field("height", &shapes::size::height)));
  }
};

TEST_F(text_forms, inspected_struct) {
  shapes::point p{1, 2};
  EXPECT_EQ(to_string(p), "point{x = 1, y = 2}");
  EXPECT_EQ(deep_to_string(p), "point{x = 1, y = 2}");
}

TEST_F(text_forms, announced_struct) {
  EXPECT_EQ(deep_to_string(shapes::size{3, 4}), "size{width = 3, height = 4}");
  EXPECT_EQ(deep_to_string(std::vector<shapes::size>{{1, 2}}), "[size{width = 1, height = 2}]");
}

TEST_F(text_forms, containers_of_user_types) {
  std::vector<shapes::point> ps{{1, 2}, {3, 4}};
  EXPECT_EQ(to_string(ps), "[point{x = 1, y = 2}, point{x = 3, y = 4}]");
  std::map<std::string, shapes::point> named{{"a", {0, 1}}, {"b", {2, 3}}};
  EXPECT_EQ(to_string(named), R"([("a", point{x = 0, y = 1}), ("b", point{x = 2, y = 3})])");
  std::optional<shapes::point> some{shapes::point{5, 6}};
  std::optional<shapes::point> nothing;
  EXPECT_EQ(to_string(some), "*point{x = 5, y = 6}");
  EXPECT_EQ(to_string(nothing), "null");
  EXPECT_EQ(to_string(std::make_tuple(1, shapes::point{7, 8})), "(1, point{x = 7, y = 8})");
}

TEST_F(text_forms, deep_to_string_of_plain_values) {
  EXPECT_EQ(deep_to_string(42), "42");
  EXPECT_EQ(deep_to_string(std::string{"a\"b"}), R"("a\"b")");
  EXPECT_EQ(deep_to_string(std::vector<int>{1, 2, 3}), "[1, 2, 3]");
  EXPECT_EQ(deep_to_string(std::map<int, bool>{{1, true}}), "[(1, true)]");
  EXPECT_EQ(deep_to_string(std::optional<int>{}), "null");
  EXPECT_EQ(deep_to_string(atom("ok")), "'ok'");
  EXPECT_EQ(deep_to_string(error{sec::request_timeout}), "error(system, request_timeout)");
}

TEST_F(text_forms, own_to_string_wins) {
  EXPECT_EQ(to_string(shapes::label{"x"}), "label:x");
  EXPECT_EQ(to_string(error{sec::request_timeout}), "error(system, request_timeout)");
}

// Messages print announced elements the same way.
TEST_F(text_forms, message_elements_match) {
  auto msg = make_message(shapes::point{1, 2}, std::vector<shapes::point>{{3, 4}});
  EXPECT_EQ(to_string(msg), "(point{x = 1, y = 2}, [point{x = 3, y = 4}])");
}

} // namespace

} // namespace text_forms_test
