// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// function_view: synchronous calls to actors from non-actor code.
#include "troupe/troupe.hpp"

#include "support/scoped_receive.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>
#include <tuple>
#include <type_traits>

namespace function_view_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

using plus_atom = atom_constant<atom("plus")>;
using stall_atom = atom_constant<atom("stall")>;

behavior calculator(event_based_actor*) {
  return {
    [](plus_atom, int x, int y) { return x + y; },
    [](int x, int y) -> result<int> {
      if (y == 0)
        return sec::invalid_argument;
      return x / y;
    },
  };
}

struct sum_request {
  int a;
  int b;
};
struct split_request {
  int x;
};
struct note_request {
  std::string text;
};

using calc =
  typed_actor<replies_to<sum_request>::with<int>, replies_to<split_request>::with<int, int>, reacts_to<note_request>>;

calc::behavior_type typed_calculator(calc::pointer) {
  return {
    [](const sum_request& r) { return r.a + r.b; },
    [](const split_request& r) {
      return std::tuple{r.x / 2, r.x - r.x / 2};
    },
    [](const note_request&) {},
  };
}

// Answers plus requests, but a stall request only after `delay`.
behavior slow_calculator(event_based_actor* self, std::chrono::milliseconds delay) {
  return {
    [](plus_atom, int x, int y) { return x + y; },
    [=](stall_atom, int x) {
      auto rp = self->make_response_promise();
      self->delayed_send(actor{self}, delay, x, rp);
      return rp;
    },
    [](int x, response_promise& rp) { rp.deliver(x); },
  };
}

} // namespace

TEST(function_view, dynamic_actor_gives_the_message) {
  actor_system sys{test_support::small_config()};
  auto f = make_function_view(sys.spawn(calculator));
  expected<message> r = f(plus_atom{}, 1, 2);
  ASSERT_TRUE(r);
  ASSERT_TRUE(r->match_elements<int>());
  EXPECT_EQ(r->get_as<int>(0), 3);
  // The same view serves further calls.
  auto again = f(plus_atom{}, 20, 22);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->get_as<int>(0), 42);
}

TEST(function_view, error_answer_comes_back_as_the_error) {
  actor_system sys{test_support::small_config()};
  auto f = make_function_view(sys.spawn(calculator));
  auto r = f(1, 0);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), sec::invalid_argument);
}

TEST(function_view, typed_result_types_follow_the_interface) {
  actor_system sys{test_support::small_config()};
  auto f = make_function_view(sys.spawn(typed_calculator));
  static_assert(std::is_same_v<decltype(f(sum_request{})), expected<int>>);
  static_assert(std::is_same_v<decltype(f(split_request{})), expected<std::tuple<int, int>>>);
  static_assert(std::is_same_v<decltype(f(note_request{})), expected<void>>);
  expected<int> sum = f(sum_request{1, 2});
  ASSERT_TRUE(sum);
  EXPECT_EQ(*sum, 3);
  auto halves = f(split_request{7});
  ASSERT_TRUE(halves);
  EXPECT_EQ(*halves, std::tuple(3, 4));
  expected<void> noted = f(note_request{"hello"});
  EXPECT_TRUE(noted);
}

TEST(function_view, dead_receiver) {
  actor_system sys{test_support::small_config()};
  auto a = sys.spawn(typed_calculator);
  auto f = make_function_view(a);
  {
    scoped_actor self{sys};
    self->monitor(actor{a});
    self->send_exit(actor{a}, exit_reason::kill);
    self->receive([](const down_msg&) {});
  }
  auto r = f(sum_request{1, 2});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), sec::request_receiver_down);
}

TEST(function_view, timeout_and_no_stale_answer_afterwards) {
  actor_system sys{test_support::small_config()};
  auto f = make_function_view(sys.spawn(slow_calculator, 100ms), 20ms);
  auto late = f(stall_atom{}, 1);
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error(), sec::request_timeout);
  // The late answer (1) arrives meanwhile; the next call must not take it.
  std::this_thread::sleep_for(150ms);
  auto r = f(plus_atom{}, 2, 3);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->get_as<int>(0), 5);
}

TEST(function_view, default_timeout_is_infinite) {
  actor_system sys{test_support::small_config()};
  auto f = make_function_view(sys.spawn(slow_calculator, 50ms));
  auto r = f(stall_atom{}, 8);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->get_as<int>(0), 8);
}

TEST(function_view, response_of_other_types_is_unexpected) {
  actor_system sys{test_support::small_config()};
  // A dynamic actor presented as typed, without a check: it answers a string.
  auto liar = sys.spawn([]() -> behavior { return {[](const sum_request&) { return std::string{"three"}; }}; });
  auto f = make_function_view(actor_cast<calc>(liar));
  auto r = f(sum_request{1, 2});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), sec::unexpected_response);
}

TEST(function_view, empty_view) {
  function_view<calc> f;
  EXPECT_FALSE(f);
  auto r = f(sum_request{1, 2});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), sec::bad_function_call);
}

} // namespace function_view_test
