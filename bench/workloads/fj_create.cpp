// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina fork-join creation (bench/README.md, "Savina workloads"): the master
// spawns N actors and sends actor i one message carrying i; the actor answers
// with fj_compute(i) and terminates.   fj_create [--workers=W] [N=40000]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <tuple>

#include "troupe_common.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace {

behavior forked(event_based_actor* self) {
  return {
    on(atom("compute"), arg_match) >>
      [=](std::int64_t i) {
        self->quit();
        return std::make_tuple(atom("value"), bench::fj_compute(i)); // to the sender: the master
      },
  };
}

struct master_state {
  std::int64_t received = 0;
  double sum = 0;
};

behavior master(stateful_actor<master_state>* self, std::int64_t n, actor report_to) {
  for (std::int64_t i = 0; i < n; ++i)
    self->send(self->spawn<lazy_init>(forked), atom("compute"), i);
  return {
    on(atom("value"), arg_match) >>
      [=](double v) {
        auto& st = self->state;
        st.sum += v;
        if (++st.received == n) {
          self->send(report_to, atom("done"), st.received, st.sum);
          self->quit();
        }
      },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {40000}, "[N]"};
  const std::int64_t n = a[0];
  if (n < 1)
    return 2;
  std::int64_t received = 0;
  double sum = 0;
  {
    actor_system sys{bench::troupe_config(a)};
    scoped_actor self{sys};
    bench::work_timer work;
    sys.spawn(master, n, actor{self});
    self->receive(
      on(atom("done"), arg_match) >>
        [&](std::int64_t r, double s) {
          received = r;
          sum = s;
        },
      after(bench::result_timeout) >> [] { bench::timed_out("fj_create"); });
    work.done();
  }
  bench::metric("actors", static_cast<double>(n));
  return bench::check(received == n && bench::nearly_equal(sum, bench::fj_expected(n)),
                      "N values, sum = fj_expected(N)");
}
