// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/message.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "troupe/atom.hpp"

namespace message_test {

using namespace troupe;

TEST(message, make_message_and_access) {
  auto msg = make_message(1, 2.5, "text", atom("ping"));
  ASSERT_EQ(msg.size(), 4u);
  EXPECT_TRUE(msg.match_element<int>(0));
  EXPECT_TRUE(msg.match_element<double>(1));
  EXPECT_TRUE(msg.match_element<std::string>(2)); // literals travel as std::string
  EXPECT_TRUE(msg.match_element<atom_value>(3));
  EXPECT_FALSE(msg.match_element<float>(1));
  EXPECT_FALSE(msg.match_element<int>(4));
  EXPECT_EQ(msg.get_as<int>(0), 1);
  EXPECT_EQ(msg.get_as<std::string>(2), "text");
  EXPECT_EQ(msg.get_if<float>(1), nullptr);
  EXPECT_TRUE((msg.match_elements<int, double, std::string, atom_value>()));
}

TEST(message, to_string_prints_elements) {
  auto msg = make_message(atom("ping"), 42, "hi", std::vector<int>{1, 2});
  EXPECT_EQ(to_string(msg), "('ping', 42, \"hi\", [1, 2])");
  EXPECT_EQ(to_string(message{}), "()");
}

TEST(message, copies_share_the_payload) {
  auto a = make_message(std::string{"shared"});
  auto b = a;
  EXPECT_EQ(a.data(), b.data());
  EXPECT_TRUE(a.shared());
}

TEST(message, write_access_copies_only_when_shared) {
  auto a = make_message(std::vector<int>{1, 2, 3});
  const auto* before = a.data();
  a.get_mutable_as<std::vector<int>>(0).push_back(4); // unique: no copy
  EXPECT_EQ(a.data(), before);
  auto b = a;
  b.get_mutable_as<std::vector<int>>(0).push_back(5); // shared: b detaches
  EXPECT_NE(a.data(), b.data());
  EXPECT_EQ(a.get_as<std::vector<int>>(0).size(), 4u);
  EXPECT_EQ(b.get_as<std::vector<int>>(0).size(), 5u);
}

namespace {
struct counted {
  static inline int alive = 0;
  counted() { ++alive; }
  counted(const counted&) { ++alive; }
  ~counted() { --alive; }
};
struct throws_on_copy {
  throws_on_copy() = default;
  throws_on_copy(const throws_on_copy&) { throw std::runtime_error("no copy"); }
};
} // namespace

TEST(message, payload_is_destroyed_with_last_reference) {
  {
    auto a = make_message(counted{}, 1);
    auto b = a;
    EXPECT_EQ(counted::alive, 1);
  }
  EXPECT_EQ(counted::alive, 0);
}

TEST(message, exception_while_building_leaks_nothing) {
  counted c;
  throws_on_copy t;
  EXPECT_THROW(make_message(c, t), std::runtime_error);
  EXPECT_EQ(counted::alive, 1);
}

} // namespace message_test
