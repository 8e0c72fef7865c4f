// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// ferret with oneTBB: a tbb::parallel_pipeline of a serial read filter, two
// parallel filters (extract, rank) and a serial write filter, with four
// tokens in flight per worker (bench/workloads/ferret_common.hpp).
//   ferret_tbb [--workers=W] [--verify] [QUERIES=4000] [DATABASE=4000]
#include <tbb/parallel_pipeline.h>

#include "ferret_common.hpp"
#include "tbb_pool.hpp"

int main(int argc, char** argv) {
  bench::ferret_problem p{argc, argv};
  bench::tbb_pool pool{p.a.workers};
  bench::work_timer work;
  pool.run([&] {
    int next = 0;
    tbb::parallel_pipeline(
      4 * pool.workers(),
      tbb::make_filter<void, bench::ferret_image>(tbb::filter_mode::serial_in_order,
                                                  [&](tbb::flow_control& fc) {
                                                    if (next == p.queries) {
                                                      fc.stop();
                                                      return bench::ferret_image{};
                                                    }
                                                    return bench::ferret_read(next++);
                                                  })
        & tbb::make_filter<bench::ferret_image, bench::ferret_features>(
          tbb::filter_mode::parallel, [](const bench::ferret_image& img) { return bench::ferret_extract(img); })
        & tbb::make_filter<bench::ferret_features, bench::ferret_ranked>(
          tbb::filter_mode::parallel, [&](const bench::ferret_features& q) { return bench::ferret_rank(p.db, q); })
        & tbb::make_filter<bench::ferret_ranked, void>(tbb::filter_mode::serial_out_of_order,
                                                       [&](const bench::ferret_ranked& r) { p.write(r); }));
  });
  work.done();
  return p.finish();
}
