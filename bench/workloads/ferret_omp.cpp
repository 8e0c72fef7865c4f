// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// ferret with OpenMP: the queries are independent, so a `parallel for
// schedule(dynamic)` runs all four stages of one query at a time per thread
// (bench/workloads/ferret_common.hpp).
//   ferret_omp [--workers=W] [--verify] [QUERIES=4000] [DATABASE=4000]
#include <omp.h>

#include "ferret_common.hpp"

int main(int argc, char** argv) {
  bench::ferret_problem p{argc, argv};
  if (p.a.workers != 0)
    omp_set_num_threads(static_cast<int>(p.a.workers));
#pragma omp parallel
  {
    // starts the thread pool: the "system" is ready once its threads exist
  }
  bench::work_timer work;
  auto* problem = &p;
  const int queries = p.queries;
#pragma omp parallel for schedule(dynamic) default(none) shared(problem, queries)
  for (int q = 0; q < queries; ++q)
    problem->write(bench::ferret_rank(problem->db, bench::ferret_extract(bench::ferret_read(q))));
  work.done();
  return p.finish();
}
