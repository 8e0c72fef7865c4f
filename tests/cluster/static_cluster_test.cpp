// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Static clusters of actor systems in one process on loopback: ranks and
// members, lookups by rank (the own one without a connection), member events
// when a member's system ends, and the options and failures that stop a
// system from starting with a clear error.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "support/loopback.hpp"
#include "troupe/cluster.hpp"
#include "troupe/net.hpp"

namespace static_cluster_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

using option_list = std::vector<std::pair<std::string, std::string>>;

actor_system_config member_config(const std::string& members, std::uint16_t port, const option_list& more = {}) {
  actor_system_config cfg;
  cfg.load<net::middleman>().load<cluster::module>();
  EXPECT_FALSE(cfg.set("cluster.discovery", "static"));
  EXPECT_FALSE(cfg.set("cluster.static.members", members));
  EXPECT_FALSE(cfg.set("cluster.endpoint", "127.0.0.1:" + std::to_string(port)));
  for (const auto& [key, value] : more)
    EXPECT_FALSE(cfg.set(key, value)) << key;
  return cfg;
}

std::string loopback_list(const std::vector<std::uint16_t>& ports) {
  std::string list;
  for (auto p : ports)
    list += (list.empty() ? "" : ",") + std::string{"127.0.0.1:"} + std::to_string(p);
  return list;
}

// Three systems, each a member of a static cluster of the three.
struct three_members {
  explicit three_members(const option_list& options = {}) {
    ports = test_support::free_ports(3);
    list = loopback_list(ports);
    for (auto p : ports)
      systems.push_back(std::make_unique<actor_system>(member_config(list, p, options)));
  }
  std::vector<std::uint16_t> ports;
  std::string list;
  std::vector<std::unique_ptr<actor_system>> systems;
};

behavior echo(event_based_actor* self) {
  return {[self](int x) { return x + static_cast<int>(self->system().cluster().rank()) * 100; }};
}

} // namespace

TEST(static_cluster, each_member_knows_its_rank_and_every_member) {
  three_members c;
  for (std::uint32_t r = 0; r < 3; ++r) {
    auto& cl = c.systems[r]->cluster();
    EXPECT_EQ(cl.rank(), r);
    EXPECT_EQ(cl.size(), 3u);
    EXPECT_EQ(cl.port(), c.ports[r]);
    auto ms = cl.members();
    ASSERT_EQ(ms.size(), 3u);
    for (std::uint32_t i = 0; i < 3; ++i) {
      EXPECT_EQ(ms[i].id, i);
      EXPECT_EQ(ms[i].endpoint, "127.0.0.1:" + std::to_string(c.ports[i]));
      EXPECT_EQ(ms[i].state, cluster::member_state::up);
    }
    EXPECT_EQ(ms[r].node, c.systems[r]->node()) << "a member knows its own node";
    EXPECT_FALSE(ms[(r + 1) % 3].node) << "the others' nodes are learned on the first connection";
  }
}

TEST(static_cluster, a_lookup_by_rank_reaches_the_named_actor_there) {
  three_members c;
  for (auto& sys : c.systems)
    sys->registry().put("echo", sys->spawn(echo));
  auto& first = c.systems[0]->cluster();
  scoped_actor self{*c.systems[0]};
  for (std::uint32_t r = 0; r < 3; ++r) {
    auto h = first.lookup(r, "echo");
    ASSERT_TRUE(h) << to_string(h.error());
    int answer = 0;
    self->request(*h, 5s, 7).receive([&](int x) { answer = x; }, [](error& e) { FAIL() << to_string(e); });
    EXPECT_EQ(answer, 7 + 100 * static_cast<int>(r));
  }
  EXPECT_EQ(first.members()[2].node, c.systems[2]->node()) << "learned from the connection";
  // Connections open on first use: rank 1 looked nothing up, so it knows rank 0 only as a peer that called.
  EXPECT_EQ(c.systems[1]->middleman().connected_nodes().size(), 1u);
  auto unknown = first.lookup(1, "nobody");
  EXPECT_FALSE(unknown);
  auto out_of_range = first.lookup(3, "echo");
  ASSERT_FALSE(out_of_range);
  EXPECT_EQ(out_of_range.error(), sec::invalid_argument);
  for (auto& sys : c.systems) {
    scoped_actor s{*sys};
    s->send_exit(sys->registry().get("echo"), exit_reason::user_shutdown);
  }
}

