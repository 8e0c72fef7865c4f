// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// troupe side of the remote workloads: a system with the network layer, and
// the server process, which publishes one actor and serves until its stdin
// closes (remote_node.hpp starts it and reads its port).
#include <troupe/net.hpp>

#include "remote_node.hpp"
#include "troupe_common.hpp"

namespace bench {

inline troupe::actor_system_config troupe_net_config(const args& a) {
  auto cfg = troupe_config(a);
  cfg.load<troupe::net::middleman>();
  return cfg;
}

// The server's main: `make_config(a)` builds the system, `spawn(sys)` spawns
// the published actor and returns its handle.
template <class MakeConfig, class Spawn>
int serve_troupe(int argc, char** argv, MakeConfig make_config, Spawn spawn) {
  args a{argc - 1, argv + 1, {0}, ""};
  auto cfg = make_config(a);
  troupe::actor_system sys{cfg};
  troupe::actor served = spawn(sys);
  auto port = sys.middleman().publish(served, 0, publish_host());
  if (!port)
    return 1;
  serve_until_stdin_closes(*port);
  troupe::scoped_actor(sys)->send_exit(served, troupe::exit_reason::user_shutdown);
  return 0;
}

// The same with `fun`, the published actor's behavior function.
template <class MakeConfig, class Fun>
int serve_troupe_actor(int argc, char** argv, MakeConfig make_config, Fun fun) {
  return serve_troupe(argc, argv, make_config, [&fun](troupe::actor_system& sys) { return sys.spawn(fun); });
}

} // namespace bench
