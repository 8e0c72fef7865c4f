// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Distributed Mandelbrot, CAF 0.17 (libcaf_io) version of
// bench/workloads/dist_mandelbrot.cpp: W worker processes (this program with
// --serve) publish a worker actor each; the master connects to all of them
// and hands out jobs of rows as dist_mandelbrot.hpp describes.
#include <string>
#include <tuple>
#include <vector>

#include "caf_remote.hpp"
#include "dist_mandelbrot.hpp"

using namespace caf;
using job_atom = atom_constant<atom("job")>;
using rows_atom = atom_constant<atom("rows")>;

namespace {

behavior mandel_worker(event_based_actor*) {
  return {
    [](job_atom, int worker, int n, int max_iter, int first_row, int rows) {
      return std::make_tuple(rows_atom::value, worker, first_row, bench::mandel_job_rows(n, max_iter, first_row, rows));
    },
  };
}

// One scheduler thread per process, as in the troupe program.
void configure_single_thread(actor_system_config& cfg, const bench::args& a) {
  bench::args one = a;
  one.workers = 1;
  bench::configure_caf_io(cfg, one);
}

} // namespace

int main(int argc, char** argv) {
  if (bench::is_server(argc, argv))
    return bench::serve_caf_actor(argc, argv, mandel_worker);
  bench::args a{argc, argv, bench::dist_mandel_defaults(), bench::dist_mandel_usage};
  const bench::dist_mandel_sizes sz{a};
  if (!sz.valid())
    return 2;
  bench::mandel_master master{sz.n, sz.rows_per_job};
  auto processes = bench::start_servers(sz.workers, "--workers=1");
  {
    actor_system_config cfg;
    configure_single_thread(cfg, a);
    actor_system sys{cfg};
    auto workers = bench::connect_to_servers<actor>(sys, processes);
    if (workers.size() != processes.size())
      return bench::check(false, "connected to every worker process");
    scoped_actor self{sys};
    bench::work_timer work;
    auto give = [&](int worker, int first_row, int rows) {
      self->send(workers[static_cast<std::size_t>(worker)], job_atom::value, worker, sz.n, sz.max_iter, first_row,
                 rows);
    };
    master.hand_out_first(sz.workers, give);
    self->receive_while([&] { return !master.done(); })(
      [&](rows_atom, int worker, int first_row, const std::string& rows) {
        if (master.collect(first_row, rows.data(), rows.size()))
          master.hand_out([&](int first, int count) { give(worker, first, count); });
      });
    work.done();
  }
  processes.clear();
  return master.finish(sz.max_iter, a.verify);
}
