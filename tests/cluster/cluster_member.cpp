// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// One member of a service cluster, for the tests that crash or restart a
// member in a process of its own: it joins with the cluster.* options of its
// command line, registers "echo" (which answers a number with this
// process's id), prints "port=N" once it is a member, and stops in order
// when its stdin closes.
//   troupe_cluster_member --cluster.discovery=etcd --cluster.etcd.endpoints=... [--cluster.*=...]
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <string>

#include "troupe/cluster.hpp"
#include "troupe/net.hpp"

using namespace troupe;

int main(int argc, char** argv) {
  actor_system_config cfg;
  cfg.load<net::middleman>().load<cluster::module>();
  if (auto err = cfg.parse(argc, argv)) {
    std::fprintf(stderr, "cluster_member: %s\n", to_string(err).c_str());
    return 2;
  }
  actor_system sys{cfg};
  auto echo =
    sys.spawn([](event_based_actor*) -> behavior { return {[](int) { return static_cast<int>(::getpid()); }}; });
  sys.registry().put("echo", echo);
  std::printf("port=%u\n", static_cast<unsigned>(sys.cluster().port()));
  std::fflush(stdout);
  std::string line;
  while (std::getline(std::cin, line)) {}
  anon_send_exit(echo, exit_reason::user_shutdown);
  return 0;
}
