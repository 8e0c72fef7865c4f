// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// raytrace with OpenMP: each frame a `parallel for schedule(dynamic, 1)` over
// the rows (bench/workloads/raytrace_common.hpp).
//   raytrace_omp [--workers=W] [--verify] [W=640] [H=480] [F=4]
#include <omp.h>

#include "raytrace_common.hpp"

int main(int argc, char** argv) {
  bench::raytrace_problem p{argc, argv};
  if (p.a.workers != 0)
    omp_set_num_threads(static_cast<int>(p.a.workers));
#pragma omp parallel
  {
    // starts the thread pool: the "system" is ready once its threads exist
  }
  bench::work_timer work;
  for (int f = 0; f < p.frames; ++f) {
    p.start_frame(f);
    auto* rows = p.rows.data();
    const auto* problem = &p;
    const int h = p.h;
#pragma omp parallel for schedule(dynamic, 1) default(none) shared(rows, problem, h)
    for (int y = 0; y < h; ++y)
      problem->render(rows[y]);
    p.fold();
  }
  work.done();
  return p.finish();
}
