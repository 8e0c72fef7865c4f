// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina recursive matrix multiply with troupe's DivConq pattern: C stays in
// one vector in quadrant order; every range of it is split into its four
// quadrants, each computed by an actor of its own, down to one T x T leaf
// (bench/workloads/recmatmul_common.hpp).
//   recmatmul [--workers=W] [N=1024] [T=64]
#include <troupe/patterns.hpp>

#include "recmatmul_common.hpp"
#include "troupe_common.hpp"

using namespace troupe;
using namespace troupe::patterns;
using Rng = DivConq<bench::rmm_matrix>::range;

int main(int argc, char** argv) {
  bench::rmm_problem p{argc, argv};
  const auto& a = p.a;
  const auto leaf = p.leaf_size();
  // The vector moves into the pattern and back, its storage with it.
  const double* base = p.out.data();
  auto divide = [](Rng& r) -> std::vector<Rng> {
    const auto q = r.size() / 4;
    return {r.subspan(0, q), r.subspan(q, q), r.subspan(2 * q, q), r.subspan(3 * q, q)};
  };
  // The quadrants were computed in place: the whole range is done.
  auto merge = [](std::vector<Rng>& parts) -> Rng {
    auto* first = parts.front().data();
    auto* last = parts.back().data() + parts.back().size();
    return Rng{first, static_cast<std::size_t>(last - first)};
  };
  auto sequential = [&p](Rng& r) { p.leaves_in(r.data(), r.size()); };
  auto one_leaf = [leaf](const Rng& r) { return r.size() <= leaf; };
  bench::rmm_matrix out;
  {
    actor_system sys{bench::troupe_config(a)};
    scoped_actor self{sys};
    auto multiply = spawn_pattern(sys, DivConq<bench::rmm_matrix>(divide, merge, sequential, one_leaf));
    if (!multiply)
      return bench::check(false, "spawn_pattern");
    bench::work_timer work;
    bool got = false;
    self->request(*multiply, bench::result_timeout, std::move(p.out))
      .receive(
        [&](bench::rmm_matrix& c) {
          out = std::move(c);
          got = true;
        },
        [](error&) {});
    work.done();
    if (!got)
      bench::timed_out("recmatmul");
  }
  if (out.data() != base)
    return bench::check(false, "C computed in place (not copied)");
  return p.finish(out);
}
