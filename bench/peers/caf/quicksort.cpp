// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina quicksort as pure actors, CAF 0.17 version of
// bench/workloads/quicksort_actors.cpp: every sorter copies its numbers into
// three new vectors, spawns a sorter per side and concatenates the answers.
//   caf_quicksort [--workers=W] [N=1000000] [T=2048]
#include "caf_common.hpp"
#include "quicksort_common.hpp"

using namespace caf;
using sort_atom = atom_constant<atom("sort")>;
using sorted_atom = atom_constant<atom("sorted")>;

namespace {

struct sorter_state {
  int pending = 0;
  bench::qs_parts parts;
};

behavior sorter(stateful_actor<sorter_state>* self, actor parent, int side, std::size_t threshold) {
  return {
    [=](sort_atom, bench::qs_vector& xs) {
      if (xs.size() <= threshold) {
        std::sort(xs.begin(), xs.end());
        self->send(parent, sorted_atom::value, side, std::move(xs));
        self->quit();
        return;
      }
      auto& st = self->state;
      st.parts = bench::quicksort_copy_split(xs);
      st.pending = 2;
      self->send(self->spawn(sorter, actor_cast<actor>(self), 0, threshold), sort_atom::value,
                 std::move(st.parts.lower));
      self->send(self->spawn(sorter, actor_cast<actor>(self), 1, threshold), sort_atom::value,
                 std::move(st.parts.upper));
    },
    [=](sorted_atom, int part, bench::qs_vector& xs) {
      auto& st = self->state;
      (part == 0 ? st.parts.lower : st.parts.upper) = std::move(xs);
      if (--st.pending > 0)
        return;
      self->send(parent, sorted_atom::value, side, bench::quicksort_concat(st.parts));
      self->quit();
    },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::qs_problem p{argc, argv};
  const auto& a = p.a;
  const auto threshold = p.threshold;
  bench::qs_vector out;
  {
    actor_system_config cfg;
    bench::configure_caf(cfg, a);
    actor_system sys{cfg};
    scoped_actor self{sys};
    bench::work_timer work;
    self->send(sys.spawn(sorter, actor_cast<actor>(self), 0, threshold), sort_atom::value, std::move(p.input));
    bool got = false;
    self->receive(
      [&](sorted_atom, int, bench::qs_vector& xs) {
        out = std::move(xs);
        got = true;
      },
      after(bench::caf_result_timeout) >> [] {});
    work.done();
    if (!got)
      bench::caf_timed_out("quicksort");
  }
  return p.finish(out);
}
