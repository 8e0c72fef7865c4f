// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A calculator service in one process and several clients in others, over
// TCP on loopback: the distributed calculator of the papers.
//
//   troupe_example_remote_calculator              runs the demo: a server, 3 clients
//   troupe_example_remote_calculator server       publishes, prints "port=N", runs until stdin closes
//   troupe_example_remote_calculator client PORT  asks the calculator, prints the answers
#include <troupe/net.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "child_process.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace {

using calculator = typed_actor<replies_to<atom_constant<atom("add")>, int, int>::with<int>,
                               replies_to<atom_constant<atom("sub")>, int, int>::with<int>>;

calculator::behavior_type calculator_impl() {
  return {
    [](atom_constant<atom("add")>, int a, int b) { return a + b; },
    [](atom_constant<atom("sub")>, int a, int b) { return a - b; },
  };
}

actor_system_config net_config() {
  actor_system_config cfg;
  cfg.load<net::middleman>();
  return cfg;
}

int run_server() {
  auto cfg = net_config();
  actor_system sys{cfg};
  auto calc = sys.spawn(calculator_impl);
  auto port = sys.middleman().publish(calc, 0, "127.0.0.1");
  if (!port) {
    std::cerr << "server: " << to_string(port.error()) << '\n';
    return 1;
  }
  std::cout << "port=" << *port << std::endl;
  for (std::string line; std::getline(std::cin, line);) {}
  scoped_actor(sys)->send_exit(calc, exit_reason::user_shutdown);
  return 0;
}

int run_client(std::uint16_t port, int id) {
  auto cfg = net_config();
  actor_system sys{cfg};
  auto calc = sys.middleman().remote_actor<calculator>("127.0.0.1", port);
  if (!calc) {
    std::cerr << "client " << id << ": " << to_string(calc.error()) << '\n';
    return 1;
  }
  scoped_actor self{sys};
  int failures = 0;
  auto on_error = [&](const error& err) {
    std::cerr << "client " << id << ": " << to_string(err) << '\n';
    ++failures;
  };
  self->request(*calc, 5s, atom_constant<atom("add")>{}, id, 10)
    .receive([&](int r) { std::cout << "client " << id << ": " << id << " + 10 = " << r << '\n'; }, on_error);
  self->request(*calc, 5s, atom_constant<atom("sub")>{}, id, 10)
    .receive([&](int r) { std::cout << "client " << id << ": " << id << " - 10 = " << r << '\n'; }, on_error);
  return failures == 0 ? 0 : 1;
}

int run_demo() {
  auto server = example::start_server({"server"});
  if (server.port.empty()) {
    std::cerr << "the server did not start\n";
    return 1;
  }
  const auto& port = server.port;
  std::cout << "server listens on port " << port << std::endl;
  int failures = 0;
  for (int id = 1; id <= 3; ++id) // one after the other, so the output has a fixed order
    failures += example::exit_code(example::spawn_self({"client", port, std::to_string(id)})) != 0;
  failures += server.stop() != 0; // the server's stdin closes: it shuts down
  std::cout << (failures == 0 ? "all clients done" : "failed") << std::endl;
  return failures == 0 ? 0 : 1;
}

} // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty())
    return run_demo();
  if (args[0] == "server")
    return run_server();
  if (args[0] == "client" && args.size() == 3)
    return run_client(static_cast<std::uint16_t>(std::stoi(args[1])), std::stoi(args[2]));
  std::cerr << "usage: " << argv[0] << " [server | client PORT ID]\n";
  return 2;
}
