// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina big (bench/README.md, "Savina workloads"): W actors that all know each
// other ping pseudo-random neighbours (big_next, seeded with the actor's index);
// on its N-th pong an actor reports to the sink, which stops everyone once all W
// reported.   big [--workers=W] [N=20000] [W=120]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "troupe_common.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace {

struct big_state {
  std::vector<actor> neighbours; // everyone, itself included; released on termination
  std::uint64_t rng = 0;
  std::int64_t pongs = 0;
};

void ping_neighbour(stateful_actor<big_state>* self) {
  auto& st = self->state;
  st.rng = bench::big_next(st.rng);
  self->send(st.neighbours[(st.rng >> 33) % st.neighbours.size()], atom("ping"), actor{self});
}

behavior big_actor(stateful_actor<big_state>* self, int index, std::int64_t n, actor sink) {
  self->state.rng = static_cast<std::uint64_t>(index);
  return {
    on(atom("neighbours"), arg_match) >>
      [=](const std::vector<actor>& all) {
        self->state.neighbours = all;
        ping_neighbour(self);
      },
    on(atom("ping"), arg_match) >> [=](const actor& from) { self->send(from, atom("pong")); },
    on(atom("pong")) >>
      [=] {
        if (++self->state.pongs < n)
          ping_neighbour(self);
        else
          self->send(sink, atom("report"), self->state.pongs);
      },
    on(atom("stop")) >> [=] { self->quit(); },
  };
}

struct sink_state {
  std::vector<actor> actors;
  int reports = 0;
  std::int64_t pongs = 0;
};

behavior sink(stateful_actor<sink_state>* self, int w, actor report_to) {
  return {
    on(atom("neighbours"), arg_match) >> [=](const std::vector<actor>& all) { self->state.actors = all; },
    on(atom("report"), arg_match) >>
      [=](std::int64_t pongs) {
        auto& st = self->state;
        st.pongs += pongs;
        if (++st.reports == w) {
          for (const auto& x : st.actors)
            self->send(x, atom("stop"));
          self->send(report_to, atom("done"), st.reports, st.pongs);
          self->quit();
        }
      },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {20000, 120}, "[N] [W]"};
  const std::int64_t n = a[0];
  const int w = static_cast<int>(a[1]);
  if (n < 1 || w < 1)
    return 2;
  int reports = 0;
  std::int64_t pongs = -1;
  {
    actor_system sys{bench::troupe_config(a)};
    scoped_actor self{sys};
    bench::work_timer work;
    auto s = sys.spawn(sink, w, actor{self});
    std::vector<actor> all;
    all.reserve(static_cast<std::size_t>(w));
    for (int k = 0; k < w; ++k)
      all.push_back(sys.spawn<lazy_init>(big_actor, k, n, s));
    // the sink first: it has the table before any report can arrive
    self->send(s, atom("neighbours"), all);
    for (const auto& x : all)
      self->send(x, atom("neighbours"), all);
    all.clear();
    s = actor{};
    self->receive(
      on(atom("done"), arg_match) >>
        [&](int r, std::int64_t p) {
          reports = r;
          pongs = p;
        },
      after(bench::result_timeout) >> [] { bench::timed_out("big"); });
    work.done();
  }
  bench::metric("pings", static_cast<double>(n) * w);
  return bench::check(reports == w && pongs == n * w, "W reports, N W pongs in all");
}
