// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/net.md, "Idle connections": a client whose connection to a calculator
// is parked while idle and made again by its next request.
#include <troupe/net.hpp>

#include "doc_check.hpp"

#include <chrono>
#include <thread>

using namespace troupe;
using namespace std::chrono_literals;

int main() {
  actor_system_config server_cfg;
  server_cfg.load<net::middleman>();
  actor_system server{server_cfg};
  auto calc = server.spawn([] { return behavior{[](int a, int b) { return a + b; }}; });
  auto port = server.middleman().publish(calc, 0, "127.0.0.1");
  DOC_CHECK(port.has_value());
  // [snippet config]
  actor_system_config cfg;
  cfg.load<net::middleman>();
  cfg.set("middleman.idle-timeout", "200ms"); // a service waits seconds or minutes
  cfg.set("middleman.heartbeat-interval", "50ms");
  actor_system client{cfg};
  client.middleman().open(0, "127.0.0.1"); // where the other side dials it again
  // at run time: client.middleman().set_connection_limits(256, std::chrono::seconds{30});
  // [/snippet]
  auto remote = client.middleman().remote_actor("127.0.0.1", *port);
  DOC_CHECK(remote.has_value());
  scoped_actor self{client};
  auto ask = [&](int a, int b) {
    int sum = 0;
    self->request(*remote, 5s, a, b).receive([&](int r) { sum = r; }, [](error&) {});
    return sum;
  };
  DOC_CHECK(ask(1, 2) == 3);
  for (int i = 0; i < 500 && client.middleman().parked_nodes() == 0; ++i)
    std::this_thread::sleep_for(10ms);
  // [snippet counts]
  std::size_t open = client.middleman().open_connections(); // 0: the idle one is parked
  std::size_t parked = client.middleman().parked_nodes();   // 1
  // [/snippet]
  DOC_CHECK(open == 0);
  DOC_CHECK(parked == 1);
  DOC_CHECK(ask(20, 22) == 42); // the handle connects again
  scoped_actor(server)->send_exit(calc, exit_reason::user_shutdown);
  return doc::result();
}
