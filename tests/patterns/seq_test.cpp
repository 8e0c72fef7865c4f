// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Seq: a factory of a user actor class, spawned as a pattern of its own.
#include "pattern_test_actors.hpp"

#include "support/scoped_receive.hpp"

namespace seq_test {

using namespace pattern_test;

TEST(patterns_seq, answers_a_request_with_its_handlers_result) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Seq<multiplier>{});
  EXPECT_EQ(ask<std::int64_t>(self, p, std::int64_t{21}), 42);
}

TEST(patterns_seq, answers_a_plain_message_with_a_message_to_its_sender) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Seq<multiplier>{});
  self->send(p, std::int64_t{5});
  EXPECT_EQ(test_support::receive_one<std::int64_t>(self), 10);
}

TEST(patterns_seq, init_function_runs_on_the_actor_before_its_first_message) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Seq<multiplier>([](multiplier& m) { m.factor = 3; }));
  EXPECT_EQ(ask<std::int64_t>(self, p, std::int64_t{21}), 63);
}

TEST(patterns_seq, each_spawn_makes_a_new_actor) {
  actor_system sys{two_workers()};
  Seq<multiplier> s;
  auto a = spawn_ok(sys, s);
  auto b = spawn_ok(sys, s);
  EXPECT_NE(a.address(), b.address());
}

} // namespace seq_test
