// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Mandelbrot with OpenMP (the ceiling for the actor versions): the same kernel,
// rows distributed by `omp parallel for schedule(dynamic, 1)`.
//   mandelbrot_omp [--workers=W] [--verify] [N=8000] [I=500]
#include <omp.h>

#include <vector>

#include "common.hpp"

int main(int argc, char** argv) {
  bench::args a{argc, argv, {8000, 500}, "[N] [ITERATIONS]"};
  const int n = static_cast<int>(a[0]), iters = static_cast<int>(a[1]);
  if (n < 1 || iters < 1)
    return 2;
  if (a.workers != 0)
    omp_set_num_threads(static_cast<int>(a.workers));
  std::vector<unsigned char> image(bench::mandel_row_bytes(n) * static_cast<std::size_t>(n));
  const std::size_t nb = bench::mandel_row_bytes(n);
#pragma omp parallel
  {
    // starts the thread pool: the "system" is ready once its threads exist
  }
  bench::work_timer work;
#pragma omp parallel for schedule(dynamic, 1)
  for (int y = 0; y < n; ++y)
    bench::mandel_row(n, iters, y, image.data() + static_cast<std::size_t>(y) * nb);
  work.done();
  return bench::mandel_finish(n, iters, image, a.verify);
}
