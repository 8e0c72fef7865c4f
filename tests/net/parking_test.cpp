// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Parked connections, on nodes the test drives: a connection idle for
// middleman.idle-timeout, or one beyond middleman.max-connections, closes
// without ending anything. Handles stay valid, monitors stay in place, what
// is sent meanwhile waits in order, and the next message connects again, from
// whichever side has something to send.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "deterministic_nodes.hpp"
#include "test_network_name.hpp"
#include "test_service.hpp"

namespace parking_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

using test::test_network_name;

struct seen_by_client {
  std::vector<int> sums;
  std::vector<error> failures;
  std::optional<error> down;
};

// Asks the calculator it is sent with, recording answers and errors in order.
actor spawn_asker(actor_system& sys, const std::shared_ptr<seen_by_client>& out) {
  return sys.spawn([out](event_based_actor* self) -> behavior {
    return {[self, out](const actor& target, int a, int b) {
      self->request(target, 5s, atom("add"), a, b)
        .then([out](int sum) { out->sums.push_back(sum); }, [out](error& e) { out->failures.push_back(e); });
    }};
  });
}

// Monitors the actor it is given and records its down.
actor spawn_watcher(actor_system& sys, const actor& target, const std::shared_ptr<seen_by_client>& out) {
  return sys.spawn([target, out](event_based_actor* self) -> behavior {
    self->monitor(target);
    self->set_down_handler([out](down_msg& dm) { out->down = dm.reason; });
    return {[](int) {}};
  });
}

class parking_test : public ::testing::Test {
public:
  parking_test() : nodes(test_network_name()), seen(std::make_shared<seen_by_client>()) {}

  // A server with a published calculator, and a client that listens too
  // (so the server can dial it again) and holds a handle to the calculator.
  void start(const std::vector<test::deterministic_nodes::option>& client_options,
             const std::vector<test::deterministic_nodes::option>& server_options = {}, bool client_listens = true) {
    server = &nodes.add_node(server_options);
    client = &nodes.add_node(client_options);
    svc = server->spawn(test::service);
    auto p = server->middleman().publish(svc, 0);
    ASSERT_TRUE(p) << to_string(p.error());
    port = *p;
    if (client_listens) {
      ASSERT_TRUE(client->middleman().open(0));
    }
    auto r = client->middleman().remote_actor("memory", port);
    ASSERT_TRUE(r) << to_string(r.error());
    remote = *r;
    asker = spawn_asker(*client, seen);
  }

  void ask(int a, int b) {
    anon_send(asker, remote, a, b);
    nodes.run();
  }

  // Moves the test clock in heartbeat steps.
  void wait(std::chrono::milliseconds d) {
    for (auto t = 0ms; t < d; t += 100ms)
      nodes.advance_time(100ms);
  }

  test::deterministic_nodes nodes;
  actor_system* server = nullptr;
  actor_system* client = nullptr;
  std::shared_ptr<seen_by_client> seen;
  actor svc;
  actor remote;
  actor asker;
  std::uint16_t port = 0;
};

TEST_F(parking_test, an_idle_connection_is_parked_and_the_next_request_connects_again) {
  start({{"middleman.idle-timeout", "500ms"}});
  auto watcher = spawn_watcher(*client, remote, seen);
  ask(1, 2);
  ASSERT_EQ(seen->sums, std::vector<int>{3});
  EXPECT_EQ(client->middleman().open_connections(), 1u);
  wait(400ms);
  EXPECT_EQ(client->middleman().parked_nodes(), 0u) << "parked before middleman.idle-timeout";
  wait(300ms);
  EXPECT_EQ(client->middleman().open_connections(), 0u);
  EXPECT_EQ(client->middleman().parked_nodes(), 1u);
  EXPECT_EQ(server->middleman().parked_nodes(), 1u);
  EXPECT_EQ(nodes.network->connections(port), 0u);
  // Nothing ended: the handle, its monitor and the server's proxy of the asker.
  EXPECT_FALSE(seen->down);
  ask(20, 22);
  EXPECT_EQ(seen->sums, (std::vector<int>{3, 42}));
  EXPECT_TRUE(seen->failures.empty());
  EXPECT_EQ(client->middleman().parked_nodes(), 0u);
  EXPECT_EQ(client->middleman().open_connections(), 1u);
  // Parked again, and again made on use.
  wait(700ms);
  EXPECT_EQ(client->middleman().parked_nodes(), 1u);
  ask(2, 2);
  EXPECT_EQ(seen->sums, (std::vector<int>{3, 42, 4}));
  EXPECT_FALSE(seen->down);
  anon_send(watcher, 0);
}

