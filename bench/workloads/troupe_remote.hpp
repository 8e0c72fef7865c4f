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

// The server's main: `make_config(a)` builds the system, `fun` is the
// published actor's behavior function.
template <class MakeConfig, class Fun>
int serve_troupe_actor(int argc, char** argv, MakeConfig make_config, Fun fun) {
  args a{argc - 1, argv + 1, {0}, ""};
  auto cfg = make_config(a);
  troupe::actor_system sys{cfg};
  auto served = sys.spawn(fun);
  auto port = sys.middleman().publish(served, 0, publish_host());
  if (!port)
    return 1;
  serve_until_stdin_closes(*port);
  troupe::scoped_actor(sys)->send_exit(served, troupe::exit_reason::user_shutdown);
  return 0;
}

} // namespace bench
