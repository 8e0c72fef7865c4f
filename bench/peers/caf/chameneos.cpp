// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina chameneos, CAF 0.17 version of bench/workloads/chameneos.cpp: C chameneos meet
// pairwise through one mall until M meetings took place; the mall then answers `stop`,
// collects every chameneo's meeting count and reports their sum.
#include <cstdint>

#include "caf_common.hpp"

using namespace caf;
using meet_atom = atom_constant<atom("meet")>;
using change_atom = atom_constant<atom("change")>;
using stop_atom = atom_constant<atom("stop")>;
using count_atom = atom_constant<atom("count")>;
using result_atom = atom_constant<atom("result")>;

namespace {

struct chameneo_state {
  int colour = 0;
  std::int64_t meetings = 0;
};

behavior chameneo(stateful_actor<chameneo_state>* self, actor mall, int colour) {
  self->state.colour = colour;
  self->send(mall, meet_atom::value, actor_cast<actor>(self), colour);
  return {
    [=](meet_atom, const actor& other, int other_colour) {
      auto& st = self->state;
      st.colour = bench::chameneos_complement(st.colour, other_colour);
      ++st.meetings;
      self->send(other, change_atom::value, st.colour);
      self->send(mall, meet_atom::value, actor_cast<actor>(self), st.colour);
    },
    [=](change_atom, int c) {
      auto& st = self->state;
      st.colour = c;
      ++st.meetings;
      self->send(mall, meet_atom::value, actor_cast<actor>(self), c);
    },
    [=](stop_atom) {
      self->send(mall, count_atom::value, self->state.meetings);
      self->quit();
    },
  };
}

struct mall_state {
  // Not an aggregate: CAF 0.17 constructs a state from the actor pointer when it can, and
  // in C++20 an aggregate whose first member is an `actor` can (waiting would be the mall).
  mall_state() {}
  actor waiting; // at most one waiting chameneo
  int waiting_colour = 0;
  std::int64_t meetings = 0;
  std::int64_t reports = 0;
  std::int64_t sum = 0;
};

behavior mall(stateful_actor<mall_state>* self, std::int64_t c, std::int64_t m, actor report_to) {
  auto me = actor_cast<actor>(self);
  for (std::int64_t i = 0; i < c; ++i)
    self->spawn(chameneo, me, static_cast<int>(i % 3));
  return {
    [=](meet_atom, const actor& from, int colour) {
      auto& st = self->state;
      if (st.meetings >= m) {
        self->send(from, stop_atom::value);
      } else if (!st.waiting) {
        st.waiting = from;
        st.waiting_colour = colour;
      } else {
        ++st.meetings;
        self->send(st.waiting, meet_atom::value, from, colour);
        st.waiting = actor{};
      }
    },
    [=](count_atom, std::int64_t k) {
      auto& st = self->state;
      st.sum += k;
      if (++st.reports == c) {
        self->send(report_to, result_atom::value, st.reports, st.sum);
        self->quit();
      }
    },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {100, 200000}, "[C] [M]"};
  const std::int64_t c = a[0], m = a[1];
  if (c < 2 || m < 0)
    return 2;
  std::int64_t reports = 0, sum = -1;
  {
    actor_system_config cfg;
    bench::configure_caf(cfg, a);
    actor_system sys{cfg};
    scoped_actor self{sys};
    bench::work_timer work;
    sys.spawn(mall, c, m, actor_cast<actor>(self));
    bool got = false;
    self->receive(
      [&](result_atom, std::int64_t r, std::int64_t s) {
        reports = r;
        sum = s;
        got = true;
      },
      after(bench::caf_result_timeout) >> [] {});
    work.done();
    if (!got)
      bench::caf_timed_out("no result");
  }
  bench::metric("meetings", static_cast<double>(m));
  return bench::check(reports == c && sum == 2 * m, "C reports, sum of meeting counts = 2 M");
}
