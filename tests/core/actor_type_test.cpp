// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Actor types spawned by name with their arguments in a message
// (cfg.add_actor_type, spawn_by_name), as the network layer does for another
// node.
#include "troupe/actor_factory.hpp"
#include "troupe/troupe.hpp"

#include "support/scoped_receive.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

namespace actor_type_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

using adder_if = typed_actor<replies_to<int>::with<int>>;

behavior offset_adder(event_based_actor*, int offset) {
  return {[=](int x) { return x + offset; }};
}

adder_if::behavior_type typed_adder(adder_if::pointer, int offset) {
  return {[=](int x) { return x + offset; }};
}

class greeter : public event_based_actor {
public:
  greeter(actor_config& cfg, std::string greeting) : event_based_actor(cfg), greeting_(std::move(greeting)) {}
  behavior make_behavior() override {
    return {[this](const std::string& name) { return greeting_ + ", " + name; }};
  }

private:
  std::string greeting_;
};

actor_system_config config_with_types() {
  auto cfg = test_support::small_config(1);
  cfg.add_actor_type("adder", offset_adder)
    .add_actor_type("typed-adder", typed_adder)
    .add_actor_type("constant", []() -> behavior { return {[](int) { return 7; }}; })
    .add_actor_type<greeter, std::string>("greeter");
  return cfg;
}

template <class T>
T ask(actor_system& sys, const actor& a, const auto& x) {
  scoped_actor self{sys};
  T result{};
  self->request(a, 5s, x).receive([&](const T& r) { result = r; }, [](error& err) { ADD_FAILURE() << to_string(err); });
  return result;
}

} // namespace

TEST(actor_type, a_function_spawns_with_its_arguments) {
  actor_system sys{config_with_types()};
  auto a = spawn_by_name(sys, "adder", make_message(100));
  ASSERT_TRUE(a) << to_string(a.error());
  EXPECT_EQ(ask<int>(sys, *a, 1), 101);
  auto c = spawn_by_name(sys, "constant", message{});
  ASSERT_TRUE(c) << to_string(c.error());
  EXPECT_EQ(ask<int>(sys, *c, 1), 7);
}

TEST(actor_type, a_class_spawns_with_its_arguments) {
  actor_system sys{config_with_types()};
  auto g = spawn_by_name(sys, "greeter", make_message(std::string{"hello"}));
  ASSERT_TRUE(g) << to_string(g.error());
  EXPECT_EQ(ask<std::string>(sys, *g, std::string{"world"}), "hello, world");
}

TEST(actor_type, an_unknown_name_is_an_error) {
  actor_system sys{config_with_types()};
  auto a = spawn_by_name(sys, "subtractor", make_message(1));
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error(), sec::invalid_argument);
  EXPECT_NE(a.error().context().find("subtractor"), std::string::npos);
}

TEST(actor_type, arguments_that_do_not_fit_are_an_error) {
  actor_system sys{config_with_types()};
  for (auto args : {make_message(std::string{"x"}), make_message(1, 2), message{}}) {
    auto a = spawn_by_name(sys, "adder", args);
    ASSERT_FALSE(a);
    EXPECT_EQ(a.error(), sec::type_clash);
  }
  EXPECT_EQ(sys.running_actors(), 0u); // nothing was spawned
}

TEST(actor_type, the_factory_knows_the_interface) {
  auto cfg = config_with_types();
  const auto* dynamic = cfg.actor_type("adder");
  const auto* typed = cfg.actor_type("typed-adder");
  ASSERT_NE(dynamic, nullptr);
  ASSERT_NE(typed, nullptr);
  EXPECT_EQ(cfg.actor_type("nothing"), nullptr);
  EXPECT_TRUE(dynamic->interface.empty());
  ASSERT_EQ(typed->interface.size(), 1u);
  const std::vector<key_id> int_key{key_id{type_id_of<int>(), atom_value{}, false}};
  EXPECT_EQ(typed->interface[0].inputs, int_key);
  EXPECT_EQ(typed->interface[0].outputs, std::vector<type_id>{type_id_of<int>()});
  EXPECT_EQ(dynamic->parameters, "(int)");
  actor_system sys{cfg};
  auto a = spawn_by_name(sys, "typed-adder", make_message(5));
  ASSERT_TRUE(a) << to_string(a.error());
  EXPECT_EQ(ask<int>(sys, *a, 1), 6);
}

} // namespace actor_type_test
