// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Mandelbrot, CAF 0.17 version of bench/workloads/mandelbrot.cpp (one actor per row).
#include <cstdint>
#include <vector>

#include "caf_common.hpp"

using namespace caf;
using row_atom = atom_constant<atom("row")>;
using done_atom = atom_constant<atom("done")>;

namespace {

behavior row_actor(event_based_actor* self, int n, int iters, unsigned char* image, actor report_to) {
  return {
    [=](row_atom, int y) {
      bench::mandel_row(n, iters, y, image + static_cast<std::size_t>(y) * bench::mandel_row_bytes(n));
      self->send(report_to, done_atom::value, y);
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
    actor_system_config cfg;
    bench::configure_caf(cfg, a);
    actor_system sys{cfg};
    scoped_actor self{sys};
    bench::work_timer work;
    auto me = actor_cast<actor>(self);
    for (int y = 0; y < n; ++y)
      self->send(sys.spawn(row_actor, n, iters, image.data(), me), row_atom::value, y);
    self->receive_while([&] { return done < n; })([&](done_atom, int) { ++done; });
    work.done();
  }
  return bench::mandel_finish(n, iters, image, a.verify);
}
