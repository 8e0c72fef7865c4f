// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A client that retries its requests and reconnects, tried out against a
// network that loses a request and then goes silent. Both nodes run in this
// process, joined by an in-memory network whose faults the program sets at
// the moment it chooses: the protocol, heartbeats and timeouts are the ones
// that run over TCP.
#include <troupe/net.hpp>

#include <chrono>
#include <iostream>
#include <string>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

actor_system_config node_config() {
  actor_system_config cfg;
  cfg.load<net::middleman>();
  // [snippet config]
  cfg.set("middleman.memory-network", "demo"); // instead of TCP
  cfg.set("middleman.heartbeat-interval", "100ms");
  cfg.set("middleman.connection-timeout", "500ms");
  // [/snippet]
  cfg.set("middleman.connect-timeout", "5s");
  return cfg;
}

// Asks `remote` for a + b up to `attempts` times, 500 ms each.
expected<int> add_with_retries(scoped_actor& self, const actor& remote, int a, int b, int attempts) {
  expected<int> result{error{sec::request_timeout}};
  for (int i = 1; i <= attempts; ++i) {
    self->request(remote, 500ms, atom("add"), a, b)
      .receive([&](int sum) { result = sum; }, [&](error& e) { result = std::move(e); });
    std::cout << "attempt " << i << ": " << (result ? std::to_string(*result) : to_string(result.error())) << '\n';
    if (result || result.error() != sec::request_timeout)
      break;
  }
  return result;
}

} // namespace

int main() {
  auto server_cfg = node_config();
  auto client_cfg = node_config();
  actor_system server{server_cfg};
  actor_system client{client_cfg};
  auto adder = server.spawn([] { return behavior{[](atom_value, int a, int b) { return a + b; }}; });
  // [snippet faults]
  auto network = net::memory_network::get("demo");
  auto port = server.middleman().publish(adder, 0); // a port of the network
  auto remote = client.middleman().remote_actor("memory", *port);
  scoped_actor self{client};
  add_with_retries(self, *remote, 1, 2, 3); // the connection's opening frames are out
  // The next write towards the server is lost: the first attempt times out.
  network->drop_writes(*port, net::memory_network::direction::to_server, 1);
  add_with_retries(self, *remote, 20, 22, 3);
  // Nothing gets through until heal(): heartbeats stop, and the client's
  // monitor fires once the connection timeout has passed.
  self->monitor(*remote);
  network->partition(*port);
  self->receive([](down_msg& dm) { std::cout << "server unreachable: " << to_string(dm.reason) << '\n'; },
                after(10s) >> [] { std::cout << "the partition went unnoticed\n"; });
  network->heal(*port);
  // [/snippet]
  auto again = client.middleman().remote_actor("memory", *port);
  if (!again) {
    std::cout << "reconnect failed: " << to_string(again.error()) << '\n';
    return 1;
  }
  std::cout << "reconnected\n";
  add_with_retries(self, *again, 3, 4, 3);
  self->send_exit(adder, exit_reason::user_shutdown);
  std::cout << "flaky network demo done\n";
}
