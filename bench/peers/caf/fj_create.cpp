// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina fork-join creation, CAF 0.17 version of bench/workloads/fj_create.cpp: the master
// spawns N actors and sends actor i one message carrying i; the actor sends fj_compute(i)
// back and terminates.
#include <cstdint>

#include "caf_common.hpp"

using namespace caf;
using work_atom = atom_constant<atom("work")>;
using value_atom = atom_constant<atom("value")>;
using result_atom = atom_constant<atom("result")>;

namespace {

behavior worker(event_based_actor* self, actor master) {
  return {
    [=](work_atom, std::int64_t i) {
      self->send(master, value_atom::value, bench::fj_compute(i));
      self->quit();
    },
  };
}

struct master_state {
  std::int64_t received = 0;
  double sum = 0;
};

behavior master(stateful_actor<master_state>* self, std::int64_t n, actor report_to) {
  auto me = actor_cast<actor>(self);
  // lazy_init: a worker is first scheduled by its message, not once more at spawn
  for (std::int64_t i = 0; i < n; ++i)
    self->send(self->spawn<lazy_init>(worker, me), work_atom::value, i);
  return {
    [=](value_atom, double v) {
      auto& st = self->state;
      st.sum += v;
      if (++st.received == n) {
        self->send(report_to, result_atom::value, st.received, st.sum);
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
    actor_system_config cfg;
    bench::configure_caf(cfg, a);
    actor_system sys{cfg};
    scoped_actor self{sys};
    bench::work_timer work;
    sys.spawn(master, n, actor_cast<actor>(self));
    bool got = false;
    self->receive(
      [&](result_atom, std::int64_t r, double s) {
        received = r;
        sum = s;
        got = true;
      },
      after(bench::caf_result_timeout) >> [] {});
    work.done();
    if (!got)
      bench::caf_timed_out("no result");
  }
  bench::metric("actors", static_cast<double>(n));
  return bench::check(received == n && bench::nearly_equal(sum, bench::fj_expected(n)),
                      "N values, sum = fj_expected(N)");
}
