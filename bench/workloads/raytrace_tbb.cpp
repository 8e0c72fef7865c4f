// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// raytrace with oneTBB: each frame a tbb::parallel_for over the rows with a
// grain size of 1 and the simple partitioner, so that every row is a task of
// its own (bench/workloads/raytrace_common.hpp).
//   raytrace_tbb [--workers=W] [--verify] [W=640] [H=480] [F=4]
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>

#include "raytrace_common.hpp"
#include "tbb_pool.hpp"

int main(int argc, char** argv) {
  bench::raytrace_problem p{argc, argv};
  bench::tbb_pool pool{p.a.workers};
  bench::work_timer work;
  pool.run([&] {
    for (int f = 0; f < p.frames; ++f) {
      p.start_frame(f);
      tbb::parallel_for(
        tbb::blocked_range<std::size_t>{0, p.rows.size(), 1},
        [&](const tbb::blocked_range<std::size_t>& r) {
          for (std::size_t y = r.begin(); y < r.end(); ++y)
            p.render(p.rows[y]);
        },
        tbb::simple_partitioner{});
      p.fold();
    }
  });
  work.done();
  return p.finish();
}
