// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina quicksort with oneTBB: in place, both sides of every split sorted by
// tbb::parallel_invoke (bench/workloads/quicksort_common.hpp).
//   quicksort_tbb [--workers=W] [N=1000000] [T=2048]
#include <tbb/parallel_invoke.h>

#include "quicksort_common.hpp"
#include "tbb_pool.hpp"

namespace {

void sort_range(bench::qs_value* first, std::size_t n, std::size_t threshold) {
  if (n <= threshold) {
    std::sort(first, first + n);
    return;
  }
  const auto s = bench::quicksort_split(first, n);
  tbb::parallel_invoke([=] { sort_range(first, s.lower_end, threshold); },
                       [=] { sort_range(first + s.upper_begin, n - s.upper_begin, threshold); });
}

} // namespace

int main(int argc, char** argv) {
  bench::qs_problem p{argc, argv};
  const auto& a = p.a;
  auto& xs = p.input;
  bench::tbb_pool pool{a.workers};
  bench::work_timer work;
  pool.run([&] { sort_range(xs.data(), xs.size(), p.threshold); });
  work.done();
  return p.finish(xs);
}
