// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// ferret with plain std::thread: one thread per worker takes query numbers
// from a shared atomic counter and runs all four stages of each
// (bench/workloads/ferret_common.hpp). No queues between stages: the
// simplest and fastest way to write it with threads when the queries are
// independent.
//   ferret_thread [--workers=W] [--verify] [QUERIES=4000] [DATABASE=4000]
#include <atomic>
#include <thread>

#include "ferret_common.hpp"

int main(int argc, char** argv) {
  bench::ferret_problem p{argc, argv};
  std::size_t workers = p.a.workers != 0 ? p.a.workers : std::thread::hardware_concurrency();
  if (workers == 0)
    workers = 1;
  std::atomic<int> next{0};
  bench::work_timer work;
  auto run = [&] {
    for (int q = next.fetch_add(1, std::memory_order_relaxed); q < p.queries;
         q = next.fetch_add(1, std::memory_order_relaxed))
      p.write(bench::ferret_rank(p.db, bench::ferret_extract(bench::ferret_read(q))));
  };
  std::vector<std::thread> threads;
  for (std::size_t k = 1; k < workers; ++k)
    threads.emplace_back(run);
  run();
  for (auto& t : threads)
    t.join();
  work.done();
  return p.finish();
}
