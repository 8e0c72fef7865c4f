// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina fork-join throughput (bench/README.md, "Savina workloads"): the master
// spawns A workers and sends N messages (i = 0 .. N-1) to each, interleaved; a
// worker adds fj_compute(i) per message and reports its sum after N messages.
//   fj_throughput [--workers=W] [N=10000] [A=60]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "troupe_common.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace {

struct worker_state {
  std::int64_t received = 0;
  double sum = 0;
};

behavior worker(stateful_actor<worker_state>* self, std::int64_t n, actor master) {
  return {
    on(atom("compute"), arg_match) >>
      [=](std::int64_t i) {
        auto& st = self->state;
        st.sum += bench::fj_compute(i);
        if (++st.received == n) {
          self->send(master, atom("sum"), st.sum);
          self->quit();
        }
      },
  };
}

struct master_state {
  int reported = 0;
  double total = 0;
};

behavior master(stateful_actor<master_state>* self, std::int64_t n, int a, actor report_to) {
  std::vector<actor> workers;
  workers.reserve(static_cast<std::size_t>(a));
  for (int k = 0; k < a; ++k)
    workers.push_back(self->spawn<lazy_init>(worker, n, actor{self}));
  for (std::int64_t i = 0; i < n; ++i)
    for (const auto& w : workers)
      self->send(w, atom("compute"), i);
  return {
    on(atom("sum"), arg_match) >>
      [=](double s) {
        auto& st = self->state;
        st.total += s;
        if (++st.reported == a) {
          self->send(report_to, atom("done"), st.reported, st.total);
          self->quit();
        }
      },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {10000, 60}, "[N] [A]"};
  const std::int64_t n = a[0];
  const int actors = static_cast<int>(a[1]);
  if (n < 1 || actors < 1)
    return 2;
  int reported = 0;
  double total = 0;
  {
    actor_system sys{bench::troupe_config(a)};
    scoped_actor self{sys};
    bench::work_timer work;
    sys.spawn(master, n, actors, actor{self});
    self->receive(
      on(atom("done"), arg_match) >>
        [&](int r, double t) {
          reported = r;
          total = t;
        },
      after(bench::result_timeout) >> [] { bench::timed_out("fj_throughput"); });
    work.done();
  }
  bench::metric("messages", static_cast<double>(n) * actors);
  return bench::check(reported == actors && bench::nearly_equal(total, actors * bench::fj_expected(n)),
                      "all A reported, total = A * fj_expected(N)");
}
