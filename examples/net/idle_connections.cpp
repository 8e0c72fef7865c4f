// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Idle connections that close and come back: a client that stops talking to
// a calculator for middleman.idle-timeout has its connection parked. Its
// handle and the monitor on it stay; the next request connects again, and
// when the calculator ends, the server connects to tell the client. Two
// actor systems in one process, over TCP on loopback.
//
//   troupe_example_idle_connections
#include <troupe/net.hpp>

#include <chrono>
#include <iostream>
#include <string>
#include <thread>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

actor_system_config node_config() {
  actor_system_config cfg;
  cfg.load<net::middleman>();
  // Short times for the demo; a service would park after seconds or minutes.
  if (cfg.set("middleman.heartbeat-interval", "50ms") || cfg.set("middleman.idle-timeout", "200ms"))
    throw std::runtime_error("bad option");
  return cfg;
}

// Waits up to 5 s for the client's connection to be parked.
bool parked(actor_system& sys) {
  for (int i = 0; i < 500 && sys.middleman().parked_nodes() == 0; ++i)
    std::this_thread::sleep_for(10ms);
  return sys.middleman().parked_nodes() == 1;
}

} // namespace

int main() {
  auto server_cfg = node_config();
  auto client_cfg = node_config();
  actor_system server{server_cfg};
  actor_system client{client_cfg};
  auto calc = server.spawn([] { return behavior{[](int a, int b) { return a + b; }}; });
  auto port = server.middleman().publish(calc, 0, "127.0.0.1");
  // The client listens too, so that the server can connect back to it.
  if (!port || !client.middleman().open(0, "127.0.0.1")) {
    std::cerr << "cannot listen on loopback\n";
    return 1;
  }
  auto remote = client.middleman().remote_actor("127.0.0.1", *port);
  if (!remote) {
    std::cerr << to_string(remote.error()) << '\n';
    return 1;
  }
  scoped_actor self{client};
  self->monitor(*remote);
  auto ask = [&](int a, int b) {
    self->request(*remote, 5s, a, b)
      .receive([&](int sum) { std::cout << a << " + " << b << " = " << sum << '\n'; },
               [](error& e) { std::cout << "failed: " << to_string(e) << '\n'; });
  };
  ask(1, 2);
  if (!parked(client)) {
    std::cerr << "the idle connection was not parked\n";
    return 1;
  }
  std::cout << "parked: " << client.middleman().parked_nodes() << " node, " << client.middleman().open_connections()
            << " open connections\n";
  ask(2, 40); // connects again
  std::cout << "open connections after the request: " << client.middleman().open_connections() << '\n';
  if (!parked(client))
    return 1;
  std::cout << "parked again\n";
  scoped_actor(server)->send_exit(calc, exit_reason::user_shutdown);
  self->receive([](down_msg& dm) { std::cout << "the calculator is down: " << to_string(dm.reason) << '\n'; },
                after(5s) >> [] { std::cout << "no down message\n"; });
  std::cout << "idle connections demo done\n";
}
