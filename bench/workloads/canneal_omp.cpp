// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// canneal with OpenMP: one parallel region for the whole run; each thread
// makes its share of every step's moves, and a `single` block after the
// step's barrier sums the counts, cools and decides whether to go on
// (bench/workloads/canneal_common.hpp).
//   canneal_omp [--workers=W] [--verify] [E=200000] [M=20000] [S=256]
#include <omp.h>

#include "canneal_common.hpp"

int main(int argc, char** argv) {
  bench::canneal_problem p{argc, argv};
  if (p.a.workers != 0)
    omp_set_num_threads(static_cast<int>(p.a.workers));
  const int workers = omp_get_max_threads();
  std::vector<bench::canneal_part> parts(static_cast<std::size_t>(workers));
  p.start_step(parts);
#pragma omp parallel
  {
    // starts the thread pool: the "system" is ready once its threads exist
  }
  bench::work_timer work;
  bool keep_going = true;
  auto* problem = &p;
  auto* shares = &parts;
#pragma omp parallel num_threads(workers) default(none) shared(problem, shares, keep_going)
  {
    const auto k = static_cast<std::size_t>(omp_get_thread_num());
    while (keep_going) {
      problem->anneal((*shares)[k]);
#pragma omp barrier
#pragma omp single
      {
        keep_going = problem->finish_step(*shares);
        if (keep_going)
          problem->start_step(*shares);
      } // the implicit barrier of `single` publishes keep_going
    }
  }
  work.done();
  return p.finish();
}
