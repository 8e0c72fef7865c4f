// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Ping-pong latency: two actors exchange N round trips.
//   ping_pong [--workers=W] [N=1000000]
#include <cstdint>
#include <tuple>

#include "troupe_common.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace {

behavior pong(event_based_actor*) {
  return {
    on(atom("ping"), arg_match) >> [](int n) { return std::make_tuple(atom("pong"), n); },
  };
}

struct ping_state {
  int pongs = 0;
};

behavior ping(stateful_actor<ping_state>* self, actor buddy, int n, actor report_to) {
  self->send(buddy, atom("ping"), n);
  return {
    on(atom("pong"), 1) >>
      [=] {
        ++self->state.pongs;
        self->send(report_to, atom("done"), self->state.pongs);
        self->quit();
      },
    on(atom("pong"), arg_match) >>
      [=](int k) {
        ++self->state.pongs;
        return std::make_tuple(atom("ping"), k - 1);
      },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {1000000}, "[ROUND_TRIPS]"};
  const int n = static_cast<int>(a[0]);
  if (n < 1)
    return 2;
  int pongs = -1;
  double secs = 0;
  {
    actor_system sys{bench::troupe_config(a)};
    scoped_actor self{sys};
    bench::work_timer work;
    bench::stopwatch sw;
    sys.spawn(ping, sys.spawn(pong), n, actor{self});
    self->receive(
      on(atom("done"), arg_match) >> [&](int k) { pongs = k; },
      after(bench::result_timeout) >> [] { bench::timed_out("ping_pong"); });
    work.done();
    secs = sw.seconds();
  }
  bench::metric("ns_per_msg", secs * 1e9 / (2.0 * n));
  return bench::check(pongs == n, "ping received N pongs");
}
