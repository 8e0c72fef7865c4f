// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// troupe-nexus: runs a nexus that probes report to and shells ask.
//
//   troupe-nexus --port=4242                  on 127.0.0.1:4242
//   troupe-nexus --port=0 --bind=0.0.0.0      any free port, every interface
//   troupe-nexus --inspect.http=9100          and every node's metrics at
//                                             http://127.0.0.1:9100/metrics, the
//                                             dashboard at http://127.0.0.1:9100/
//
// It prints "troupe-nexus listening on HOST:PORT" once it accepts probes, and
// runs until SIGINT or SIGTERM.
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <exception>
#include <map>
#include <memory>
#include <string>

#include "troupe/exec_main.hpp"
#include "troupe/inspection/nexus.hpp"
#include "troupe/net/middleman.hpp"
#include "troupe/send.hpp"

#include "../dashboard/dashboard_routes.hpp"
#include "../dashboard/nexus_source.hpp"
#include "../endpoint.hpp"
#include "../http/http_server.hpp"
#include "../nexus_metrics.hpp"

using namespace troupe;

namespace {

struct nexus_config : actor_system_config {
  std::uint16_t port = 4242;
  std::string bind = "127.0.0.1";
  std::string http;
  std::chrono::nanoseconds interval = std::chrono::seconds{1};
  nexus_config() {
    add_option("port", port, "the port probes and shells connect to (0: any free port)");
    add_option("bind", bind, "the address to listen on (127.0.0.1 unless told otherwise)");
    add_option("inspect.http", http,
               "PORT or HOST:PORT (host 127.0.0.1 by default) to serve every node's metrics at /metrics and the "
               "dashboard at /; empty: off");
    add_option("inspect.interval", interval, "how often the dashboard's live view refreshes (the nodes' interval)");
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
  std::unique_ptr<inspection::http_server> http;
  if (!cfg.http.empty()) {
    std::string host;
    std::uint16_t http_port = 0;
    if (!inspection::split_endpoint(cfg.http.find(':') == std::string::npos ? "127.0.0.1:" + cfg.http : cfg.http, host,
                                    http_port)) {
      std::fprintf(stderr, "troupe-nexus: --inspect.http=%s is not PORT or HOST:PORT\n", cfg.http.c_str());
      anon_send_exit(nexus, exit_reason::user_shutdown);
      return 1;
    }
    inspection::http_routes routes;
    routes.get["/metrics"] = inspection::nexus_metrics_page(sys, nexus);
    auto interval =
      std::max(std::chrono::duration_cast<std::chrono::milliseconds>(cfg.interval), std::chrono::milliseconds{100});
    inspection::add_dashboard_routes(routes, std::make_shared<inspection::nexus_source>(sys, nexus, interval));
    try {
      http = std::make_unique<inspection::http_server>(host, http_port, std::move(routes));
    } catch (const std::exception& e) {
      std::fprintf(stderr, "troupe-nexus: cannot serve metrics on %s: %s\n", cfg.http.c_str(), e.what());
      anon_send_exit(nexus, exit_reason::user_shutdown);
      return 1;
    }
    std::printf("troupe-nexus serving metrics on http://%s:%u/metrics and the dashboard on http://%s:%u/\n",
                host.c_str(), static_cast<unsigned>(http->port()), host.c_str(), static_cast<unsigned>(http->port()));
  }
  std::fflush(stdout);
  auto sig = wait_for_stop_signal(signals);
  std::printf("troupe-nexus: stopping on signal %d\n", sig);
  http.reset(); // no scrape asks the nexus after this
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
