// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Farm: each input goes to one replica chosen by the policy; results leave as
// the replicas finish, or in input order with ordered().
#include "pattern_test_actors.hpp"

#include "support/scoped_receive.hpp"

#include "troupe/test.hpp"

#include <algorithm>
#include <set>

namespace farm_test {

using namespace pattern_test;

namespace {

// Sends 0..n-1 as plain messages and returns the n answers in arrival order.
template <class R>
std::vector<R> stream(scoped_actor& self, const actor& p, std::int64_t n) {
  for (std::int64_t i = 0; i < n; ++i)
    self->send(p, i);
  std::vector<R> out;
  for (std::int64_t i = 0; i < n; ++i)
    out.push_back(test_support::receive_one<R>(self));
  return out;
}

} // namespace

TEST(patterns_farm, every_input_gets_exactly_one_answer) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Farm(Seq<uneven_worker>{}).replicas(3));
  auto out = stream<std::int64_t>(self, p, 100);
  std::sort(out.begin(), out.end());
  for (std::int64_t i = 0; i < 100; ++i)
    ASSERT_EQ(out[static_cast<std::size_t>(i)], i);
}

TEST(patterns_farm, ordered_farm_answers_in_input_order) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Farm(Seq<uneven_worker>{}).replicas(4).ordered());
  auto out = stream<std::int64_t>(self, p, 200);
  for (std::int64_t i = 0; i < 200; ++i)
    ASSERT_EQ(out[static_cast<std::size_t>(i)], i);
}

TEST(patterns_farm, ordered_farm_answers_requests) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Farm(Seq<multiplier>{}).replicas(2).ordered());
  EXPECT_EQ(ask<std::int64_t>(self, p, std::int64_t{21}), 42);
}

TEST(patterns_farm, unordered_farm_answers_requests) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Farm(Seq<multiplier>{}).replicas(2));
  EXPECT_EQ(ask<std::int64_t>(self, p, std::int64_t{21}), 42);
}

TEST(patterns_farm, a_user_policy_picks_the_replica) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  // Every input to replica 1 (indexes are taken modulo the replica count: 4 is 1).
  auto p = spawn_ok(
    sys, Farm(Seq<identifier>{}).replicas(3).policy([](const message&, std::size_t) { return std::size_t{4}; }));
  auto ids = stream<std::uint64_t>(self, p, 20);
  EXPECT_EQ(std::set<std::uint64_t>(ids.begin(), ids.end()).size(), 1u);
}

TEST(patterns_farm, a_user_policy_sees_the_input) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto by_parity = [](const message& m, std::size_t) {
    return static_cast<std::size_t>(m.get_as<std::int64_t>(0) % 2);
  };
  auto p = spawn_ok(sys, Farm(Seq<identifier>{}).replicas(2).policy(by_parity).ordered());
  auto ids = stream<std::uint64_t>(self, p, 10);
  for (std::size_t i = 2; i < ids.size(); ++i)
    EXPECT_EQ(ids[i], ids[i - 2]);
  EXPECT_NE(ids[0], ids[1]);
}

TEST(patterns_farm, random_policy_answers_every_input) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Farm(Seq<multiplier>{}).replicas(3).policy(patterns::random()).ordered());
  auto out = stream<std::int64_t>(self, p, 50);
  for (std::int64_t i = 0; i < 50; ++i)
    ASSERT_EQ(out[static_cast<std::size_t>(i)], 2 * i);
}

TEST(patterns_farm, default_replicas_is_one_per_scheduler_worker) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Farm(Seq<identifier>{}).ordered());
  auto ids = stream<std::uint64_t>(self, p, 10);
  EXPECT_EQ(std::set<std::uint64_t>(ids.begin(), ids.end()).size(), 2u);
}

TEST(patterns_farm, replicas_zero_is_an_error_from_spawn_pattern) {
  actor_system sys{two_workers()};
  auto p = spawn_pattern(sys, Farm(Seq<multiplier>{}).replicas(0));
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error(), sec::invalid_argument);
  EXPECT_EQ(sys.running_actors(), 0u);
}

// On the deterministic fixture: round_robin hands input i to replica i mod n.
class patterns_farm_deterministic : public test::deterministic_fixture {};

TEST_F(patterns_farm_deterministic, round_robin_cycles_through_the_replicas) {
  auto p = spawn_ok(sys, Farm(Seq<identifier>{}).replicas(3).policy(round_robin()).ordered());
  for (std::int64_t i = 0; i < 7; ++i)
    self->send(p, i);
  run();
  std::vector<std::uint64_t> ids;
  for (int i = 0; i < 7; ++i)
    ids.push_back(received<std::uint64_t>());
  EXPECT_EQ(std::set<std::uint64_t>(ids.begin(), ids.begin() + 3).size(), 3u);
  for (std::size_t i = 3; i < ids.size(); ++i)
    EXPECT_EQ(ids[i], ids[i - 3]) << "input " << i;
}

} // namespace farm_test
