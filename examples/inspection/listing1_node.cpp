// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// One node of the paper's Listing 1: a server, alice, whose actor answers
// ('ping') with ('pong'), and clients, bob and charlie, that ping it. Every
// node reports to a nexus, where troupe-shell looks at them
// (examples/inspection/listing1.sh runs the whole session).
//
//   listing1_node --name=alice --inspect.nexus=127.0.0.1:4242 --inspect.allow-control=true
//       prints "port=N", where its ping server listens
//   listing1_node --name=bob --server=127.0.0.1:N --inspect.nexus=127.0.0.1:4242
//
// A node runs until its stdin closes or --lifetime passes (default 120s).
#include <troupe/inspection.hpp>
#include <troupe/net.hpp>
#include <troupe/troupe.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <thread>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

struct node_config : actor_system_config {
  std::string name = "alice";
  std::string server;
  std::chrono::nanoseconds lifetime = 120s;
  node_config() {
    add_option("name", name, "alice runs the ping server; any other name is a client");
    add_option("server", server, "clients: HOST:PORT of alice's ping server");
    add_option("lifetime", lifetime, "stop after this long even if stdin stays open");
  }
};

// The server's actor: ('ping') -> ('pong').
class ping_server : public event_based_actor {
public:
  explicit ping_server(actor_config& cfg) : event_based_actor(cfg) {}
  const char* name() const override { return "ping_server"; }
  behavior make_behavior() override {
    return {[](ping_atom) { return pong_atom_v; }};
  }
};

// A client's actor: pings the server twice a second and counts the answers.
behavior pinger(event_based_actor* self, actor server) {
  self->send(self, tick_atom_v);
  return {
    [=](tick_atom) {
      self->send(server, ping_atom_v);
      self->delayed_send(self, 500ms, tick_atom_v);
    },
    [](pong_atom) {},
  };
}

// Until stdin closes (the parent went away) or the lifetime is over.
void wait_until_done(std::chrono::nanoseconds lifetime) {
  auto deadline = std::chrono::steady_clock::now() + lifetime;
  static std::atomic<bool> stdin_closed{false};
  std::thread reader{[] {
    for (std::string line; std::getline(std::cin, line);) {}
    stdin_closed = true;
  }};
  reader.detach(); // it may block in read() until the process ends
  while (std::chrono::steady_clock::now() < deadline && !stdin_closed)
    std::this_thread::sleep_for(100ms);
}

} // namespace

int troupe_main(actor_system& sys, const node_config& cfg) {
  if (cfg.name == "alice") {
    auto server = sys.spawn<ping_server>();
    auto port = sys.middleman().publish(server, 0, "127.0.0.1");
    if (!port) {
      std::cerr << "alice: " << to_string(port.error()) << '\n';
      return 1;
    }
    std::cout << "port=" << *port << std::endl;
    wait_until_done(cfg.lifetime);
    anon_send_exit(server, exit_reason::user_shutdown);
    return 0;
  }
  auto colon = cfg.server.rfind(':');
  if (colon == std::string::npos) {
    std::cerr << cfg.name << ": give alice's server as --server=HOST:PORT\n";
    return 1;
  }
  auto server = sys.middleman().remote_actor(cfg.server.substr(0, colon),
                                             static_cast<std::uint16_t>(std::stoi(cfg.server.substr(colon + 1))));
  if (!server) {
    std::cerr << cfg.name << ": " << to_string(server.error()) << '\n';
    return 1;
  }
  auto client = sys.spawn(pinger, *server);
  std::cout << cfg.name << " pings alice" << std::endl;
  wait_until_done(cfg.lifetime);
  anon_send_exit(client, exit_reason::user_shutdown);
  return 0;
}

TROUPE_MAIN(net::middleman, inspection::probe)
