// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// canneal with plain std::thread (PARSEC's pthreads style): one thread per
// worker for the whole run, each making its share of every step's moves on
// the shared placement; a barrier ends each step, and its completion
// function sums the counts, cools and decides whether to go on
// (bench/workloads/canneal_common.hpp).
//   canneal_thread [--workers=W] [--verify] [E=200000] [M=20000] [S=256]
#include <barrier>
#include <thread>

#include "canneal_common.hpp"

int main(int argc, char** argv) {
  bench::canneal_problem p{argc, argv};
  const std::size_t workers = p.workers();
  std::vector<bench::canneal_part> parts(workers);
  p.start_step(parts);
  bool keep_going = true;
  std::barrier step_done{static_cast<std::ptrdiff_t>(workers), [&]() noexcept {
                           keep_going = p.finish_step(parts);
                           if (keep_going)
                             p.start_step(parts);
                         }};
  bench::work_timer work;
  auto anneal = [&](std::size_t k) {
    do {
      p.anneal(parts[k]);
      step_done.arrive_and_wait();
    } while (keep_going);
  };
  std::vector<std::thread> threads;
  for (std::size_t k = 1; k < workers; ++k)
    threads.emplace_back(anneal, k);
  anneal(0);
  for (auto& t : threads)
    t.join();
  work.done();
  return p.finish();
}
