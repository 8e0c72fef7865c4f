// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Composition: Farm and Pipeline contain any pattern, and the checks of the
// inner patterns' configuration reach spawn_pattern.
#include "pattern_test_actors.hpp"

#include "support/scoped_receive.hpp"

#include <algorithm>

namespace composition_test {

using namespace pattern_test;

namespace {

auto twice = [](auto range) {
  for (auto& x : range)
    x *= 2;
};

Cnt iota(std::size_t n) {
  Cnt xs(n);
  std::iota(xs.begin(), xs.end(), std::int64_t{0});
  return xs;
}

} // namespace

// A farm of maps, then a farm of two-stage pipelines: a container of n
// elements becomes 2 * (0 + ... + n-1) + 1.
TEST(patterns_composition, pipeline_of_a_farm_of_maps_and_a_farm_of_pipelines) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto map = Map<Cnt>(twice).replicas(2);
  auto composed = Pipeline(Farm(map).replicas(2), Farm(Pipeline(Seq<summer>{}, Seq<incrementer>{})).replicas(2));
  auto p = spawn_ok(sys, composed);
  constexpr std::size_t n = 60;
  for (std::size_t i = 0; i < n; ++i)
    self->send(p, iota(i));
  std::vector<std::int64_t> out;
  for (std::size_t i = 0; i < n; ++i)
    out.push_back(test_support::receive_one<std::int64_t>(self));
  std::sort(out.begin(), out.end());
  for (std::size_t i = 0; i < n; ++i) {
    auto k = static_cast<std::int64_t>(i);
    ASSERT_EQ(out[i], k * (k - 1) + 1) << "input of size " << i;
  }
}

TEST(patterns_composition, ordered_farms_keep_the_order_through_a_pipeline) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto composed = Pipeline(Farm(Seq<uneven_worker>{}).replicas(3).ordered(),
                           Farm(Pipeline(Seq<incrementer>{}, Seq<uneven_worker>{})).replicas(2).ordered());
  auto p = spawn_ok(sys, composed);
  for (std::int64_t i = 0; i < 100; ++i)
    self->send(p, i);
  for (std::int64_t i = 0; i < 100; ++i)
    ASSERT_EQ(test_support::receive_one<std::int64_t>(self), i + 1);
}

TEST(patterns_composition, a_farm_of_farms) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto inner = Farm(Seq<multiplier>{}).replicas(2);
  auto p = spawn_ok(sys, Farm<decltype(inner)>(inner).replicas(2).ordered());
  EXPECT_EQ(ask<std::int64_t>(self, p, std::int64_t{8}), 16);
}

TEST(patterns_composition, a_farm_of_div_conq_and_a_map_stage) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  using Rng = DivConq<Cnt>::range;
  auto reverse = DivConq<Cnt>(
    [](Rng& r) -> std::vector<Rng> {
      return {r.first(r.size() / 2), r.subspan(r.size() / 2)};
    },
    [](std::vector<Rng>& parts) -> Rng {
      Rng all{parts.front().data(), parts.front().size() + parts.back().size()};
      std::rotate(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(parts.front().size()), all.end());
      return all;
    },
    [](Rng&) {}, [](const Rng& r) { return r.size() <= 1; });
  auto p = spawn_ok(sys, Pipeline(Farm(reverse).replicas(2).ordered(), Map<Cnt>(twice).replicas(2)));
  EXPECT_EQ(ask<Cnt>(self, p, Cnt{1, 2, 3, 4, 5}), (Cnt{10, 8, 6, 4, 2}));
}

TEST(patterns_composition, a_bad_inner_configuration_is_an_error_from_spawn_pattern) {
  actor_system sys{two_workers()};
  auto bad_map = Map<Cnt>(twice).replicas(0);
  auto p = spawn_pattern(sys, Pipeline(Seq<summer>{}, Farm(Pipeline(Seq<incrementer>{}, bad_map)).replicas(2)));
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error(), sec::invalid_argument);
  auto q = spawn_pattern(sys, Farm(Map<Cnt>(twice).scheduler(PartitionSched::dynamic_{0})));
  ASSERT_FALSE(q);
  EXPECT_EQ(q.error(), sec::invalid_argument);
  EXPECT_EQ(sys.running_actors(), 0u);
}

} // namespace composition_test
