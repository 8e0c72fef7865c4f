// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// What a Prometheus scrape of a node's /metrics (inspect.http) costs over many
// live actors, and what it does to the latency of messages meanwhile:
//
//   scrape_cost [actors] [scrapes] [workers]   (defaults: 100000 actors, 9 scrapes, 2 workers)
//
// Spawns `actors` idle actors with statistics, then runs a ping-pong that times
// every round trip, first for a while without scrapes and then for as long
// with `scrapes` GET /metrics over loopback one after another. Prints the
// median and slowest scrape and the slowest round trip of each half.
#include <troupe/inspection.hpp>
#include <troupe/net.hpp>
#include <troupe/troupe.hpp>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "bench_common.hpp"

using namespace troupe;
using namespace troupe_bench;
using clock_type = std::chrono::steady_clock;

namespace {

std::uint16_t free_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  socklen_t len = sizeof addr;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  ::close(fd);
  return ntohs(addr.sin_port);
}

// GET /metrics; the size of the answer (0: failed).
std::size_t scrape(std::uint16_t port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return 0;
  }
  std::string req = "GET /metrics HTTP/1.1\r\nHost: localhost\r\n\r\n";
  ::send(fd, req.data(), req.size(), MSG_NOSIGNAL);
  std::size_t total = 0;
  char buf[65536];
  for (;;) {
    auto n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0)
      break;
    total += static_cast<std::size_t>(n);
  }
  ::close(fd);
  return total;
}

// A ping-pong pair whose pinger keeps the slowest round trip since the last reset.
struct latency_probe {
  std::atomic<long> slowest_ns{0};
  std::atomic<long> round_trips{0};
  std::atomic<bool> running{true};
};

} // namespace

int main(int argc, char** argv) {
  long n = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 100'000;
  int scrapes = argc > 2 ? std::atoi(argv[2]) : 9;
  std::size_t workers = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 2;
  auto port = free_port();
  auto cfg = make_config(workers);
  cfg.load<net::middleman>().load<inspection::probe>();
  if (cfg.set("inspect.http", std::to_string(port))) {
    std::fprintf(stderr, "scrape_cost: cannot set inspect.http\n");
    return 1;
  }
  actor_system sys{cfg};
  std::vector<actor> idle;
  idle.reserve(static_cast<std::size_t>(n));
  for (long i = 0; i < n; ++i)
    idle.push_back(sys.spawn([]() -> behavior { return {[](int) {}}; }));
  auto lat = std::make_shared<latency_probe>();
  auto pong = sys.spawn([]() -> behavior { return {[](std::int64_t t) { return t; }}; });
  auto ping = sys.spawn([=](event_based_actor* self) -> behavior {
    return {[=](std::int64_t sent) {
      auto now = clock_type::now().time_since_epoch().count();
      auto rtt = static_cast<long>(now - sent);
      if (rtt > lat->slowest_ns.load(std::memory_order_relaxed))
        lat->slowest_ns.store(rtt, std::memory_order_relaxed);
      lat->round_trips.fetch_add(1, std::memory_order_relaxed);
      if (lat->running.load(std::memory_order_relaxed))
        self->send(pong, static_cast<std::int64_t>(clock_type::now().time_since_epoch().count()));
    }};
  });
  // The histograms appear once the node has measured its clock for a second:
  // a scrape should read them too.
  std::this_thread::sleep_for(std::chrono::milliseconds{1100});
  // Warm the endpoint and learn how long the scrapes take together.
  if (scrape(port) == 0) {
    std::fprintf(stderr, "scrape_cost: no answer on 127.0.0.1:%u\n", port);
    return 1;
  }
  anon_send(ping, static_cast<std::int64_t>(clock_type::now().time_since_epoch().count()));
  std::vector<double> times;
  std::size_t bytes = 0;
  auto t_scrapes0 = clock_type::now();
  lat->slowest_ns = 0;
  for (int i = 0; i < scrapes; ++i) {
    auto t0 = clock_type::now();
    bytes = scrape(port);
    times.push_back(std::chrono::duration<double, std::milli>(clock_type::now() - t0).count());
  }
  auto with_scrapes = clock_type::now() - t_scrapes0;
  long slowest_with = lat->slowest_ns.exchange(0);
  long trips_with = lat->round_trips.exchange(0);
  std::this_thread::sleep_for(with_scrapes); // as long without scrapes
  long slowest_without = lat->slowest_ns.load();
  long trips_without = lat->round_trips.load();
  lat->running = false;
  std::sort(times.begin(), times.end());
  std::printf("scrape of %ld tracked actors: median %.1f ms, slowest %.1f ms, %zu bytes\n", n, times[times.size() / 2],
              times.back(), bytes);
  std::printf("ping-pong round trips: slowest %.3f ms with scrapes (%ld trips), %.3f ms without (%ld trips)\n",
              static_cast<double>(slowest_with) / 1e6, trips_with, static_cast<double>(slowest_without) / 1e6,
              trips_without);
  for (auto& a : idle)
    anon_send_exit(a, exit_reason::user_shutdown);
  anon_send_exit(ping, exit_reason::user_shutdown);
  anon_send_exit(pong, exit_reason::user_shutdown);
  return bytes > 0 ? 0 : 1;
}
