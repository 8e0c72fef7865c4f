// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Nodes driven by the test: their actors and network run only in run() and
// advance_time(), so a fault the test sets acts at a step it chooses and a
// timeout fires at an exact test time, without sleeps or real-time races.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "deterministic_nodes.hpp"
#include "test_network_name.hpp"
#include "test_service.hpp"

namespace deterministic_network_test {

using namespace troupe;
using namespace std::chrono_literals;
using direction = net::memory_network::direction;

namespace {

using test::test_network_name;

// What a client actor saw: the answer or error of its request, its down.
struct outcome {
  std::optional<int> answer;
  std::optional<error> failure;
  std::optional<error> down;
};

class deterministic_network_test : public ::testing::Test {
public:
  deterministic_network_test()
    : nodes(test_network_name()), server(nodes.add_node()), client(nodes.add_node()),
      seen(std::make_shared<outcome>()) {
    svc = server.spawn(test::service);
    auto p = server.middleman().publish(svc, 0);
    EXPECT_TRUE(p) << to_string(p.error());
    port = p ? *p : 0;
    // Blocking, but it runs both nodes' network itself until the handshake ends.
    auto r = client.middleman().remote_actor("memory", port);
    EXPECT_TRUE(r) << to_string(r.error());
    if (r)
      remote = *r;
  }

  // A client actor that sends ('add', a, b) to the remote service with a
  // timeout of `timeout` on the test clock, and records what comes back.
  void ask(int a, int b, std::chrono::milliseconds timeout = 1s) {
    *seen = outcome{};
    client.spawn([r = remote, out = seen, a, b, timeout](event_based_actor* self) {
      self->request(r, timeout, atom("add"), a, b)
        .then([out](int sum) { out->answer = sum; }, [out](error& e) { out->failure = e; });
    });
  }

  // A client actor that monitors the remote service and records its down
  // (kept alive by the handle: an actor nobody holds ends).
  void watch() {
    watcher = client.spawn([r = remote, out = seen](event_based_actor* self) -> behavior {
      self->monitor(r);
      self->set_down_handler([out](down_msg& dm) { out->down = dm.reason; });
      return {[](int) {}};
    });
  }

