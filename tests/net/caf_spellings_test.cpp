// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The network spellings that CAF 0.17 programs use, so that they port by
// renaming: groups().get("module:identifier") (local groups through the core
// alone, remote ones across two systems), middleman().open(port) as the port
// other nodes and remote groups come through, a blocking actor making a
// middleman call for an event-based one (troupe's middleman is no actor to
// send requests to), and a broker's fork and num_connections over loopback
// sockets. A test waits on messages and
// blocking reads with timeouts, never on the clock.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "support/tcp_client.hpp"
#include "troupe/net.hpp"

namespace caf_spellings_test {

using namespace troupe;
using namespace troupe::net;
using namespace std::chrono_literals;
using troupe::test_support::tcp_client;

namespace {

actor_system_config with_middleman() {
  actor_system_config cfg;
  cfg.load<middleman>();
  return cfg;
}

// The next string `self` receives within 10 s; empty after that.
std::string next_text(scoped_actor& self) {
  std::string got;
  self->receive([&](std::string& s) { got = std::move(s); }, after(10s) >> [] {});
  return got;
}

} // namespace

// ---- groups().get("module:identifier") ---------------------------------------------------

TEST(caf_spellings, a_local_group_by_one_string_is_the_local_group_of_that_name) {
  actor_system_config cfg;
  actor_system sys{cfg}; // the core alone: "local" needs no network
  auto chat = sys.groups().get("local:chat");
  ASSERT_TRUE(chat) << to_string(chat.error());
  EXPECT_EQ(*chat, sys.groups().get_local("chat"));
  EXPECT_EQ(to_string(*chat), "local:chat");
  // Only the first colon separates: the rest is the identifier.
  auto odd = sys.groups().get("local:a:b");
  ASSERT_TRUE(odd);
  EXPECT_EQ((*odd)->identifier(), "a:b");
  scoped_actor self{sys};
  self->join(*chat);
  self->send(sys.groups().get_local("chat"), std::string{"hi"});
  EXPECT_EQ(next_text(self), "hi");
}

TEST(caf_spellings, a_group_string_without_a_module_is_an_error_that_says_so) {
  actor_system_config cfg;
  actor_system sys{cfg};
  auto plain = sys.groups().get("chat");
  ASSERT_FALSE(plain);
  EXPECT_EQ(plain.error(), sec::invalid_argument);
  EXPECT_NE(plain.error().context().find("module:identifier"), std::string::npos) << plain.error().context();
  EXPECT_NE(plain.error().context().find("'chat'"), std::string::npos) << plain.error().context();
  auto empty = sys.groups().get("");
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error(), sec::invalid_argument);
  auto unknown = sys.groups().get("nosuch:chat");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error(), sec::invalid_argument);
  EXPECT_NE(unknown.error().context().find("nosuch"), std::string::npos) << unknown.error().context();
}

// ---- middleman().open ----------------------------------------------------------------------

TEST(caf_spellings, open_is_a_port_for_nodes_and_their_remote_groups) {
  auto server_cfg = with_middleman();
  auto client_cfg = with_middleman();
  actor_system server{server_cfg};
  actor_system client{client_cfg};
  auto port = server.middleman().open(0, "127.0.0.1");
  ASSERT_TRUE(port) << to_string(port.error());
  ASSERT_NE(*port, 0);

  auto node = client.middleman().connect("127.0.0.1", *port);
  ASSERT_TRUE(node) << to_string(node.error());
  EXPECT_EQ(*node, server.node());
  auto nobody = client.middleman().remote_actor("127.0.0.1", *port);
  ASSERT_FALSE(nobody);
  EXPECT_EQ(nobody.error(), sec::no_actor_published_at_port);

  auto name = "remote:chat@127.0.0.1:" + std::to_string(*port);
  auto chat = client.groups().get(name);
  ASSERT_TRUE(chat) << to_string(chat.error());
  EXPECT_EQ(to_string(*chat), name);

  auto local_chat = server.groups().get_local("chat");
  scoped_actor there{server};
  there->join(local_chat);
  scoped_actor here{client};
  here->join(*chat);
  // The join travels ahead of the message on the same connection, so once
  // the server's member has the message, the client's is a member there.
  here->send(*chat, std::string{"hello"});
  EXPECT_EQ(next_text(there), "hello");
  there->send(local_chat, std::string{"welcome"});
  std::multiset<std::string> got{next_text(here), next_text(here)};
  EXPECT_EQ(got, (std::multiset<std::string>{"hello", "welcome"}));
}

