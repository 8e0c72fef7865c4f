// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina quicksort with troupe's DivConq pattern: the numbers stay in one
// vector, every range is split in place and both sides are sorted by actors
// of their own (bench/workloads/quicksort_common.hpp).
//   quicksort [--workers=W] [N=1000000] [T=2048]
#include <troupe/patterns.hpp>

#include "quicksort_common.hpp"
#include "troupe_common.hpp"

using namespace troupe;
using namespace troupe::patterns;
using Rng = DivConq<bench::qs_vector>::range;

int main(int argc, char** argv) {
  bench::qs_problem p{argc, argv};
  const auto& a = p.a;
  const auto threshold = p.threshold;
  auto divide = [](Rng& r) -> std::vector<Rng> {
    auto s = bench::quicksort_split(r.data(), r.size());
    return {r.subspan(0, s.lower_end), r.subspan(s.upper_begin)};
  };
  // Both sides were sorted in place around the pivots: the whole range is sorted.
  auto merge = [](std::vector<Rng>& parts) -> Rng {
    auto* first = parts.front().data();
    auto* last = parts.back().data() + parts.back().size();
    return Rng{first, static_cast<std::size_t>(last - first)};
  };
  auto sequential = [](Rng& r) { std::sort(r.begin(), r.end()); };
  auto small = [threshold](const Rng& r) { return r.size() <= threshold; };
  bench::qs_vector out;
  {
    actor_system sys{bench::troupe_config(a)};
    scoped_actor self{sys};
    auto sorter = spawn_pattern(sys, DivConq<bench::qs_vector>(divide, merge, sequential, small));
    if (!sorter)
      return bench::check(false, "spawn_pattern");
    bench::work_timer work;
    bool got = false;
    self->request(*sorter, bench::result_timeout, std::move(p.input))
      .receive(
        [&](bench::qs_vector& xs) {
          out = std::move(xs);
          got = true;
        },
        [](error&) {});
    work.done();
    if (!got)
      bench::timed_out("quicksort");
  }
  return p.finish(out);
}