  test::deterministic_nodes nodes;
  actor_system& server;
  actor_system& client;
  std::shared_ptr<outcome> seen;
  actor svc;
  actor remote;
  actor watcher;
  std::uint16_t port = 0;
};

TEST_F(deterministic_network_test, a_request_crosses_only_when_the_test_runs_the_nodes) {
  ASSERT_TRUE(remote);
  EXPECT_EQ(remote.node(), server.node());
  ask(1, 2);
  EXPECT_FALSE(seen->answer); // nothing has run yet
  nodes.run();
  EXPECT_EQ(seen->answer, 3);
  EXPECT_EQ(nodes.network->connections(port), 1u);
}

TEST_F(deterministic_network_test, a_partition_is_found_at_the_first_heartbeat_past_the_timeout) {
  ASSERT_TRUE(remote);
  watch();
  nodes.run();
  nodes.network->partition(port);
  // Heartbeats every 100 ms of test time; 300 ms of silence ends the
  // connection, and the tick at 400 ms is the first to see more than that.
  for (int step = 1; step <= 3; ++step) {
    nodes.advance_time(100ms);
    EXPECT_FALSE(seen->down) << "declared dead after " << step * 100 << " ms";
  }
  nodes.advance_time(100ms);
  ASSERT_TRUE(seen->down);
  EXPECT_EQ(*seen->down, exit_reason::remote_link_unreachable);
}

TEST_F(deterministic_network_test, traffic_keeps_a_connection_alive_for_as_long_as_the_test_runs) {
  ASSERT_TRUE(remote);
  watch();
  for (int step = 0; step < 50; ++step) // 5 s of test time, heartbeats flowing
    nodes.advance_time(100ms);
  EXPECT_FALSE(seen->down);
  ask(2, 2);
  nodes.run();
  EXPECT_EQ(seen->answer, 4);
}

TEST_F(deterministic_network_test, a_connection_that_carries_messages_sends_no_heartbeats) {
  ASSERT_TRUE(remote);
  auto sent = [&] { return nodes.network->bytes_carried(port, direction::to_server); };
  nodes.run();
  // One message's frame, without a tick: no heartbeat goes with it.
  auto before = sent();
  anon_send(remote, 7);
  nodes.run();
  const auto message = sent() - before;
  ASSERT_GT(message, 0u);
  // Idle, the client sends a heartbeat each tick.
  before = sent();
  for (int step = 0; step < 10; ++step)
    nodes.advance_time(100ms);
  const auto idle = sent() - before;
  EXPECT_GT(idle, 0u);
  // A message each tick: the messages are all it sends.
  before = sent();
  for (int step = 0; step < 10; ++step) {
    anon_send(remote, 7);
    nodes.advance_time(100ms);
  }
  EXPECT_EQ(sent() - before, 10 * message);
  watch();
  nodes.run();
  EXPECT_FALSE(seen->down);
}

TEST_F(deterministic_network_test, a_lost_request_times_out_at_its_deadline_on_the_test_clock) {
  ASSERT_TRUE(remote);
  ask(1, 1);
  nodes.run();
  ASSERT_EQ(seen->answer, 2); // the connection's opening frames are out
  nodes.network->drop_writes(port, direction::to_server, 1);
  ask(5, 5, 1s);
  nodes.run();
  for (int step = 1; step <= 9; ++step) {
    nodes.advance_time(100ms);
    EXPECT_FALSE(seen->failure) << "timed out after " << step * 100 << " ms";
  }
  nodes.advance_time(100ms);
  ASSERT_TRUE(seen->failure);
  EXPECT_EQ(*seen->failure, sec::request_timeout);
  EXPECT_FALSE(seen->answer);
  ask(6, 6); // the connection goes on
  nodes.run();
  EXPECT_EQ(seen->answer, 12);
}

TEST_F(deterministic_network_test, a_cut_ends_the_monitor_at_once_and_the_node_connects_again) {
  ASSERT_TRUE(remote);
  watch();
  nodes.run();
  EXPECT_EQ(nodes.network->cut(port), 1u);
  nodes.run(); // no time passes: the reset is seen by the next read
  ASSERT_TRUE(seen->down);
  EXPECT_EQ(*seen->down, exit_reason::remote_link_unreachable);
  auto again = client.middleman().remote_actor("memory", port);
  ASSERT_TRUE(again) << to_string(again.error());
  remote = *again;
  ask(20, 22);
  nodes.run();
  EXPECT_EQ(seen->answer, 42);
}

// A client actor that asks the calculator it is sent with, and records
// every answer and error in order.
struct answers {
  std::vector<int> sums;
  std::vector<error> failures;
};

actor spawn_asker(actor_system& sys, const std::shared_ptr<answers>& out) {
  return sys.spawn([out](event_based_actor* self) -> behavior {
    return {[self, out](const actor& target, int a, int b) {
      self->request(target, 1s, atom("add"), a, b)
        .then([out](int sum) { out->sums.push_back(sum); }, [out](error& e) { out->failures.push_back(e); });
    }};
  });
}

TEST(deterministic_reconnect_test, a_node_that_lost_its_connection_is_answered_on_its_new_one) {
  test::deterministic_nodes nodes(test_network_name());
  // The client gives up on a silent connection after 300 ms, the server
  // only after 10 s: it still holds the old connection when the client,
  // which dropped it, connects again.
  auto& server = nodes.add_node({{"middleman.connection-timeout", "10s"}});
  auto& client = nodes.add_node();
  auto svc = server.spawn(test::service);
  auto first = server.middleman().publish(svc, 0);
  auto second = server.middleman().publish(svc, 0);
  ASSERT_TRUE(first && second);
  auto remote = client.middleman().remote_actor("memory", *first);
  ASSERT_TRUE(remote) << to_string(remote.error());
  auto seen = std::make_shared<answers>();
  auto asker = spawn_asker(client, seen); // the server makes a proxy for it
  anon_send(asker, *remote, 1, 2);
  nodes.run();
  ASSERT_EQ(seen->sums, std::vector<int>{3});
  nodes.network->partition(*first); // the old connection's bytes never arrive
  for (int step = 0; step < 4; ++step)
    nodes.advance_time(100ms);
  EXPECT_EQ(nodes.network->connections(*first), 0u); // the client closed it
  auto again = client.middleman().remote_actor("memory", *second);
  ASSERT_TRUE(again) << to_string(again.error());
  // The same client actor asks again: the answer goes out on the new
  // connection, not on the one the server had not found dead yet.
  anon_send(asker, *again, 20, 22);
  nodes.run();
  EXPECT_EQ(seen->sums, (std::vector<int>{3, 42}));
  EXPECT_TRUE(seen->failures.empty());
  EXPECT_EQ(nodes.network->connections(*second), 1u);
}

TEST(deterministic_reconnect_test, a_second_port_of_a_connected_node_shares_its_connection) {
  test::deterministic_nodes nodes(test_network_name());
  auto& server = nodes.add_node();
  auto& client = nodes.add_node();
  auto one = server.spawn(test::service);
  auto two = server.spawn(test::service);
  auto p1 = server.middleman().publish(one, 0);
  auto p2 = server.middleman().publish(two, 0);
  ASSERT_TRUE(p1 && p2);
  auto r1 = client.middleman().remote_actor("memory", *p1);
  auto r2 = client.middleman().remote_actor("memory", *p2);
  ASSERT_TRUE(r1 && r2);
  EXPECT_NE(*r1, *r2);
  auto seen = std::make_shared<outcome>();
  auto watcher = client.spawn([r1 = *r1, r2 = *r2, seen](event_based_actor* self) -> behavior {
    self->monitor(r1);
    self->monitor(r2);
    self->set_down_handler([r2, seen](down_msg& dm) {
      if (dm.source == r2.address())
        seen->down = dm.reason;
      else
        seen->failure = dm.reason; // the first actor is alive: never
    });
    return {[](int) {}};
  });
  auto asked = std::make_shared<answers>();
  auto asker = spawn_asker(client, asked);
  anon_send(asker, *r1, 1, 1);
  anon_send(asker, *r2, 2, 2);
  nodes.run();
  EXPECT_EQ(asked->sums, (std::vector<int>{2, 4}));
  // The second dial said goodbye: one connection carries both handles.
  EXPECT_EQ(nodes.network->connections(*p1), 1u);
  EXPECT_EQ(nodes.network->connections(*p2), 0u);
  for (int step = 0; step < 10; ++step) // heartbeats keep the one connection
    nodes.advance_time(100ms);
  EXPECT_FALSE(seen->failure);
  EXPECT_FALSE(seen->down);
  // The server learned of the second handle over the first connection: the
  // monitor carries the actor's real exit reason.
  scoped_actor(server)->send_exit(two, exit_reason::user_shutdown);
  nodes.run();
  ASSERT_TRUE(seen->down);
  EXPECT_EQ(*seen->down, exit_reason::user_shutdown);
  EXPECT_FALSE(seen->failure);
  anon_send(watcher, 0);
}

TEST(deterministic_services_test, lookup_and_remote_spawn_run_on_the_test_thread) {
  test::deterministic_nodes nodes(test_network_name());
  auto& server = nodes.add_node({}, [](actor_system_config& cfg) { cfg.add_actor_type("service", test::service); });
  auto& client = nodes.add_node();
  auto svc = server.spawn(test::service);
  server.registry().put("calc", svc);
  auto port = server.middleman().publish(svc, 0);
  ASSERT_TRUE(port);
  auto node = client.middleman().connect("memory", *port);
  ASSERT_TRUE(node) << to_string(node.error());
  // Each call below blocks, running both nodes' network until the answer.
  auto found = client.middleman().remote_lookup("calc", *node);
  ASSERT_TRUE(found) << to_string(found.error());
  EXPECT_EQ(found->id(), svc.id());
  EXPECT_EQ(found->node(), server.node());
  auto missing = client.middleman().remote_lookup("nobody", *node);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error(), sec::request_timeout);
  auto spawned = client.middleman().remote_spawn(*node, "service", 1s);
  ASSERT_TRUE(spawned) << to_string(spawned.error());
  EXPECT_EQ(spawned->node(), server.node());
  auto seen = std::make_shared<answers>();
  auto asker = spawn_asker(client, seen);
  anon_send(asker, *found, 1, 2);
  nodes.run();
  anon_send(asker, *spawned, 3, 4);
  nodes.run();
  EXPECT_EQ(seen->sums, (std::vector<int>{3, 7}));
  scoped_actor(server)->send_exit(svc, exit_reason::user_shutdown);
}

TEST(deterministic_services_test, a_remote_group_is_joined_on_the_test_thread) {
  test::deterministic_nodes nodes(test_network_name());
  auto& owner = nodes.add_node();
  auto& member = nodes.add_node();
  auto port = owner.middleman().publish_local_groups(0);
  ASSERT_TRUE(port) << to_string(port.error());
  auto g = member.groups().get("remote", "news@memory:" + std::to_string(*port));
  ASSERT_TRUE(g) << to_string(g.error());
  auto heard = std::make_shared<std::vector<int>>();
  auto listener = member.spawn([g = *g, heard](event_based_actor* self) -> behavior {
    self->join(g);
    return {[heard](int x) { heard->push_back(x); }};
  });
  nodes.run(); // the join reaches the owner
  anon_send(owner.groups().get_local("news"), 7);
  nodes.run();
  EXPECT_EQ(*heard, std::vector<int>{7});
  scoped_actor(member)->send_exit(listener, exit_reason::user_shutdown);
}

} // namespace

