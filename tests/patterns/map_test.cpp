// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Map: every element is handed to the function exactly once, under both
// schedulers and both runtimes, in place, and the container comes back.
#include "pattern_test_actors.hpp"

#include "support/scoped_receive.hpp"

#include <string>
#include <tuple>

namespace map_test {

using namespace pattern_test;

namespace {

// x -> 2x + 1: applied twice or never, an element shows it.
auto mark = [](auto range) {
  for (auto& x : range)
    x = 2 * x + 1;
};

// Each element gets the length of the range it was handed in.
auto write_range_size = [](auto range) {
  for (auto& x : range)
    x = static_cast<std::int64_t>(range.size());
};

Cnt iota(std::size_t n) {
  Cnt xs(n);
  std::iota(xs.begin(), xs.end(), std::int64_t{0});
  return xs;
}

// (chunk: 0 for static partitioning, runtime, replicas)
using map_setup = std::tuple<std::size_t, Runtime, std::size_t>;

Map<Cnt> make_map(const map_setup& setup) {
  auto [chunk, runtime, replicas] = setup;
  auto m = Map<Cnt>(mark).replicas(replicas).runtime(runtime);
  if (chunk == 0)
    m.scheduler(PartitionSched::static_());
  else
    m.scheduler(PartitionSched::dynamic_{chunk});
  return m;
}

class patterns_map_coverage : public ::testing::TestWithParam<map_setup> {};

} // namespace

TEST_P(patterns_map_coverage, every_element_is_handled_exactly_once) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, make_map(GetParam()));
  for (std::size_t n : {0u, 1u, 2u, 3u, 7u, 64u, 1000u, 4099u}) {
    auto out = ask<Cnt>(self, p, iota(n));
    ASSERT_TRUE(out) << "size " << n;
    ASSERT_EQ(out->size(), n);
    for (std::size_t i = 0; i < n; ++i)
      ASSERT_EQ((*out)[i], 2 * static_cast<std::int64_t>(i) + 1) << "size " << n << ", element " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(schedulers_and_runtimes, patterns_map_coverage,
                         ::testing::Combine(::testing::Values(std::size_t{0}, std::size_t{1}, std::size_t{7},
                                                              std::size_t{100000}),
                                            ::testing::Values(Runtime::actors, Runtime::threads),
                                            ::testing::Values(std::size_t{1}, std::size_t{3}, std::size_t{8})));

TEST(patterns_map, works_in_place_without_copying_the_container) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Map<Cnt>(mark).replicas(3));
  auto input = iota(10000);
  const auto* where = input.data();
  bool same_memory = false;
  self->request(p, std::chrono::seconds(30), std::move(input))
    .receive([&](Cnt& out) { same_memory = out.data() == where && out[9999] == 2 * 9999 + 1; },
             [](error& e) { ADD_FAILURE() << to_string(e); });
  EXPECT_TRUE(same_memory);
}

TEST(patterns_map, a_stream_of_plain_messages_comes_back_in_input_order) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Map<Cnt>(mark).replicas(2).scheduler(PartitionSched::dynamic_{3}));
  for (std::size_t n = 0; n < 40; ++n)
    self->send(p, iota(n * 13));
  for (std::size_t n = 0; n < 40; ++n) {
    auto out = test_support::receive_one<Cnt>(self);
    ASSERT_EQ(out.size(), n * 13);
    if (!out.empty()) {
      EXPECT_EQ(out.back(), 2 * static_cast<std::int64_t>(out.size() - 1) + 1);
    }
  }
}

TEST(patterns_map, static_partitions_are_contiguous_and_balanced) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  // Each call writes the size of its range into the range: static partitions of
  // 10 elements among 3 workers are 4, 3 and 3 long.
  auto p = spawn_ok(sys, Map<Cnt>(write_range_size).replicas(3));
  auto out = ask<Cnt>(self, p, Cnt(10, 0));
  ASSERT_TRUE(out);
  EXPECT_EQ(*out, (Cnt{4, 4, 4, 4, 3, 3, 3, 3, 3, 3}));
}

TEST(patterns_map, dynamic_chunks_have_the_chunk_size) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Map<Cnt>(write_range_size).replicas(2).scheduler(PartitionSched::dynamic_{4}));
  auto out = ask<Cnt>(self, p, Cnt(10, 0));
  ASSERT_TRUE(out);
  EXPECT_EQ(*out, (Cnt{4, 4, 4, 4, 4, 4, 4, 4, 2, 2}));
}

TEST(patterns_map, works_on_other_contiguous_containers) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Map<std::string>([](auto range) {
                           for (auto& c : range)
                             c = static_cast<char>(c - 'a' + 'A');
                         }).replicas(2));
  EXPECT_EQ(ask<std::string>(self, p, std::string{"hello"}), std::string{"HELLO"});
}

TEST(patterns_map, replicas_zero_is_an_error_from_spawn_pattern) {
  actor_system sys{two_workers()};
  auto p = spawn_pattern(sys, Map<Cnt>(mark).replicas(0));
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error(), sec::invalid_argument);
}

TEST(patterns_map, a_zero_chunk_is_an_error_from_spawn_pattern) {
  actor_system sys{two_workers()};
  auto p = spawn_pattern(sys, Map<Cnt>(mark).scheduler(PartitionSched::dynamic_{0}));
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error(), sec::invalid_argument);
  EXPECT_EQ(sys.running_actors(), 0u);
}

} // namespace map_test