TEST_F(parking_test, messages_sent_while_parked_arrive_in_the_order_sent) {
  start({{"middleman.idle-timeout", "300ms"}});
  ask(0, 0);
  wait(500ms);
  ASSERT_EQ(client->middleman().parked_nodes(), 1u);
  // Numbered messages from one sender, all held until the new connection is
  // up, then checked for order by the service.
  {
    scoped_actor self{*client};
    for (std::int64_t i = 0; i < 100; ++i)
      self->send(remote, atom("seq"), i);
  }
  nodes.run();
  std::optional<std::int64_t> received;
  std::optional<bool> in_order;
  client->spawn([&, r = remote](event_based_actor* self) {
    self->request(r, 5s, atom("report")).then([&](std::int64_t n, bool ordered) {
      received = n;
      in_order = ordered;
    });
  });
  nodes.run();
  EXPECT_EQ(received, 100);
  EXPECT_EQ(in_order, true);
}

TEST_F(parking_test, a_monitor_of_a_parked_node_hears_the_actor_end_over_a_connection_made_for_it) {
  start({{"middleman.idle-timeout", "300ms"}});
  auto watcher = spawn_watcher(*client, remote, seen);
  ask(1, 1);
  wait(500ms);
  ASSERT_EQ(client->middleman().parked_nodes(), 1u);
  ASSERT_EQ(server->middleman().parked_nodes(), 1u);
  // The server has nothing but the down to say: it dials the client for it.
  scoped_actor(*server)->send_exit(svc, exit_reason::user_shutdown);
  nodes.run();
  ASSERT_TRUE(seen->down);
  EXPECT_EQ(*seen->down, exit_reason::user_shutdown);
  EXPECT_EQ(server->middleman().parked_nodes(), 0u);
  anon_send(watcher, 0);
}

TEST_F(parking_test, both_sides_idle_at_once_park_the_connection_together) {
  start({{"middleman.idle-timeout", "300ms"}}, {{"middleman.idle-timeout", "300ms"}});
  ask(3, 4);
  wait(500ms);
  EXPECT_EQ(client->middleman().parked_nodes(), 1u);
  EXPECT_EQ(server->middleman().parked_nodes(), 1u);
  EXPECT_EQ(nodes.network->connections(port), 0u);
  ask(5, 6);
  EXPECT_EQ(seen->sums, (std::vector<int>{7, 11}));
}

TEST_F(parking_test, when_both_sides_dial_again_at_once_the_two_connections_merge_as_they_park) {
  start({{"middleman.idle-timeout", "300ms"}}, {{"middleman.idle-timeout", "300ms"}});
  auto second = server->spawn(test::service);
  auto second_port = server->middleman().publish(second, 0);
  ASSERT_TRUE(second_port);
  auto second_remote = client->middleman().remote_actor("memory", *second_port);
  ASSERT_TRUE(second_remote);
  auto watcher = spawn_watcher(*client, *second_remote, seen);
  ask(1, 1);
  wait(500ms);
  ASSERT_EQ(client->middleman().parked_nodes(), 1u);
  ASSERT_EQ(server->middleman().parked_nodes(), 1u);
  // Before either node runs: the client asks, and the server owes the
  // client a down. Each dials the other.
  anon_send(asker, remote, 2, 2);
  scoped_actor(*server)->send_exit(second, exit_reason::user_shutdown);
  nodes.run();
  EXPECT_EQ(seen->sums, (std::vector<int>{2, 4}));
  ASSERT_TRUE(seen->down);
  EXPECT_EQ(*seen->down, exit_reason::user_shutdown);
  // Two connections, or one; idle, they park until none is open.
  wait(1500ms);
  EXPECT_EQ(client->middleman().open_connections(), 0u);
  EXPECT_EQ(server->middleman().open_connections(), 0u);
  ask(3, 3);
  EXPECT_EQ(seen->sums, (std::vector<int>{2, 4, 6}));
  EXPECT_TRUE(seen->failures.empty());
  anon_send(watcher, 0);
}

TEST_F(parking_test, a_node_that_cannot_be_dialed_back_keeps_its_connection) {
  // The client does not listen: the server refuses to park, and the
  // connection carries on with what the client held meanwhile.
  start({{"middleman.idle-timeout", "300ms"}}, {}, false);
  auto watcher = spawn_watcher(*client, remote, seen);
  ask(1, 2);
  wait(1000ms);
  EXPECT_EQ(client->middleman().parked_nodes(), 0u);
  EXPECT_EQ(nodes.network->connections(port), 1u);
  ask(2, 3);
  EXPECT_EQ(seen->sums, (std::vector<int>{3, 5}));
  EXPECT_FALSE(seen->down);
  anon_send(watcher, 0);
}

