// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina chameneos (bench/README.md, "Savina workloads"): C chameneos meet
// pairwise through one mall until M meetings took place; the mall then answers
// every `meet` with `stop`, and sums the meeting counts the chameneos report.
//   chameneos [--workers=W] [C=100] [M=200000]
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "troupe_common.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace {

struct chameneo_state {
  int colour = 0; // 0 blue, 1 red, 2 yellow
  std::int64_t meetings = 0;
  actor mall;
};

behavior chameneo(stateful_actor<chameneo_state>* self, int colour, actor mall) {
  auto& st = self->state;
  st.colour = colour;
  st.mall = std::move(mall);
  self->send(st.mall, atom("meet"), actor{self}, colour);
  return {
    on(atom("meet"), arg_match) >>
      [=](const actor& other, int other_colour) {
        auto& s = self->state;
        s.colour = bench::chameneos_complement(s.colour, other_colour);
        ++s.meetings;
        self->send(other, atom("change"), s.colour);
        self->send(s.mall, atom("meet"), actor{self}, s.colour);
      },
    on(atom("change"), arg_match) >>
      [=](int new_colour) {
        auto& s = self->state;
        s.colour = new_colour;
        ++s.meetings;
        self->send(s.mall, atom("meet"), actor{self}, s.colour);
      },
    on(atom("stop")) >>
      [=] {
        self->send(self->state.mall, atom("count"), self->state.meetings);
        self->quit();
      },
  };
}

struct mall_state {
  std::int64_t meetings = 0;
  actor waiting; // the chameneo waiting for a partner, if any
  int waiting_colour = 0;
  int reports = 0;
  std::int64_t total = 0;
};

behavior mall(stateful_actor<mall_state>* self, int c, std::int64_t m, actor report_to) {
  for (int i = 0; i < c; ++i)
    self->spawn(chameneo, i % 3, actor{self});
  return {
    on(atom("meet"), arg_match) >>
      [=](const actor& who, int colour) {
        auto& st = self->state;
        if (st.meetings >= m) {
          self->send(who, atom("stop"));
        } else if (!st.waiting) {
          st.waiting = who;
          st.waiting_colour = colour;
        } else {
          ++st.meetings;
          self->send(st.waiting, atom("meet"), who, colour);
          st.waiting = actor{};
        }
      },
    on(atom("count"), arg_match) >>
      [=](std::int64_t k) {
        auto& st = self->state;
        st.total += k;
        if (++st.reports == c) {
          self->send(report_to, atom("done"), st.reports, st.total);
          self->quit();
        }
      },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {100, 200000}, "[C] [M]"};
  const int c = static_cast<int>(a[0]);
  const std::int64_t m = a[1];
  if (c < 2 || m < 0)
    return 2;
  int reports = 0;
  std::int64_t total = -1;
  {
    actor_system sys{bench::troupe_config(a)};
    scoped_actor self{sys};
    bench::work_timer work;
    sys.spawn(mall, c, m, actor{self});
    self->receive(
      on(atom("done"), arg_match) >>
        [&](int r, std::int64_t t) {
          reports = r;
          total = t;
        },
      after(bench::result_timeout) >> [] { bench::timed_out("chameneos"); });
    work.done();
  }
  bench::metric("meetings", static_cast<double>(m));
  return bench::check(reports == c && total == 2 * m, "C reports, sum of meetings = 2 M");
}
