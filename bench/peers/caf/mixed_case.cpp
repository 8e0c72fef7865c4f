// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Mixed case, CAF 0.17 version of bench/workloads/mixed_case.cpp.
#include <cstdint>

#include "caf_common.hpp"

using namespace caf;
using token_atom = atom_constant<atom("token")>;
using calc_atom = atom_constant<atom("calc")>;
using result_atom = atom_constant<atom("result")>;
using mdone_atom = atom_constant<atom("mdone")>;

namespace {

behavior chain_link(event_based_actor* self, actor next) {
  return {
    [=](token_atom, int n) {
      self->send(next, token_atom::value, n);
      if (n == 0)
        self->quit();
    },
  };
}

behavior worker(event_based_actor* self, actor collector) {
  return {
    [=](calc_atom, std::uint64_t what) {
      auto f = bench::factorize(what);
      bool ok = f.size() == 2 && bench::factors_ok(f[0], f[1]);
      self->send(collector, result_atom::value, ok);
      self->quit();
    },
  };
}

struct master_state {
  int rounds_left = 0;
  actor next;
};

void new_ring(stateful_actor<master_state>* self, const actor& collector, int ring_size, int token) {
  auto next = actor_cast<actor>(self);
  for (int i = 1; i < ring_size; ++i)
    next = self->spawn(chain_link, next);
  self->send(next, token_atom::value, token);
  self->send(self->spawn(worker, collector), calc_atom::value, bench::mixed_number);
  self->state.next = next;
}

behavior master(stateful_actor<master_state>* self, actor collector, int ring_size, int token, int reps) {
  self->state.rounds_left = reps;
  new_ring(self, collector, ring_size, token);
  return {
    [=](token_atom, int x) {
      if (x > 0) {
        self->send(self->state.next, token_atom::value, x - 1);
        return;
      }
      if (--self->state.rounds_left > 0) {
        new_ring(self, collector, ring_size, token);
      } else {
        self->send(collector, mdone_atom::value);
        self->state.next = actor{};
        self->quit();
      }
    },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {20, 100, 1000, 4}, "[RINGS] [RING_SIZE] [TOKEN] [REPETITIONS]"};
  const int r = static_cast<int>(a[0]), n = static_cast<int>(a[1]), t = static_cast<int>(a[2]),
            k = static_cast<int>(a[3]);
  if (r < 1 || n < 2 || t < 0 || k < 1)
    return 2;
  int results_ok = 0, results_bad = 0, masters_done = 0;
  {
    actor_system_config cfg;
    bench::configure_caf(cfg, a);
    actor_system sys{cfg};
    scoped_actor self{sys};
    bench::work_timer work;
    for (int i = 0; i < r; ++i)
      sys.spawn(master, actor_cast<actor>(self), n, t, k);
    const int expected = r * k + r;
    int received = 0;
    self->receive_while([&] { return received < expected; })(
      [&](result_atom, bool ok) {
        ++received;
        (ok ? results_ok : results_bad)++;
      },
      [&](mdone_atom) {
        ++received;
        ++masters_done;
      });
    work.done();
  }
  bench::metric("actors_created", static_cast<double>(r) * (k * n + k));
  return bench::check(results_ok == r * k && results_bad == 0 && masters_done == r,
                      "R*K factorisations = 329545133 x 86028157 and R masters done");
}
