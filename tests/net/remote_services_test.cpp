// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Lookup by name, remote spawn and remote groups: first between two systems
// in one process (over real loopback sockets), then between node processes,
// including a member node that is killed and a node that is frozen.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "node_process.hpp"
#include "support/eventually.hpp"
#include "test_service.hpp"
#include "test_services.hpp"
#include "troupe/net.hpp"

namespace remote_services_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

struct not_announced {
  int x = 0;
};

actor_system_config node_config() {
  actor_system_config cfg;
  cfg.load<net::middleman>();
  EXPECT_FALSE(cfg.set("middleman.connect-timeout", "5s"));
  // Generous: a loaded machine (or a sanitizer) must not cut a slow peer off.
  EXPECT_FALSE(cfg.set("middleman.connection-timeout", "30s"));
  test::add_service_types(cfg);
  return cfg;
}

// ('count') to the owner of "chat": its member count, or -1.
std::int64_t chat_members(actor_system& sys, const actor& owner) {
  scoped_actor self{sys};
  std::int64_t n = -1;
  self->request(owner, 5s, atom("count")).receive([&](std::int64_t x) { n = x; }, [](error&) {});
  return n;
}

bool chat_members_become(actor_system& sys, const actor& owner, std::int64_t n) {
  return test_support::eventually([&] { return chat_members(sys, owner) == n; }, 10s, 5ms);
}

// `n` texts that `self` receives within 10 s each.
std::multiset<std::string> receive_texts(scoped_actor& self, int n) {
  std::multiset<std::string> got;
  for (int i = 0; i < n; ++i)
    self->receive([&](const std::string& s) { got.insert(s); },
                  after(10s) >> [&] { ADD_FAILURE() << "timed out after " << got.size() << " texts"; });
  return got;
}

// A server system with registered actors, actor types and published groups,
// and a client system connected to it.
class remote_services : public ::testing::Test {
public:
  remote_services() : server(node_config()), client(node_config()) {
    test::start_services(server);
    auto bound = server.middleman().publish_local_groups(0, "127.0.0.1");
    EXPECT_TRUE(bound) << to_string(bound.error());
    port = bound ? *bound : 0;
    auto n = client.middleman().connect("127.0.0.1", port);
    EXPECT_TRUE(n) << to_string(n.error());
    if (n)
      server_node = *n;
  }

  ~remote_services() override {
    scoped_actor self{server};
    for (const auto& [name, registered] : server.registry().entries())
      self->send_exit(registered, exit_reason::user_shutdown);
  }

  std::string chat_id() const { return "chat@127.0.0.1:" + std::to_string(port); }

  actor_system server;
  actor_system client;
  std::uint16_t port = 0;
  node_id server_node;
};

} // namespace

// ---- lookup ------------------------------------------------------------------------

TEST_F(remote_services, lookup_finds_a_registered_actor) {
  auto svc = client.middleman().remote_lookup("service", server_node);
  ASSERT_TRUE(svc) << to_string(svc.error());
  EXPECT_EQ(svc->node(), server.node());
  scoped_actor self{client};
  int sum = 0;
  self->request(*svc, 5s, atom("add"), 40, 2)
    .receive([&](int x) { sum = x; }, [](error& e) { ADD_FAILURE() << to_string(e); });
  EXPECT_EQ(sum, 42);
}

TEST_F(remote_services, lookup_of_an_unknown_name_says_so) {
  auto x = client.middleman().remote_lookup("nobody", server_node);
  ASSERT_FALSE(x);
  EXPECT_EQ(x.error(), sec::invalid_argument);
  EXPECT_NE(x.error().context().find("nobody"), std::string::npos);
}

TEST_F(remote_services, lookup_needs_a_connection_to_the_node) {
  actor_system_config cfg;
  cfg.load<net::middleman>();
  actor_system stranger{cfg}; // never connected
  auto x = client.middleman().remote_lookup("service", stranger.node());
  ASSERT_FALSE(x);
  EXPECT_EQ(x.error(), sec::cannot_connect_to_node);
}

// ---- remote spawn --------------------------------------------------------------------

TEST_F(remote_services, spawn_a_typed_actor) {
  auto calc = client.middleman().remote_spawn<test::calculator>(server_node, "calculator", 5s);
  ASSERT_TRUE(calc) << to_string(calc.error());
  EXPECT_EQ(calc->node(), server.node());
  scoped_actor self{client};
  int diff = 0;
  self->request(*calc, 5s, atom_constant<atom("sub")>{}, 50, 8)
    .receive([&](int x) { diff = x; }, [](error& e) { ADD_FAILURE() << to_string(e); });
  EXPECT_EQ(diff, 42);
  // A smaller interface that the type has fits as well.
  EXPECT_TRUE(client.middleman().remote_spawn<test::adder>(server_node, "calculator", 5s));
}

