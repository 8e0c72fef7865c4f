// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// DivConq: divide until cond holds, solve the parts sequentially, merge; in
// place on the container, which comes back.
#include "pattern_test_actors.hpp"

#include <algorithm>
#include <random>

namespace div_conq_test {

using namespace pattern_test;

namespace {

using Rng = DivConq<Cnt>::range;

// Quicksort: divide around a pivot into the two sides (the pivot in place
// between them), merge to the whole range.
DivConq<Cnt> quicksort(std::size_t cutoff) {
  auto divide = [](Rng& r) -> std::vector<Rng> {
    auto pivot = r[r.size() / 2];
    auto mid = std::partition(r.begin(), r.end(), [pivot](std::int64_t x) { return x < pivot; });
    auto pivot_pos = std::partition(mid, r.end(), [pivot](std::int64_t x) { return x == pivot; });
    return {Rng{r.begin(), mid}, Rng{pivot_pos, r.end()}};
  };
  auto merge = [](std::vector<Rng>& parts) -> Rng {
    return Rng{parts.front().data(),
               static_cast<std::size_t>(parts.back().data() + parts.back().size() - parts.front().data())};
  };
  auto seq = [](Rng& r) { std::sort(r.begin(), r.end()); };
  auto cond = [cutoff](const Rng& r) { return r.size() <= cutoff; };
  return DivConq<Cnt>(divide, merge, seq, cond);
}

Cnt random_input(std::size_t n, unsigned seed) {
  std::mt19937_64 gen{seed};
  std::uniform_int_distribution<std::int64_t> dist{-1000, 1000};
  Cnt xs(n);
  for (auto& x : xs)
    x = dist(gen);
  return xs;
}

// Halves until one element is left; seq adds one. Merge returns the whole.
auto halves = [](Rng& r) -> std::vector<Rng> { return {r.first(r.size() / 2), r.subspan(r.size() / 2)}; };
auto whole = [](std::vector<Rng>& parts) -> Rng {
  return Rng{parts.front().data(), parts.front().size() + parts.back().size()};
};
auto add_one = [](Rng& r) {
  for (auto& x : r)
    ++x;
};
auto at_most_one = [](const Rng& r) { return r.size() <= 1; };

} // namespace

TEST(patterns_div_conq, quicksort_sorts) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, quicksort(64));
  for (std::size_t n : {0u, 1u, 2u, 65u, 5000u}) {
    auto input = random_input(n, static_cast<unsigned>(n));
    auto expected = input;
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(ask<Cnt>(self, p, input), expected) << "size " << n;
  }
}

TEST(patterns_div_conq, every_element_is_solved_exactly_once) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, DivConq<Cnt>(halves, whole, add_one, at_most_one));
  auto out = ask<Cnt>(self, p, Cnt(300, 7));
  ASSERT_TRUE(out);
  EXPECT_EQ(*out, Cnt(300, 8));
}

TEST(patterns_div_conq, works_in_place_without_copying_the_container) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, quicksort(16));
  auto input = random_input(2000, 1);
  const auto* where = input.data();
  bool same_memory = false;
  self->request(p, std::chrono::seconds(30), std::move(input))
    .receive([&](Cnt& out) { same_memory = out.data() == where && std::is_sorted(out.begin(), out.end()); },
             [](error& e) { ADD_FAILURE() << to_string(e); });
  EXPECT_TRUE(same_memory);
}

TEST(patterns_div_conq, a_stream_of_inputs_comes_back_in_input_order) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, quicksort(8));
  for (unsigned i = 0; i < 20; ++i)
    self->send(p, random_input(100 + i, i));
  for (unsigned i = 0; i < 20; ++i) {
    Cnt out;
    self->receive([&](Cnt& x) { out = std::move(x); },
                  after(std::chrono::seconds(30)) >> [] { ADD_FAILURE() << "timed out"; });
    EXPECT_EQ(out.size(), 100 + i);
    EXPECT_TRUE(std::is_sorted(out.begin(), out.end()));
  }
}

TEST(patterns_div_conq, a_range_outside_the_input_fails_the_pattern) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  static std::int64_t elsewhere[4] = {};
  auto bad_divide = [](Rng&) -> std::vector<Rng> { return {Rng{elsewhere, 4}}; };
  auto p = spawn_ok(sys, DivConq<Cnt>(bad_divide, whole, add_one, at_most_one));
  self->monitor(p);
  error err;
  EXPECT_FALSE(ask_or_error<Cnt>(self, p, &err, Cnt(10, 0)));
  EXPECT_EQ(err, exit_reason::unhandled_exception);
  EXPECT_NE(to_string(err).find("outside its input"), std::string::npos) << to_string(err);
  EXPECT_EQ(down_reason(self, p), exit_reason::unhandled_exception);
}

} // namespace div_conq_test
