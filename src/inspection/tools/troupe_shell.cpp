// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// troupe-shell: the interactive shell of a nexus.
//
//   troupe-shell --nexus=127.0.0.1:4242
//
// On a terminal it edits lines, keeps a history and completes with Tab
// (libedit); otherwise it reads one command per line from stdin. `help` lists
// the commands.
#include <cstdio>
#include <iostream>
#include <string>

#include "troupe/exec_main.hpp"
#include "troupe/inspection/nexus.hpp"
#include "troupe/net/middleman.hpp"

#include "../endpoint.hpp"
#include "line_reader.hpp"
#include "shell_session.hpp"

using namespace troupe;

namespace {

struct shell_config : actor_system_config {
  std::string nexus;
  shell_config() { add_option("nexus", nexus, "HOST:PORT of the nexus (troupe-nexus --port=PORT)"); }
};

} // namespace

int troupe_main(actor_system& sys, const shell_config& cfg) {
  std::string host;
  std::uint16_t port = 0;
  if (!inspection::split_endpoint(cfg.nexus, host, port)) {
    std::fprintf(stderr, "troupe-shell: give the nexus as --nexus=HOST:PORT\n");
    return 1;
  }
  inspection::announce_types();
  auto nexus = sys.middleman().remote_actor<inspection::nexus_actor>(host, port);
  if (!nexus) {
    std::fprintf(stderr, "troupe-shell: cannot reach the nexus at %s: %s\n", cfg.nexus.c_str(),
                 to_string(nexus.error()).c_str());
    return 1;
  }
  inspection::shell_session session{sys, *nexus, std::cout};
  inspection::line_reader reader{"troupe-shell", [&](std::string_view line) { return session.completions(line); }};
  if (reader.interactive())
    std::cout << "connected to the nexus at " << cfg.nexus << "; help lists the commands\n";
  while (auto line = reader.read(session.prompt()))
    if (!session.run(*line))
      break;
  return 0;
}

TROUPE_MAIN(net::middleman)
