// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Mandelbrot split between an OpenCL kernel actor and CPU actors: P percent of
// the N x N image's rows (the first ones) by the kernel, the others by one
// actor per row (mandelbrot_split.hpp). P = 0 is the mandelbrot workload; the
// checksum is the same for every P. "Ready" includes the kernel built.
//   opencl_split [--workers=W] [--verify] [N=1000] [I=500] [P=50]
#include <vector>

#include "mandelbrot_split.hpp"

using namespace troupe;

int main(int argc, char** argv) {
  bench::args a{argc, argv, {1000, 500, 50}, "[N] [ITERATIONS] [OPENCL_PERCENT]"};
  const int n = static_cast<int>(a[0]), iters = static_cast<int>(a[1]);
  const long long percent = a[2];
  if (n < 1 || iters < 1 || percent < 0 || percent > 100)
    return 2;
  const int opencl_rows = bench::mandel_opencl_rows(n, static_cast<double>(percent) / 100.0);
  auto cfg = bench::troupe_config(a);
  cfg.load<opencl::manager>();
  std::vector<unsigned char> image(bench::mandel_row_bytes(n) * static_cast<std::size_t>(n));
  {
    actor_system sys{cfg};
    actor kernel;
    if (opencl_rows > 0) {
      auto spawned = bench::spawn_mandel_rows(sys.opencl_manager(), n, iters, opencl_rows);
      if (!spawned)
        return bench::check(false, ("a kernel actor: " + to_string(spawned.error())).c_str());
      kernel = *spawned;
    }
    scoped_actor self{sys};
    bench::work_timer work;
    auto err = bench::mandel_split(self, kernel, n, iters, opencl_rows, image.data());
    work.done();
    if (err)
      return bench::check(false, ("the kernel's rows: " + to_string(err)).c_str());
  }
  bench::metric("opencl_rows", opencl_rows);
  return bench::mandel_finish(n, iters, image, a.verify);
}
