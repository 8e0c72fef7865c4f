// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Remote ping-pong latency: a pong actor in a second process (this program run
// with --serve), published on a loopback port; the ping actor here does N
// round trips with one message in flight. Work time: the N round trips, after
// the connection is up.
//   remote_ping_pong [--workers=W] [N=5000]
#include <tuple>

#include "troupe_remote.hpp"

using namespace troupe;

namespace {

behavior pong() {
  return {
    on(atom("ping"), arg_match) >> [](int n) { return std::make_tuple(atom("pong"), n); },
  };
}

behavior ping(event_based_actor* self, actor buddy, int n, actor report_to) {
  self->send(buddy, atom("ping"), n);
  return {
    on(atom("pong"), arg_match) >>
      [=](int k) {
        if (k == 1) {
          self->send(report_to, atom("done"), n);
          self->quit();
          return;
        }
        self->send(buddy, atom("ping"), k - 1);
      },
  };
}

actor_system_config net_config(const bench::args& a) {
  return bench::troupe_net_config(a);
}

} // namespace

int main(int argc, char** argv) {
  if (bench::is_server(argc, argv))
    return bench::serve_troupe_actor(argc, argv, net_config, pong);
  bench::args a{argc, argv, {5000}, "[ROUND_TRIPS]"};
  const int n = static_cast<int>(a[0]);
  if (n < 1)
    return 2;
  bench::server_process server{bench::workers_option(a.workers).c_str()};
  int done = -1;
  double secs = 0;
  {
    auto cfg = net_config(a);
    actor_system sys{cfg};
    auto buddy = sys.middleman().remote_actor("127.0.0.1", server.port());
    if (!buddy)
      return bench::check(false, "connected to the server");
    scoped_actor self{sys};
    bench::work_timer work;
    bench::stopwatch sw;
    sys.spawn(ping, *buddy, n, actor{self});
    self->receive(
      on(atom("done"), arg_match) >> [&](int k) { done = k; },
      after(bench::result_timeout) >> [] { bench::timed_out("remote_ping_pong"); });
    secs = sw.seconds();
    work.done();
  }
  bench::metric("us_per_rtt", secs * 1e6 / n);
  return bench::check(done == n, "ping finished N round trips");
}
