// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// CAF side of the remote workloads (libcaf_io): a system with the middleman,
// and the server process, which publishes one actor and serves until its
// stdin closes (remote_node.hpp starts it and reads its port).
#include "caf/io/all.hpp"
#include "caf_common.hpp"
#include "remote_node.hpp"

namespace bench {

inline void configure_caf_io(caf::actor_system_config& cfg, const args& a) {
  configure_caf(cfg, a);
  cfg.load<caf::io::middleman>();
}

// The server's main: `configure(cfg)` adds to the system's configuration (message
// types), `spawn(sys)` spawns the published actor and returns its handle.
template <class Configure, class Spawn>
int serve_caf(int argc, char** argv, Configure configure, Spawn spawn) {
  args a{argc - 1, argv + 1, {0}, ""};
  caf::actor_system_config cfg;
  configure_caf_io(cfg, a);
  configure(cfg);
  caf::actor_system sys{cfg};
  caf::actor served = spawn(sys);
  auto port = sys.middleman().publish(served, 0, publish_host().c_str());
  if (!port)
    return 1;
  serve_until_stdin_closes(*port);
  caf::anon_send_exit(served, caf::exit_reason::user_shutdown);
  return 0;
}

// The same with `fun`, the published actor's behavior function.
template <class Fun>
int serve_caf_actor(int argc, char** argv, Fun fun) {
  return serve_caf(
    argc, argv, [](caf::actor_system_config&) {}, [&fun](caf::actor_system& sys) { return sys.spawn(fun); });
}

} // namespace bench
