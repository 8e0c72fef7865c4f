// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Distributed Mandelbrot over troupe::net: this process, the master, starts W
// worker processes (this program with --serve), each of which publishes one
// worker actor on a loopback port; the master connects to all of them and
// hands out jobs of rows as dist_mandelbrot.hpp describes. Work time: from
// "every worker connected" to "every row in the master's image".
//   dist_mandelbrot [--workers=W] [--verify] [N=2000] [I=500] [ROWS_PER_JOB=8]
#include <memory>
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
  const bench::mandel_jobs jobs{sz.n, sz.rows_per_job};
  const std::size_t nb = bench::mandel_row_bytes(sz.n);
  std::vector<unsigned char> image(nb * static_cast<std::size_t>(sz.n));
  std::vector<std::unique_ptr<bench::server_process>> processes;
  for (int w = 0; w < sz.workers; ++w)
    processes.push_back(std::make_unique<bench::server_process>("--workers=1"));
  int rows_in = 0;
  bool sizes_ok = true;
  {
    auto cfg = single_thread_config(a);
    actor_system sys{cfg};
    std::vector<actor> workers;
    for (auto& p : processes) {
      auto w = sys.middleman().remote_actor("127.0.0.1", p->port());
      if (!w)
        return bench::check(false, "connected to every worker process");
      workers.push_back(*w);
    }
    scoped_actor self{sys};
    bench::work_timer work;
    int next_job = 0;
    auto hand_out = [&](int worker) {
      if (next_job < jobs.count()) {
        self->send(workers[static_cast<std::size_t>(worker)], atom("job"), worker, sz.n, sz.max_iter,
                   jobs.first_row(next_job), jobs.rows(next_job));
        ++next_job;
      }
    };
    for (int k = 0; k < bench::jobs_in_flight; ++k)
      for (int w = 0; w < sz.workers; ++w)
        hand_out(w);
    self->receive_while([&] { return rows_in < sz.n; },
                        on(atom("rows"), arg_match) >>
                          [&](int worker, int first_row, const std::string& rows) {
                            const std::size_t count = rows.size() / nb;
                            if (rows.size() % nb != 0 || first_row < 0
                                || static_cast<std::size_t>(first_row) + count > static_cast<std::size_t>(sz.n)) {
                              sizes_ok = false;
                              rows_in = sz.n;
                              return;
                            }
                            std::copy(rows.begin(), rows.end(),
                                      image.begin() + static_cast<std::ptrdiff_t>(nb) * first_row);
                            rows_in += static_cast<int>(count);
                            hand_out(worker);
                          },
                        after(bench::result_timeout) >> [] { bench::timed_out("dist_mandelbrot"); });
    work.done();
  }
  processes.clear();
  if (bench::check(sizes_ok && rows_in == sz.n, "every row arrived once") != 0)
    return 1;
  return bench::mandel_finish(sz.n, sz.max_iter, image, a.verify);
}
