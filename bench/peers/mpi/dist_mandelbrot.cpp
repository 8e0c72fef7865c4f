// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Distributed Mandelbrot, OpenMPI version of bench/workloads/dist_mandelbrot.cpp:
// started by mpirun with W + 1 ranks; rank 0 is the master, ranks 1..W the
// workers, and the jobs go back and forth with MPI_Send and MPI_Recv as
// dist_mandelbrot.hpp describes. Work time: from the barrier that every rank
// reaches after MPI_Init to "every row in the master's image".
//   mpirun -np W+1 mpi_dist_mandelbrot [--workers=W] [--verify] [N=2000] [I=500] [ROWS_PER_JOB=8]
#include <mpi.h>

#include <cstring>
#include <string>
#include <vector>

#include "dist_mandelbrot.hpp"

namespace {

enum tag : int { job_tag = 1, rows_tag = 2, stop_tag = 3 };

// A worker rank: computes jobs ({first_row, rows}) until the master says stop;
// a result is the first row's index followed by the rows' bytes.
void work(int n, int max_iter) {
  for (;;) {
    int job[2];
    MPI_Status status;
    MPI_Recv(job, 2, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
    if (status.MPI_TAG == stop_tag)
      return;
    std::string rows = bench::mandel_job_rows(n, max_iter, job[0], job[1]);
    std::string message(sizeof(int), '\0');
    std::memcpy(message.data(), &job[0], sizeof(int));
    message += rows;
    MPI_Send(message.data(), static_cast<int>(message.size()), MPI_BYTE, 0, rows_tag, MPI_COMM_WORLD);
  }
}

} // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  bench::args a{argc, argv, bench::dist_mandel_defaults(), bench::dist_mandel_usage};
  int rank = 0, ranks = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const bench::dist_mandel_sizes sz{a};
  if (!sz.valid() || ranks < 2 || (a.workers != 0 && sz.workers != ranks - 1)) {
    if (rank == 0)
      std::fprintf(stderr, "dist_mandelbrot: bad sizes, or --workers=W without mpirun -np W+1\n");
    MPI_Finalize();
    return 2;
  }
  const int workers = ranks - 1;
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank != 0) {
    work(sz.n, sz.max_iter);
    MPI_Finalize();
    return 0;
  }
  bench::mandel_master master{sz.n, sz.rows_per_job};
  std::vector<unsigned char> message(sizeof(int) + master.row_bytes() * static_cast<std::size_t>(sz.rows_per_job));
  {
    bench::work_timer work;
    auto give = [](int worker_rank, int first_row, int rows) {
      int job[2] = {first_row, rows};
      MPI_Send(job, 2, MPI_INT, worker_rank, job_tag, MPI_COMM_WORLD);
    };
    master.hand_out_first(workers, [&](int worker, int first_row, int rows) { give(worker + 1, first_row, rows); });
    while (!master.done()) {
      MPI_Status status;
      MPI_Recv(message.data(), static_cast<int>(message.size()), MPI_BYTE, MPI_ANY_SOURCE, rows_tag, MPI_COMM_WORLD,
               &status);
      int got = 0;
      MPI_Get_count(&status, MPI_BYTE, &got);
      int first_row = -1;
      std::memcpy(&first_row, message.data(), sizeof(int));
      if (master.collect(first_row, message.data() + sizeof(int), static_cast<std::size_t>(got) - sizeof(int)))
        master.hand_out([&](int first, int count) { give(status.MPI_SOURCE, first, count); });
    }
    work.done();
  }
  for (int w = 1; w <= workers; ++w) {
    int none[2] = {0, 0};
    MPI_Send(none, 2, MPI_INT, w, stop_tag, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return master.finish(sz.max_iter, a.verify);
}
