// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// expected<T>: a value or an error, and decode_result<T> as its alias.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <type_traits>

#include "troupe/expected.hpp"
#include "troupe/serialization/decode_result.hpp"

namespace expected_test {

using namespace troupe;

namespace {

expected<int> parse_digit(char c) {
  if (c < '0' || c > '9')
    return error{sec::invalid_argument, std::string{"not a digit: "} + c};
  return c - '0';
}

} // namespace

TEST(expected, holds_a_value) {
  auto x = parse_digit('7');
  ASSERT_TRUE(x);
  EXPECT_TRUE(x.has_value());
  EXPECT_EQ(*x, 7);
  EXPECT_EQ(x.value(), 7);
  EXPECT_EQ(x.value_or(0), 7);
}

TEST(expected, holds_an_error) {
  auto x = parse_digit('x');
  ASSERT_FALSE(x);
  EXPECT_FALSE(x.has_value());
  EXPECT_EQ(x.error(), sec::invalid_argument);
  EXPECT_EQ(x.error().context(), "not a digit: x");
  EXPECT_EQ(x.err(), x.error());
  EXPECT_EQ(x.value_or(-1), -1);
}

TEST(expected, arrow_and_move_only_values) {
  expected<std::string> s{std::string{"abc"}};
  EXPECT_EQ(s->size(), 3u);
  expected<std::unique_ptr<int>> p{std::make_unique<int>(5)};
  auto owned = *std::move(p);
  ASSERT_NE(owned, nullptr);
  EXPECT_EQ(*owned, 5);
  expected<int> in_place{std::in_place, 9};
  EXPECT_EQ(*in_place, 9);
}

TEST(expected, compares_values_and_errors) {
  EXPECT_EQ(expected<int>{1}, expected<int>{1});
  EXPECT_NE(expected<int>{1}, expected<int>{2});
  EXPECT_NE(expected<int>{1}, expected<int>{error{sec::invalid_argument}});
  EXPECT_EQ(expected<int>{error{sec::invalid_argument}}, expected<int>{error{sec::invalid_argument}});
}

TEST(expected, void_means_success_or_error) {
  expected<void> ok;
  EXPECT_TRUE(ok);
  expected<void> failed{error{sec::request_timeout}};
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error(), sec::request_timeout);
}

TEST(expected, decode_result_is_an_alias) {
  static_assert(std::is_same_v<decode_result<int>, expected<int>>);
  decode_result<int> r = error{sec::invalid_argument};
  EXPECT_FALSE(r);
}

} // namespace expected_test
