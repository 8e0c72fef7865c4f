// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The distributed Mandelbrot's protocol, the same in every system (troupe,
// OpenMPI, CAF io): the image of mandelbrot.cpp (common.hpp's kernel and
// checksum) is cut into jobs of a fixed number of rows; a master keeps
// jobs_in_flight jobs queued at each of W worker processes and hands a worker
// its next job whenever one of its results arrives, so that a worker never
// waits for the network between two jobs.
//   <system>_dist_mandelbrot [--workers=W] [--verify] [N=2000] [I=500] [ROWS_PER_JOB=8]
// W is the number of worker processes (each computes one job at a time);
// the master is one more process.
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

#include "common.hpp"

namespace bench {

// Jobs queued at each worker: one computing, one waiting behind it.
inline constexpr int jobs_in_flight = 2;

// The split of an n-row image into jobs of rows_per_job rows (the last may be shorter).
struct mandel_jobs {
  int n;
  int rows_per_job;

  int count() const { return (n + rows_per_job - 1) / rows_per_job; }
  int first_row(int job) const { return job * rows_per_job; }
  int rows(int job) const { return std::min(rows_per_job, n - first_row(job)); }
};

// The master's side of the split: hands out the jobs in order and collects
// their rows into the image, refusing a result that does not fit it.
class mandel_master {
public:
  mandel_master(int n, int rows_per_job)
    : jobs_{n, rows_per_job}, row_bytes_(mandel_row_bytes(n)), image_(row_bytes_ * static_cast<std::size_t>(n)) {}

  // Calls give(first_row, rows) with the next job, if one is left.
  template <class Give>
  void hand_out(Give give) {
    if (next_job_ < jobs_.count()) {
      give(jobs_.first_row(next_job_), jobs_.rows(next_job_));
      ++next_job_;
    }
  }

  // The first jobs_in_flight jobs of each of `workers` workers, round by round:
  // give(worker, first_row, rows).
  template <class Give>
  void hand_out_first(int workers, Give give) {
    for (int k = 0; k < jobs_in_flight; ++k)
      for (int w = 0; w < workers; ++w)
        hand_out([&](int first_row, int rows) { give(w, first_row, rows); });
  }

  // Copies a result's rows into the image; false (and the master is done) when
  // they do not fit.
  bool collect(int first_row, const void* rows, std::size_t bytes) {
    const std::size_t count = bytes / row_bytes_;
    if (bytes % row_bytes_ != 0 || first_row < 0
        || static_cast<std::size_t>(first_row) + count > static_cast<std::size_t>(jobs_.n)) {
      failed_ = true;
      return false;
    }
    std::memcpy(image_.data() + row_bytes_ * static_cast<std::size_t>(first_row), rows, bytes);
    rows_in_ += static_cast<int>(count);
    return true;
  }

  bool done() const { return failed_ || rows_in_ >= jobs_.n; }
  std::size_t row_bytes() const { return row_bytes_; }

  // Checks the image and reports its checksum; the program's exit status.
  int finish(int max_iter, bool verify) const {
    if (check(!failed_ && rows_in_ == jobs_.n, "every row arrived once") != 0)
      return 1;
    return mandel_finish(jobs_.n, max_iter, image_, verify);
  }

private:
  mandel_jobs jobs_;
  std::size_t row_bytes_;
  std::vector<unsigned char> image_;
  int next_job_ = 0;
  int rows_in_ = 0;
  bool failed_ = false;
};

// A job's rows, computed into a buffer of rows * mandel_row_bytes(n) bytes.
inline std::string mandel_job_rows(int n, int max_iter, int first_row, int rows) {
  const std::size_t nb = mandel_row_bytes(n);
  std::string out(nb * static_cast<std::size_t>(rows), '\0');
  for (int r = 0; r < rows; ++r)
    mandel_row(n, max_iter, first_row + r,
               reinterpret_cast<unsigned char*>(out.data()) + nb * static_cast<std::size_t>(r));
  return out;
}

// The program's sizes, checked; false (usage error) when one is out of range.
struct dist_mandel_sizes {
  int n;
  int max_iter;
  int rows_per_job;
  int workers;

  explicit dist_mandel_sizes(const args& a)
    : n(static_cast<int>(a[0])), max_iter(static_cast<int>(a[1])), rows_per_job(static_cast<int>(a[2])),
      workers(a.workers == 0 ? 1 : static_cast<int>(a.workers)) {}
  bool valid() const { return n >= 1 && max_iter >= 1 && rows_per_job >= 1 && workers >= 1 && workers <= 256; }
};

inline constexpr const char* dist_mandel_usage = "[N] [ITERATIONS] [ROWS_PER_JOB]";
inline std::vector<long long> dist_mandel_defaults() {
  return {2000, 500, 8};
}

} // namespace bench
