// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/net.md, "What a remote handle is": three systems in one process,
// connected over loopback. Node a gets, from node b, a handle to an actor of
// node c, and connects to c on its own.
#include <troupe/net.hpp>

#include "doc_check.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

using find_atom = atom_constant<atom("find")>;

behavior adder() {
  return {[](int a, int b) { return a + b; }};
}

// Answers 'find' with the handle it was given.
behavior directory(event_based_actor*, actor found) {
  return {[found](find_atom) { return found; }};
}

} // namespace

int main() {
  actor_system_config c_cfg;
  c_cfg.load<net::middleman>();
  actor_system c{c_cfg};
  actor add = c.spawn(adder);
  expected<std::uint16_t> c_port = c.middleman().publish(add, 0, "127.0.0.1");
  DOC_CHECK(c_port.has_value());

  actor_system_config b_cfg;
  b_cfg.load<net::middleman>();
  actor_system b{b_cfg};
  expected<actor> adder_at_b = b.middleman().remote_actor("127.0.0.1", *c_port);
  DOC_CHECK(adder_at_b.has_value());
  actor dir_at_b = b.spawn(directory, *adder_at_b);
  expected<std::uint16_t> b_port = b.middleman().publish(dir_at_b, 0, "127.0.0.1");
  DOC_CHECK(b_port.has_value());

  // [snippet third_node]
  actor_system_config cfg;
  cfg.load<net::middleman>(); // middleman.enable-automatic-connections is on
  actor_system a{cfg};
  expected<actor> dir = a.middleman().remote_actor("127.0.0.1", *b_port); // node b
  scoped_actor self{a};
  actor sum_up;
  self->request(*dir, 5s, find_atom{}).receive([&](actor& h) { sum_up = h; }, [](error&) {});
  // sum_up.node() is c's node: a connected to c before it read the answer,
  // so requests to sum_up go to c directly, not through b.
  // [/snippet]
  DOC_CHECK(sum_up.node() == c.node());
  auto nodes = a.middleman().connected_nodes();
  DOC_CHECK(std::count(nodes.begin(), nodes.end(), c.node()) == 1);
  auto answer = doc::ask<int>(self, sum_up, 40, 2);
  DOC_CHECK(answer == 42);
  aout(self) << "40 + 2 = " << *answer << " from node c\n";
  // Published actors live until they quit: each system ends its own.
  scoped_actor {
    b
    } -> send_exit(dir_at_b, exit_reason::user_shutdown);
  scoped_actor {
    c
    } -> send_exit(add, exit_reason::user_shutdown);
  return doc::result();
}