namespace {

// Three nodes driven by the test: c serves on two ports, b is connected to c
// and hands out c's service, and a, which makes no connection on its own,
// gets the handle from b: its traffic goes through b until a connects to c.
class deterministic_move_test : public ::testing::Test {
public:
  deterministic_move_test()
    : nodes(test_network_name()), c(nodes.add_node()), b(nodes.add_node()),
      a(nodes.add_node({{"middleman.enable-automatic-connections", "false"}})), asked(std::make_shared<answers>()),
      seen(std::make_shared<outcome>()) {
    svc = c.spawn(test::service);
    auto for_b = c.middleman().publish(svc, 0);
    auto for_a = c.middleman().publish(svc, 0);
    EXPECT_TRUE(for_b && for_a);
    c_port_of_b = for_b ? *for_b : 0;
    c_port = for_a ? *for_a : 0;
    auto svc_at_b = b.middleman().remote_actor("memory", c_port_of_b);
    EXPECT_TRUE(svc_at_b) << to_string(svc_at_b.error());
    auto dir =
      b.spawn([h = svc_at_b ? *svc_at_b : actor{}]() -> behavior { return {on(atom("find")) >> [h] { return h; }}; });
    auto p = b.middleman().publish(dir, 0);
    EXPECT_TRUE(p);
    b_port = p ? *p : 0;
    auto dir_at_a = a.middleman().remote_actor("memory", b_port);
    EXPECT_TRUE(dir_at_a) << to_string(dir_at_a.error());
    auto got = std::make_shared<actor>();
    a.spawn([d = dir_at_a ? *dir_at_a : actor{}, got](event_based_actor* self) {
      self->request(d, 1s, atom("find")).then([got](actor& h) { *got = std::move(h); });
    });
    nodes.run();
    handle = *got;
    asker = spawn_asker(a, asked);
    // Watches the handle (kept alive by the test's handle to it).
    watcher = a.spawn([h = handle, out = seen](event_based_actor* self) -> behavior {
      self->monitor(h);
      self->set_down_handler([out](down_msg& dm) { out->down = dm.reason; });
      return {[](int) {}};
    });
    nodes.run();
  }

