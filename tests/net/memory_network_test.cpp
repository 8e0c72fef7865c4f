// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Two actor systems in one process whose middlemen speak over an in-memory
// network: the same protocol as over TCP, with faults the test sets at the
// moment it chooses (partition, delay, loss, cut).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "test_network_name.hpp"
#include "test_service.hpp"
#include "troupe/net.hpp"
#include "troupe/net/memory_network.hpp"

namespace memory_network_test {

using namespace troupe;
using namespace std::chrono_literals;
using direction = net::memory_network::direction;

namespace {

using test::test_network_name;

actor_system_config memory_config(const std::string& heartbeat = "250ms", const std::string& timeout = "1500ms",
                                  const std::string& connect_timeout = "2s") {
  actor_system_config cfg;
  cfg.load<net::middleman>();
  EXPECT_FALSE(cfg.set("middleman.memory-network", test_network_name()));
  EXPECT_FALSE(cfg.set("middleman.heartbeat-interval", heartbeat));
  EXPECT_FALSE(cfg.set("middleman.connection-timeout", timeout));
  EXPECT_FALSE(cfg.set("middleman.connect-timeout", connect_timeout));
  return cfg;
}

// The service's ('report'): how many numbered messages it saw, and whether in order.
std::pair<std::int64_t, bool> report(scoped_actor& self, const actor& remote) {
  std::pair<std::int64_t, bool> out{-1, false};
  self->request(remote, 5s, atom("report"))
    .receive(
      [&](std::int64_t n, bool ordered) {
        out = {n, ordered};
      },
      [](error& e) { FAIL() << to_string(e); });
  return out;
}

class memory_network_test : public ::testing::Test {
public:
  explicit memory_network_test(actor_system_config server_config = memory_config(),
                               actor_system_config client_config = memory_config())
    : network(net::memory_network::get(test_network_name())), server_cfg(std::move(server_config)),
      client_cfg(std::move(client_config)), server(server_cfg), client(std::make_optional<actor_system>(client_cfg)) {
    svc = server.spawn(test::service);
    auto p = server.middleman().publish(svc, 0);
    EXPECT_TRUE(p) << to_string(p.error());
    port = p ? *p : 0;
  }

  ~memory_network_test() override {
    asker.reset();
    client.reset();
    scoped_actor(server)->send_exit(svc, exit_reason::user_shutdown);
  }

  // ('add', a, b) through `remote`: the sum, or the error. Always from the
  // same actor: a new one each time would add frames of its own (the
  // server's monitor of it, its down), which a test of lost writes must not
  // have to count.
  expected<int> add(const actor& remote, int a, int b, std::chrono::milliseconds timeout = 5s) {
    if (!asker)
      asker.emplace(*client);
    expected<int> out{error{sec::runtime_error, "no answer"}};
    (*asker)
      ->request(remote, timeout, atom("add"), a, b)
      .receive([&](int r) { out = r; }, [&](error& e) { out = std::move(e); });
    return out;
  }