TEST_F(remote_services, spawn_with_arguments) {
  auto adder = client.middleman().remote_spawn(server_node, "offset", 5s, 100);
  ASSERT_TRUE(adder) << to_string(adder.error());
  scoped_actor self{client};
  int sum = 0;
  self->request(*adder, 5s, 1).receive([&](int x) { sum = x; }, [](error& e) { ADD_FAILURE() << to_string(e); });
  EXPECT_EQ(sum, 101);
}

TEST_F(remote_services, refused_spawns_spawn_nothing) {
  auto& mm = client.middleman();
  auto before = server.running_actors();
  auto unknown = mm.remote_spawn(server_node, "nothing", 5s);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error(), sec::invalid_argument);
  auto bad_args = mm.remote_spawn(server_node, "offset", 5s, std::string{"ten"});
  ASSERT_FALSE(bad_args);
  EXPECT_EQ(bad_args.error(), sec::type_clash);
  auto wrong_if = mm.remote_spawn<test::multiplier>(server_node, "calculator", 5s);
  ASSERT_FALSE(wrong_if);
  EXPECT_EQ(wrong_if.error(), sec::unexpected_actor_messaging_interface);
  EXPECT_NE(wrong_if.error().context().find("mul"), std::string::npos) << wrong_if.error().context();
  auto untyped = mm.remote_spawn<test::adder>(server_node, "offset", 5s, 1);
  ASSERT_FALSE(untyped);
  EXPECT_EQ(untyped.error(), sec::unexpected_actor_messaging_interface);
  // Arguments that cannot cross fail at the sender.
  EXPECT_FALSE(mm.remote_spawn(server_node, "offset", 5s, not_announced{}));
  EXPECT_EQ(server.running_actors(), before);
}

// ---- remote groups ----------------------------------------------------------------------

TEST_F(remote_services, a_remote_group_is_named_and_compared_by_its_name) {
  auto a = client.groups().get("remote", chat_id());
  ASSERT_TRUE(a) << to_string(a.error());
  EXPECT_EQ(to_string(*a), "remote:" + chat_id());
  auto b = client.groups().get("remote", chat_id());
  ASSERT_TRUE(b);
  EXPECT_EQ(*a, *b);
  EXPECT_NE(*a, client.groups().get_local("chat"));
}

TEST_F(remote_services, bad_remote_group_names_fail) {
  for (auto id : {"chat", "@127.0.0.1:1", "chat@127.0.0.1", "chat@127.0.0.1:x"}) {
    auto g = client.groups().get("remote", id);
    ASSERT_FALSE(g) << id;
    EXPECT_EQ(g.error(), sec::invalid_argument) << id;
  }
  // A node that publishes an actor but not its groups.
  auto echo = client.spawn([](int x) -> behavior { return {[=](int y) { return x + y; }}; }, 0);
  auto p = client.middleman().publish(echo, 0, "127.0.0.1");
  ASSERT_TRUE(p);
  auto g = server.groups().get("remote", "chat@127.0.0.1:" + std::to_string(*p));
  ASSERT_FALSE(g);
  EXPECT_EQ(g.error(), sec::unsupported_operation);
  scoped_actor self{client};
  self->send_exit(echo, exit_reason::user_shutdown);
}

TEST_F(remote_services, members_on_both_nodes_hear_each_other) {
  auto owner = server.registry().get("chat-owner");
  auto g = client.groups().get("remote", chat_id());
  ASSERT_TRUE(g) << to_string(g.error());
  scoped_actor self{client};
  self->join(*g);
  auto member = client.spawn(test::chat_member, *g, std::string{"client"});
  ASSERT_TRUE(chat_members_become(server, owner, 3));
  self->send(*g, std::string{"roll call"});
  auto got = receive_texts(self, 3);
  EXPECT_EQ(got, (std::multiset<std::string>{"roll call", "present:owner", "present:client"}));
  self->leave(*g);
  EXPECT_TRUE(chat_members_become(server, owner, 2));
  self->send_exit(member, exit_reason::user_shutdown);
}

TEST_F(remote_services, a_member_that_terminates_leaves_the_remote_group) {
  auto owner = server.registry().get("chat-owner");
  auto g = client.groups().get("remote", chat_id());
  ASSERT_TRUE(g) << to_string(g.error());
  auto member = client.spawn(test::chat_member, *g, std::string{"client"});
  ASSERT_TRUE(chat_members_become(server, owner, 2));
  scoped_actor self{client};
  self->send_exit(member, exit_reason::user_shutdown);
  EXPECT_TRUE(chat_members_become(server, owner, 1));
}

