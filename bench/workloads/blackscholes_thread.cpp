// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Black-Scholes with plain std::thread (PARSEC's pthreads style): one thread per
// worker, each pricing its static part of the portfolio in every round
// (bench/workloads/blackscholes_common.hpp).
//   blackscholes_thread [--workers=W] [N=1000000] [I=100]
#include <thread>

#include "blackscholes_common.hpp"

int main(int argc, char** argv) {
  bench::args a{argc, argv, {1000000, 100}, bench::blackscholes_usage};
  const auto [n, iterations] = bench::blackscholes_sizes(a);
  auto options = bench::blackscholes_input(n);
  std::size_t workers = a.workers != 0 ? a.workers : std::thread::hardware_concurrency();
  if (workers == 0)
    workers = 1;
  bench::work_timer work;
  std::vector<std::thread> threads;
  for (std::size_t k = 0; k < workers; ++k)
    threads.emplace_back([&, k] {
      const auto c = bench::blackscholes_chunk(n, workers, k);
      for (std::size_t i = 0; i < iterations; ++i)
        bench::price_options(options.data() + c.begin, c.end - c.begin);
    });
  for (auto& t : threads)
    t.join();
  work.done();
  return bench::blackscholes_finish(options, n);
}
