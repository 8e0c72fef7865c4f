// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// troupe-nexus: runs a nexus that probes report to and shells ask.
//
//   troupe-nexus --port=4242                  on 127.0.0.1:4242
//   troupe-nexus --port=0 --bind=0.0.0.0      any free port, every interface
//
// It prints "troupe-nexus listening on HOST:PORT" once it accepts probes, and
// runs until SIGINT or SIGTERM.
#include <csignal>
#include <cstdio>
#include <string>

#include "troupe/exec_main.hpp"
#include "troupe/inspection/nexus.hpp"
#include "troupe/net/middleman.hpp"
#include "troupe/send.hpp"

using namespace troupe;

namespace {

struct nexus_config : actor_system_config {
  std::uint16_t port = 4242;
  std::string bind = "127.0.0.1";
  nexus_config() {
    add_option("port", port, "the port probes and shells connect to (0: any free port)");
    add_option("bind", bind, "the address to listen on (127.0.0.1 unless told otherwise)");
  }
};

// Blocks until SIGINT or SIGTERM, which stay blocked in every thread the
// system starts afterwards, so that this wait is what receives them.
int wait_for_stop_signal(const sigset_t& signals) {
  int sig = 0;
  sigwait(&signals, &sig);
  return sig;
}

} // namespace

int troupe_main(actor_system& sys, const nexus_config& cfg, const sigset_t& signals) {
  auto nexus = inspection::spawn_nexus(sys);
  auto port = sys.middleman().publish(nexus, cfg.port, cfg.bind);
  if (!port) {
    std::fprintf(stderr, "troupe-nexus: cannot listen on %s:%u: %s\n", cfg.bind.c_str(), cfg.port,
                 to_string(port.error()).c_str());
    anon_send_exit(nexus, exit_reason::user_shutdown);
    return 1;
  }
  std::printf("troupe-nexus listening on %s:%u\n", cfg.bind.c_str(), static_cast<unsigned>(*port));
  std::fflush(stdout);
  auto sig = wait_for_stop_signal(signals);
  std::printf("troupe-nexus: stopping on signal %d\n", sig);
  anon_send_exit(nexus, exit_reason::user_shutdown);
  return 0;
}

int main(int argc, char** argv) {
  // Before the system starts its threads: they inherit the mask.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  nexus_config cfg;
  cfg.load<net::middleman>();
  if (detail::asks_for_help(argc, argv)) {
    std::printf("usage: troupe-nexus [--port=N] [--bind=ADDR] [options]\n\n%s", cfg.help().c_str());
    return 0;
  }
  if (auto err = cfg.parse(argc, argv)) {
    std::fprintf(stderr, "troupe-nexus: %s\n", to_string(err).c_str());
    return 1;
  }
  if (auto* bad = detail::unknown_option(cfg.remainder())) {
    std::fprintf(stderr, "troupe-nexus: unknown option %s (--help lists them)\n", bad->c_str());
    return 1;
  }
  actor_system sys{cfg};
  return troupe_main(sys, cfg, signals);
}