// ---- across processes ----------------------------------------------------------------------

namespace {

test::node_process start_node(const std::string& mode, std::uint16_t port = 0) {
  return test::start_test_node(TROUPE_TEST_NODE, mode, port);
}

// A node that owns the group "chat", one that joined it, and this process
// connected to the first, with a handle to the owner's member of "chat".
struct chat_nodes {
  chat_nodes() : owner_node(start_node("services")), member_node(start_node("join", owner_node.port())) {
    auto n = sys.middleman().connect("127.0.0.1", owner_node.port());
    EXPECT_TRUE(n) << to_string(n.error());
    if (!n)
      return;
    node = *n;
    if (auto x = sys.middleman().remote_lookup("chat-owner", node))
      owner = *x;
    else
      ADD_FAILURE() << to_string(x.error());
  }
  test::node_process owner_node;
  test::node_process member_node;
  actor_system sys{node_config()};
  node_id node;
  actor owner;
};

} // namespace

TEST(remote_services_processes, lookup_and_spawn_on_another_process) {
  auto node = start_node("services");
  actor_system sys{node_config()};
  auto n = sys.middleman().connect("127.0.0.1", node.port());
  ASSERT_TRUE(n) << to_string(n.error());
  auto svc = sys.middleman().remote_lookup("service", *n);
  ASSERT_TRUE(svc) << to_string(svc.error());
  auto calc = sys.middleman().remote_spawn<test::calculator>(*n, "calculator", 5s);
  ASSERT_TRUE(calc) << to_string(calc.error());
  scoped_actor self{sys};
  int a = 0, b = 0;
  self->request(*svc, 5s, atom("add"), 1, 2).receive([&](int x) { a = x; }, [](error&) {});
  self->request(*calc, 5s, atom_constant<atom("add")>{}, 3, 4).receive([&](int x) { b = x; }, [](error&) {});
  EXPECT_EQ(a, 3);
  EXPECT_EQ(b, 7);
  auto unknown = sys.middleman().remote_spawn(*n, "nothing", 5s);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error(), sec::invalid_argument);
  // The node keeps what it spawned for us while we are connected.
  self->send_exit(*calc, exit_reason::user_shutdown);
  EXPECT_EQ(node.stop(), 0);
}

TEST(remote_services_processes, group_chat_across_three_processes) {
  chat_nodes c;
  ASSERT_TRUE(c.owner);
  auto g = c.sys.groups().get("remote", "chat@127.0.0.1:" + std::to_string(c.owner_node.port()));
  ASSERT_TRUE(g) << to_string(g.error());
  scoped_actor self{c.sys};
  self->join(*g);
  ASSERT_TRUE(chat_members_become(c.sys, c.owner, 3));
  self->send(*g, std::string{"roll call"});
  EXPECT_EQ(receive_texts(self, 3), (std::multiset<std::string>{"roll call", "present:owner", "present:member"}));
  self->leave(*g);
  EXPECT_EQ(c.member_node.stop(), 0);
  EXPECT_EQ(c.owner_node.stop(), 0);
}

TEST(remote_services_processes, a_killed_member_node_leaves_the_group) {
  chat_nodes c;
  ASSERT_TRUE(c.owner);
  ASSERT_TRUE(chat_members_become(c.sys, c.owner, 2));
  c.member_node.kill_now(); // the owner's node sees the socket close
  EXPECT_TRUE(chat_members_become(c.sys, c.owner, 1));
  EXPECT_EQ(c.owner_node.stop(), 0);
}

TEST(remote_services_processes, a_spawn_on_a_frozen_node_times_out) {
  auto node = start_node("services");
  {
    actor_system sys{node_config()};
    auto n = sys.middleman().connect("127.0.0.1", node.port());
    ASSERT_TRUE(n) << to_string(n.error());
    node.freeze();
    auto start = std::chrono::steady_clock::now();
    auto x = sys.middleman().remote_spawn(*n, "offset", 300ms, 1);
    auto waited = std::chrono::steady_clock::now() - start;
    node.thaw();
    ASSERT_FALSE(x);
    EXPECT_EQ(x.error(), sec::request_timeout);
    EXPECT_GE(waited, 300ms);
    EXPECT_LT(waited, 5s);
  } // the actor the node spawned late goes with our connection
  EXPECT_EQ(node.stop(), 0);
}

} // namespace remote_services_test
