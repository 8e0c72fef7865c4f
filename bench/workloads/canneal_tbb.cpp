// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// canneal with oneTBB: each temperature step a tbb::parallel_for over the
// shares, one share per task (grain size 1, simple partitioner); the main
// thread sums the counts, cools and decides whether to go on
// (bench/workloads/canneal_common.hpp).
//   canneal_tbb [--workers=W] [--verify] [E=200000] [M=20000] [S=256]
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>

#include "canneal_common.hpp"
#include "tbb_pool.hpp"

int main(int argc, char** argv) {
  bench::canneal_problem p{argc, argv};
  bench::tbb_pool pool{p.a.workers};
  std::vector<bench::canneal_part> parts(pool.workers());
  bench::work_timer work;
  pool.run([&] {
    do {
      p.start_step(parts);
      tbb::parallel_for(
        tbb::blocked_range<std::size_t>{0, parts.size(), 1},
        [&](const tbb::blocked_range<std::size_t>& r) {
          for (std::size_t k = r.begin(); k < r.end(); ++k)
            p.anneal(parts[k]);
        },
        tbb::simple_partitioner{});
    } while (p.finish_step(parts));
  });
  work.done();
  return p.finish();
}
