// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina recursive matrix multiply with oneTBB: the four quadrants of every
// range of C computed by tbb::parallel_invoke, down to one T x T leaf
// (bench/workloads/recmatmul_common.hpp).
//   recmatmul_tbb [--workers=W] [N=1024] [T=64]
#include <tbb/parallel_invoke.h>

#include "recmatmul_common.hpp"
#include "tbb_pool.hpp"

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
  bench::tbb_pool pool{a.workers};
  bench::work_timer work;
  pool.run([&] { multiply(p, p.out.data(), p.out.size()); });
  work.done();
  return p.finish(p.out);
}
