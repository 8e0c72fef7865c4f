// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Mixed case: R rings of A actors (a master and A-1
// chain links), a token starting at T passed around each ring, each ring
// re-created K times; every (re)creation starts a worker that factorises
// 28350160440309881 by trial division. A collector checks every result.
//   mixed_case [--workers=W] [R=20] [A=100] [T=1000] [K=4]
#include <cstdint>

#include "troupe_common.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace {

behavior chain_link(event_based_actor* self, actor next) {
  return {
    on(atom("token"), arg_match) >>
      [=](int n) {
        self->send(next, atom("token"), n);
        if (n == 0)
          self->quit();
      },
  };
}

behavior worker(event_based_actor* self, actor collector) {
  return {
    on(atom("calc"), arg_match) >>
      [=](std::uint64_t what) {
        auto f = bench::factorize(what);
        bool ok = f.size() == 2 && bench::factors_ok(f[0], f[1]);
        self->send(collector, atom("result"), ok);
        self->quit();
      },
  };
}

struct master_state {
  int rounds_left = 0;
  actor next;
};

behavior master(stateful_actor<master_state>* self, actor collector, int ring_size, int token, int reps);

void new_ring(stateful_actor<master_state>* self, actor collector, int ring_size, int token) {
  actor next{self};
  for (int i = 1; i < ring_size; ++i)
    next = self->spawn(chain_link, next);
  self->send(next, atom("token"), token);
  self->send(self->spawn(worker, collector), atom("calc"), bench::mixed_number);
  self->state.next = next;
}

behavior master(stateful_actor<master_state>* self, actor collector, int ring_size, int token, int reps) {
  self->state.rounds_left = reps;
  new_ring(self, collector, ring_size, token);
  return {
    on(atom("token"), arg_match) >>
      [=](int x) {
        if (x > 0) {
          self->send(self->state.next, atom("token"), x - 1);
          return;
        }
        // token 0 came around: this ring is gone
        if (--self->state.rounds_left > 0) {
          new_ring(self, collector, ring_size, token);
        } else {
          self->send(collector, atom("mdone"));
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
    actor_system sys{bench::troupe_config(a)};
    scoped_actor self{sys};
    bench::work_timer work;
    for (int i = 0; i < r; ++i)
      sys.spawn(master, actor{self}, n, t, k);
    const int expected = r * k + r;
    int received = 0;
    self->receive_while([&] { return received < expected; },
                        on(atom("result"), arg_match) >>
                          [&](bool ok) {
                            ++received;
                            (ok ? results_ok : results_bad)++;
                          },
                        on(atom("mdone")) >>
                          [&] {
                            ++received;
                            ++masters_done;
                          },
                        after(bench::result_timeout) >> [] { bench::timed_out("mixed_case"); });
    work.done();
  }
  bench::metric("actors_created", static_cast<double>(r) * (k * n + k));
  return bench::check(results_ok == r * k && results_bad == 0 && masters_done == r,
                      "R*K factorisations = 329545133 x 86028157 and R masters done");
}