TEST_F(parking_test, a_parked_node_that_cannot_be_reached_fails_what_waited) {
  start({{"middleman.idle-timeout", "300ms"}});
  auto watcher = spawn_watcher(*client, remote, seen);
  ask(1, 2);
  wait(500ms);
  ASSERT_EQ(client->middleman().parked_nodes(), 1u);
  // The server stops listening: the next request cannot connect again.
  ASSERT_FALSE(server->middleman().unpublish(svc, port));
  anon_send(asker, remote, 2, 2);
  nodes.run();
  wait(6000ms); // middleman.connect-timeout, if the dial hangs
  ASSERT_EQ(seen->failures.size(), 1u);
  EXPECT_EQ(seen->failures[0], exit_reason::remote_link_unreachable);
  ASSERT_TRUE(seen->down);
  EXPECT_EQ(*seen->down, exit_reason::remote_link_unreachable);
  EXPECT_EQ(client->middleman().parked_nodes(), 0u);
  anon_send(watcher, 0);
}

TEST_F(parking_test, a_forgotten_node_ends_its_parked_proxies) {
  start({{"middleman.idle-timeout", "300ms"}});
  auto watcher = spawn_watcher(*client, remote, seen);
  ask(1, 2);
  wait(500ms);
  ASSERT_EQ(client->middleman().parked_nodes(), 1u);
  client->middleman().forget_node(server->node()); // as a membership verdict does
  nodes.run();
  ASSERT_TRUE(seen->down);
  EXPECT_EQ(*seen->down, exit_reason::remote_link_unreachable);
  anon_send(asker, remote, 2, 2);
  nodes.run();
  ASSERT_EQ(seen->failures.size(), 1u);
  EXPECT_EQ(client->middleman().parked_nodes(), 0u);
  anon_send(watcher, 0);
}

TEST(parking_group_test, a_connection_a_remote_group_was_found_on_stays_open) {
  // The group's joins and leaves go out on that very connection.
  test::deterministic_nodes nodes(test_network_name());
  auto& owner = nodes.add_node();
  auto& member = nodes.add_node({{"middleman.idle-timeout", "300ms"}});
  ASSERT_TRUE(member.middleman().open(0));
  auto port = owner.middleman().publish_local_groups(0);
  ASSERT_TRUE(port) << to_string(port.error());
  auto g = member.groups().get("remote", "news@memory:" + std::to_string(*port));
  ASSERT_TRUE(g) << to_string(g.error());
  auto heard = std::make_shared<std::vector<int>>();
  auto listener = [g = *g, heard](event_based_actor* self) -> behavior {
    self->join(g);
    return {[heard](int x) { heard->push_back(x); }};
  };
  auto first = member.spawn(listener);
  nodes.run();
  for (int step = 0; step < 10; ++step)
    nodes.advance_time(100ms);
  EXPECT_EQ(member.middleman().parked_nodes(), 0u);
  EXPECT_EQ(nodes.network->connections(*port), 1u);
  auto second = member.spawn(listener); // joins a second time, much later
  nodes.run();
  anon_send(owner.groups().get_local("news"), 7);
  nodes.run();
  EXPECT_EQ(*heard, (std::vector<int>{7, 7}));
  scoped_actor self{member};
  self->send_exit(first, exit_reason::user_shutdown);
  self->send_exit(second, exit_reason::user_shutdown);
}

