// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Heat equation with OpenMP: iteration (t, i) depends on (t, i-1) and
// (t-1, i+1), so all (t, i) with 2t + i = s form a wavefront of independent row
// updates (rows of equal parity); the wavefronts run one after another.
// Produces the sequential field bitwise.
//   heat_omp [--workers=W] [--verify] [H=400] [W=2H] [T=2H]
#include <omp.h>

#include <algorithm>

#include "common.hpp"

int main(int argc, char** argv) {
  bench::args a{argc, argv, {400, 0, 0}, "[H] [W] [T]"};
  const int h = static_cast<int>(a[0]);
  const int w = a[1] > 0 ? static_cast<int>(a[1]) : 2 * h, t = a[2] > 0 ? static_cast<int>(a[2]) : 2 * h;
  if (h < 3 || w < 3)
    return 2;
  if (a.workers != 0)
    omp_set_num_threads(static_cast<int>(a.workers));
  bench::heat_field f{h, w};
#pragma omp parallel
  {
    // starts the thread pool: the "system" is ready once its threads exist
  }
  bench::work_timer work;
  // s = 2t + i ranges over [2*1 + 1, 2*t + h - 2]
  const int s_first = 3, s_last = 2 * t + (h - 2);
#pragma omp parallel
  for (int s = s_first; s <= s_last; ++s) {
    // rows i = s - 2k for steps 1 <= k <= T, within 1 .. h-2 (all of the parity of s)
    int i_hi = std::min(h - 2, s - 2);
    if ((s - i_hi) % 2 != 0)
      --i_hi;
    int i_lo = std::max(1, s - 2 * t);
    if ((s - i_lo) % 2 != 0)
      ++i_lo;
#pragma omp for schedule(static)
    for (int i = i_lo; i <= i_hi; i += 2)
      f.op(i);
    // implicit barrier of omp for
  }
  work.done();
  return bench::heat_finish(f, t, a.verify);
}
