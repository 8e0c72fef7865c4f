// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Streams (troupe/streams.hpp): the credit protocol message by message under
// the deterministic fixture, a pipeline's items and end, the bound on items in
// flight with real threads and a slow consumer, and the ends and failures:
// a stage killed midway, a consumer that dies, a generator that throws, a
// second consumer.
#include "stream_test_support.hpp"
#include "troupe/streams.hpp"
#include "troupe/test.hpp"
#include "troupe/troupe.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

namespace stream_test {

using namespace troupe;
using troupe::test::_;

namespace {

using test::collect_into;
using test::collected;
using test::count_forever;
using test::fail_after;

generator<int> count_to(int n) {
  return test::count_from(0, n);
}

class streams_test : public test::deterministic_fixture {};

} // namespace

TEST_F(streams_test, a_source_sends_no_more_than_its_consumer_asked_for) {
  auto src = streams::spawn_source<int>(
    sys, [] { return count_to(100); }, streams::source_options{10});
  run();
  self->send(src.producer(), streams::subscribe_atom::value, std::uint32_t{5});
  expect<atom_value, std::uint32_t>().from(self).to(src.producer());
  expect<atom_value, std::vector<int>>().from(src.producer()).to(self).with(_, std::vector<int>{0, 1, 2, 3, 4});
  run();
  disallow<atom_value, std::vector<int>>().from(src.producer()).to(self);
  self->send(src.producer(), streams::demand_atom::value, std::uint32_t{3});
  run();
  expect<atom_value, std::vector<int>>().from(src.producer()).to(self).with(_, std::vector<int>{5, 6, 7});
  // A large demand goes out a batch per message.
  self->send(src.producer(), streams::demand_atom::value, std::uint32_t{25});
  run();
  expect<atom_value, std::vector<int>>().to(self).with(_, std::vector<int>{8, 9, 10, 11, 12, 13, 14, 15, 16, 17});
  expect<atom_value, std::vector<int>>().to(self);
  expect<atom_value, std::vector<int>>().to(self).with(_, std::vector<int>{28, 29, 30, 31, 32});
  self->send(src.producer(), streams::cancel_atom::value);
  run();
}

TEST_F(streams_test, a_pipeline_delivers_every_item_in_order_and_ends) {
  auto c = std::make_shared<collected>();
  auto src = streams::spawn_source<int>(sys, [] { return count_to(1000); });
  auto doubled = streams::spawn_stage(sys, src, streams::map([](int x) { return 2 * x; }));
  auto sixes = streams::spawn_stage(sys, doubled, streams::filter([](int x) { return x % 3 == 0; }));
  auto [next, done] = collect_into(c);
  streams::spawn_sink(sys, sixes, next, done, streams::flow_options{16});
  run();
  std::vector<int> want;
  for (int i = 0; i < 1000; ++i)
    if ((2 * i) % 3 == 0)
      want.push_back(2 * i);
  EXPECT_EQ(c->items, want);
  ASSERT_TRUE(c->end.has_value());
  EXPECT_FALSE(*c->end) << to_string(*c->end);
  EXPECT_EQ(sys.running_actors(), 0u);
}

TEST_F(streams_test, a_stage_killed_midway_ends_the_stream_at_both_ends) {
  auto c = std::make_shared<collected>();
  auto src = streams::spawn_source<int>(sys, [] { return count_forever(); });
  auto stage = streams::spawn_stage(sys, src, streams::map([](int x) { return x + 1; }));
  auto [next, done] = collect_into(c);
  streams::spawn_sink(sys, stage, next, done, streams::flow_options{8});
  self->monitor(src.producer());
  ASSERT_TRUE(run_until([&] { return c->items.size() >= 20; }));
  anon_send_exit(stage.producer(), exit_reason::kill);
  run();
  ASSERT_TRUE(c->end.has_value());
  EXPECT_EQ(*c->end, exit_reason::kill);
  expect<down_msg>().to(self); // the source learned it and ended
  EXPECT_EQ(sys.running_actors(), 0u);
  // Nothing lost or reordered before the end.
  std::vector<int> want(c->items.size());
  std::iota(want.begin(), want.end(), 1);
  EXPECT_EQ(c->items, want);
}

TEST_F(streams_test, a_consumer_that_dies_cancels_the_stream) {
  auto c = std::make_shared<collected>();
  auto src = streams::spawn_source<int>(sys, [] { return count_forever(); });
  auto [next, done] = collect_into(c);
  auto sink = streams::spawn_sink(sys, src, next, done, streams::flow_options{4});
  self->monitor(src.producer());
  ASSERT_TRUE(run_until([&] { return c->items.size() >= 10; }));
  anon_send_exit(sink, exit_reason::kill);
  run();
  expect<down_msg>().to(self);
  EXPECT_EQ(sys.running_actors(), 0u);
}

TEST_F(streams_test, a_generator_that_throws_ends_the_stream_with_its_error) {
  auto c = std::make_shared<collected>();
  auto src = streams::spawn_source<int>(
    sys, [] { return fail_after(5); }, streams::source_options{2});
  auto [next, done] = collect_into(c);
  streams::spawn_sink(sys, src, next, done);
  run();
  EXPECT_EQ(c->items, (std::vector<int>{0, 1, 2, 3, 4}));
  ASSERT_TRUE(c->end.has_value());
  EXPECT_EQ(*c->end, exit_reason::unhandled_exception);
}

TEST_F(streams_test, a_second_consumer_is_refused) {
  auto first = std::make_shared<collected>();
  auto second = std::make_shared<collected>();
  auto src = streams::spawn_source<int>(sys, [] { return count_to(100); });
  auto [n1, d1] = collect_into(first);
  auto [n2, d2] = collect_into(second);
  streams::spawn_sink(sys, src, n1, d1, streams::flow_options{4});
  streams::spawn_sink(sys, src, n2, d2, streams::flow_options{4});
  run();
  EXPECT_EQ(first->items.size(), 100u);
  ASSERT_TRUE(first->end && second->end);
  EXPECT_FALSE(*first->end);
  EXPECT_TRUE(second->items.empty());
  EXPECT_EQ(*second->end, sec::invalid_argument);
}

TEST_F(streams_test, a_consumer_of_a_producer_that_is_gone_ends_at_once) {
  auto c = std::make_shared<collected>();
  auto src = streams::spawn_source<int>(sys, [] { return count_to(10); });
  run();
  anon_send_exit(src.producer(), exit_reason::user_shutdown);
  run();
  auto [next, done] = collect_into(c);
  streams::spawn_sink(sys, src, next, done);
  run();
  ASSERT_TRUE(c->end.has_value());
  EXPECT_TRUE(c->items.empty());
  EXPECT_TRUE(*c->end) << "a stream that never began does not end normally";
}

TEST(generators, a_yielded_variable_is_copied_and_a_temporary_moved) {
  auto texts = []() -> generator<std::string> {
    std::string kept = "a text long enough not to fit in the string's own buffer";
    co_yield kept;                 // copied: the coroutine still has it
    co_yield kept;                 // so the second value equals the first
    co_yield std::string{"moved"}; // a temporary: taken as it is
    co_yield std::move(kept);      // moved, as asked
  }();
  std::vector<std::string> got;
  EXPECT_EQ(texts.take(3, got), 3u);
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[0], got[1]);
  EXPECT_EQ(got[2], "moved");
  auto last = texts.next();
  ASSERT_TRUE(last);
  EXPECT_EQ(*last, got[0]);
  EXPECT_FALSE(texts.next());
  EXPECT_TRUE(texts.done());
}

