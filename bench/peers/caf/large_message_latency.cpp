// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A small message behind a large one, CAF 0.17 (libcaf_io) version of
// bench/workloads/large_message_latency.cpp: one actor sends a payload of
// M MB to the server process while the main thread does ping round trips over
// the same connection until it has arrived; the metric is the slowest.
#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>

#include "caf_remote.hpp"

using namespace caf;
using ping_atom = atom_constant<atom("ping")>;
using pong_atom = atom_constant<atom("pong")>;
using go_atom = atom_constant<atom("go")>;
using arrived_atom = atom_constant<atom("arrived")>;

namespace {

behavior target(event_based_actor*) {
  return {
    [](ping_atom, int n) { return std::make_tuple(pong_atom::value, n); },
    [](const std::string& payload) { return static_cast<std::int64_t>(payload.size()); },
  };
}

behavior bulk_sender(event_based_actor* self, actor dest, std::int64_t bytes, actor report_to) {
  return {
    [=](go_atom) {
      self->request(dest, infinite, std::string(static_cast<std::size_t>(bytes), 'x')).then([=](std::int64_t got) {
        self->send(report_to, arrived_atom::value, got);
        self->quit();
      });
    },
  };
}

} // namespace

int main(int argc, char** argv) {
  if (bench::is_server(argc, argv))
    return bench::serve_caf_actor(argc, argv, target);
  bench::args a{argc, argv, {100}, "[MEGABYTES]"};
  const std::int64_t bytes = a[0] * 1000 * 1000;
  if (bytes < 1)
    return 2;
  bench::server_process server{bench::workers_option(a.workers).c_str()};
  std::int64_t arrived = -1;
  double slowest_us = 0;
  int pings = 0;
  {
    actor_system_config cfg;
    bench::configure_caf_io(cfg, a);
    actor_system sys{cfg};
    auto dest = sys.middleman().remote_actor("127.0.0.1", server.port());
    if (!dest)
      return bench::check(false, "connected to the server");
    scoped_actor self{sys};
    bench::work_timer work;
    auto bulk = sys.spawn(bulk_sender, *dest, bytes, actor_cast<actor>(self));
    self->send(bulk, go_atom::value);
    while (arrived < 0) {
      bench::stopwatch sw;
      bool answered = false;
      self->request(*dest, infinite, ping_atom::value, pings)
        .receive([&](pong_atom, int) { answered = true; }, [&](error&) {});
      if (!answered)
        return bench::check(false, "every ping answered");
      slowest_us = std::max(slowest_us, sw.seconds() * 1e6);
      ++pings;
      self->receive([&](arrived_atom, std::int64_t got) { arrived = got; }, after(std::chrono::seconds{0}) >> [] {});
    }
    work.done();
  }
  bench::metric("us_per_rtt", slowest_us);
  bench::metric("pings", pings);
  return bench::check(arrived == bytes, "the payload arrived whole");
}
