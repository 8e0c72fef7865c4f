// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Nodes in separate processes under injected faults: a delaying, jittering
// proxy and a partition through it; and, where the test may make network
// namespaces (root), a node in its own namespace behind a veth link that
// loses 1 % of its packets or goes down and comes back.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "fault_proxy.hpp"
#include "netns_link.hpp"
#include "node_session.hpp"
#include "test_service.hpp"
#include "troupe/net.hpp"

namespace fault_test {

using namespace troupe;
using namespace std::chrono_literals;
using troupe::test::await_down;
using troupe::test::client;
using troupe::test::fault_proxy;
using troupe::test::netns_link;
using troupe::test::node_process;
using troupe::test::start_node;
using troupe::test::start_node_in;

namespace {

#ifndef TROUPE_FAULT_MESSAGES
#  define TROUPE_FAULT_MESSAGES 1000000
#endif

// Sends n numbered messages; "" when they all arrived, in order.
std::string numbered_messages(actor_system& sys, const actor& svc, std::int64_t n) {
  scoped_actor self{sys};
  for (std::int64_t i = 0; i < n; ++i)
    self->send(svc, atom("seq"), i);
  return test::check_report(self, svc, n);
}

int echo(actor_system& sys, const actor& svc) {
  scoped_actor self{sys};
  int r = -1;
  self->request(svc, 10s, 7).receive([&](int x) { r = x; }, [](error&) {});
  return r;
}

} // namespace

TEST(faults, numbered_messages_arrive_complete_and_in_order_through_a_delaying_proxy) {
  auto node = start_node("serve");
  fault_proxy proxy{node.port(), 2ms, 3ms};
  client c;
  actor_system sys{c.cfg};
  auto svc = sys.middleman().remote_actor("127.0.0.1", proxy.port());
  ASSERT_TRUE(svc) << to_string(svc.error());
  EXPECT_EQ(numbered_messages(sys, *svc, TROUPE_FAULT_MESSAGES), "");
  EXPECT_EQ(node.stop(), 0);
}

TEST(faults, a_partition_is_detected_by_heartbeats_and_a_new_connection_works_once_it_heals) {
  auto node = start_node("serve");
  fault_proxy proxy{node.port(), 0us, 0us};
  client c{"50ms", "500ms"};
  actor_system sys{c.cfg};
  auto svc = sys.middleman().remote_actor("127.0.0.1", proxy.port());
  ASSERT_TRUE(svc) << to_string(svc.error());
  scoped_actor self{sys};
  self->monitor(*svc);
  proxy.partition(); // both processes run on; nothing crosses
  EXPECT_EQ(await_down(self), exit_reason::remote_link_unreachable);
  proxy.cut(); // the half-dead connection ends; the node is unharmed
  auto again = sys.middleman().remote_actor("127.0.0.1", proxy.port());
  ASSERT_TRUE(again) << to_string(again.error());
  EXPECT_EQ(echo(sys, *again), 7);
  EXPECT_EQ(node.stop(), 0);
}

TEST(faults, a_node_in_another_namespace_gets_every_message_in_order_under_one_percent_loss) {
  if (!netns_link::available() || !netns_link::has_nft())
    GTEST_SKIP() << "needs root, network namespaces and nftables";
  netns_link ns;
  auto node = start_node_in(ns);
  client c;
  actor_system sys{c.cfg};
  auto svc = sys.middleman().remote_actor(ns.inner_address(), node.port());
  ASSERT_TRUE(svc) << to_string(svc.error());
  ns.drop_percent(1);
  // A tenth of the proxy test's count: each lost packet that fast retransmit
  // cannot repair costs a retransmission timeout, and a loaded machine makes
  // those pile up.
  EXPECT_EQ(numbered_messages(sys, *svc, TROUPE_FAULT_MESSAGES / 10), "");
  EXPECT_EQ(node.stop(), 0);
}

TEST(faults, a_node_behind_a_link_that_goes_down_is_detected_and_reached_again_after_it_heals) {
  if (!netns_link::available())
    GTEST_SKIP() << "needs root and network namespaces";
  netns_link ns;
  auto node = start_node_in(ns);
  client c{"50ms", "500ms"};
  actor_system sys{c.cfg};
  auto svc = sys.middleman().remote_actor(ns.inner_address(), node.port());
  ASSERT_TRUE(svc) << to_string(svc.error());
  scoped_actor self{sys};
  self->monitor(*svc);
  ns.set_link(false);
  auto down_at = std::chrono::steady_clock::now();
  EXPECT_EQ(await_down(self), exit_reason::remote_link_unreachable);
  // Detected within the timeout and a few heartbeats (generous for CI).
  EXPECT_LT(std::chrono::steady_clock::now() - down_at, 5s);
  ns.set_link(true);
  auto again = sys.middleman().remote_actor(ns.inner_address(), node.port());
  ASSERT_TRUE(again) << to_string(again.error());
  EXPECT_EQ(echo(sys, *again), 7);
  EXPECT_EQ(node.stop(), 0);
}

} // namespace fault_test
