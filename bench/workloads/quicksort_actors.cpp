// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina quicksort as pure actors (the seed's baseline): every sorter receives
// its numbers in a message, copies them into three new vectors around the
// pivot, spawns a sorter for each side, and concatenates the sorted answers
// (bench/workloads/quicksort_common.hpp).
//   quicksort_actors [--workers=W] [N=1000000] [T=2048]
#include "quicksort_common.hpp"
#include "troupe_common.hpp"

using namespace troupe;

namespace {

struct sorter_state {
  int pending = 0;
  bench::qs_parts parts;
};

behavior sorter(stateful_actor<sorter_state>* self, actor parent, int side, std::size_t threshold) {
  return {
    on(atom("sort"), arg_match) >>
      [=](bench::qs_vector& xs) {
        if (xs.size() <= threshold) {
          std::sort(xs.begin(), xs.end());
          self->send(parent, atom("sorted"), side, std::move(xs));
          self->quit();
          return;
        }
        auto& st = self->state;
        st.parts = bench::quicksort_copy_split(xs);
        st.pending = 2;
        self->send(self->spawn(sorter, actor{self}, 0, threshold), atom("sort"), std::move(st.parts.lower));
        self->send(self->spawn(sorter, actor{self}, 1, threshold), atom("sort"), std::move(st.parts.upper));
      },
    on(atom("sorted"), arg_match) >>
      [=](int part, bench::qs_vector& xs) {
        auto& st = self->state;
        (part == 0 ? st.parts.lower : st.parts.upper) = std::move(xs);
        if (--st.pending > 0)
          return;
        self->send(parent, atom("sorted"), side, bench::quicksort_concat(st.parts));
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
    actor_system sys{bench::troupe_config(a)};
    scoped_actor self{sys};
    bench::work_timer work;
    self->send(sys.spawn(sorter, actor{self}, 0, threshold), atom("sort"), std::move(p.input));
    self->receive(
      on(atom("sorted"), arg_match) >> [&](int, bench::qs_vector& xs) { out = std::move(xs); },
      after(bench::result_timeout) >> [] { bench::timed_out("quicksort"); });
    work.done();
  }
  return p.finish(out);
}
