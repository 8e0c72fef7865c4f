// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Black-Scholes with OpenMP: every round a `parallel for schedule(static)` over
// the portfolio (bench/workloads/blackscholes_common.hpp).
//   blackscholes_omp [--workers=W] [N=1000000] [I=100]
#include <omp.h>

#include "blackscholes_common.hpp"

int main(int argc, char** argv) {
  bench::args a{argc, argv, {1000000, 100}, bench::blackscholes_usage};
  const auto [n, iterations] = bench::blackscholes_sizes(a);
  auto options = bench::blackscholes_input(n);
  if (a.workers != 0)
    omp_set_num_threads(static_cast<int>(a.workers));
#pragma omp parallel
  {
    // starts the thread pool: the "system" is ready once its threads exist
  }
  bench::work_timer work;
  auto* data = options.data();
  const auto count = static_cast<long long>(n);
  for (std::size_t i = 0; i < iterations; ++i) {
#pragma omp parallel for schedule(static) default(none) shared(data, count)
    for (long long k = 0; k < count; ++k)
      bench::price_options(data + k, 1);
  }
  work.done();
  return bench::blackscholes_finish(options, n);
}
