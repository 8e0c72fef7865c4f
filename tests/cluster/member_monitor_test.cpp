// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// self->monitor(member) with the membership protocol: the monitor hears the
// protocol's verdict on the member, not its connection's. A member stopped
// with SIGSTOP, whose connection stays open, is reported down by the
// protocol; one that stops in order is reported as having left; a node that
// is no member still goes to the network layer's monitors.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "node_process.hpp"
#include "support/loopback.hpp"
#include "troupe/cluster.hpp"
#include "troupe/net.hpp"

namespace member_monitor_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

std::vector<std::string> options(const std::string& members, std::uint16_t port) {
  return {"--cluster.discovery=static", "--cluster.static.members=" + members,
          "--cluster.endpoint=127.0.0.1:" + std::to_string(port), "--cluster.probe-interval=50ms",
          "--cluster.suspicion-timeout=500ms"};
}

std::unique_ptr<actor_system> start_member(const std::string& members, std::uint16_t port) {
  actor_system_config cfg;
  cfg.load<net::middleman>().load<cluster::module>();
  EXPECT_FALSE(cfg.parse(options(members, port)));
  return std::make_unique<actor_system>(cfg);
}

} // namespace

TEST(member_monitor, a_stopped_member_is_reported_down_by_the_protocol_while_its_connection_stays) {
  auto ports = test_support::free_ports(2);
  auto members = "127.0.0.1:" + std::to_string(ports[0]) + ",127.0.0.1:" + std::to_string(ports[1]);
  std::vector<std::string> args{TROUPE_CLUSTER_MEMBER};
  for (auto& o : options(members, ports[1]))
    args.push_back(o);
  test::node_process other{args};
  auto first = start_member(members, ports[0]);
  auto& c = first->cluster();
  scoped_actor self{*first};
  auto echo = c.lookup(1, "echo");
  for (int tries = 0; !echo && tries < 250; ++tries) {
    std::this_thread::sleep_for(20ms);
    echo = c.lookup(1, "echo");
  }
  ASSERT_TRUE(echo) << to_string(echo.error());
  auto member = *c.member_at(1);
  ASSERT_TRUE(member.node) << "the lookup taught this node the member's node";
  self->monitor(member);
  bool early = false;
  self->receive([&](const node_down_msg&) { early = true; }, after(300ms) >> [] {});
  EXPECT_FALSE(early) << "the member is up";
  other.freeze();
  node_down_msg down;
  self->receive([&](const node_down_msg& x) { down = x; },
                after(10s) >> [] { ADD_FAILURE() << "no node_down_msg for the stopped member"; });
  EXPECT_EQ(down.node, member.node);
  EXPECT_EQ(down.reason, sec::request_timeout) << to_string(down.reason) << ": the protocol's verdict";
  EXPECT_EQ(first->middleman().connected_nodes().size(), 1u) << "while the connection is still there";
  other.thaw();
}

TEST(member_monitor, a_member_that_stops_in_order_is_reported_to_have_left) {
  auto ports = test_support::free_ports(2);
  auto members = "127.0.0.1:" + std::to_string(ports[0]) + ",127.0.0.1:" + std::to_string(ports[1]);
  auto first = start_member(members, ports[0]);
  auto second = start_member(members, ports[1]);
  scoped_actor self{*first};
  auto echo = second->spawn([] { return behavior{[](int x) { return x; }}; });
  second->registry().put("echo", echo);
  ASSERT_TRUE(first->cluster().lookup(1, "echo"));
  auto member = *first->cluster().member_at(1);
  self->monitor(member);
  anon_send_exit(echo, exit_reason::user_shutdown);
  second.reset();
  node_down_msg down;
  self->receive([&](const node_down_msg& x) { down = x; },
                after(10s) >> [] { ADD_FAILURE() << "no node_down_msg for the member that left"; });
  EXPECT_EQ(down.node, member.node);
  EXPECT_EQ(down.reason, exit_reason::normal) << to_string(down.reason);
  // Monitoring it again: it is gone already, so at once.
  self->monitor(member);
  bool again = false;
  self->receive([&](const node_down_msg&) { again = true; }, after(5s) >> [] {});
  EXPECT_TRUE(again);
}

TEST(member_monitor, a_node_that_is_no_member_goes_to_the_network_layer) {
  auto ports = test_support::free_ports(1);
  auto first = start_member("127.0.0.1:" + std::to_string(ports[0]), ports[0]);
  actor_system_config plain_cfg;
  plain_cfg.load<net::middleman>();
  actor_system plain{plain_cfg};
  scoped_actor self{*first};
  // No connection to it: the network layer answers at once, as without the cluster.
  self->monitor(plain.node());
  node_down_msg down;
  self->receive([&](const node_down_msg& x) { down = x; }, after(5s) >> [] { ADD_FAILURE() << "no node_down_msg"; });
  EXPECT_EQ(down.node, plain.node());
  EXPECT_EQ(down.reason, exit_reason::remote_link_unreachable);
}

} // namespace member_monitor_test
