// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A node for the multi-process tests: publishes a service actor on a
// loopback port, prints "port=N" and runs until its standard input closes.
//
//   troupe_test_node serve [PORT] [--bind=ADDR] [--middleman.*=...]   a dynamically typed service
//   troupe_test_node typed [PORT]                                    a typed calculator
//   troupe_test_node services [PORT]                   registered actors, actor types and
//                                                      the local group "chat", published
//   troupe_test_node join PORT                         a member of "chat" on the node at
//                                                      PORT (which runs `services`)
//   troupe_test_node streams [PORT]                    stream sources and sinks on request
// It listens on 127.0.0.1 unless --bind names another address ("" for all).
#include <cstdio>
#include <iostream>
#include <string>

#include "test_service.hpp"
#include "test_services.hpp"
#include "test_streams.hpp"
#include "troupe/net.hpp"

using namespace troupe;

int main(int argc, char** argv) {
  if (argc < 2)
    return 2;
  std::string mode = argv[1];
  std::uint16_t port = 0;
  int first_option = 2;
  if (argc > 2 && argv[2][0] != '-') {
    port = static_cast<std::uint16_t>(std::stoi(argv[2]));
    first_option = 3;
  }
  test::announce_held_text();
  actor_system_config cfg;
  cfg.load<net::middleman>();
  test::add_service_types(cfg);
  std::vector<std::string> args;
  std::string bind = "127.0.0.1";
  for (int i = first_option; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--bind=", 0) == 0)
      bind = arg.substr(7);
    else
      args.push_back(std::move(arg));
  }
  if (auto err = cfg.parse(args)) {
    std::cerr << "test_node: " << to_string(err) << '\n';
    return 2;
  }
  actor_system sys{cfg};
  expected<std::uint16_t> bound = error{sec::invalid_argument, "unknown mode " + mode};
  actor svc;
  if (mode == "serve") {
    svc = sys.spawn(test::service);
    bound = sys.middleman().publish(svc, port, bind, true);
  } else if (mode == "typed") {
    auto calc = sys.spawn(test::typed_calculator);
    svc = actor{calc};
    bound = sys.middleman().publish(calc, port, bind, true);
  } else if (mode == "services") {
    svc = test::start_services(sys);
    bound = sys.middleman().publish_local_groups(port, bind, true);
  } else if (mode == "streams") {
    svc = sys.spawn(test::stream_ends);
    bound = sys.middleman().publish(svc, port, bind, true);
  } else if (mode == "join") {
    auto g = sys.groups().get("remote", "chat@127.0.0.1:" + std::to_string(port));
    if (g)
      svc = sys.spawn(test::chat_member, *g, std::string{"member"});
    bound = g ? expected<std::uint16_t>{port} : expected<std::uint16_t>{g.error()};
  }
  if (!bound) {
    std::cerr << "test_node: " << to_string(bound.error()) << '\n';
    return 1;
  }
  std::cout << "port=" << *bound << std::endl;
  // Runs until the test closes our stdin (or kills us).
  std::string line;
  while (std::getline(std::cin, line)) {}
  // The service terminates, so the system can shut down.
  scoped_actor self{sys};
  self->send_exit(svc, exit_reason::user_shutdown);
  for (const auto& [name, registered] : sys.registry().entries())
    self->send_exit(registered, exit_reason::user_shutdown);
  return 0;
}
