// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Heat equation, sequential reference: H x W grid, T in-place sweeps.
//   heat_seq [--verify] [H=400] [W=2H] [T=2H]      (W, T <= 0: 2H)
#include "common.hpp"

int main(int argc, char** argv) {
  bench::args a{argc, argv, {400, 0, 0}, "[H] [W] [T]"};
  const int h = static_cast<int>(a[0]);
  const int w = a[1] > 0 ? static_cast<int>(a[1]) : 2 * h, t = a[2] > 0 ? static_cast<int>(a[2]) : 2 * h;
  if (h < 3 || w < 3)
    return 2;
  bench::heat_field f{h, w};
  bench::work_timer work;
  f.sequential(t);
  work.done();
  return bench::heat_finish(f, t, false);
}
