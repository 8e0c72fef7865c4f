// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Distributed Mandelbrot over troupe::net: this process, the master, starts W
// worker processes (this program with --serve), each of which publishes one
// worker actor on a loopback port; the master connects to all of them and
// hands out jobs of rows as dist_mandelbrot.hpp describes. Work time: from
// "every worker connected" to "every row in the master's image".
//   dist_mandelbrot [--workers=W] [--verify] [N=2000] [I=500] [ROWS_PER_JOB=8]
#include <string>
#include <tuple>
#include <vector>

#include "dist_mandelbrot.hpp"
#include "troupe_remote.hpp"

using namespace troupe;

namespace {

// A worker process's actor: computes a job and answers with its rows, tagged
// with the worker's index so that the master knows whom to hand the next job.
behavior mandel_worker() {
  return {
    on(atom("job"), arg_match) >>
      [](int worker, int n, int max_iter, int first_row, int rows) {
        return std::make_tuple(atom("rows"), worker, first_row, bench::mandel_job_rows(n, max_iter, first_row, rows));
      },
  };
}

// One scheduler thread per process: a worker computes one job at a time, and
// the master only copies rows; the network layer has threads of its own.
actor_system_config single_thread_config(const bench::args& a) {
  bench::args one = a;
  one.workers = 1;
  return bench::troupe_net_config(one);
}

} // namespace

int main(int argc, char** argv) {
  if (bench::is_server(argc, argv))
    return bench::serve_troupe_actor(argc, argv, single_thread_config, mandel_worker);
  bench::args a{argc, argv, bench::dist_mandel_defaults(), bench::dist_mandel_usage};
  const bench::dist_mandel_sizes sz{a};
  if (!sz.valid())
    return 2;
  bench::mandel_master master{sz.n, sz.rows_per_job};
  auto processes = bench::start_servers(sz.workers, "--workers=1");
  {
    auto cfg = single_thread_config(a);
    actor_system sys{cfg};
    auto workers = bench::connect_to_servers<actor>(sys, processes);
    if (workers.size() != processes.size())
      return bench::check(false, "connected to every worker process");
    scoped_actor self{sys};
    bench::work_timer work;
    auto give = [&](int worker, int first_row, int rows) {
      self->send(workers[static_cast<std::size_t>(worker)], atom("job"), worker, sz.n, sz.max_iter, first_row, rows);
    };
    master.hand_out_first(sz.workers, give);
    self->receive_while([&] { return !master.done(); },
                        on(atom("rows"), arg_match) >>
                          [&](int worker, int first_row, const std::string& rows) {
                            if (master.collect(first_row, rows.data(), rows.size()))
                              master.hand_out([&](int first, int count) { give(worker, first, count); });
                          },
                        after(bench::result_timeout) >> [] { bench::timed_out("dist_mandelbrot"); });
    work.done();
  }
  processes.clear();
  return master.finish(sz.max_iter, a.verify);
}
