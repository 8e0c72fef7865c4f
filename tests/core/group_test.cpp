// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Groups: one group per name, one copy of a message per member, joining and
// leaving, and members that terminate leaving by themselves.
#include "troupe/group_manager.hpp"
#include "troupe/local_group.hpp"
#include "troupe/test.hpp"
#include "troupe/troupe.hpp"

#include "support/eventually.hpp"
#include "support/scoped_receive.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace group_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

class group_deterministic : public test::deterministic_fixture {};

std::size_t members_of(const group& g) {
  return static_cast<local_group*>(g.get())->member_count();
}

// Joins `g` at start; then counts the ints it gets and where their element lives.
struct listener_state {
  std::vector<int> received;
  std::vector<const void*> element_addresses;
};

behavior listener(event_based_actor* self, group g, std::shared_ptr<listener_state> st) {
  self->join(g);
  return {[=](int x) {
    st->received.push_back(x);
    st->element_addresses.push_back(&self->current_message().get_as<int>(0));
  }};
}

} // namespace

TEST_F(group_deterministic, a_name_gives_the_same_group) {
  auto a = sys.groups().get_local("chat");
  auto b = sys.groups().get_local("chat");
  auto c = sys.groups().get_local("news");
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.get(), b.get());
  EXPECT_NE(a, c);
  EXPECT_EQ(to_string(a), "local:chat");
  EXPECT_EQ(to_string(group{}), "<invalid group>");
  auto via_module = sys.groups().get("local", "chat");
  ASSERT_TRUE(via_module);
  EXPECT_EQ(*via_module, a);
  EXPECT_TRUE(group{} < a);
}

TEST_F(group_deterministic, an_unknown_module_is_an_error) {
  auto g = sys.groups().get("carrier-pigeon", "chat");
  ASSERT_FALSE(g);
  EXPECT_EQ(g.error(), sec::invalid_argument);
}

TEST_F(group_deterministic, every_member_gets_one_shared_copy) {
  auto g = sys.groups().get_local("chat");
  std::vector<std::shared_ptr<listener_state>> states;
  std::vector<actor> members;
  for (int i = 0; i < 3; ++i) {
    states.push_back(std::make_shared<listener_state>());
    members.push_back(sys.spawn(listener, g, states.back()));
  }
  run();
  EXPECT_EQ(members_of(g), 3u);
  self->send(g, 42);
  for (auto& m : members)
    expect<int>().from(self).to(m).with(42);
  for (auto& st : states)
    EXPECT_EQ(st->received, std::vector<int>{42});
  // Copy on write: the members read the very same element.
  EXPECT_EQ(states[0]->element_addresses[0], states[1]->element_addresses[0]);
  EXPECT_EQ(states[1]->element_addresses[0], states[2]->element_addresses[0]);
}

TEST_F(group_deterministic, joining_twice_still_gives_one_copy) {
  auto g = sys.groups().get_local("chat");
  auto st = std::make_shared<listener_state>();
  auto m = sys.spawn(listener, g, st);
  run();
  EXPECT_FALSE(g->subscribe(m.address())); // a second join of the same member
  EXPECT_EQ(members_of(g), 1u);
  anon_send(g, 7);
  run();
  EXPECT_EQ(st->received, std::vector<int>{7});
}

TEST_F(group_deterministic, a_member_that_leaves_gets_nothing_more) {
  auto g = sys.groups().get_local("chat");
  auto st = std::make_shared<listener_state>();
  auto m = sys.spawn([g, st](event_based_actor* self) -> behavior {
    self->join(g);
    return {[=](int x) {
      st->received.push_back(x);
      self->leave(g); // after the first message
    }};
  });
  run();
  self->send(g, 1);
  run();
  EXPECT_EQ(members_of(g), 0u);
  self->send(g, 2);
  run();
  EXPECT_EQ(st->received, std::vector<int>{1});
}

TEST_F(group_deterministic, a_terminated_member_leaves) {
  auto g = sys.groups().get_local("chat");
  auto st = std::make_shared<listener_state>();
  auto m = sys.spawn(listener, g, st);
  run();
  ASSERT_EQ(members_of(g), 1u);
  self->send_exit(m, exit_reason::user_shutdown);
  run();
  EXPECT_EQ(members_of(g), 0u);
}

TEST_F(group_deterministic, a_group_does_not_keep_its_members_alive) {
  auto g = sys.groups().get_local("chat");
  auto st = std::make_shared<listener_state>();
  {
    auto m = sys.spawn(listener, g, st);
    run();
    ASSERT_EQ(members_of(g), 1u);
  } // the last handle: the member ends as unreachable, and leaves
  run();
  EXPECT_EQ(members_of(g), 0u);
}

TEST_F(group_deterministic, anonymous_sends_have_no_sender) {
  auto g = sys.groups().get_local("chat");
  auto st = std::make_shared<listener_state>();
  auto m = sys.spawn(listener, g, st);
  run();
  anon_send(g, 5);
  expect<int>().from(nullptr).to(m).with(5);
}

TEST_F(group_deterministic, sends_to_an_empty_handle_do_nothing) {
  group none;
  self->send(none, 1);
  anon_send(none, 1);
  EXPECT_EQ(run(), 0u);
}

// On real threads: members joining and leaving while another thread sends
// must neither lose a message for a steady member nor race (TSan).
TEST(group, concurrent_sends_and_membership_changes) {
  actor_system sys{test_support::small_config(2)};
  auto g = sys.groups().get_local("busy");
  constexpr int n = 2000;
  std::atomic<int> steady_count{0};
  std::atomic<int> last_seen{-1};
  std::atomic<bool> in_order{true};
  auto steady = sys.spawn([&, g](event_based_actor* self) -> behavior {
    self->join(g);
    return {[&](int x) {
      if (x != last_seen.load() + 1)
        in_order = false;
      last_seen = x;
      ++steady_count;
    }};
  });
  ASSERT_TRUE(test_support::eventually([&] { return members_of(g) == 1; }));
  auto flicker = sys.spawn([](event_based_actor*) -> behavior { return {[](int) {}}; });
  std::thread churn{[&] {
    for (int i = 0; i < 500; ++i) {
      g->subscribe(flicker.address());
      g->unsubscribe(flicker.address());
    }
  }};
  scoped_actor self{sys};
  for (int i = 0; i < n; ++i)
    self->send(g, i);
  churn.join();
  EXPECT_TRUE(test_support::eventually([&] { return steady_count.load() == n; }));
  EXPECT_TRUE(in_order.load());
  EXPECT_EQ(members_of(g), 1u);
  self->send_exit(steady, exit_reason::user_shutdown);
  self->send_exit(flicker, exit_reason::user_shutdown);
  EXPECT_TRUE(test_support::eventually([&] { return members_of(g) == 0; }));
}

} // namespace group_test