TEST(caf_spellings, open_fails_like_publish_local_groups_on_a_bad_address) {
  auto cfg = with_middleman();
  actor_system sys{cfg};
  auto port = sys.middleman().open(0, "not an address", true);
  ASSERT_FALSE(port);
  EXPECT_EQ(port.error(), sec::invalid_argument);
}

// What a CAF program that asked the middleman actor for a connection writes
// instead: the blocking call runs in a blocking actor spawned for it, and its
// result comes back as a message, so the event-based actor never blocks.
TEST(caf_spellings, a_blocking_actor_makes_the_middleman_call_for_an_event_based_one) {
  auto server_cfg = with_middleman();
  auto client_cfg = with_middleman();
  actor_system server{server_cfg};
  actor_system client{client_cfg};
  auto doubler = server.spawn([]() -> behavior { return {[](int x) { return 2 * x; }}; });
  auto port = server.middleman().publish(doubler, 0, "127.0.0.1");
  ASSERT_TRUE(port) << to_string(port.error());
  scoped_actor self{client};
  client.spawn(
    [](event_based_actor* self, std::uint16_t port, actor report) -> behavior {
      self->spawn([me = actor{self}, port](blocking_actor* b) {
        auto x = b->system().middleman().remote_actor("127.0.0.1", port);
        b->send(me, x ? *x : actor{}); // an invalid handle for a failure
      });
      return {[=](const actor& remote) {
        if (!remote) {
          self->send(report, -1);
          self->quit();
          return;
        }
        self->request(remote, 10s, 21).then([=](int y) {
          self->send(report, y);
          self->quit();
        });
      }};
    },
    *port, actor{self});
  int doubled = 0;
  self->receive([&](int y) { doubled = y; }, after(10s) >> [] {});
  EXPECT_EQ(doubled, 42);
  scoped_actor(server)->send_exit(doubler, exit_reason::user_shutdown);
}

// ---- broker::fork and num_connections --------------------------------------------------------

namespace {

// Echoes each chunk behind "echo:", reading whatever arrives.
behavior echo_worker(broker* self, connection_handle hdl, actor report) {
  self->configure_read(hdl, receive_policy::at_most(64));
  self->send(report, std::string{"worker connections"}, self->num_connections());
  return {
    [=](const new_data_msg& m) {
      self->write(m.handle, "echo:");
      self->write(m.handle, m.text());
      self->flush(m.handle);
    },
    [](const connection_closed_msg&) {},
  };
}

// Reports each chunk as "worker:<text>"; keeps the policy it inherited.
behavior chunk_worker(broker* self, connection_handle, actor report) {
  return {
    [=](const new_data_msg& m) { self->send(report, "worker:" + std::string{m.text()}); },
    [](const connection_closed_msg&) {},
  };
}

} // namespace

// CAF's simple_broker: the acceptor forks each connection into a broker of
// its own and is no longer responsible for it.
TEST(caf_spellings, fork_hands_a_connection_and_its_unflushed_bytes_to_a_new_broker) {
  auto cfg = with_middleman();
  actor_system sys{cfg};
  scoped_actor self{sys};
  auto acceptor = [](broker* self, actor report) -> behavior {
    return {[=](const new_connection_msg& m) {
      self->write(m.handle, "hello "); // not flushed: it goes along with the connection
      auto before = self->num_connections();
      auto worker = self->fork(echo_worker, m.handle, report);
      auto stale = self->write(m.handle, "x");
      self->send(report, before, self->num_connections(), static_cast<bool>(worker), self->valid(m.handle),
                 stale == sec::invalid_argument);
      self->quit();
    }};
  };
  std::uint16_t port = 0;
  ASSERT_TRUE(sys.middleman().spawn_server(acceptor, port, actor{self}));
  tcp_client client{port};
  bool reported = false;
  self->receive(
    [&](std::size_t before, std::size_t after, bool spawned, bool still_valid, bool stale_write_fails) {
      reported = true;
      EXPECT_EQ(before, 1u);
      EXPECT_EQ(after, 0u);
      EXPECT_TRUE(spawned);
      EXPECT_FALSE(still_valid);
      EXPECT_TRUE(stale_write_fails);
    },
    after(10s) >> [] {});
  ASSERT_TRUE(reported);
  std::size_t worker_connections = 0;
  self->receive([&](const std::string&, std::size_t n) { worker_connections = n; }, after(10s) >> [] {});
  EXPECT_EQ(worker_connections, 1u);
  client.send("ping");
  EXPECT_EQ(client.receive(15), "hello echo:ping");
}

