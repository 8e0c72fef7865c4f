// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Nodes in separate processes over TCP on loopback: requests, order, the real
// exit reason of a remote actor, and the two ways a node can fail, killed
// (the socket reports it) and frozen (only the heartbeats notice).
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <string>

#include "node_session.hpp"
#include "test_service.hpp"
#include "troupe/net.hpp"

namespace multi_process_test {

using namespace troupe;
using namespace std::chrono_literals;
using troupe::test::await_down;
using troupe::test::client;
using troupe::test::session;
using troupe::test::start_node;

namespace {

TEST(multi_process, a_request_crosses_processes_and_comes_back) {
  session s;
  ASSERT_TRUE(s.svc) << to_string(s.connect_error);
  EXPECT_NE(s.svc.node(), s.sys.node());
  scoped_actor self{s.sys};
  int sum = 0;
  self->request(s.svc, 5s, atom("add"), 20, 22)
    .receive([&](int r) { sum = r; }, [](error& e) { FAIL() << to_string(e); });
  EXPECT_EQ(sum, 42);
  EXPECT_EQ(s.node.stop(), 0);
}

TEST(multi_process, numbered_messages_arrive_complete_and_in_order) {
  session s;
  ASSERT_TRUE(s.svc) << to_string(s.connect_error);
  constexpr std::int64_t n = 100'000;
  scoped_actor self{s.sys};
  for (std::int64_t i = 0; i < n; ++i)
    self->send(s.svc, atom("seq"), i);
  EXPECT_EQ(test::check_report(self, s.svc, n), "");
  EXPECT_EQ(s.node.stop(), 0);
}

TEST(multi_process, a_remote_monitor_carries_the_real_exit_reason) {
  session s;
  ASSERT_TRUE(s.svc) << to_string(s.connect_error);
  scoped_actor self{s.sys};
  self->monitor(s.svc);
  self->send(s.svc, atom("quit"));
  EXPECT_EQ(await_down(self), exit_reason::user_shutdown);
  // A request to the terminated actor is answered, not lost.
  error answer;
  self->request(s.svc, 5s, 1).receive([](int) {}, [&](error& e) { answer = e; });
  EXPECT_EQ(answer, sec::request_receiver_down);
  s.node.kill_now();
}

TEST(multi_process, a_killed_node_is_reported_as_unreachable) {
  session s; // with a 30 s timeout, only the closed socket can report it in time
  ASSERT_TRUE(s.svc) << to_string(s.connect_error);
  scoped_actor self{s.sys};
  self->monitor(s.svc);
  s.node.kill_now();
  EXPECT_EQ(await_down(self), exit_reason::remote_link_unreachable);
}

TEST(multi_process, a_node_monitor_reports_the_lost_node) {
  session s;
  ASSERT_TRUE(s.svc) << to_string(s.connect_error);
  scoped_actor self{s.sys};
  self->monitor(s.svc.node());
  s.node.kill_now();
  node_down_msg received;
  self->receive([&](node_down_msg& m) { received = m; }, after(10s) >> [] {});
  EXPECT_EQ(received.node, s.svc.node());
  EXPECT_EQ(received.reason, exit_reason::remote_link_unreachable);
}

TEST(multi_process, a_frozen_node_is_detected_by_heartbeats) {
  session s{"serve", "400ms"};
  ASSERT_TRUE(s.svc) << to_string(s.connect_error);
  scoped_actor self{s.sys};
  self->monitor(s.svc);
  s.node.freeze(); // TCP sees nothing: the process is alive but silent
  EXPECT_EQ(await_down(self), exit_reason::remote_link_unreachable);
  s.node.kill_now();
}

TEST(multi_process, a_restarted_node_is_reached_again_and_old_handles_stay_dead) {
  auto first = start_node("serve");
  auto port = first.port();
  client c;
  actor_system sys{c.cfg};
  auto old_svc = sys.middleman().remote_actor("127.0.0.1", port);
  ASSERT_TRUE(old_svc) << to_string(old_svc.error());
  scoped_actor self{sys};
  self->monitor(*old_svc);
  first.kill_now();
  EXPECT_EQ(await_down(self), exit_reason::remote_link_unreachable);
  auto second = start_node("serve", port);
  auto new_svc = sys.middleman().remote_actor("127.0.0.1", port);
  ASSERT_TRUE(new_svc) << to_string(new_svc.error());
  EXPECT_NE(new_svc->node(), old_svc->node());
  int echo = 0;
  self->request(*new_svc, 5s, 7).receive([&](int r) { echo = r; }, [](error& e) { FAIL() << to_string(e); });
  EXPECT_EQ(echo, 7);
  error old_answer;
  self->request(*old_svc, 5s, 7)
    .receive([](int) { FAIL() << "a dead handle answered"; }, [&](error& e) { old_answer = e; });
  EXPECT_EQ(old_answer, sec::request_receiver_down);
  EXPECT_EQ(second.stop(), 0);
}

TEST(multi_process, a_typed_remote_actor_is_checked_before_any_message) {
  auto node = start_node("typed");
  client c;
  actor_system sys{c.cfg};
  auto calc = sys.middleman().remote_actor<test::calculator>("127.0.0.1", node.port());
  ASSERT_TRUE(calc) << to_string(calc.error());
  auto add = sys.middleman().remote_actor<test::adder>("127.0.0.1", node.port()); // a subset fits
  ASSERT_TRUE(add) << to_string(add.error());
  auto mul = sys.middleman().remote_actor<test::multiplier>("127.0.0.1", node.port());
  ASSERT_FALSE(mul);
  EXPECT_EQ(mul.error(), sec::unexpected_actor_messaging_interface);
  scoped_actor self{sys};
  int diff = 0;
  self->request(*calc, 5s, atom_constant<atom("sub")>{}, 50, 8)
    .receive([&](int r) { diff = r; }, [](error& e) { FAIL() << to_string(e); });
  EXPECT_EQ(diff, 42);
  EXPECT_EQ(node.stop(), 0);
}

} // namespace

} // namespace multi_process_test
