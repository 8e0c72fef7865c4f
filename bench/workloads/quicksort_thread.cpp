// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina quicksort with plain std::thread (pthreads style): in place; the
// first splits hand one side to a new thread until there is a thread per
// worker, deeper splits recurse on the calling thread
// (bench/workloads/quicksort_common.hpp).
//   quicksort_thread [--workers=W] [N=1000000] [T=2048]
#include <thread>

#include "quicksort_common.hpp"

namespace {

// `spare`: how many more threads this call may start (itself excluded).
void sort_range(bench::qs_value* first, std::size_t n, std::size_t threshold, std::size_t spare) {
  if (n <= threshold) {
    std::sort(first, first + n);
    return;
  }
  const auto s = bench::quicksort_split(first, n);
  if (spare == 0) {
    sort_range(first, s.lower_end, threshold, 0);
    sort_range(first + s.upper_begin, n - s.upper_begin, threshold, 0);
    return;
  }
  // The new thread takes half of the spare threads along.
  const std::size_t given = (spare - 1) / 2;
  std::thread lower{[=] { sort_range(first, s.lower_end, threshold, given); }};
  sort_range(first + s.upper_begin, n - s.upper_begin, threshold, spare - 1 - given);
  lower.join();
}

} // namespace

int main(int argc, char** argv) {
  bench::qs_problem p{argc, argv};
  const auto& a = p.a;
  auto& xs = p.input;
  std::size_t workers = a.workers != 0 ? a.workers : std::thread::hardware_concurrency();
  if (workers == 0)
    workers = 1;
  bench::work_timer work;
  sort_range(xs.data(), xs.size(), p.threshold, workers - 1);
  work.done();
  return p.finish(xs);
}
