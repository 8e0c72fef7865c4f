// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Stream graphs (troupe/streams.hpp): operators fused into one stage, a
// broadcast and a balance feeding several consumers, a merge joining several
// inputs, a farm, and how their ends and failures travel; under the
// deterministic fixture, plus the bound on items in flight through a farm
// with real threads.
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
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace stream_graph_test {

using namespace troupe;
using troupe::test::_;

namespace {

using test::collected;
using test::count_forever;
using test::count_from;
using test::fail_after;

actor collect(actor_system& sys, stream<int> in, std::shared_ptr<collected> c, std::uint32_t credit = 16) {
  auto [next, done] = test::collect_into(std::move(c));
  return streams::spawn_sink(sys, std::move(in), next, done, streams::flow_options{credit});
}

std::vector<int> iota_vector(int first, int n) {
  std::vector<int> v(static_cast<std::size_t>(n));
  std::iota(v.begin(), v.end(), first);
  return v;
}

bool ended_normally(const collected& c) {
  return c.end.has_value() && !*c.end;
}

class stream_graphs : public test::deterministic_fixture {};

} // namespace

TEST_F(stream_graphs, fused_operators_run_in_one_stage) {
  auto parse_and_keep_odd = streams::map([](const std::string& s) { return std::stoi(s); })
                            | streams::filter([](int x) { return x % 2 == 1; })
                            | streams::map([](int x) { return x * 10; });
  static_assert(std::is_same_v<decltype(parse_and_keep_odd)::output<std::string>, int>);
  auto src = streams::spawn_source<std::string>(sys, []() -> generator<std::string> {
    for (int i = 0; i < 100; ++i)
      co_yield std::to_string(i);
  });
  auto fused = streams::spawn_stage(sys, src, parse_and_keep_odd);
  auto c = std::make_shared<collected>();
  collect(sys, fused, c);
  EXPECT_EQ(sys.running_actors(), 3u) << "a source, one stage and a sink";
  run();
  std::vector<int> want;
  for (int i = 1; i < 100; i += 2)
    want.push_back(i * 10);
  EXPECT_EQ(c->items, want);
  EXPECT_TRUE(ended_normally(*c));
  EXPECT_EQ(sys.running_actors(), 0u);
}

TEST_F(stream_graphs, a_broadcast_gives_every_consumer_every_item_in_order) {
  auto src = streams::spawn_source<int>(sys, [] { return count_from(0, 1000); });
  auto all = streams::spawn_broadcast(sys, src, 3, streams::flow_options{32});
  std::vector<std::shared_ptr<collected>> cs;
  for (std::uint32_t credit : {4u, 16u, 100u}) {
    cs.push_back(std::make_shared<collected>());
    collect(sys, all, cs.back(), credit);
  }
  run();
  for (auto& c : cs) {
    EXPECT_EQ(c->items, iota_vector(0, 1000));
    EXPECT_TRUE(ended_normally(*c));
  }
  EXPECT_EQ(sys.running_actors(), 0u);
}

TEST_F(stream_graphs, a_broadcast_waits_for_all_its_consumers_and_refuses_more) {
  auto src = streams::spawn_source<int>(sys, [] { return count_from(0, 50); });
  auto all = streams::spawn_broadcast(sys, src, 2);
  auto first = std::make_shared<collected>();
  collect(sys, all, first);
  run();
  EXPECT_TRUE(first->items.empty()) << "nothing flows before the second consumer is there";
  auto second = std::make_shared<collected>();
  collect(sys, all, second);
  auto third = std::make_shared<collected>();
  collect(sys, all, third);
  run();
  EXPECT_EQ(first->items, iota_vector(0, 50));
  EXPECT_EQ(second->items, iota_vector(0, 50));
  ASSERT_TRUE(third->end.has_value());
  EXPECT_EQ(*third->end, sec::invalid_argument);
  EXPECT_TRUE(third->items.empty());
}

TEST_F(stream_graphs, a_broadcast_goes_as_fast_as_its_slowest_consumer) {
  auto src = streams::spawn_source<int>(sys, [] { return count_forever(); });
  auto all = streams::spawn_broadcast(sys, src, 2, streams::flow_options{64});
  auto fast = std::make_shared<collected>();
  collect(sys, all, fast, 100);
  run();
  // The slow consumer: the test's own actor, which asks for 4 items and never more.
  self->send(all.producer(), streams::subscribe_atom::value, std::uint32_t{4});
  run();
  expect<atom_value, std::vector<int>>().from(all.producer()).to(self).with(_, std::vector<int>{0, 1, 2, 3});
  EXPECT_EQ(fast->items, iota_vector(0, 4)) << "the fast consumer waits for the slow one";
  // The slow consumer leaves: the fast one takes the rest alone.
  self->send(all.producer(), streams::cancel_atom::value);
  ASSERT_TRUE(run_until([&] { return fast->items.size() >= 1000; }));
  EXPECT_EQ(std::vector<int>(fast->items.begin(), fast->items.begin() + 1000), iota_vector(0, 1000));
  anon_send_exit(src.producer(), exit_reason::kill);
  run();
  EXPECT_EQ(sys.running_actors(), 0u);
}

TEST_F(stream_graphs, a_broadcast_ends_every_consumer_when_its_upstream_dies) {
  auto src = streams::spawn_source<int>(sys, [] { return count_forever(); });
  auto all = streams::spawn_broadcast(sys, src, 2, streams::flow_options{8});
  auto a = std::make_shared<collected>();
  auto b = std::make_shared<collected>();
  collect(sys, all, a, 4);
  collect(sys, all, b, 4);
  ASSERT_TRUE(run_until([&] { return a->items.size() >= 10; }));
  anon_send_exit(src.producer(), exit_reason::kill);
  run();
  for (auto& c : {a, b}) {
    ASSERT_TRUE(c->end.has_value());
    EXPECT_EQ(*c->end, exit_reason::kill);
  }
  EXPECT_EQ(sys.running_actors(), 0u);
}

TEST_F(stream_graphs, a_broadcast_cancels_upstream_when_every_consumer_is_gone) {
  auto src = streams::spawn_source<int>(sys, [] { return count_forever(); });
  auto all = streams::spawn_broadcast(sys, src, 2, streams::flow_options{8});
  auto a = std::make_shared<collected>();
  auto b = std::make_shared<collected>();
  auto sink_a = collect(sys, all, a, 4);
  auto sink_b = collect(sys, all, b, 4);
  self->monitor(src.producer());
  ASSERT_TRUE(run_until([&] { return b->items.size() >= 10; }));
  anon_send_exit(sink_a, exit_reason::kill);
  ASSERT_TRUE(run_until([&] { return b->items.size() >= 100; })) << "one consumer left: it goes on";
  anon_send_exit(sink_b, exit_reason::kill);
  run();
  expect<down_msg>().to(self);
  EXPECT_EQ(sys.running_actors(), 0u);
}

TEST_F(stream_graphs, a_balance_sends_each_item_to_one_consumer) {
  auto src = streams::spawn_source<int>(sys, [] { return count_from(0, 3000); });
  auto shared = streams::spawn_balance(sys, src, 3, streams::flow_options{32});
  std::vector<std::shared_ptr<collected>> cs;
  for (int i = 0; i < 3; ++i) {
    cs.push_back(std::make_shared<collected>());
    collect(sys, shared, cs.back(), 8);
  }
  run();
  std::vector<int> all;
  for (auto& c : cs) {
    EXPECT_TRUE(std::is_sorted(c->items.begin(), c->items.end())) << "each consumer sees its items in order";
    EXPECT_FALSE(c->items.empty()) << "every consumer takes a share";
    EXPECT_TRUE(ended_normally(*c));
    all.insert(all.end(), c->items.begin(), c->items.end());
  }
  std::sort(all.begin(), all.end());
  EXPECT_EQ(all, iota_vector(0, 3000)) << "every item once";
  EXPECT_EQ(sys.running_actors(), 0u);
}

TEST_F(stream_graphs, a_balance_gives_the_items_to_the_consumers_that_ask) {
  auto src = streams::spawn_source<int>(sys, [] { return count_from(0, 500); });
  auto shared = streams::spawn_balance(sys, src, 2, streams::flow_options{16});
  auto eager = std::make_shared<collected>();
  collect(sys, shared, eager, 32);
  // A consumer that asks for 2 items and never more.
  self->send(shared.producer(), streams::subscribe_atom::value, std::uint32_t{2});
  run();
  expect<atom_value, std::vector<int>>().from(shared.producer()).to(self);
  EXPECT_EQ(eager->items.size(), 498u) << "all but the 2 the other took";
  EXPECT_TRUE(ended_normally(*eager));
}

TEST_F(stream_graphs, a_merge_joins_every_input_and_ends_after_the_last) {
  std::vector<stream<int>> ins;
  for (int k = 0; k < 3; ++k)
    ins.push_back(streams::spawn_source<int>(
      sys, [k] { return count_from(k * 1000, 300 + 100 * k); }, streams::source_options{7}));
  auto merged = streams::spawn_merge(sys, ins, streams::flow_options{24});
  auto c = std::make_shared<collected>();
  collect(sys, merged, c, 8);
  run();
  EXPECT_TRUE(ended_normally(*c));
  for (int k = 0; k < 3; ++k) {
    std::vector<int> from_k;
    std::copy_if(c->items.begin(), c->items.end(), std::back_inserter(from_k), [k](int x) { return x / 1000 == k; });
    EXPECT_EQ(from_k, iota_vector(k * 1000, 300 + 100 * k)) << "input " << k << ": all, in its order";
  }
  EXPECT_EQ(c->items.size(), 1200u);
  EXPECT_EQ(sys.running_actors(), 0u);
}

TEST_F(stream_graphs, a_merge_of_no_inputs_ends_at_once) {
  auto merged = streams::spawn_merge(sys, std::vector<stream<int>>{});
  auto c = std::make_shared<collected>();
  collect(sys, merged, c);
  run();
  EXPECT_TRUE(ended_normally(*c));
  EXPECT_TRUE(c->items.empty());
}

TEST_F(stream_graphs, a_failing_input_ends_the_merge_with_its_error_and_cancels_the_others) {
  auto endless = streams::spawn_source<int>(sys, [] { return count_forever(); });
  auto failing = streams::spawn_source<int>(sys, [] { return fail_after(5); });
  auto merged = streams::spawn_merge(sys, std::vector<stream<int>>{endless, failing});
  auto c = std::make_shared<collected>();
  collect(sys, merged, c);
  self->monitor(endless.producer());
  run();
  ASSERT_TRUE(c->end.has_value());
  EXPECT_EQ(*c->end, exit_reason::unhandled_exception);
  expect<down_msg>().to(self);
  EXPECT_EQ(sys.running_actors(), 0u);
}

TEST_F(stream_graphs, a_consumer_that_dies_cancels_every_input_of_a_merge) {
  auto a = streams::spawn_source<int>(sys, [] { return count_forever(); });
  auto b = streams::spawn_source<int>(sys, [] { return count_forever(); });
  auto merged = streams::spawn_merge(sys, std::vector<stream<int>>{a, b});
  auto c = std::make_shared<collected>();
  auto sink = collect(sys, merged, c, 4);
  ASSERT_TRUE(run_until([&] { return c->items.size() >= 20; }));
  anon_send_exit(sink, exit_reason::kill);
  run();
  EXPECT_EQ(sys.running_actors(), 0u);
}

TEST_F(stream_graphs, a_farm_applies_its_operator_to_every_item_once) {
  auto src = streams::spawn_source<int>(sys, [] { return count_from(0, 2000); });
  auto tripled = streams::spawn_farm(sys, src, 4, streams::map([](int x) { return x * 3; }), streams::flow_options{16});
  auto c = std::make_shared<collected>();
  collect(sys, tripled, c);
  run();
  EXPECT_TRUE(ended_normally(*c));
  std::sort(c->items.begin(), c->items.end());
  std::vector<int> want = iota_vector(0, 2000);
  for (auto& x : want)
    x *= 3;
  EXPECT_EQ(c->items, want);
  EXPECT_EQ(sys.running_actors(), 0u);
}

TEST_F(stream_graphs, an_operator_that_throws_in_a_farm_ends_the_stream_with_its_error) {
  auto src = streams::spawn_source<int>(sys, [] { return count_forever(); });
  auto checked = streams::spawn_farm(sys, src, 3, streams::map([](int x) {
                                       if (x == 100)
                                         throw std::runtime_error{"bad item"};
                                       return x;
                                     }),
                                     streams::flow_options{8});
  auto c = std::make_shared<collected>();
  collect(sys, checked, c);
  run();
  ASSERT_TRUE(c->end.has_value());
  EXPECT_EQ(*c->end, exit_reason::unhandled_exception);
  EXPECT_EQ(sys.running_actors(), 0u) << "the source, the balance, the other stages and the merge end too";
}

// Real threads: a fast source, a farm of 3 stages and a slow sink. The items
// produced and not yet consumed never exceed the credits on the way.
TEST(stream_graph_threads, a_farm_bounds_the_items_in_flight) {
  actor_system_config cfg;
  cfg.set_scheduler(2, 300);
  actor_system sys{cfg};
  constexpr int total = 20000;
  constexpr std::uint32_t credit = 16;
  constexpr int workers = 3;
  auto produced = std::make_shared<std::atomic<long>>(0);
  auto consumed = std::make_shared<std::atomic<long>>(0);
  auto sum = std::make_shared<std::atomic<long>>(0);
  auto most_in_flight = std::make_shared<std::atomic<long>>(0);
  auto ended = std::make_shared<std::atomic<bool>>(false);
  auto src = streams::spawn_source<int>(sys, [produced] { return test::count_produced(total, produced); });
  auto farm =
    streams::spawn_farm(sys, src, workers, streams::map([](int x) { return x + 1; }), streams::flow_options{credit});
  streams::spawn_sink(
    sys, farm,
    [=](int x) {
      auto n = consumed->load();
      auto in_flight = produced->load() - n;
      auto seen = most_in_flight->load();
      while (in_flight > seen && !most_in_flight->compare_exchange_weak(seen, in_flight)) {}
      auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(2);
      while (std::chrono::steady_clock::now() < until) {}
      sum->fetch_add(x);
      consumed->store(n + 1);
    },
    [=](const error& e) { ended->store(!e); }, streams::flow_options{credit});
  sys.await_all_actors_done();
  EXPECT_TRUE(ended->load());
  EXPECT_EQ(consumed->load(), total);
  EXPECT_EQ(sum->load(), static_cast<long>(total) * (total + 1) / 2);
  // The sink's credit, the merge's, each stage's and the balance's.
  EXPECT_LE(most_in_flight->load(), static_cast<long>(credit * (3 + workers)));
  EXPECT_GT(most_in_flight->load(), 0);
}

} // namespace stream_graph_test
