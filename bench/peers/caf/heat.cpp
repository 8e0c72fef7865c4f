// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Heat equation, CAF 0.17 version of bench/workloads/heat.cpp (one actor per row).
#include <climits>
#include <vector>

#include "caf_common.hpp"

using namespace caf;
using init_atom = atom_constant<atom("init")>;
using step_atom = atom_constant<atom("step")>;
using rowdone_atom = atom_constant<atom("rowdone")>;

namespace {

struct row_state {
  int done = 0;
  int prev_done = 0;
  int next_done = 0;
  actor prev, next;
  bool ready = false; // got the init message (neighbour handles)
};

behavior row_actor(stateful_actor<row_state>* self, bench::heat_field* f, int i, int steps, actor report_to) {
  if (i == 1)
    self->state.prev_done = INT_MAX;
  if (i == f->h - 2)
    self->state.next_done = INT_MAX;
  auto advance = [=] {
    auto& s = self->state;
    if (!s.ready)
      return; // a neighbour's step may arrive before our init: wait for the handles
    while (s.done < steps && s.prev_done >= s.done + 1 && s.next_done >= s.done) {
      f->op(i);
      ++s.done;
      if (s.prev)
        self->send(s.prev, step_atom::value, i, s.done);
      if (s.next)
        self->send(s.next, step_atom::value, i, s.done);
    }
    if (s.done == steps) {
      self->send(report_to, rowdone_atom::value, i);
      s.prev = actor{};
      s.next = actor{};
      self->quit();
    }
  };
  return {
    [=](init_atom, actor prev, actor next) {
      self->state.prev = std::move(prev);
      self->state.next = std::move(next);
      self->state.ready = true;
      advance();
    },
    [=](step_atom, int from, int k) {
      if (from < i)
        self->state.prev_done = k;
      else
        self->state.next_done = k;
      advance();
    },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {400, 0, 0}, "[H] [W] [T]"};
  const int h = static_cast<int>(a[0]);
  const int w = a[1] > 0 ? static_cast<int>(a[1]) : 2 * h, t = a[2] > 0 ? static_cast<int>(a[2]) : 2 * h;
  if (h < 3 || w < 3)
    return 2;
  bench::heat_field f{h, w};
  int finished = 0;
  {
    actor_system_config cfg;
    bench::configure_caf(cfg, a);
    actor_system sys{cfg};
    scoped_actor self{sys};
    bench::work_timer work;
    auto me = actor_cast<actor>(self);
    std::vector<actor> rows(static_cast<std::size_t>(h));
    for (int i = 1; i <= h - 2; ++i)
      rows[static_cast<std::size_t>(i)] = sys.spawn(row_actor, &f, i, t, me);
    for (int i = 1; i <= h - 2; ++i)
      self->send(rows[static_cast<std::size_t>(i)], init_atom::value, rows[static_cast<std::size_t>(i - 1)],
                 rows[static_cast<std::size_t>(i + 1)]);
    rows.clear();
    self->receive_while([&] { return finished < h - 2; })([&](rowdone_atom, int) { ++finished; });
    work.done();
  }
  return bench::heat_finish(f, t, a.verify);
}
