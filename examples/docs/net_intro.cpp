// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/net.md: publishing an actor, reaching it from another system, typed
// remote actors, remote monitors and the errors a client can get. Both
// systems live in this process here and talk over loopback TCP.
#include <troupe/net.hpp>

#include "doc_check.hpp"

#include <chrono>
#include <cstdint>
#include <string>

using namespace troupe;
using namespace std::chrono_literals;

// [snippet calculator]
using calculator = typed_actor<replies_to<atom_constant<atom("add")>, int, int>::with<int>,
                               replies_to<atom_constant<atom("sub")>, int, int>::with<int>>;

calculator::behavior_type calculator_impl() {
  return {
    [](atom_constant<atom("add")>, int a, int b) { return a + b; },
    [](atom_constant<atom("sub")>, int a, int b) { return a - b; },
  };
}
// [/snippet]

int main() {
  // [snippet server]
  actor_system_config server_cfg;
  server_cfg.load<net::middleman>(); // the network layer is opt-in per system
  actor_system server{server_cfg};
  auto calc = server.spawn(calculator_impl);
  expected<std::uint16_t> port = server.middleman().publish(calc, 0, "127.0.0.1"); // 0: any free port
  // [/snippet]
  DOC_CHECK(port.has_value());

  // [snippet client]
  actor_system_config client_cfg;
  client_cfg.load<net::middleman>();
  actor_system client{client_cfg};
  expected<calculator> remote = client.middleman().remote_actor<calculator>("127.0.0.1", *port);
  if (!remote) {
    std::cerr << "cannot reach the calculator: " << to_string(remote.error()) << '\n';
    return 1;
  }
  scoped_actor self{client};
  self->request(*remote, 5s, atom_constant<atom("add")>{}, 40, 2)
    .receive([](int sum) { std::cout << "40 + 2 = " << sum << '\n'; },
             [](const error& err) { std::cerr << to_string(err) << '\n'; });
  // [/snippet]
  DOC_CHECK(remote->node() == server.node());

  {
    // [snippet wrong_interface]
    using multiplier = typed_actor<replies_to<atom_constant<atom("mul")>, int, int>::with<int>>;
    auto m = client.middleman().remote_actor<multiplier>("127.0.0.1", *port);
    // m.error() == sec::unexpected_actor_messaging_interface: checked before any message is sent
    // [/snippet]
    DOC_CHECK(!m && m.error() == sec::unexpected_actor_messaging_interface);
  }

  {
    error reason;
    // [snippet monitor]
    self->monitor(*remote);
    scoped_actor admin{server};
    admin->send_exit(calc, exit_reason::user_shutdown); // the server ends the calculator
    self->receive([&](const down_msg& dm) { reason = dm.reason; }, after(10s) >> [] {});
    // reason == exit_reason::user_shutdown: the actor's own reason; a lost or silent
    // node gives exit_reason::remote_link_unreachable
    // [/snippet]
    DOC_CHECK(reason == exit_reason::user_shutdown);
  }
  return doc::result();
}
