// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Black-Scholes with oneTBB: every round a tbb::parallel_for over the portfolio
// (bench/workloads/blackscholes_common.hpp).
//   blackscholes_tbb [--workers=W] [N=1000000] [I=100]
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "blackscholes_common.hpp"
#include "tbb_pool.hpp"

int main(int argc, char** argv) {
  bench::args a{argc, argv, {1000000, 100}, bench::blackscholes_usage};
  const auto [n, iterations] = bench::blackscholes_sizes(a);
  auto options = bench::blackscholes_input(n);
  bench::tbb_pool pool{a.workers};
  bench::work_timer work;
  pool.run([&] {
    for (std::size_t i = 0; i < iterations; ++i)
      tbb::parallel_for(tbb::blocked_range<std::size_t>{0, n}, [&](const tbb::blocked_range<std::size_t>& r) {
        bench::price_options(options.data() + r.begin(), r.size());
      });
  });
  work.done();
  return bench::blackscholes_finish(options, n);
}