TEST(caf_spellings, a_fork_inside_a_chunk_handler_passes_on_the_bytes_after_that_chunk) {
  auto cfg = with_middleman();
  actor_system sys{cfg};
  scoped_actor self{sys};
  auto acceptor = [](broker* self, actor report) -> behavior {
    return {
      [=](const new_connection_msg& m) { self->configure_read(m.handle, receive_policy::exactly(4)); },
      [=](const new_data_msg& m) {
        self->send(report, "acceptor:" + std::string{m.text()});
        self->fork(chunk_worker, m.handle, report);
      },
    };
  };
  std::uint16_t port = 0;
  ASSERT_TRUE(sys.middleman().spawn_server(acceptor, port, actor{self}));
  tcp_client client{port};
  client.send("abcdefghijkl");
  std::vector<std::string> got;
  for (int i = 0; i < 3; ++i)
    got.push_back(next_text(self));
  EXPECT_EQ(got, (std::vector<std::string>{"acceptor:abcd", "worker:efgh", "worker:ijkl"}));
}

// A chunk the old broker has not handled (here: skipped, waiting for a later
// behavior) is cut again for the new broker, and the old one never sees it.
TEST(caf_spellings, a_chunk_on_its_way_to_the_old_broker_goes_to_the_new_one) {
  auto cfg = with_middleman();
  actor_system sys{cfg};
  scoped_actor self{sys};
  auto acceptor = [](broker* self, actor report) -> behavior {
    return {
      [=](const new_connection_msg& m) {
        self->configure_read(m.handle, receive_policy::exactly(4));
        self->send(report, m.handle);
      },
      [=](const new_data_msg& m) -> result<void> {
        self->send(report, "skipped:" + std::string{m.text()});
        return skip;
      },
      [=](const std::string& cmd, connection_handle hdl) {
        if (cmd != "fork")
          return;
        self->fork(chunk_worker, hdl, report);
        self->become( // the skipped chunk comes back now, for a handle this broker no longer has
          [=](const new_data_msg& m) { self->send(report, "old:" + std::string{m.text()}); },
          [=](const std::string& s) { self->send(report, "old:" + s); });
      },
    };
  };
  std::uint16_t port = 0;
  auto server = sys.middleman().spawn_server(acceptor, port, actor{self});
  ASSERT_TRUE(server);
  tcp_client client{port};
  connection_handle hdl;
  self->receive([&](connection_handle h) { hdl = h; }, after(10s) >> [] {});
  ASSERT_TRUE(hdl);
  client.send("abcd");
  EXPECT_EQ(next_text(self), "skipped:abcd");
  self->send(*server, std::string{"fork"}, hdl);
  EXPECT_EQ(next_text(self), "worker:abcd");
  client.send("efgh");
  EXPECT_EQ(next_text(self), "worker:efgh");
  self->send(*server, std::string{"sync"});
  EXPECT_EQ(next_text(self), "old:sync") << "the old broker saw the chunk it had skipped";
}

TEST(caf_spellings, a_fork_of_a_handle_that_is_not_open_spawns_nothing) {
  auto cfg = with_middleman();
  actor_system sys{cfg};
  scoped_actor self{sys};
  sys.middleman().spawn_broker(
    [](broker* self, actor report) -> behavior {
      auto worker = self->fork(chunk_worker, connection_handle{987654}, report);
      self->send(report, static_cast<bool>(worker), self->num_connections());
      return {};
    },
    actor{self});
  bool spawned = true;
  std::size_t connections = 99;
  self->receive(
    [&](bool s, std::size_t n) {
      spawned = s;
      connections = n;
    },
    after(10s) >> [] {});
  EXPECT_FALSE(spawned);
  EXPECT_EQ(connections, 0u);
}

} // namespace caf_spellings_test