  test::deterministic_nodes nodes;
  actor_system& c;
  actor_system& b;
  actor_system& a;
  std::shared_ptr<answers> asked;
  std::shared_ptr<outcome> seen;
  actor svc;
  actor handle;
  actor asker;
  actor watcher;
  std::uint16_t c_port_of_b = 0;
  std::uint16_t c_port = 0;
  std::uint16_t b_port = 0;
};

} // namespace

TEST_F(deterministic_move_test, a_routed_handle_moves_to_a_direct_connection_and_outlives_its_relay) {
  ASSERT_TRUE(handle);
  EXPECT_EQ(handle.node(), c.node());
  anon_send(asker, handle, 1, 2); // through b
  nodes.run();
  EXPECT_EQ(asked->sums, std::vector<int>{3});
  auto node_c = a.middleman().connect("memory", c_port);
  ASSERT_TRUE(node_c) << to_string(node_c.error());
  EXPECT_EQ(*node_c, c.node());
  nodes.run(); // the marker's round trip through b
  EXPECT_EQ(nodes.network->cut(b_port), 1u);
  nodes.run();
  EXPECT_FALSE(seen->down); // the handle no longer depends on b
  anon_send(asker, handle, 20, 22);
  nodes.run();
  EXPECT_EQ(asked->sums, (std::vector<int>{3, 42}));
  EXPECT_TRUE(asked->failures.empty());
  // Its monitor moved too: the real exit reason comes over the new connection.
  scoped_actor(c)->send_exit(svc, exit_reason::user_shutdown);
  nodes.run();
  ASSERT_TRUE(seen->down);
  EXPECT_EQ(*seen->down, exit_reason::user_shutdown);
}

TEST_F(deterministic_move_test, a_relay_lost_during_a_move_ends_the_handle_and_answers_what_it_held) {
  ASSERT_TRUE(handle);
  nodes.network->partition(c_port_of_b); // b's way to c holds the marker back
  auto node_c = a.middleman().connect("memory", c_port);
  ASSERT_TRUE(node_c) << to_string(node_c.error());
  anon_send(asker, handle, 1, 2);
  nodes.run();
  // Held while the marker has not come back.
  EXPECT_TRUE(asked->sums.empty());
  EXPECT_TRUE(asked->failures.empty());
  EXPECT_FALSE(seen->down);
  EXPECT_EQ(nodes.network->cut(b_port), 1u);
  nodes.run();
  EXPECT_TRUE(asked->sums.empty());
  ASSERT_EQ(asked->failures.size(), 1u);
  EXPECT_EQ(asked->failures.front(), sec::request_receiver_down);
  ASSERT_TRUE(seen->down);
  EXPECT_EQ(*seen->down, exit_reason::remote_link_unreachable);
}

} // namespace deterministic_network_test