// Real threads: a fast source and a slow consumer. The items produced and not
// yet consumed -- in the mailboxes and in the stage -- never exceed the credits.
TEST(streams_threads, a_slow_consumer_bounds_the_items_in_flight) {
  actor_system_config cfg;
  cfg.set_scheduler(2, 300);
  actor_system sys{cfg};
  constexpr int total = 20000;
  constexpr std::uint32_t sink_credit = 32;
  constexpr std::uint32_t stage_credit = 16;
  auto produced = std::make_shared<std::atomic<long>>(0);
  auto consumed = std::make_shared<std::atomic<long>>(0);
  auto most_in_flight = std::make_shared<std::atomic<long>>(0);
  auto order_ok = std::make_shared<std::atomic<bool>>(true);
  auto ended = std::make_shared<std::atomic<bool>>(false);
  auto src = streams::spawn_source<int>(sys, [produced] { return test::count_produced(total, produced); });
  auto stage = streams::spawn_stage(sys, src, streams::buffer(), streams::flow_options{stage_credit});
  streams::spawn_sink(
    sys, stage,
    [=](int x) {
      auto n = consumed->load();
      if (x != n)
        order_ok->store(false);
      auto in_flight = produced->load() - n;
      auto seen = most_in_flight->load();
      while (in_flight > seen && !most_in_flight->compare_exchange_weak(seen, in_flight)) {}
      // A slow consumer: a bounded spin per item.
      auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(2);
      while (std::chrono::steady_clock::now() < until) {}
      consumed->store(n + 1);
    },
    [=](const error&) { ended->store(true); }, streams::flow_options{sink_credit});
  sys.await_all_actors_done();
  EXPECT_TRUE(ended->load());
  EXPECT_EQ(consumed->load(), total);
  EXPECT_TRUE(order_ok->load());
  EXPECT_LE(most_in_flight->load(), static_cast<long>(sink_credit + stage_credit));
  EXPECT_GT(most_in_flight->load(), 0);
}

} // namespace stream_test
