// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Pipeline: each stage's result goes to the next stage; the last one's goes
// back to the sender, for requests and for plain messages, in input order.
#include "pattern_test_actors.hpp"

#include "support/scoped_receive.hpp"

#include "troupe/test.hpp"

namespace pipeline_test {

using namespace pattern_test;

TEST(patterns_pipeline, passes_each_result_to_the_next_stage_in_order) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Pipeline(Seq<incrementer>{}, Seq<multiplier>{}));
  EXPECT_EQ(ask<std::int64_t>(self, p, std::int64_t{5}), 12); // (5 + 1) * 2, not 5 * 2 + 1
  auto q = spawn_ok(sys, Pipeline(Seq<multiplier>{}, Seq<incrementer>{}));
  EXPECT_EQ(ask<std::int64_t>(self, q, std::int64_t{5}), 11);
}

TEST(patterns_pipeline, a_single_stage_pipeline_is_that_stage) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Pipeline(Seq<multiplier>{}));
  EXPECT_EQ(ask<std::int64_t>(self, p, std::int64_t{4}), 8);
}

TEST(patterns_pipeline, a_stream_of_plain_messages_comes_back_in_input_order) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Pipeline(Seq<incrementer>{}, Seq<uneven_worker>{}, Seq<multiplier>{}));
  constexpr std::int64_t n = 200;
  for (std::int64_t i = 0; i < n; ++i)
    self->send(p, i);
  for (std::int64_t i = 0; i < n; ++i)
    ASSERT_EQ(test_support::receive_one<std::int64_t>(self), (i + 1) * 2) << "item " << i;
}

TEST(patterns_pipeline, carries_containers_through_a_map_stage) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto twice = Map<Cnt>([](auto range) {
                 for (auto& x : range)
                   x *= 2;
               }).replicas(2);
  auto p = spawn_ok(sys, Pipeline(Seq<iota_maker>{}, twice, Seq<summer>{}));
  // 2 * (0 + 1 + ... + 99)
  EXPECT_EQ(ask<std::int64_t>(self, p, std::int64_t{100}), 9900);
}

TEST(patterns_pipeline, nests_in_a_pipeline) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto inner = Pipeline(Seq<incrementer>{}, Seq<multiplier>{});
  auto p = spawn_ok(sys, Pipeline(inner, inner, Seq<incrementer>{}));
  EXPECT_EQ(ask<std::int64_t>(self, p, std::int64_t{1}), 11); // ((1+1)*2+1)*2+1
}

// On the deterministic fixture: the pipeline takes a second item before the
// first has left, and both stages then hold work at the same time.
class patterns_pipeline_deterministic : public test::deterministic_fixture {};

TEST_F(patterns_pipeline_deterministic, stages_hold_successive_items_at_the_same_time) {
  spawn_log log1;
  spawn_log log2;
  auto first = Seq<incrementer>(log1.recorder<incrementer>());
  auto second = Seq<multiplier>(log2.recorder<multiplier>());
  auto p = spawn_ok(sys, Pipeline(first, second));
  run(); // starts the pipeline and both stages
  ASSERT_EQ(log1.get().size(), 1u);
  ASSERT_EQ(log2.get().size(), 1u);
  auto stage1 = actor_cast<actor>(log1.get()[0]);
  auto stage2 = actor_cast<actor>(log2.get()[0]);
  self->send(p, std::int64_t{1});
  self->send(p, std::int64_t{2});
  expect<std::int64_t>().from(self).to(p).with(std::int64_t{1});
  expect<std::int64_t>().from(self).to(p).with(std::int64_t{2});
  expect<std::int64_t>().from(p).to(stage1).with(std::int64_t{1});
  expect<std::int64_t>().from(stage1).to(p).with(std::int64_t{2});
  // Item 1 waits at stage 2 while item 2 waits at stage 1.
  EXPECT_TRUE(has_message(stage2));
  EXPECT_TRUE(has_message(stage1));
  run();
  EXPECT_EQ(received<std::int64_t>(), 4);
  EXPECT_EQ(received<std::int64_t>(), 6);
}

} // namespace pipeline_test
