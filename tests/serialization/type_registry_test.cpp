// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include <gtest/gtest.h>

#include <thread>

#include "test_types.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/serialization.hpp"

namespace type_registry_test {

using namespace troupe;
using namespace sertest;

namespace {

TEST(type_registry, builtins_have_portable_names) {
  auto& reg = type_registry::global();
  EXPECT_EQ(reg.find(type_id_of<std::int32_t>())->name(), "int32");
  EXPECT_EQ(reg.find(type_id_of<std::uint64_t>())->name(), "uint64");
  EXPECT_EQ(reg.find(type_id_of<std::string>())->name(), "string");
  EXPECT_EQ(reg.find(type_id_of<atom_value>())->name(), "atom");
  EXPECT_EQ(reg.find(type_id_of<std::vector<std::int32_t>>())->name(), "std::vector<int32>");
  EXPECT_EQ(reg.find("double")->id(), type_id_of<double>());
  EXPECT_EQ(reg.find("exit_msg")->id(), type_id_of<exit_msg>());
  EXPECT_EQ(reg.find("no_such_type"), nullptr);
  EXPECT_EQ((type_name<std::map<std::string, std::vector<std::int16_t>>>()), "std::map<string,std::vector<int16>>");
  EXPECT_EQ((type_name<std::tuple<bool, char, float>>()), "std::tuple<bool,char,float>");
}

TEST(type_registry, announce_with_names_and_fields) {
  announce_test_types();
  auto& reg = type_registry::global();
  auto* e = reg.find("add_request");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->id(), type_id_of<add_request>());
  EXPECT_EQ(e->field_names(), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(reg.find("sub_request")->field_names(), (std::vector<std::string>{"a0", "a1"}));
  EXPECT_EQ(reg.find(type_id_of<std::vector<add_request>>())->name(), "std::vector<add_request>");
  EXPECT_EQ(type_name<std::vector<order>>(), "std::vector<order>");
}

TEST(type_registry, announce_again_is_noop_and_name_clash_is_error) {
  announce_test_types();
  EXPECT_FALSE(announce<add_request>("add_request", &add_request::a, &add_request::b));
  struct other {
    int x = 0;
  };
  auto err = announce<other>("add_request", &other::x);
  EXPECT_TRUE(err);
  EXPECT_TRUE(err.is(sec::invalid_argument));
  EXPECT_EQ(type_registry::global().find(type_id_of<other>()), nullptr);
}

TEST(type_registry, a_container_of_records_without_equality_compares_by_encoding) {
  struct reading { // no operator==
    std::int32_t sensor = 0;
    double value = 0;
  };
  ASSERT_FALSE(announce<reading>("reading_without_equality", &reading::sensor, &reading::value));
  ASSERT_FALSE(announce<std::vector<reading>>());
  auto* e = type_registry::global().find(type_id_of<std::vector<reading>>());
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->name(), "std::vector<reading_without_equality>");
  std::vector<reading> a{{1, 2.5}, {2, 3.5}};
  std::vector<reading> same = a;
  std::vector<reading> shorter{{1, 2.5}};
  std::vector<reading> other{{1, 2.5}, {2, 4.5}};
  ASSERT_TRUE(e->comparable());
  EXPECT_TRUE(e->equal(&a, &same));
  EXPECT_FALSE(e->equal(&a, &shorter));
  EXPECT_FALSE(e->equal(&a, &other));
}

TEST(type_registry, announce_is_thread_safe) {
  struct t1 {
    int x = 0;
  };
  struct t2 {
    double y = 0;
  };
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([i] {
      for (int j = 0; j < 100; ++j) {
        if ((i + j) % 2 == 0)
          announce<t1>("t1_threaded", &t1::x);
        else
          announce<t2>("t2_threaded", &t2::y);
        EXPECT_NE(type_registry::global().find(type_id_of<std::int32_t>()), nullptr);
      }
    });
  for (auto& t : threads)
    t.join();
  EXPECT_EQ(type_registry::global().find("t1_threaded")->id(), type_id_of<t1>());
  EXPECT_EQ(type_registry::global().find("t2_threaded")->id(), type_id_of<t2>());
}

TEST(type_registry, actor_system_lists_types) {
  announce_test_types();
  actor_system_config cfg;
  actor_system sys{cfg};
  auto list = sys.types().list();
  ASSERT_FALSE(list.empty());
  EXPECT_TRUE(std::is_sorted(list.begin(), list.end(), [](auto* a, auto* b) { return a->name() < b->name(); }));
  auto has = [&](std::string_view n) {
    return std::any_of(list.begin(), list.end(), [&](auto* e) { return e->name() == n; });
  };
  EXPECT_TRUE(has("add_request"));
  EXPECT_TRUE(has("int32"));
  EXPECT_TRUE(has("down_msg"));
  EXPECT_EQ(&sys.types(), &type_registry::global());
}

TEST(type_registry, local_sends_need_no_announce) {
  struct never_announced {
    int v = 7;
  };
  auto msg = make_message(never_announced{}, 1);
  EXPECT_TRUE((msg.match_elements<never_announced, int>()));
  std::vector<std::byte> buf;
  auto err = serialize(msg, buf);
  EXPECT_TRUE(err.is(sec::type_clash));
  EXPECT_TRUE(buf.empty());
  EXPECT_THROW(serialize(msg), std::invalid_argument);
}

} // namespace

} // namespace type_registry_test