  std::shared_ptr<net::memory_network> network;
  actor_system_config server_cfg;
  actor_system_config client_cfg;
  actor_system server;
  std::optional<actor_system> client;
  std::optional<scoped_actor> asker;
  actor svc;
  std::uint16_t port = 0;
};

TEST_F(memory_network_test, a_published_actor_is_reached_over_the_memory_network) {
  EXPECT_TRUE(network->listening(port));
  EXPECT_EQ(network->connections(port), 0u);
  auto remote = client->middleman().remote_actor("memory", port);
  ASSERT_TRUE(remote) << to_string(remote.error());
  EXPECT_EQ(remote->node(), server.node());
  EXPECT_EQ(add(*remote, 2, 3), 5);
  EXPECT_EQ(network->connections(port), 1u); // the bytes went through the network
  // A taken port is refused, and nobody listens on another one.
  auto again = server.middleman().publish(svc, port);
  ASSERT_FALSE(again);
  EXPECT_NE(to_string(again.error()).find("in use"), std::string::npos) << to_string(again.error());
  auto none = client->middleman().remote_actor("memory", static_cast<std::uint16_t>(port + 1));
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error(), sec::cannot_connect_to_node);
  EXPECT_NE(to_string(none.error()).find("connection refused"), std::string::npos) << to_string(none.error());
  // A node that goes away closes its connections.
  client.reset();
  EXPECT_EQ(network->connections(port), 0u);
}

TEST_F(memory_network_test, an_unpublished_port_refuses_new_connections) {
  EXPECT_FALSE(server.middleman().unpublish(svc, port));
  EXPECT_FALSE(network->listening(port));
  auto remote = client->middleman().remote_actor("memory", port);
  ASSERT_FALSE(remote);
  EXPECT_EQ(remote.error(), sec::cannot_connect_to_node);
}

class memory_partition_test : public memory_network_test {
public:
  // Heartbeats every 20 ms; 300 ms of silence ends a connection, and a
  // handshake gives up after 700 ms.
  memory_partition_test()
    : memory_network_test(memory_config("20ms", "300ms", "700ms"), memory_config("20ms", "300ms", "700ms")) {}
};

TEST_F(memory_partition_test, a_partition_is_detected_and_after_it_heals_nodes_connect_again) {
  auto remote = client->middleman().remote_actor("memory", port);
  ASSERT_TRUE(remote) << to_string(remote.error());
  scoped_actor self{*client};
  self->monitor(*remote);
  network->partition(port);
  error reason;
  self->receive([&](down_msg& dm) { reason = dm.reason; }, after(10s) >> [] {});
  EXPECT_EQ(reason, exit_reason::remote_link_unreachable);
  // While partitioned a new connection never finishes its handshake: the
  // call ends at middleman.connect-timeout.
  auto during = client->middleman().remote_actor("memory", port);
  ASSERT_FALSE(during);
  EXPECT_EQ(during.error(), sec::cannot_connect_to_node);
  network->heal(port);
  auto after_heal = client->middleman().remote_actor("memory", port);
  ASSERT_TRUE(after_heal) << to_string(after_heal.error());
  EXPECT_EQ(add(*after_heal, 20, 22), 42);
  EXPECT_EQ(add(*remote, 1, 1).error(), sec::request_receiver_down); // the old proxy stays dead
}

TEST_F(memory_partition_test, a_short_partition_delays_messages_without_losing_one) {
  auto remote = client->middleman().remote_actor("memory", port);
  ASSERT_TRUE(remote) << to_string(remote.error());
  scoped_actor self{*client};
  network->partition(port);
  for (std::int64_t i = 0; i < 100; ++i)
    self->send(*remote, atom("seq"), i);
  network->heal(port); // well before the connection timeout
  auto [count, in_order] = report(self, *remote);
  EXPECT_EQ(count, 100);
  EXPECT_TRUE(in_order);
}

TEST_F(memory_network_test, delayed_bytes_arrive_late_and_in_order) {
  network->set_delay(port, 40ms);
  auto remote = client->middleman().remote_actor("memory", port);
  ASSERT_TRUE(remote) << to_string(remote.error());
  scoped_actor self{*client};
  for (std::int64_t i = 0; i < 500; ++i)
    self->send(*remote, atom("seq"), i);
  auto start = std::chrono::steady_clock::now();
  auto [count, in_order] = report(self, *remote);
  EXPECT_GE(std::chrono::steady_clock::now() - start, 80ms); // there and back, 40 ms each way
  EXPECT_EQ(count, 500);
  EXPECT_TRUE(in_order);
}

class memory_loss_test : public memory_network_test {
public:
  // No heartbeat within the test, so that the lost writes are the test's own.
  memory_loss_test() : memory_network_test(memory_config("60s", "120s"), memory_config("60s", "120s")) {}
};

TEST_F(memory_loss_test, a_lost_request_or_reply_times_out_and_the_connection_goes_on) {
  auto remote = client->middleman().remote_actor("memory", port);
  ASSERT_TRUE(remote) << to_string(remote.error());
  ASSERT_EQ(add(*remote, 1, 2), 3); // the handshake's traffic is over
  network->drop_writes(port, direction::to_server, 1);
  EXPECT_EQ(add(*remote, 3, 4, 200ms).error(), sec::request_timeout);
  EXPECT_EQ(add(*remote, 5, 6), 11);
  network->drop_writes(port, direction::to_client, 1);
  EXPECT_EQ(add(*remote, 7, 8, 200ms).error(), sec::request_timeout);
  EXPECT_EQ(add(*remote, 9, 10), 19);
  EXPECT_EQ(network->connections(port), 1u); // the same connection throughout
}

TEST_F(memory_network_test, a_cut_connection_ends_remote_monitors_and_a_new_one_works) {
  auto remote = client->middleman().remote_actor("memory", port);
  ASSERT_TRUE(remote) << to_string(remote.error());
  scoped_actor self{*client};
  self->monitor(*remote);
  EXPECT_EQ(network->cut(port), 1u);
  error reason;
  self->receive([&](down_msg& dm) { reason = dm.reason; }, after(10s) >> [] {});
  EXPECT_EQ(reason, exit_reason::remote_link_unreachable);
  auto again = client->middleman().remote_actor("memory", port);
  ASSERT_TRUE(again) << to_string(again.error());
  EXPECT_NE(*again, *remote); // a new proxy; the old handle stays dead
  EXPECT_EQ(add(*again, 4, 4), 8);
}

TEST(memory_network_config, tls_is_refused_on_a_memory_network) {
  actor_system_config cfg;
  cfg.load<net::middleman>();
  EXPECT_FALSE(cfg.set("middleman.memory-network", "tls"));
  EXPECT_FALSE(cfg.set("middleman.tls.certificate", "cert.pem"));
  EXPECT_FALSE(cfg.set("middleman.tls.key", "key.pem"));
  EXPECT_FALSE(cfg.set("middleman.tls.ca", "ca.pem"));
  try {
    actor_system sys{cfg};
    FAIL() << "a system with TLS on a memory network";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string{e.what()}.find("memory-network"), std::string::npos) << e.what();
  }
}

} // namespace

} // namespace memory_network_test
