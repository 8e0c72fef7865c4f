// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Remote ping-pong latency, CAF 0.17 (libcaf_io) version of
// bench/workloads/remote_ping_pong.cpp: the pong actor in a second process,
// published with the middleman; N round trips, one message in flight.
#include <tuple>

#include "caf_remote.hpp"

using namespace caf;
using ping_atom = atom_constant<atom("ping")>;
using pong_atom = atom_constant<atom("pong")>;
using done_atom = atom_constant<atom("done")>;

namespace {

behavior pong(event_based_actor*) {
  return {
    [](ping_atom, int n) { return std::make_tuple(pong_atom::value, n); },
  };
}

behavior ping(event_based_actor* self, actor buddy, int n, actor report_to) {
  self->send(buddy, ping_atom::value, n);
  return {
    [=](pong_atom, int k) {
      if (k == 1) {
        self->send(report_to, done_atom::value, n);
        self->quit();
        return;
      }
      self->send(buddy, ping_atom::value, k - 1);
    },
  };
}

} // namespace

int main(int argc, char** argv) {
  if (bench::is_server(argc, argv))
    return bench::serve_caf_actor(argc, argv, pong);
  bench::args a{argc, argv, {5000}, "[ROUND_TRIPS]"};
  const int n = static_cast<int>(a[0]);
  if (n < 1)
    return 2;
  bench::server_process server{bench::workers_option(a.workers).c_str()};
  int done = -1;
  double secs = 0;
  {
    actor_system_config cfg;
    bench::configure_caf_io(cfg, a);
    actor_system sys{cfg};
    auto buddy = sys.middleman().remote_actor("127.0.0.1", server.port());
    if (!buddy)
      return bench::check(false, "connected to the server");
    scoped_actor self{sys};
    bench::work_timer work;
    bench::stopwatch sw;
    sys.spawn(ping, *buddy, n, actor_cast<actor>(self));
    self->receive([&](done_atom, int k) { done = k; });
    secs = sw.seconds();
    work.done();
  }
  bench::metric("us_per_rtt", secs * 1e6 / n);
  return bench::check(done == n, "ping finished N round trips");
}
