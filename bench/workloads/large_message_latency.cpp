// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A small message behind a large one: a second process (this program run with
// --serve) holds an actor that answers pings and takes large payloads. Here,
// one actor sends it a payload of M MB while another does ping round trips
// over the same connection, back to back, until the payload has arrived. The
// metric is the slowest of those round trips: how long a small message waits
// behind the large one. Work time: the whole crossing.
//   large_message_latency [--workers=W] [MB=100]
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "troupe_remote.hpp"

using namespace troupe;

namespace {

behavior target() {
  return {
    on(atom("ping"), arg_match) >> [](int n) { return std::make_tuple(atom("pong"), n); },
    [](const std::string& payload) { return static_cast<std::int64_t>(payload.size()); },
  };
}

behavior bulk_sender(event_based_actor* self, actor dest, std::int64_t bytes, actor report_to) {
  return {
    on(atom("go")) >>
      [=] {
        self->request(dest, bench::result_timeout, std::string(static_cast<std::size_t>(bytes), 'x'))
          .then([=](std::int64_t got) {
            self->send(report_to, atom("arrived"), got);
            self->quit();
          });
      },
  };
}

actor_system_config net_config(const bench::args& a) {
  return bench::troupe_net_config(a);
}

} // namespace

int main(int argc, char** argv) {
  if (bench::is_server(argc, argv))
    return bench::serve_troupe_actor(argc, argv, net_config, target);
  bench::args a{argc, argv, {100}, "[MEGABYTES]"};
  const std::int64_t bytes = a[0] * 1000 * 1000;
  if (bytes < 1)
    return 2;
  bench::server_process server{bench::workers_option(a.workers).c_str()};
  std::int64_t arrived = -1;
  double slowest_us = 0;
  int pings = 0;
  {
    auto cfg = net_config(a);
    actor_system sys{cfg};
    auto dest = sys.middleman().remote_actor("127.0.0.1", server.port());
    if (!dest)
      return bench::check(false, "connected to the server");
    scoped_actor self{sys};
    bench::work_timer work;
    auto bulk = sys.spawn(bulk_sender, *dest, bytes, actor{self});
    self->send(bulk, atom("go"));
    while (arrived < 0) {
      bench::stopwatch sw;
      bool answered = false;
      self->request(*dest, bench::result_timeout, atom("ping"), pings)
        .receive([&](atom_value, int) { answered = true; }, [&](error&) {});
      if (!answered)
        return bench::check(false, "every ping answered");
      slowest_us = std::max(slowest_us, sw.seconds() * 1e6);
      ++pings;
      self->receive(
        on(atom("arrived"), arg_match) >> [&](std::int64_t got) { arrived = got; },
        after(std::chrono::seconds{0}) >> [] {});
    }
    work.done();
  }
  bench::metric("us_per_rtt", slowest_us);
  bench::metric("pings", pings);
  return bench::check(arrived == bytes, "the payload arrived whole");
}
