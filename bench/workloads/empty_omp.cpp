// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Start-up and shutdown of the OpenMP runtime: one empty parallel region starts
// its thread pool.   empty_omp [--workers=W]
#include <omp.h>

#include "common.hpp"

int main(int argc, char** argv) {
  bench::args a{argc, argv, {}, ""};
  if (a.workers != 0)
    omp_set_num_threads(static_cast<int>(a.workers));
#pragma omp parallel
  {
    // starts the thread pool
  }
  bench::work_timer work;
  work.done();
  return bench::check(true, "thread pool started");
}
