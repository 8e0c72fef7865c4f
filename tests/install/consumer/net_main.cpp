// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// troupe::net, installed: one system publishes an actor on loopback, a second one
// reaches it over TCP and asks it; the handshake and the wire need OpenSSL, so a
// link that lacks it fails here.
#include <troupe/net.hpp>

#include <chrono>
#include <cstdint>

int main() {
  using namespace troupe;
  actor_system_config server_cfg;
  server_cfg.load<net::middleman>();
  actor_system server{server_cfg};
  auto adder = server.spawn([]() -> behavior { return {[](int a, int b) { return a + b; }}; });
  expected<std::uint16_t> port = server.middleman().publish(adder, 0, "127.0.0.1");
  if (!port)
    return 2;

  actor_system_config client_cfg;
  client_cfg.load<net::middleman>();
  actor_system client{client_cfg};
  expected<actor> remote = client.middleman().remote_actor("127.0.0.1", *port);
  if (!remote)
    return 3;
  int result = 0;
  {
    scoped_actor self{client};
    self->request(*remote, std::chrono::seconds(10), 20, 22)
      .receive([&](int r) { result = r; }, [&](error&) { result = -1; });
  }
  // A published actor lives until it is told to end; the server system waits for it.
  scoped_actor admin{server};
  admin->send_exit(adder, exit_reason::user_shutdown);
  return result == 42 ? 0 : 1;
}
