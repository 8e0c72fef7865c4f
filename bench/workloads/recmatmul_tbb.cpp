// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina recursive matrix multiply with oneTBB: the four quadrants of every
// range of C computed by tbb::parallel_invoke, down to one T x T leaf
// (bench/workloads/recmatmul_common.hpp).
//   recmatmul_tbb [--workers=W] [N=1024] [T=64]
#include <tbb/global_control.h>
#include <tbb/parallel_invoke.h>
#include <tbb/task_arena.h>

#include <thread>

#include "recmatmul_common.hpp"

namespace {

void multiply(const bench::rmm_problem& p, double* c, std::size_t size) {
  if (size <= p.leaf_size()) {
    p.leaves_in(c, size);
    return;
  }
  const auto q = size / 4;
  tbb::parallel_invoke([=, &p] { multiply(p, c, q); }, [=, &p] { multiply(p, c + q, q); },
                       [=, &p] { multiply(p, c + 2 * q, q); }, [=, &p] { multiply(p, c + 3 * q, q); });
}

} // namespace

int main(int argc, char** argv) {
  bench::rmm_problem p{argc, argv};
  const auto& a = p.a;
  const std::size_t workers = a.workers != 0 ? a.workers : std::thread::hardware_concurrency();
  tbb::global_control limit{tbb::global_control::max_allowed_parallelism, workers};
  tbb::task_arena arena{static_cast<int>(workers)};
  arena.initialize(); // the "system" is ready once its threads may run
  bench::work_timer work;
  arena.execute([&] { multiply(p, p.out.data(), p.out.size()); });
  work.done();
  return p.finish(p.out);
}