TEST(static_cluster, subscribers_hear_of_every_member_and_of_one_whose_connection_breaks) {
  three_members c{{{"cluster.membership", "connections"}}};
  c.systems[1]->registry().put("echo", c.systems[1]->spawn(echo));
  auto& first = c.systems[0]->cluster();
  scoped_actor self{*c.systems[0]};
  first.subscribe(self);
  std::vector<std::uint32_t> up;
  for (int i = 0; i < 3; ++i)
    self->receive([&](const cluster::member_up& m) { up.push_back(m.who.id); },
                  after(5s) >> [] { ADD_FAILURE() << "no member_up"; });
  EXPECT_EQ(up, (std::vector<std::uint32_t>{0, 1, 2}));
  ASSERT_TRUE(first.lookup(1, "echo")); // connects: from now on its loss is seen
  self->monitor(first.members()[1]);    // a member watched as a node monitor watches its node
  {
    scoped_actor s{*c.systems[1]};
    s->send_exit(c.systems[1]->registry().get("echo"), exit_reason::user_shutdown);
  }
  c.systems[1].reset(); // its system ends: the connection closes
  cluster::member_down down;
  bool node_down = false;
  for (int i = 0; i < 2; ++i)
    self->receive([&](const cluster::member_down& m) { down = m; }, [&](const node_down_msg&) { node_down = true; },
                  after(10s) >> [] { ADD_FAILURE() << "no member_down"; });
  EXPECT_EQ(down.who.id, 1u);
  EXPECT_EQ(down.who.state, cluster::member_state::down);
  EXPECT_TRUE(down.reason);
  EXPECT_TRUE(node_down);
  EXPECT_EQ(first.members()[1].state, cluster::member_state::down);
  EXPECT_EQ(first.members()[2].state, cluster::member_state::up);
  first.unsubscribe(self);
}

TEST(static_cluster, an_idle_data_connection_is_parked_and_its_handles_outlive_it) {
  three_members c{{{"cluster.idle-timeout", "200ms"}, {"middleman.heartbeat-interval", "50ms"}}};
  c.systems[1]->registry().put("echo", c.systems[1]->spawn(echo));
  auto& first = c.systems[0]->cluster();
  auto& mm = c.systems[0]->middleman();
  scoped_actor self{*c.systems[0]};
  auto h = first.lookup(1, "echo");
  ASSERT_TRUE(h) << to_string(h.error());
  self->monitor(*h);
  auto ask = [&](int x) {
    int answer = 0;
    self->request(*h, 5s, x).receive([&](int r) { answer = r; }, [](error& e) { FAIL() << to_string(e); });
    return answer;
  };
  EXPECT_EQ(ask(1), 101);
  auto parked = [&] {
    for (int i = 0; i < 500 && mm.parked_nodes() == 0; ++i)
      std::this_thread::sleep_for(10ms);
    return mm.parked_nodes() == 1;
  };
  ASSERT_TRUE(parked()) << "not parked within 5 s of cluster.idle-timeout=200ms";
  EXPECT_EQ(mm.open_connections(), 0u);
  EXPECT_EQ(ask(2), 102); // connects again
  ASSERT_TRUE(parked());
  // The member's echo ends, then the member leaves. The handle ends either
  // way: with echo's own reason when the member dials this node to deliver
  // it before it goes, else by the membership's verdict on a parked node.
  {
    scoped_actor s{*c.systems[1]};
    s->send_exit(c.systems[1]->registry().get("echo"), exit_reason::user_shutdown);
  }
  c.systems[1].reset();
  error reason;
  self->receive([&](down_msg& dm) { reason = dm.reason; }, after(10s) >> [] { ADD_FAILURE() << "no down_msg"; });
  EXPECT_TRUE(reason == exit_reason::remote_link_unreachable || reason == exit_reason::user_shutdown)
    << to_string(reason);
  EXPECT_EQ(mm.parked_nodes(), 0u);
}

TEST(static_cluster, a_member_that_ends_in_order_is_reported_left_without_a_connection) {
  three_members c;
  auto& first = c.systems[0]->cluster();
  scoped_actor self{*c.systems[0]};
  first.subscribe(self);
  for (int i = 0; i < 3; ++i)
    self->receive([](const cluster::member_up&) {}, after(5s) >> [] { ADD_FAILURE() << "no member_up"; });
  c.systems[2].reset(); // the membership protocol tells the others as the system stops
  cluster::member_left left;
  left.who.id = 99;
  self->receive([&](const cluster::member_left& m) { left = m; },
                after(5s) >> [] { ADD_FAILURE() << "no member_left"; });
  EXPECT_EQ(left.who.id, 2u);
  EXPECT_EQ(left.who.state, cluster::member_state::left);
  EXPECT_EQ(first.members()[2].state, cluster::member_state::left);
  EXPECT_TRUE(c.systems[0]->middleman().connected_nodes().empty()) << "no connection was needed";
  EXPECT_EQ(first.dropped_packets(), 0u);
}

