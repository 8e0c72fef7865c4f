// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// raytrace with troupe's Map pattern: each frame's rows go to the Map by
// value, its workers take them one at a time (dynamic partitioning, chunk
// size 1) and render them in place, and the frame comes back
// (bench/workloads/raytrace_common.hpp).
//   raytrace [--workers=W] [--verify] [W=640] [H=480] [F=4]
#include <troupe/patterns.hpp>

#include "raytrace_common.hpp"
#include "troupe_common.hpp"

using namespace troupe;
using namespace troupe::patterns;

using frame_rows = std::vector<bench::raytrace_row>;

int main(int argc, char** argv) {
  bench::raytrace_problem p{argc, argv};
  {
    actor_system sys{bench::troupe_config(p.a)};
    scoped_actor self{sys};
    auto renderer = spawn_pattern(sys, Map<frame_rows>([&p](auto range) {
                                         for (auto& row : range)
                                           p.render(row);
                                       })
                                         .scheduler(PartitionSched::dynamic_{1})
                                         .runtime(Runtime::actors));
    if (!renderer)
      return bench::check(false, "spawn_pattern");
    frame_rows rows;
    bench::work_timer work;
    for (int f = 0; f < p.frames; ++f) {
      p.start_frame(rows, f);
      bool got = false;
      self->request(*renderer, bench::result_timeout, std::move(rows))
        .receive(
          [&](frame_rows& frame) {
            rows = std::move(frame);
            got = true;
          },
          [](error&) {});
      if (!got)
        bench::timed_out("raytrace");
      p.sum = bench::raytrace_problem::fold(rows, p.sum);
    }
    work.done();
    p.rows = std::move(rows);
  }
  return p.finish();
}
