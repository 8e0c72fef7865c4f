// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/net.md, "Lookup and remote spawn" and "Groups across nodes": two
// systems in one process, connected over loopback.
#include <troupe/net.hpp>

#include "doc_check.hpp"

#include <chrono>
#include <string>
#include <thread>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

using calculator = typed_actor<replies_to<atom_constant<atom("add")>, int, int>::with<int>>;

calculator::behavior_type calculator_impl() {
  return {[](atom_constant<atom("add")>, int a, int b) { return a + b; }};
}

behavior counter(event_based_actor* self, int start) {
  return {[=, n = start](int x) mutable { return n += x; }};
}

} // namespace

int main() {
  // [snippet server]
  actor_system_config server_cfg;
  server_cfg.load<net::middleman>();
  server_cfg.add_actor_type("calculator", calculator_impl).add_actor_type("counter", counter);
  actor_system server{server_cfg};
  auto logger = server.spawn([](int x) -> behavior { return {[=](const std::string& line) { return x; }}; }, 0);
  server.registry().put("logger", logger);
  expected<std::uint16_t> port = server.middleman().publish_local_groups(0, "127.0.0.1");
  // [/snippet]
  DOC_CHECK(port.has_value());
  actor_system_config client_cfg;
  client_cfg.load<net::middleman>();
  actor_system client{client_cfg};
  scoped_actor self{client};
  // [snippet lookup]
  expected<node_id> node = client.middleman().connect("127.0.0.1", *port);
  expected<actor> found = client.middleman().remote_lookup("logger", *node);
  // remote_lookup("nobody", *node): sec::invalid_argument, naming "nobody"
  // [/snippet]
  DOC_CHECK(found.has_value());
  DOC_CHECK(found->node() == server.node());
  DOC_CHECK(client.middleman().remote_lookup("nobody", *node).error() == sec::invalid_argument);
  // [snippet spawn]
  expected<calculator> calc = client.middleman().remote_spawn<calculator>(*node, "calculator", 5s);
  expected<actor> count = client.middleman().remote_spawn(*node, "counter", 5s, 100); // counter(self, 100)
  // remote_spawn(*node, "counter", 5s, "x"):          sec::type_clash
  // remote_spawn<calculator>(*node, "counter", 5s, 1): sec::unexpected_actor_messaging_interface
  // [/snippet]
  DOC_CHECK(calc.has_value());
  DOC_CHECK(count.has_value());
  DOC_CHECK(doc::ask<int>(self, *calc, atom_constant<atom("add")>{}, 40, 2) == 42);
  DOC_CHECK(doc::ask<int>(self, *count, 1) == 101);
  DOC_CHECK(client.middleman().remote_spawn(*node, "counter", 5s, "x").error() == sec::type_clash);
  DOC_CHECK(client.middleman().remote_spawn<calculator>(*node, "counter", 5s, 1).error()
            == sec::unexpected_actor_messaging_interface);
  // [snippet groups]
  expected<group> chat = client.groups().get("remote", "chat@127.0.0.1:" + std::to_string(*port));
  self->join(*chat); // a member of the group "chat" of the server
  auto listener = server.spawn(
    [](event_based_actor* self, group g) -> behavior {
      self->join(g);
      return {[=](const std::string& line) {
        if (line == "hello")
          self->send(g, std::string{"welcome"}); // reaches the members on both nodes
      }};
    },
    server.groups().get_local("chat"));
  // ... once the listener has joined:
  self->send(*chat, std::string{"hello"});
  // [/snippet]
  // The join and the sends above are in flight; wait until the server's group
  // has both members, then send again (the first "hello" may have missed the
  // listener).
  auto* members = static_cast<local_group*>(server.groups().get_local("chat").get());
  for (int i = 0; i < 5000 && members->member_count() < 2; ++i)
    std::this_thread::sleep_for(1ms);
  DOC_CHECK(members->member_count() == 2);
  self->send(*chat, std::string{"hello"});
  bool welcomed = false;
  for (int i = 0; i < 4 && !welcomed; ++i)
    self->receive([&](const std::string& s) { welcomed = s == "welcome"; }, after(5s) >> [] {});
  DOC_CHECK(welcomed);
  self->leave(*chat);
  for (const auto& h : {actor{*calc}, *count, logger, listener})
    self->send_exit(h, exit_reason::user_shutdown);
  return doc::result();
}