TEST(parking_limit_test, beyond_max_connections_the_least_recently_used_is_parked) {
  test::deterministic_nodes nodes(test_network_name());
  std::vector<std::uint16_t> ports;
  for (int i = 0; i < 3; ++i) {
    auto& s = nodes.add_node();
    auto p = s.middleman().publish(s.spawn(test::service), 0);
    ASSERT_TRUE(p) << to_string(p.error());
    ports.push_back(*p);
  }
  auto& client = nodes.add_node({{"middleman.max-connections", "2"}});
  ASSERT_TRUE(client.middleman().open(0));
  auto seen = std::make_shared<seen_by_client>();
  auto asker = spawn_asker(client, seen);
  std::vector<actor> remotes;
  for (auto p : ports) {
    auto r = client.middleman().remote_actor("memory", p);
    ASSERT_TRUE(r) << to_string(r.error());
    remotes.push_back(*r);
  }
  // The first server was used longest ago.
  for (std::size_t i = 0; i < remotes.size(); ++i) {
    anon_send(asker, remotes[i], static_cast<int>(i), 1);
    nodes.run();
    nodes.advance_time(100ms);
  }
  nodes.advance_time(100ms);
  nodes.advance_time(100ms);
  EXPECT_EQ(client.middleman().open_connections(), 2u);
  EXPECT_EQ(client.middleman().parked_nodes(), 1u);
  EXPECT_EQ(nodes.network->connections(ports[0]), 0u);
  // Using it again parks the one now used longest ago.
  anon_send(asker, remotes[0], 10, 1);
  nodes.run();
  for (int step = 0; step < 3; ++step)
    nodes.advance_time(100ms);
  EXPECT_EQ(client.middleman().open_connections(), 2u);
  EXPECT_EQ(nodes.network->connections(ports[0]), 1u);
  EXPECT_EQ(nodes.network->connections(ports[1]), 0u);
  EXPECT_EQ(seen->sums, (std::vector<int>{1, 2, 3, 11}));
  EXPECT_TRUE(seen->failures.empty());
}

} // namespace

} // namespace parking_test

namespace parking_tcp_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

actor_system_config quickly_parking_config() {
  actor_system_config cfg;
  cfg.load<net::middleman>();
  EXPECT_FALSE(cfg.set("middleman.heartbeat-interval", "10ms"));
  EXPECT_FALSE(cfg.set("middleman.idle-timeout", "20ms"));
  return cfg;
}

struct order_state {
  std::vector<int> next; // per sender: the number expected next
  bool in_order = true;
};

// Numbered messages (sender, n) from several senders; ('report', sender)
// answers how many came from it, and whether every sender's came in order.
behavior order_checker(stateful_actor<order_state>* self) {
  return {
    [self](int sender, int n) {
      auto i = static_cast<std::size_t>(sender);
      if (self->state.next.size() <= i)
        self->state.next.resize(i + 1, 0);
      if (n != self->state.next[i])
        self->state.in_order = false;
      self->state.next[i] = n + 1;
    },
    [self](atom_value, int sender) {
      auto i = static_cast<std::size_t>(sender);
      return make_message(i < self->state.next.size() ? self->state.next[i] : 0, self->state.in_order);
    },
  };
}

// Polls `done` every millisecond for up to 10 s of real time.
template <class F>
bool eventually(F done) {
  for (int i = 0; i < 10000; ++i) {
    if (done())
      return true;
    std::this_thread::sleep_for(1ms);
  }
  return done();
}

} // namespace

TEST(parking_tcp_test, senders_on_many_threads_lose_nothing_while_the_connection_parks_and_comes_back) {
  auto server_cfg = quickly_parking_config();
  auto client_cfg = quickly_parking_config();
  actor_system server{server_cfg};
  actor_system client{client_cfg};
  auto checker = server.spawn(order_checker);
  auto port = server.middleman().publish(checker, 0, "127.0.0.1");
  ASSERT_TRUE(port) << to_string(port.error());
  ASSERT_TRUE(client.middleman().open(0, "127.0.0.1"));
  auto remote = client.middleman().remote_actor("127.0.0.1", *port);
  ASSERT_TRUE(remote) << to_string(remote.error());
  constexpr int senders = 3;
  constexpr int rounds = 12;
  constexpr int per_round = 200;
  std::vector<int> sent(senders, 0);
  int parked_rounds = 0;
  for (int round = 0; round < rounds; ++round) {
    // Each round starts on a parked connection, or on one being parked.
    if (client.middleman().parked_nodes() == 1 || eventually([&] { return client.middleman().parked_nodes() == 1; }))
      ++parked_rounds;
    std::vector<std::thread> threads;
    for (int s = 0; s < senders; ++s)
      threads.emplace_back([&, s] {
        scoped_actor self{client};
        for (int i = 0; i < per_round; ++i)
          self->send(*remote, s, sent[static_cast<std::size_t>(s)]++);
        // An answer crosses back on whichever connection is up.
        self->request(*remote, 10s, atom("report"), s)
          .receive(
            [&](int n, bool ordered) {
              EXPECT_EQ(n, sent[static_cast<std::size_t>(s)]);
              EXPECT_TRUE(ordered);
            },
            [&](error& e) { ADD_FAILURE() << to_string(e); });
      });
    for (auto& t : threads)
      t.join();
  }
  EXPECT_EQ(parked_rounds, rounds);
  scoped_actor(server)->send_exit(checker, exit_reason::user_shutdown);
}

} // namespace parking_tcp_test
