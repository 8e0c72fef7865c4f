// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// behavior::assign: replacing the cases of a behavior object.
#include "troupe/troupe.hpp"

#include "support/scoped_receive.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <optional>
#include <string>

namespace behavior_assign_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

using swap_atom = atom_constant<atom("swap")>;

// The reply of `b` to `msg`, if one of its cases matched with an int reply.
std::optional<int> int_reply(behavior& b, message msg) {
  detail::invoke_result res;
  if (!b.invoke(msg, res) || res.kind != detail::invoke_result::reply || !res.value.match_elements<int>())
    return std::nullopt;
  return res.value.get_as<int>(0);
}

struct swapper_state {
  behavior current;
};

} // namespace

TEST(behavior_assign, replaces_the_cases) {
  behavior b;
  EXPECT_FALSE(b);
  b.assign([](int x) { return x + 1; });
  EXPECT_EQ(int_reply(b, make_message(1)), 2);
  EXPECT_FALSE(b.has_timeout());
  b.assign([](const std::string& s) { return static_cast<int>(s.size()); }, after(1s) >> [] {});
  EXPECT_EQ(int_reply(b, make_message(1)), std::nullopt); // the int case is gone
  EXPECT_EQ(int_reply(b, make_message("abc")), 3);
  EXPECT_TRUE(b.has_timeout());
  b.assign();
  EXPECT_FALSE(b);
}

TEST(behavior_assign, copies_keep_their_cases) {
  behavior b{[](int x) { return x * 2; }};
  behavior copy = b;
  b.assign([](int x) { return x * 3; });
  EXPECT_EQ(int_reply(copy, make_message(5)), 10);
  EXPECT_EQ(int_reply(b, make_message(5)), 15);
}

TEST(behavior_assign, assign_the_running_behavior_then_become_it) {
  actor_system sys{test_support::small_config()};
  auto a = sys.spawn([](stateful_actor<swapper_state>* self) -> behavior {
    self->state.current.assign([](int x) { return x; },
                               [=](swap_atom) {
                                 // Replaces the cases of the behavior that is running this handler.
                                 self->state.current.assign([](int x) { return x * 100; });
                                 self->become(self->state.current);
                               });
    return self->state.current;
  });
  scoped_actor self{sys};
  auto ask = [&](int x) {
    int got = 0;
    self->request(a, 5s, x).receive([&](int r) { got = r; }, [&](const error&) { got = -1; });
    return got;
  };
  EXPECT_EQ(ask(2), 2);
  self->send(a, swap_atom{});
  EXPECT_EQ(ask(2), 200);
}

} // namespace behavior_assign_test
