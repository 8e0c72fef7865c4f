// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina recursive matrix multiply with plain std::thread (pthreads style):
// the leaves of C, in quadrant order, cut into one contiguous share per
// worker thread (bench/workloads/recmatmul_common.hpp).
//   recmatmul_thread [--workers=W] [N=1024] [T=64]
#include <thread>
#include <vector>

#include "recmatmul_common.hpp"

int main(int argc, char** argv) {
  bench::rmm_problem p{argc, argv};
  const auto& a = p.a;
  std::size_t workers = a.workers != 0 ? a.workers : std::thread::hardware_concurrency();
  if (workers == 0)
    workers = 1;
  const std::size_t leaves = p.leaves();
  double* c = p.out.data();
  bench::work_timer work;
  std::vector<std::thread> threads;
  auto share = [&](std::size_t w) {
    const std::size_t first = leaves * w / workers, last = leaves * (w + 1) / workers;
    p.leaves_in(c + first * p.leaf_size(), (last - first) * p.leaf_size());
  };
  for (std::size_t w = 1; w < workers; ++w)
    threads.emplace_back(share, w);
  share(0);
  for (auto& t : threads)
    t.join();
  work.done();
  return p.finish(p.out);
}
