// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The Mandelbrot kernel, compiled once (the bench_mandel_kernel library) and
// linked into every Mandelbrot program, so that troupe, CAF, OpenMP and
// OpenMPI run the same machine code and their ratios measure the runtimes.
#include "common.hpp"

namespace bench {

// Computes row y of an n x n image into out[0 .. mandel_row_bytes(n)).
// Aligned to a cache line so that its loops sit at the same offsets in every
// program, whatever precedes it there.
__attribute__((aligned(64))) void mandel_row(int n, int max_iter, int y, unsigned char* out) {
  const double ci = 2.0 * y / n - 1.0;
  const std::size_t nb = mandel_row_bytes(n);
  for (std::size_t byte = 0; byte < nb; ++byte) {
    unsigned bits = 0;
    for (int k = 0; k < 8; ++k) {
      int x = static_cast<int>(byte * 8) + k;
      bits <<= 1;
      if (x >= n)
        continue;
      const double cr = 2.0 * x / n - 1.5;
      double zr = 0, zi = 0, tr = 0, ti = 0;
      int i = 0;
      for (; i < max_iter && tr + ti <= 4.0; ++i) {
        zi = 2.0 * zr * zi + ci;
        zr = tr - ti + cr;
        tr = zr * zr;
        ti = zi * zi;
      }
      if (tr + ti <= 4.0)
        bits |= 1u;
    }
    out[byte] = static_cast<unsigned char>(bits);
  }
}

} // namespace bench
