// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina thread ring (bench/README.md, "Savina workloads"): N actors in a ring,
// actor 0 gets the token R, an actor that gets v > 0 passes v - 1 on, the one that
// gets 0 reports its index and the ring stops (a `stop` goes once around it).
//   thread_ring [--workers=W] [N=100] [R=100000]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "troupe_common.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace {

struct member_state {
  actor next; // released when the member terminates, which breaks the ring's cycle
};

behavior member(stateful_actor<member_state>* self, int index, actor report_to) {
  return {
    on(atom("next"), arg_match) >> [=](const actor& next) { self->state.next = next; },
    on(atom("token"), arg_match) >>
      [=](int v) {
        if (v > 0) {
          self->send(self->state.next, atom("token"), v - 1);
          return;
        }
        self->send(report_to, atom("done"), index);
        self->send(self->state.next, atom("stop"));
        self->quit();
      },
    on(atom("stop")) >>
      [=] {
        self->send(self->state.next, atom("stop"));
        self->quit();
      },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {100, 100000}, "[N] [R]"};
  const int n = static_cast<int>(a[0]), r = static_cast<int>(a[1]);
  if (n < 1 || r < 0)
    return 2;
  int index = -1;
  {
    actor_system sys{bench::troupe_config(a)};
    scoped_actor self{sys};
    bench::work_timer work;
    std::vector<actor> ring;
    ring.reserve(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k)
      ring.push_back(sys.spawn<lazy_init>(member, k, actor{self}));
    for (int k = 0; k < n; ++k)
      self->send(ring[static_cast<std::size_t>(k)], atom("next"), ring[static_cast<std::size_t>((k + 1) % n)]);
    self->send(ring[0], atom("token"), r);
    ring.clear();
    self->receive(
      on(atom("done"), arg_match) >> [&](int k) { index = k; },
      after(bench::result_timeout) >> [] { bench::timed_out("thread_ring"); });
    work.done();
  }
  bench::metric("hops", static_cast<double>(r));
  return bench::check(index == r % n, "index = R mod N");
}