TEST(static_cluster, a_member_that_never_answers_is_suspected_then_reported_down) {
  // Three members listed, two started: the third never answers the probes.
  auto ports = test_support::free_ports(3);
  auto list = loopback_list(ports);
  option_list quick{{"cluster.probe-interval", "50ms"}, {"cluster.suspicion-timeout", "300ms"}};
  actor_system first{member_config(list, ports[0], quick)};
  actor_system second{member_config(list, ports[1], quick)};
  scoped_actor self{first};
  first.cluster().subscribe(self);
  std::vector<cluster::member_state> seen;
  error reason;
  for (int i = 0; i < 5 && (seen.empty() || seen.back() != cluster::member_state::down); ++i)
    self->receive([](const cluster::member_up&) {},
                  [&](const cluster::member_suspect& m) {
                    if (m.who.id == 2)
                      seen.push_back(m.who.state);
                  },
                  [&](const cluster::member_down& m) {
                    if (m.who.id == 2) {
                      seen.push_back(m.who.state);
                      reason = m.reason;
                    }
                  },
                  after(10s) >> [] { ADD_FAILURE() << "no change"; });
  EXPECT_EQ(seen, (std::vector<cluster::member_state>{cluster::member_state::suspect, cluster::member_state::down}));
  EXPECT_EQ(reason, sec::request_timeout);
  EXPECT_NE(second.cluster().members()[2].state, cluster::member_state::up) << "the other suspects it too";
  EXPECT_EQ(first.cluster().members()[1].state, cluster::member_state::up);
}

TEST(static_cluster_death, a_lost_member_ends_the_process_when_told_to_abort) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const option_list by_connections{{"cluster.membership", "connections"}};
  EXPECT_DEATH(
    {
      auto ports = test_support::free_ports(2);
      auto list = "127.0.0.1:" + std::to_string(ports[0]) + ",127.0.0.1:" + std::to_string(ports[1]);
      auto strict = member_config(list, ports[0], by_connections);
      EXPECT_FALSE(strict.set("cluster.on-member-loss", "abort"));
      actor_system first{strict};
      auto second = std::make_unique<actor_system>(member_config(list, ports[1], by_connections));
      second->registry().put("echo", second->spawn(echo));
      if (!first.cluster().lookup(1, "echo"))
        std::exit(0); // not the death this test waits for
      scoped_actor s{*second};
      s->send_exit(second->registry().get("echo"), exit_reason::user_shutdown);
      second.reset();
      std::this_thread::sleep_for(10s); // a bounded wait for the loss to be seen
    },
    "cluster.on-member-loss=abort ends this process");
}

TEST(static_cluster, wrong_options_stop_the_system_from_starting) {
  auto ports = test_support::free_ports(2);
  auto list = "127.0.0.1:" + std::to_string(ports[0]);
  auto expect_invalid = [&](const std::string& key, const std::string& value) {
    auto cfg = member_config(list, ports[0]);
    EXPECT_FALSE(cfg.set(key, value));
    EXPECT_THROW(actor_system{cfg}, std::invalid_argument) << key << "=" << value;
  };
  expect_invalid("cluster.discovery", "carrier-pigeon");
  expect_invalid("cluster.on-member-loss", "shrug");
  expect_invalid("cluster.endpoint", "localhost");
  expect_invalid("cluster.static.members", "127.0.0.1:1,127.0.0.1:1");
  expect_invalid("cluster.static.members", "127.0.0.1");
  expect_invalid("cluster.membership", "telepathy");
  expect_invalid("cluster.probe-interval", "0s");
  // A node that is not in the list cannot form: the system's start fails, and everything it started stops.
  auto elsewhere = member_config(list, ports[1]);
  try {
    actor_system sys{elsewhere};
    ADD_FAILURE() << "a node outside the list started";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string{e.what()}.find("not in cluster.static.members"), std::string::npos) << e.what();
  }
  // Its port is free again: a system that fits the list starts on it.
  actor_system fits{member_config("127.0.0.1:" + std::to_string(ports[1]), ports[1])};
  EXPECT_EQ(fits.cluster().size(), 1u);
}

TEST(static_cluster, a_system_without_the_module_says_so) {
  actor_system_config cfg;
  cfg.load<net::middleman>();
  actor_system sys{cfg};
  EXPECT_THROW(sys.cluster(), std::logic_error);
}

} // namespace static_cluster_test
