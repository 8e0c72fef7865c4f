// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina quicksort with OpenMP tasks: in place, one task per side of every
// split (bench/workloads/quicksort_common.hpp).
//   quicksort_omp [--workers=W] [N=1000000] [T=2048]
#include <omp.h>

#include "quicksort_common.hpp"

namespace {

void sort_range(bench::qs_value* first, std::size_t n, std::size_t threshold) {
  if (n <= threshold) {
    std::sort(first, first + n);
    return;
  }
  const auto s = bench::quicksort_split(first, n);
#pragma omp task default(none) firstprivate(first, s, threshold)
  sort_range(first, s.lower_end, threshold);
#pragma omp task default(none) firstprivate(first, n, s, threshold)
  sort_range(first + s.upper_begin, n - s.upper_begin, threshold);
#pragma omp taskwait
}

} // namespace

int main(int argc, char** argv) {
  bench::qs_problem p{argc, argv};
  const auto& a = p.a;
  auto& xs = p.input;
  if (a.workers != 0)
    omp_set_num_threads(static_cast<int>(a.workers));
#pragma omp parallel
  {
    // starts the thread pool: the "system" is ready once its threads exist
  }
  bench::work_timer work;
  auto* data = xs.data();
  const std::size_t size = xs.size();
  const std::size_t t = p.threshold;
#pragma omp parallel default(none) shared(data, size, t)
#pragma omp single
  sort_range(data, size, t);
  work.done();
  return p.finish(xs);
}
