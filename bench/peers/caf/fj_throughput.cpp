// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina fork-join throughput, CAF 0.17 version of bench/workloads/fj_throughput.cpp: the
// master sends N messages (i = 0 .. N-1) to each of A workers, interleaved; a worker adds
// fj_compute(i) per message and reports its sum after N messages.
#include <cstdint>
#include <vector>

#include "caf_common.hpp"

using namespace caf;
using work_atom = atom_constant<atom("work")>;
using sum_atom = atom_constant<atom("sum")>;
using result_atom = atom_constant<atom("result")>;

namespace {

struct worker_state {
  std::int64_t received = 0;
  double sum = 0;
};

behavior worker(stateful_actor<worker_state>* self, actor master, std::int64_t n) {
  return {
    [=](work_atom, std::int64_t i) {
      auto& st = self->state;
      st.sum += bench::fj_compute(i);
      if (++st.received == n) {
        self->send(master, sum_atom::value, st.sum);
        self->quit();
      }
    },
  };
}

struct master_state {
  std::int64_t reports = 0;
  double total = 0;
};

behavior master(stateful_actor<master_state>* self, std::int64_t n, std::int64_t a, actor report_to) {
  std::vector<actor> workers;
  workers.reserve(static_cast<std::size_t>(a));
  auto me = actor_cast<actor>(self);
  for (std::int64_t k = 0; k < a; ++k)
    workers.push_back(self->spawn<lazy_init>(worker, me, n));
  for (std::int64_t i = 0; i < n; ++i)
    for (auto& w : workers)
      self->send(w, work_atom::value, i);
  return {
    [=](sum_atom, double s) {
      auto& st = self->state;
      st.total += s;
      if (++st.reports == a) {
        self->send(report_to, result_atom::value, st.reports, st.total);
        self->quit();
      }
    },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {10000, 60}, "[N] [ACTORS]"};
  const std::int64_t n = a[0], actors = a[1];
  if (n < 1 || actors < 1)
    return 2;
  std::int64_t reported = 0;
  double total = 0;
  {
    actor_system_config cfg;
    bench::configure_caf(cfg, a);
    actor_system sys{cfg};
    scoped_actor self{sys};
    bench::work_timer work;
    sys.spawn(master, n, actors, actor_cast<actor>(self));
    bool got = false;
    self->receive(
      [&](result_atom, std::int64_t r, double t) {
        reported = r;
        total = t;
        got = true;
      },
      after(bench::caf_result_timeout) >> [] {});
    work.done();
    if (!got)
      bench::caf_timed_out("no result");
  }
  bench::metric("messages", static_cast<double>(n) * actors);
  return bench::check(reported == actors && bench::nearly_equal(total, actors * bench::fj_expected(n)),
                      "A reports, total = A x fj_expected(N)");
}
