// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Mandelbrot (as in the benchmarks game): one actor per row of an N x N
// bit-packed image, [-1.5-i, 0.5+i], I iterations; prints a checksum.
//   mandelbrot [--workers=W] [--verify] [N=8000] [I=500]
#include <cstdint>
#include <vector>

#include "troupe_common.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace {

behavior row_actor(event_based_actor* self, int n, int iters, unsigned char* image, actor report_to) {
  return {
    on(atom("row"), arg_match) >>
      [=](int y) {
        bench::mandel_row(n, iters, y, image + static_cast<std::size_t>(y) * bench::mandel_row_bytes(n));
        self->send(report_to, atom("done"), y);
        self->quit();
      },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {8000, 500}, "[N] [ITERATIONS]"};
  const int n = static_cast<int>(a[0]), iters = static_cast<int>(a[1]);
  if (n < 1 || iters < 1)
    return 2;
  std::vector<unsigned char> image(bench::mandel_row_bytes(n) * static_cast<std::size_t>(n));
  int done = 0;
  {
    actor_system sys{bench::troupe_config(a)};
    scoped_actor self{sys};
    bench::work_timer work;
    for (int y = 0; y < n; ++y)
      self->send(sys.spawn(row_actor, n, iters, image.data(), actor{self}), atom("row"), y);
    self->receive_while([&] { return done < n; }, on(atom("done"), arg_match) >> [&](int) { ++done; },
                        after(bench::result_timeout) >> [] { bench::timed_out("mandelbrot"); });
    work.done();
  }
  if (done != n)
    return bench::check(false, "all rows done");
  return bench::mandel_finish(n, iters, image, a.verify);
}
