// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Heat equation with troupe: one actor per interior row i (1..H-2).
// Row i may do step k when row i-1 has done step k and row i+1 has done step
// k-1; after each step it tells both neighbours. Produces the sequential field
// bitwise.   heat [--workers=W] [--verify] [H=400] [W=2H] [T=2H]
#include <climits>

#include "troupe_common.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace {

struct row_state {
  int done = 0;      // steps this row completed
  int prev_done = 0; // steps row i-1 completed (INT_MAX: boundary)
  int next_done = 0; // steps row i+1 completed (INT_MAX: boundary)
  actor prev, next;
  bool ready = false; // got the init message (neighbour handles)
};

behavior row_actor(stateful_actor<row_state>* self, bench::heat_field* f, int i, int steps, actor report_to) {
  auto& st = self->state;
  if (i == 1)
    st.prev_done = INT_MAX;
  if (i == f->h - 2)
    st.next_done = INT_MAX;
  auto advance = [=] {
    auto& s = self->state;
    if (!s.ready)
      return; // a neighbour's step may arrive before our init: wait for the handles
    while (s.done < steps && s.prev_done >= s.done + 1 && s.next_done >= s.done) {
      f->op(i);
      ++s.done;
      if (s.prev)
        self->send(s.prev, atom("step"), i, s.done);
      if (s.next)
        self->send(s.next, atom("step"), i, s.done);
    }
    if (s.done == steps) {
      self->send(report_to, atom("rowdone"), i);
      s.prev = actor{};
      s.next = actor{};
      self->quit();
    }
  };
  return {
    on(atom("init"), arg_match) >>
      [=](actor prev, actor next) {
        self->state.prev = std::move(prev);
        self->state.next = std::move(next);
        self->state.ready = true;
        advance();
      },
    on(atom("step"), arg_match) >>
      [=](int from, int k) {
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
    actor_system sys{bench::troupe_config(a)};
    scoped_actor self{sys};
    bench::work_timer work;
    std::vector<actor> rows(static_cast<std::size_t>(h));
    for (int i = 1; i <= h - 2; ++i)
      rows[static_cast<std::size_t>(i)] = sys.spawn(row_actor, &f, i, t, actor{self});
    // rows[0] and rows[h-1] stay invalid: the boundaries
    for (int i = 1; i <= h - 2; ++i)
      self->send(rows[static_cast<std::size_t>(i)], atom("init"), rows[static_cast<std::size_t>(i - 1)],
                 rows[static_cast<std::size_t>(i + 1)]);
    rows.clear();
    self->receive_while([&] { return finished < h - 2; }, on(atom("rowdone"), arg_match) >> [&](int) { ++finished; },
                        after(bench::result_timeout) >> [] { bench::timed_out("heat"); });
    work.done();
  }
  if (finished != h - 2)
    return bench::check(false, "all rows finished");
  return bench::heat_finish(f, t, a.verify);
}
