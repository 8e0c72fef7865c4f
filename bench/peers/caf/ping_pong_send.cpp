// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Ping-pong latency answered by sending, CAF 0.17 version of
// bench/workloads/ping_pong_send.cpp.
#include "caf_common.hpp"

using namespace caf;
using ping_atom = atom_constant<atom("ping")>;
using pong_atom = atom_constant<atom("pong")>;
using done_atom = atom_constant<atom("done")>;

namespace {

behavior pong(event_based_actor* self) {
  return {
    [=](ping_atom, int n) { self->send(actor_cast<actor>(self->current_sender()), pong_atom::value, n); },
  };
}

struct ping_state {
  int pongs = 0;
};

behavior ping(stateful_actor<ping_state>* self, actor buddy, int n, actor report_to) {
  self->send(buddy, ping_atom::value, n);
  return {
    [=](pong_atom, int k) {
      ++self->state.pongs;
      if (k == 1) {
        self->send(report_to, done_atom::value, self->state.pongs);
        self->quit();
        return;
      }
      self->send(buddy, ping_atom::value, k - 1);
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
    actor_system_config cfg;
    bench::configure_caf(cfg, a);
    actor_system sys{cfg};
    scoped_actor self{sys};
    bench::work_timer work;
    bench::stopwatch sw;
    sys.spawn(ping, sys.spawn(pong), n, actor_cast<actor>(self));
    self->receive([&](done_atom, int k) { pongs = k; });
    secs = sw.seconds();
    work.done();
  }
  bench::metric("ns_per_msg", secs * 1e9 / (2.0 * n));
  return bench::check(pongs == n, "ping received N pongs");
}
