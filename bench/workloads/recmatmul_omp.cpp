// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina recursive matrix multiply with OpenMP tasks: one task per quadrant of
// every range of C, down to one T x T leaf (bench/workloads/recmatmul_common.hpp).
//   recmatmul_omp [--workers=W] [N=1024] [T=64]
#include <omp.h>

#include "recmatmul_common.hpp"

namespace {

void multiply(const bench::rmm_problem* p, double* c, std::size_t size) {
  if (size <= p->leaf_size()) {
    p->leaves_in(c, size);
    return;
  }
  const auto q = size / 4;
  for (std::size_t part = 0; part < 4; ++part) {
    double* quadrant = c + part * q;
#pragma omp task default(none) firstprivate(p, quadrant, q)
    multiply(p, quadrant, q);
  }
#pragma omp taskwait
}

} // namespace

int main(int argc, char** argv) {
  bench::rmm_problem p{argc, argv};
  const auto& a = p.a;
  if (a.workers != 0)
    omp_set_num_threads(static_cast<int>(a.workers));
#pragma omp parallel
  {
    // starts the thread pool: the "system" is ready once its threads exist
  }
  bench::work_timer work;
  const bench::rmm_problem* problem = &p;
  double* c = p.out.data();
  const std::size_t size = p.out.size();
#pragma omp parallel default(none) shared(problem, c, size)
#pragma omp single
  multiply(problem, c, size);
  work.done();
  return p.finish(p.out);
}
